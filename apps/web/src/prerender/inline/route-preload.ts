/** What the build writes into the shell's route preloader (build/route-preload.ts). */
export type RoutePreloadConfig = {
  /** Emitted files (relative to the site root), shared by index to keep the script small. */
  files: string[];
  /** Route path -> indexes in `files` of the JavaScript chunks its lazy modules need. */
  routes: Record<string, number[]>;
  /** Route path -> indexes in `files` of its largest contentful paint image(s). */
  images: Record<string, number[]>;
};

/**
 * The shell's inline script (index.html, so every route that is not prerendered): adds
 * <link rel="modulepreload"> for the current route's chunks, so that they download in parallel
 * with the entry bundle instead of after it has run, and first a high-priority
 * <link rel="preload" as="image"> for the route's LCP image.
 */
export function preloadRoute({ files, routes, images }: RoutePreloadConfig): void {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const forPath = (table: Record<string, number[]>) =>
    Object.hasOwn(table, path) ? table[path]! : [];
  const add = (index: number, attributes: Record<string, string>) => {
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
    link.href = `/${files[index]}`;
    document.head.appendChild(link);
  };
  for (const index of forPath(images))
    add(index, { rel: 'preload', as: 'image', fetchpriority: 'high' });
  for (const index of forPath(routes)) add(index, { rel: 'modulepreload', crossorigin: '' });
}
