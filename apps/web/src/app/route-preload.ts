import type { Plugin } from 'vite';
import { chunksOf, closure } from './bundle-graph';

type BundleAsset = {
  type: 'asset';
  fileName: string;
  originalFileNames?: readonly string[];
};

/**
 * Route path -> the modules (under src/app/routes) that React Router's `lazy` loads for it,
 * outermost first. Keep in sync with src/app/router.tsx (route-preload.test.ts checks it).
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['landing'],
  '/login': ['login'],
  '/register': ['register'],
  '/home': ['app-layout', 'home'],
  '/chatsoekarno': ['app-layout', 'chat-soekarno'],
  '/chathatta': ['app-layout', 'chat-hatta'],
  '/model/soekarno': ['app-layout', 'model-soekarno'],
  '/model/hatta': ['app-layout', 'model-hatta'],
  '/crudsoekarno': ['app-layout', 'archive-soekarno'],
  '/crudhatta': ['app-layout', 'archive-hatta'],
  '/403': ['forbidden'],
};

/**
 * Route path -> the source images (relative to apps/web) that are its largest contentful paint
 * on a phone. They sit inside the React tree, so without a hint the browser only finds them
 * after the route's code has run.
 */
export const ROUTE_IMAGES: Record<string, string[]> = {
  '/home': ['src/assets/hero-soekarno.webp'],
};

/**
 * The inline script: adds <link rel="modulepreload"> for the current route's chunks, so they
 * download in parallel with the entry bundle instead of after it has run, and a high-priority
 * <link rel="preload" as="image"> for the route's LCP image. `files` is shared by index to keep
 * the script small.
 */
export function preloadScript(
  files: string[],
  routes: Record<string, number[]>,
  images: Record<string, number[]> = {},
): string {
  return (
    `(function(){var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},` +
    `g=${JSON.stringify(images)},d=document.head,` +
    `p=location.pathname.replace(/\\/+$/,'')||'/',l=r[p]||[],m=g[p]||[],i,e;` +
    `for(i=0;i<m.length;i++){e=document.createElement('link');e.rel='preload';e.setAttribute('as','image');` +
    `e.setAttribute('fetchpriority','high');e.href='/'+f[m[i]];d.appendChild(e)}` +
    `for(i=0;i<l.length;i++){e=document.createElement('link');` +
    `e.rel='modulepreload';e.crossOrigin='';e.href='/'+f[l[i]];d.appendChild(e)}})()`
  );
}

/** The emitted file of a source asset (its path relative to apps/web, e.g. src/assets/x.svg). */
export function assetFile(assets: readonly BundleAsset[], source: string): string | undefined {
  const wanted = source.replace(/\\/g, '/');
  return assets.find((a) =>
    (a.originalFileNames ?? []).some((name) => {
      const n = name.replace(/\\/g, '/');
      return n === wanted || n.endsWith(`/${wanted}`);
    }),
  )?.fileName;
}

/**
 * Build-only plugin: writes the preload script into index.html ahead of the entry module. The
 * server's CSP allows it by hash (computed at startup from the built index.html).
 */
export function routePreload(): Plugin {
  return {
    name: 'dw-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = chunksOf(ctx.bundle);
        const assets = Object.values(ctx.bundle).filter(
          (item) => item.type === 'asset',
        ) as unknown as BundleAsset[];
        const entry = [...chunks.values()].find((c) => c.isEntry);
        if (!entry) return html;
        const loaded = closure(chunks, [entry.fileName]);
        const byModule = new Map<string, string>();
        for (const c of chunks.values()) {
          const m = c.facadeModuleId
            ?.replace(/\\/g, '/')
            .match(/\/src\/app\/routes\/([^/.]+)\.tsx$/);
          if (m?.[1]) byModule.set(m[1], c.fileName);
        }
        const files: string[] = [];
        const indexOf = (f: string) => {
          const at = files.indexOf(f);
          return at >= 0 ? at : files.push(f) - 1;
        };
        const routes: Record<string, number[]> = {};
        for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
          const needed = new Set<string>();
          for (const mod of modules) {
            const file = byModule.get(mod);
            if (!file) throw new Error(`route-preload: no chunk for src/app/routes/${mod}.tsx`);
            closure(chunks, [file], needed);
          }
          routes[route] = [...needed].filter((f) => !loaded.has(f)).map(indexOf);
        }
        const images: Record<string, number[]> = {};
        for (const [route, sources] of Object.entries(ROUTE_IMAGES)) {
          images[route] = sources.map((source) => {
            const file = assetFile(assets, source);
            if (!file) throw new Error(`route-preload: no emitted asset for ${source}`);
            return indexOf(file);
          });
        }
        return [
          {
            tag: 'script',
            children: preloadScript(files, routes, images),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
