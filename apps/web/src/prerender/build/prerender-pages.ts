import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { routeModules } from '../../app/route-table';
import type { PageBootConfig } from '../inline/page-boot';
import type * as Render from '../render';
import { chunksOf, closure, entryChunk, routeClosure, type BundleChunk } from './bundle-graph';
import { FACES_NOT_PRELOADED, withoutFontPreloads } from './font-preload';
import { compileInlineScript } from './inline-script';

const ENTRY = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/;
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>(?=\s*<noscript>)/;

/** Escapes text for a double-quoted attribute. */
const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The file a prerendered route is written to, in dist/. */
const pageFile = (route: string) =>
  route === '/' ? 'landing.html' : `${route.slice(1).replace(/\//g, '-')}.html`;

/**
 * Builds src/prerender/render.tsx for Node (into `outDir`, inside the workspace so that the
 * bundle resolves react & co. from node_modules) and loads it.
 */
async function loadRenderer(root: string, outDir: string): Promise<typeof Render> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(root, 'src') } },
    plugins: [react()],
    // Same asset rules as the client build, so that asset URLs (content-hashed) are identical.
    build: {
      ssr: 'src/prerender/render.tsx',
      outDir,
      emptyOutDir: true,
      assetsInlineLimit: 0,
      target: 'node20',
    },
  });
  return (await import(pathToFileURL(path.join(outDir, 'render.js')).href)) as typeof Render;
}

/**
 * Writes the prerendered pages into `dist`: one HTML file per route of PRERENDERED_ROUTES, built
 * from dist/index.html with the route's markup in #root, its title in <head>, its boot script
 * (inline/page-boot.ts) instead of the shell's scripts and only the font preloads of faces it
 * sets (font-preload.ts); and dist/prerendered.json (route -> file) for the server. Answers that
 * manifest.
 */
async function prerenderPages(
  root: string,
  dist: string,
  chunks: Map<string, BundleChunk>,
): Promise<Record<string, string>> {
  const ssrOut = path.join(root, '.ssr');
  const { prerender, PRERENDERED_ROUTES, AUTH_STORAGE_KEY } = await loadRenderer(root, ssrOut);
  const bootScript = await compileInlineScript<PageBootConfig>(
    fileURLToPath(new URL('../inline/page-boot.ts', import.meta.url)),
    'bootPrerenderedPage',
  );
  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = shell.match(ENTRY)?.[1];
  const entryFile = entryChunk(chunks);
  if (!entry || !entryFile || !ROOT.test(shell) || !/<title>[^<]*<\/title>/.test(shell)) {
    throw new Error(
      'prerender: dist/index.html does not have the expected entry script, #root or <title>',
    );
  }
  // The entry and what it imports, statically or dynamically (src/main.tsx starts in stages).
  const entryChunks = closure(chunks, [entryFile.fileName]);
  closure(chunks, entryFile.dynamicImports, entryChunks);
  const modulesOf = routeModules();

  const manifest: Record<string, string> = {};
  for (const route of PRERENDERED_ROUTES) {
    const modules = modulesOf[route.path];
    if (!modules?.length) throw new Error(`prerender: no route modules for ${route.path}`);
    // Every chunk the page needs to hydrate: the entry's imports and the route's (so the shell's
    // route preloader, route-preload.ts, is not needed on this page).
    const files = new Set(
      [...entryChunks, ...routeClosure(chunks, modules)]
        .map((file) => `/${file}`)
        .filter((file) => file.endsWith('.js')),
    );
    files.delete(entry);
    const script = bootScript({
      files: [...files],
      entry,
      sessionKey: route.session === 'required' ? AUTH_STORAGE_KEY : null,
      historyKey: 'history' in route ? route.history : null,
    });
    const page = await prerender(route.path);
    // React puts hoisted tags (<link rel=preload> of images) ahead of the markup: move them to <head>.
    const hoisted = page.html.match(/^(?:<link [^>]*\/>)*/)![0];
    const body = page.html.slice(hoisted.length);
    // The shell's font preloads, less the faces this page never sets (font-preload.ts).
    const html = withoutFontPreloads(shell, FACES_NOT_PRELOADED[route.path] ?? [])
      .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`) // escaped by React
      .replace(/<script>[\s\S]*?<\/script>\s*/g, '')
      .replace(/<link rel="modulepreload" crossorigin href="[^"]*">\s*/g, '')
      .replace(ENTRY, '')
      .replace('</head>', () => `${hoisted.replace(/\/>/g, '>')}<script>${script}</script></head>`)
      .replace(
        ROOT,
        () =>
          `<div id="root" data-prerendered="${escape(route.path)}" data-session="${route.session}">${body}</div>`,
      );
    const file = pageFile(route.path);
    writeFileSync(path.join(dist, file), html);
    manifest[route.path] = file;
  }
  writeFileSync(path.join(dist, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(ssrOut, { recursive: true, force: true });
  return manifest;
}

/**
 * Build-only plugin: prerenders the pages once the client bundle is written, and before the
 * service worker is generated (VitePWA's closeBundle runs last), so that it precaches them. The
 * page then paints its content before any script runs; its boot script starts the entry right
 * after that first paint, which hydrates it (mount.ts). Runs before precompress.mjs, so the pages
 * get .br/.gz siblings too.
 */
export function prerenderPlugin(): Plugin {
  let root = '';
  let dist = '';
  let chunks: Map<string, BundleChunk> | undefined;
  return {
    name: 'dw-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      dist = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      chunks = chunksOf(bundle);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler(error?: Error) {
        if (error || !chunks) return;
        const manifest = await prerenderPages(root, dist, chunks);
        console.log(
          `prerender: ${Object.entries(manifest)
            .map(([route, file]) => `${route} -> ${file}`)
            .join(', ')}`,
        );
      },
    },
  };
}
