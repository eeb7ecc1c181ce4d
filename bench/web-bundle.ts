// Initial JavaScript of /login and /home, as a real Chromium loads it from the built app: every
// script fetched until the network is idle, gzip-compressed (level 9), in KiB. Also reports
// whether any TF.js code is among them (it must not be).
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { HEADLESS_FLAGS, resolveChromium } from '../scripts/chromium.mjs';
import { registerAndLogin, startServer, tmpDir } from './lib';

// CHROMIUM_PATH, else the system Chromium, else the one @sparticuz/chromium ships.
const chromiumBinary = await resolveChromium();

async function measure(browser: Browser, url: string, token?: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (token) {
    await context.addInitScript((t) => {
      localStorage.setItem(
        'auth-storage',
        JSON.stringify({ state: { token: t, user: null, isAuthenticated: true }, version: 1 }),
      );
    }, token);
  }
  const page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  page.on('response', async (res) => {
    // Module preloads of a prerendered page are fetched as "other", not "script": count every
    // JavaScript response.
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
    try {
      scripts.set(res.url(), await res.body());
    } catch {
      // ignore aborted responses
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const files = [...scripts].map(([u, body]) => ({
    file: new URL(u).pathname,
    rawKiB: Math.round((body.length / 1024) * 10) / 10,
    gzipKiB: Math.round((gzipSync(body, { level: 9 }).length / 1024) * 10) / 10,
    tfjs: /@tensorflow|TensorFlow Authors|registerKernel\(/.test(
      body.toString('utf8', 0, Math.min(body.length, 4_000_000)),
    ),
  }));
  await context.close();
  return {
    finalPath: new URL(page.url()).pathname,
    gzipKiB: Math.round(files.reduce((s, f) => s + f.gzipKiB, 0) * 10) / 10,
    rawKiB: Math.round(files.reduce((s, f) => s + f.rawKiB, 0) * 10) / 10,
    containsTfjs: files.some((f) => f.tfjs),
    files,
  };
}

const server = await startServer({ DATA_DIR: tmpDir('dw-bench-web-') });
try {
  const creds = { name: 'Bench Learner', email: 'bench.web@example.com', password: 'Merdeka1945' };
  const { token } = await registerAndLogin(server.url, creds);
  const browser = await chromium.launch({
    executablePath: chromiumBinary.executablePath,
    args: [...HEADLESS_FLAGS, ...chromiumBinary.args],
  });
  const loginPage = await measure(browser, `${server.url}/login`);
  const homePage = await measure(browser, `${server.url}/home`, token);
  await browser.close();
  console.log(
    JSON.stringify({
      benchmark: 'initial-js',
      budgetLoginKiB: 120,
      login: loginPage,
      home: homePage,
    }),
  );
} finally {
  await server.stop();
}
