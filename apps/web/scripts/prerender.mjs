// Prerenders the public pages (src/prerender.tsx) into dist/ after `vite build`: one HTML file per
// route, built from dist/index.html with the route's markup in #root and its title in <head>, and
// dist/prerendered.json (route -> file) for the server. The page then paints its content before
// any script runs; the entry script starts right after that first paint and hydrates it
// (src/app/boot.ts). Runs before precompress.mjs, so the pages get .br/.gz siblings too.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
// Inside the workspace so that the bundle resolves react & co. from node_modules.
const ssrOut = path.join(root, '.ssr');

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  resolve: { alias: { '@': path.join(root, 'src') } },
  plugins: [react()],
  // Same asset rules as the client build, so that asset URLs (content-hashed) are identical.
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, assetsInlineLimit: 0, target: 'node20' },
});

const { prerender, PRERENDERED_PATHS } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');

const ENTRY = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/;
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>(?=\s*<noscript>)/;
const entry = shell.match(ENTRY)?.[1];
if (!entry || !ROOT.test(shell) || !/<title>[^<]*<\/title>/.test(shell)) {
  throw new Error('prerender: dist/index.html does not have the expected entry script, #root or <title>');
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The entry module downloads with the page (modulepreload) but runs only after the first paint,
// so that the prerendered content is on screen before the app's code is evaluated. A hidden
// page paints no frame: it starts at once.
const boot =
  `(function(){var d=0;function go(){if(d)return;d=1;var s=document.createElement('script');` +
  `s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};document.head.appendChild(s)}` +
  `if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})()`;

const manifest = {};
for (const route of PRERENDERED_PATHS) {
  const page = await prerender(route);
  // React puts hoisted tags (<link rel=preload> of images) ahead of the markup: move them to <head>.
  const hoisted = page.html.match(/^(?:<link [^>]*\/>)*/)[0];
  const body = page.html.slice(hoisted.length);
  const html = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(page.title)}</title>`)
    .replace(ENTRY, `<link rel="modulepreload" crossorigin href="${entry}">`)
    .replace('</head>', `${hoisted.replace(/\/>/g, '>')}<script>${boot}</script></head>`)
    .replace(ROOT, `<div id="root" data-prerendered="${escape(route)}">${body}</div>`);
  const file = route === '/' ? 'landing.html' : `${route.slice(1).replace(/\//g, '-')}.html`;
  writeFileSync(path.join(dist, file), html);
  manifest[route] = file;
}
writeFileSync(path.join(dist, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);
rmSync(ssrOut, { recursive: true, force: true });
console.log(`prerender: ${Object.entries(manifest).map(([r, f]) => `${r} -> ${f}`).join(', ')}`);
