import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { client } from '../../test/client';

let ctx: TestContext;
const INLINE = "document.title='x'";
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'dw-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Dwitunggal</title><script>${INLINE}</script><script type="module" src="/assets/index-abc123.js"></script>`,
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  // The compressed siblings the web build writes (apps/web/scripts/precompress.mjs).
  writeFileSync(
    path.join(dist, 'assets', 'index-abc123.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(
    path.join(dist, 'index.html.gz'),
    gzipSync('<!doctype html><title>Dwitunggal</title>'),
  );
  ctx = await createTestContext({ WEB_DIST: dist });
});
afterAll(async () => {
  await ctx?.close();
});

describe('serving the web app', () => {
  it("allows the shell's inline script, and no other, by its hash in the CSP", async () => {
    const res = await client(ctx.app).get('/login');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
  });

  it.each(['/', '/login', '/home', '/crudsoekarno', '/halaman/tidak/ada'])(
    'answers %s with the SPA shell, revalidated',
    async (url) => {
      const res = await client(ctx.app).get(url, { headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Dwitunggal</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable and the service worker for scope /', async () => {
    const asset = await client(ctx.app).get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await client(ctx.app).get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['service-worker-allowed']).toBe('/');
  });

  it('sends the precompressed file the browser accepts, with its own type, else the plain file', async () => {
    const br = await client(ctx.app).get('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');

    const gz = await client(ctx.app).get('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');

    const plain = await client(ctx.app).get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');

    // The SPA shell too (only a .gz sibling here: brotli falls back to it).
    const shell = await client(ctx.app).get('/login', {
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.headers['content-type']).toContain('text/html');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(shell.rawPayload).toString()).toContain('<title>Dwitunggal</title>');
  });

  it('never answers an unknown /api path or a missing file with the shell', async () => {
    for (const url of ['/api/nothing', '/api/auth/nothing', '/api']) {
      const res = await client(ctx.app).get(url, { headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    const missing = await client(ctx.app).get('/assets/missing-file.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });
});

describe('serving prerendered pages', () => {
  let pre: TestContext;
  const BOOT = 'window.boot=1';
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'dw-web-pre-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Shell</title><script>${INLINE}</script>`,
    );
    writeFileSync(
      path.join(dist, 'landing.html'),
      `<!doctype html><title>Landing</title><script>${INLINE}</script><script>${BOOT}</script>`,
    );
    writeFileSync(
      path.join(dist, 'login.html'),
      `<!doctype html><title>Masuk</title><script>${BOOT}</script>`,
    );
    writeFileSync(path.join(dist, 'secret.txt'), 'not a page');
    writeFileSync(
      path.join(dist, 'login.html.gz'),
      gzipSync('<!doctype html><title>Masuk</title>'),
    );
    // Entries the server must ignore: a path outside the build, a non-HTML file, a missing file.
    writeFileSync(
      path.join(dist, 'prerendered.json'),
      JSON.stringify({
        '/': 'landing.html',
        '/login': 'login.html',
        '/register': '../index.html',
        '/home': 'secret.txt',
        '/403': 'gone.html',
      }),
    );
    pre = await createTestContext({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await pre?.close();
  });

  it.each([
    ['/', 'Landing'],
    ['/login', 'Masuk'],
    ['/register', 'Shell'],
    ['/home', 'Shell'],
    ['/403', 'Shell'],
  ])('answers %s with its own page when prerendered, else the shell', async (url, title) => {
    const res = await client(pre.app).get(url, { headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`<title>${title}</title>`);
  });

  it('sends the compressed sibling of a prerendered page', async () => {
    const res = await client(pre.app).get('/login', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<title>Masuk</title>');
  });

  it("allows every page's inline scripts by hash, each once", async () => {
    const res = await client(pre.app).get('/');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(scriptSrc?.trim()).toBe(
      `script-src 'self' 'wasm-unsafe-eval' ${hash(INLINE)} ${hash(BOOT)}`,
    );
  });
});
