import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The built web app: WEB_DIST, or apps/web/dist beside this server (source and bundle alike). */
export function resolveWebDist(configured?: string): string | null {
  const dir = configured
    ? path.resolve(configured)
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return existsSync(path.join(dir, 'index.html')) ? dir : null;
}

/**
 * The pages the web build prerendered (apps/web/src/prerender/build/prerender-pages.ts): route -> HTML file in the
 * build's root. Empty when the build has none (or its list is unreadable: index.html serves them).
 */
export function prerenderedPages(root: string): Record<string, string> {
  const file = path.join(root, 'prerendered.json');
  if (!existsSync(file)) return {};
  try {
    const pages = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!pages || typeof pages !== 'object') return {};
    return Object.fromEntries(
      Object.entries(pages).filter(
        ([route, name]) =>
          route.startsWith('/') &&
          typeof name === 'string' &&
          /^[\w-]+\.html$/.test(name) &&
          existsSync(path.join(root, name)),
      ),
    );
  } catch {
    return {};
  }
}

/**
 * CSP sources ('sha256-...') for the inline scripts of the built HTML pages (index.html and the
 * prerendered ones): the web build writes them (the route chunk preloader, route-preload.ts, and
 * the prerendered pages' boot script) and the CSP allows no other.
 */
export function inlineScriptHashes(root: string): string[] {
  const pages = ['index.html', ...Object.values(prerenderedPages(root))];
  const hashes = new Set<string>();
  for (const page of pages) {
    const html = readFileSync(path.join(root, page), 'utf8');
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc\s*=/i.test(m[1] ?? '') || !m[2]) continue;
      hashes.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the SPA. Hashed files under /assets are immutable; the shell, the service worker and
 * the manifest are revalidated on every load so that updates reach users. Text files are sent
 * Brotli- or gzip-compressed from the .br/.gz siblings the web build writes (precompress.mjs),
 * falling back to the plain file.
 */
export async function webPlugin(app: FastifyInstance, opts: { root: string }) {
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: true,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      // filePath is the file sent: the .br/.gz sibling when compressed.
      const rel = path.relative(opts.root, filePath).replace(/\.(br|gz)$/, '');
      res.setHeader('cache-control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : NO_CACHE);
      res.setHeader('vary', 'accept-encoding');
      if (rel === 'sw.js') res.setHeader('service-worker-allowed', '/');
    },
  });
  // Prerendered pages (public and signed-in) get their own HTML; the landing page falls back to
  // the shell.
  const pages = prerenderedPages(opts.root);
  const sendPage = (file: string) => (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', NO_CACHE).type('text/html').sendFile(file);
  for (const [route, file] of Object.entries(pages)) app.get(route, sendPage(file));
  if (!pages['/']) app.get('/', sendPage('index.html'));
}
