import type { Plugin } from 'vite';

type BundleChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
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
 * The inline script: adds <link rel="modulepreload"> for the current route's chunks, so they
 * download in parallel with the entry bundle instead of after it has run. `files` is shared by
 * index to keep the script small.
 */
export function preloadScript(files: string[], routes: Record<string, number[]>): string {
  return (
    `(function(){var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},` +
    `p=location.pathname.replace(/\\/+$/,'')||'/',l=r[p]||[];` +
    `for(var i=0;i<l.length;i++){var e=document.createElement('link');` +
    `e.rel='modulepreload';e.crossOrigin='';e.href='/'+f[l[i]];document.head.appendChild(e)}})()`
  );
}

/** Static imports of a chunk, itself included, depth first. */
function closure(chunks: Map<string, BundleChunk>, fileName: string, out: Set<string>): Set<string> {
  if (out.has(fileName)) return out;
  out.add(fileName);
  for (const dep of chunks.get(fileName)?.imports ?? []) closure(chunks, dep, out);
  return out;
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
        const chunks = new Map<string, BundleChunk>();
        for (const item of Object.values(ctx.bundle)) {
          if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as BundleChunk);
        }
        const entry = [...chunks.values()].find((c) => c.isEntry);
        if (!entry) return html;
        const loaded = closure(chunks, entry.fileName, new Set());
        const byModule = new Map<string, string>();
        for (const c of chunks.values()) {
          const m = c.facadeModuleId?.replace(/\\/g, '/').match(/\/src\/app\/routes\/([^/.]+)\.tsx$/);
          if (m?.[1]) byModule.set(m[1], c.fileName);
        }
        const files: string[] = [];
        const routes: Record<string, number[]> = {};
        for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
          const needed = new Set<string>();
          for (const mod of modules) {
            const file = byModule.get(mod);
            if (!file) throw new Error(`route-preload: no chunk for src/app/routes/${mod}.tsx`);
            closure(chunks, file, needed);
          }
          routes[route] = [...needed]
            .filter((f) => !loaded.has(f))
            .map((f) => {
              const at = files.indexOf(f);
              return at >= 0 ? at : files.push(f) - 1;
            });
        }
        return [
          {
            tag: 'script',
            children: preloadScript(files, routes),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
