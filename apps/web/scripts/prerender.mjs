// Prerenders the pages of src/prerender.tsx into dist/ at the end of `vite build` (vite.config.ts
// runs it once the client bundle is written, before the service worker that precaches the pages
// is generated): one HTML file per route, built from dist/index.html with the route's markup in
// #root and its title in <head>, and dist/prerendered.json (route -> file) for the server. The
// page then paints its content before any script runs; the entry script starts right after that
// first paint and hydrates it (src/app/boot.ts). Runs before precompress.mjs, so the pages get
// .br/.gz siblings too.
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
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'node20',
  },
});

const { prerender, PRERENDERED_ROUTES, routeModules, AUTH_STORAGE_KEY, EARLY_CLICK_RECORDER } =
  await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const bundle = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/** A chunk of the client build and its static imports (manifest keys), depth first. */
function closure(key, out = new Set()) {
  if (out.has(key) || !bundle[key]) return out;
  out.add(key);
  for (const dep of bundle[key].imports ?? []) closure(dep, out);
  return out;
}
const entryKey = Object.keys(bundle).find((key) => bundle[key].isEntry);
// The entry and what it imports, statically or dynamically (src/main.tsx starts in stages).
const entryChunks = closure(entryKey);
for (const key of bundle[entryKey].dynamicImports ?? []) closure(key, entryChunks);

const ENTRY = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/;
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>(?=\s*<noscript>)/;
const entry = shell.match(ENTRY)?.[1];
if (!entry || !ROOT.test(shell) || !/<title>[^<]*<\/title>/.test(shell)) {
  throw new Error(
    'prerender: dist/index.html does not have the expected entry script, #root or <title>',
  );
}

/** Escapes text for a double-quoted attribute. */
const escape = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The start of a signed-in screen's boot script: without a stored session (the auth store's
 * token; storage blocked counts as none) the visitor goes to /login, as the app's guard would
 * send them, before this page paints.
 */
const requireSession =
  `try{var a=JSON.parse(localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)}));` +
  `if(!a||!a.state||typeof a.state.token!=='string'||!a.state.token)throw 0}` +
  `catch(e){document.documentElement.style.visibility='hidden';location.replace('/login');return}`;

/**
 * Marks <html> with data-stored-history when the chat at storage key `key` holds messages: the
 * prerendered empty state then stays hidden (index.css) until the app shows them.
 */
const markStoredHistory = (key) =>
  `try{var h=JSON.parse(localStorage.getItem(${JSON.stringify(key)}));` +
  `if(Array.isArray(h)&&h.length)document.documentElement.setAttribute('data-stored-history','')}catch(e){}`;

/**
 * The inline boot script of a prerendered page. The content is in the HTML, so nothing of the app
 * is needed for the first paint: once the browser reports its first contentful paint and the
 * page's high-priority image, if any, has loaded (else after the next frame; at the latest after
 * 3 s), the script adds modulepreload links for the app's chunks (`files`, fetched in parallel)
 * and the entry module, which hydrates the page. A hidden page paints nothing: it starts at once.
 * Meanwhile it remembers the last button clicked, which the app clicks again once hydrated
 * (EARLY_CLICK_RECORDER, src/lib/hydration.tsx).
 */
function bootScript(files, session, history) {
  // One link per task: starting a module preload costs the main thread a few milliseconds (more
  // on a slow phone), and a long task would hold up input right after the first paint.
  return (
    `(function(){${session === 'required' ? requireSession : ''}` +
    (history ? markStoredHistory(history) : '') +
    EARLY_CLICK_RECORDER +
    `var d=0,i=0,f=${JSON.stringify(files)};function add(){` +
    `if(i<f.length){var l=document.createElement('link');l.rel='modulepreload';` +
    `l.crossOrigin='';l.href=f[i++];document.head.appendChild(l);setTimeout(add,0);return}` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};` +
    `document.head.appendChild(s)}function go(){if(d)return;d=1;add()}` +
    // After the first paint, a page whose largest image is marked fetchpriority=high (the /home
    // hero) also waits for that image to load and paint: the app's scripts would compete with it.
    `function painted(){var h=document.querySelector('img[fetchpriority=high]');` +
    `if(!h||h.complete)return setTimeout(go,0);` +
    `var n=function(){requestAnimationFrame(function(){setTimeout(go,0)})};` +
    `h.addEventListener('load',n);h.addEventListener('error',n)}` +
    `if(document.visibilityState==='hidden')return go();` +
    `try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){` +
    `new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)painted()})` +
    `.observe({type:'paint',buffered:true});setTimeout(go,3000);return}}catch(e){}` +
    `requestAnimationFrame(function(){setTimeout(go,0)})})()`
  );
}

const manifest = {};
for (const { path: route, session, history } of PRERENDERED_ROUTES) {
  const routeKeys = routeModules(route).map((module) => `src/app/routes/${module}.tsx`);
  if (!routeKeys.length) throw new Error(`prerender: no route modules for ${route}`);
  const routeChunks = new Set();
  for (const key of routeKeys) {
    if (!bundle[key]) throw new Error(`prerender: no chunk for ${key}`);
    closure(key, routeChunks);
  }
  // Every chunk the page needs to hydrate: the entry's imports and the route's (so the shell's
  // inline route preloader, route-preload.ts, is not needed on this page).
  const chunks = new Set(
    [...entryChunks, ...routeChunks]
      .map((key) => `/${bundle[key].file}`)
      .filter((file) => file.endsWith('.js')),
  );
  chunks.delete(entry);
  const page = await prerender(route);
  // React puts hoisted tags (<link rel=preload> of images) ahead of the markup: move them to <head>.
  const hoisted = page.html.match(/^(?:<link [^>]*\/>)*/)[0];
  const body = page.html.slice(hoisted.length);
  const html = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`) // already escaped by React
    .replace(/<script>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link rel="modulepreload" crossorigin href="[^"]*">\s*/g, '')
    .replace(ENTRY, '')
    .replace(
      '</head>',
      `${hoisted.replace(/\/>/g, '>')}<script>${bootScript([...chunks], session, history)}</script></head>`,
    )
    .replace(
      ROOT,
      `<div id="root" data-prerendered="${escape(route)}" data-session="${session}">${body}</div>`,
    );
  const file = route === '/' ? 'landing.html' : `${route.slice(1).replace(/\//g, '-')}.html`;
  writeFileSync(path.join(dist, file), html);
  manifest[route] = file;
}
writeFileSync(path.join(dist, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);
rmSync(ssrOut, { recursive: true, force: true });
console.log(
  `prerender: ${Object.entries(manifest)
    .map(([r, f]) => `${r} -> ${f}`)
    .join(', ')}`,
);
