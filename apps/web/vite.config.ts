import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { shellModules } from './src/prerender/build/chunks';
import { entryDynamicPreload } from './src/prerender/build/entry-preload';
import { fontPreload } from './src/prerender/build/font-preload';
import { prerenderPlugin } from './src/prerender/build/prerender-pages';
import { routePreload } from './src/prerender/build/route-preload';

// Design tokens used by the manifest; keep in sync with `@theme` in src/index.css.
const THEME_COLOR = '#8c1515'; // --color-merah-700
const BACKGROUND_COLOR = '#fbf7f0'; // --color-kertas-50

/**
 * Options of a run-time cache of immutable files (the cache answers first). The url patterns stay
 * written out where they are used: Workbox copies their source text into sw.js.
 */
function immutableCache(cacheName: string, maxEntries: number) {
  return {
    cacheName,
    expiration: { maxEntries, maxAgeSeconds: 60 * 60 * 24 * 90 },
    cacheableResponse: { statuses: [200] },
  };
}

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  plugins: [
    react(),
    tailwindcss(),
    // Preloads the current route's lazy chunks alongside the entry bundle (see the module).
    routePreload(),
    // Preloads the chunks src/main.tsx imports dynamically (its staged start).
    entryDynamicPreload(),
    // Requests the web fonts with the page (font-display: optional, src/fonts.css).
    fontPreload(),
    // Prerenders /, /login and the signed-in screens once the bundle is written (src/prerender).
    prerenderPlugin(),
    VitePWA({
      // After prerenderPlugin(): the worker precaches the prerendered pages.
      integration: { closeBundleOrder: 'post' },
      strategies: 'generateSW',
      filename: 'sw.js',
      scope: '/',
      // Registration is bundled code (src/app/register-sw.ts): the server's CSP forbids inline scripts.
      injectRegister: false,
      // skipWaiting + clientsClaim; the page reloads when the new worker takes control.
      registerType: 'autoUpdate',
      // The shell's static files are listed once, in workbox.globPatterns below.
      includeAssets: [],
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Dwitunggal',
        short_name: 'Dwitunggal',
        description:
          'Belajar sejarah kemerdekaan Indonesia lewat percakapan dengan Soekarno dan Mohammad Hatta.',
        lang: 'id',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['education'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // Precache the app shell ONLY. Extend this list deliberately: anything matched here is
        // downloaded on install. Heavy lazy chunks (the TF.js runtime of the chat screens, ~1.1 MB)
        // must NOT be precached: name them `lazy-*` (a group in `build.rolldownOptions.output.
        // codeSplitting.groups` below, e.g. { name: 'lazy-tfjs', test: /@tensorflow/ }) so that
        // `globIgnores` skips them, and cache them plus the model files (/api/models/**) at run
        // time with `runtimeCaching` instead.
        globPatterns: [
          // The shell (index.html) and the prerendered pages (landing.html, login.html, ...).
          '*.html',
          'assets/*.{js,css,woff2,svg,png,webp}',
          'icons/*.png',
          'team/*',
          '*.{svg,png,ico,txt}',
        ],
        globIgnores: ['assets/lazy-*.js', '**/*.map'],
        // The chat screens' heavy parts, cached when first used so that a chat keeps working
        // offline once its model was loaded (ARCHITECTURE.md section 4).
        runtimeCaching: [
          {
            // Hashed `lazy-*` chunks (TF.js): immutable, so the cache answers first.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/assets\/lazy-[^/]+\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: immutableCache('dw-lazy-chunks', 12),
          },
          {
            // Versioned model files (/api/models/{figure}/v/{n}/...): immutable.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/models\/[^/]+\/v\//.test(url.pathname),
            handler: 'CacheFirst',
            options: immutableCache('dw-models', 24),
          },
          {
            // Which version is active: the network when it answers, the last answer offline.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/models\/[^/]+\/active$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'dw-models-active',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 4 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        // A navigation to a prerendered page gets that page: /login matches login.html (Workbox
        // tries the path plus .html), / matches landing.html. Every other route gets the shell.
        directoryIndex: 'landing.html',
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP forbids data: scripts and styles; emit every asset as a file.
    assetsInlineLimit: 0,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Stable, named vendor chunks (better caching, readable bundle reports). axios and zod
        // are only reached through dynamic imports, so they stay off the first paint.
        codeSplitting: {
          groups: [
            // React and React DOM: the first stage of src/main.tsx's start.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'axios', test: /node_modules[\\/]axios[\\/]/ },
            // The app's code that runs before any route module (see shellModules).
            { name: 'shell', test: shellModules() },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // TF.js (chat screens only): a `lazy-*` chunk, never precached (see workbox above).
            {
              name: 'lazy-tfjs',
              test: /node_modules[\\/](@tensorflow|seedrandom|long)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
