import { existsSync } from 'node:fs';
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
