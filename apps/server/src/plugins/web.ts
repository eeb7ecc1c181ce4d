import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built web app: WEB_DIST, or apps/web/dist beside this server (source and bundle alike). */
export function resolveWebDist(configured?: string): string | null {
  const dir = configured
    ? path.resolve(configured)
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return existsSync(path.join(dir, 'index.html')) ? dir : null;
}

/**
 * CSP sources ('sha256-...') for the inline scripts of the built index.html: the web build writes
 * one (the route chunk preloader, apps/web/src/app/route-preload.ts) and the CSP allows no other.
 */
export function inlineScriptHashes(root: string): string[] {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '') || !m[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
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
  // The landing page itself (a directory to the static handler).
  app.get('/', (_request, reply) => reply.header('cache-control', NO_CACHE).sendFile('index.html'));
}
