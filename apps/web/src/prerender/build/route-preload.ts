import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { routeModules } from '../../app/route-table';
import type { RoutePreloadConfig } from '../inline/route-preload';
import { chunksOf, closure, entryChunk, routeClosure } from './bundle-graph';
import { compileInlineScript } from './inline-script';

type BundleAsset = {
  type: 'asset';
  fileName: string;
  originalFileNames?: readonly string[];
};

/**
 * Route path -> the source images (relative to apps/web) that are its largest contentful paint
 * on a phone. They sit inside the React tree, so without a hint the browser only finds them
 * after the route's code has run.
 */
export const ROUTE_IMAGES: Record<string, string[]> = {
  '/home': ['src/assets/hero-soekarno.webp'],
};

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
 * What the shell's route preloader needs from the output bundle: for every route of the route
 * table, the chunks its lazy modules need that the entry does not already load, and its LCP
 * images (ROUTE_IMAGES).
 */
export function routePreloadConfig(bundle: Record<string, { type: string }>): RoutePreloadConfig {
  const chunks = chunksOf(bundle);
  const assets = Object.values(bundle).filter(
    (item) => item.type === 'asset',
  ) as unknown as BundleAsset[];
  const entry = entryChunk(chunks);
  const loaded = entry ? closure(chunks, [entry.fileName]) : new Set<string>();
  const files: string[] = [];
  const indexOf = (f: string) => {
    const at = files.indexOf(f);
    return at >= 0 ? at : files.push(f) - 1;
  };
  const routes: Record<string, number[]> = {};
  for (const [route, modules] of Object.entries(routeModules())) {
    routes[route] = [...routeClosure(chunks, modules)].filter((f) => !loaded.has(f)).map(indexOf);
  }
  const images: Record<string, number[]> = {};
  for (const [route, sources] of Object.entries(ROUTE_IMAGES)) {
    images[route] = sources.map((source) => {
      const file = assetFile(assets, source);
      if (!file) throw new Error(`route-preload: no emitted asset for ${source}`);
      return indexOf(file);
    });
  }
  return { files, routes, images };
}

/**
 * Build-only plugin: writes the route preloader (inline/route-preload.ts, compiled to a string)
 * into index.html ahead of the entry module. The server's CSP allows it by hash (computed at
 * startup from the built index.html).
 */
export function routePreload(): Plugin {
  const source = fileURLToPath(new URL('../inline/route-preload.ts', import.meta.url));
  return {
    name: 'dw-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle || !entryChunk(chunksOf(ctx.bundle))) return html;
        const script = await compileInlineScript<RoutePreloadConfig>(source, 'preloadRoute');
        return [
          { tag: 'script', children: script(routePreloadConfig(ctx.bundle)), injectTo: 'head' },
        ];
      },
    },
  };
}
