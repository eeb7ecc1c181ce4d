// Temporary screenshot script (not committed).
import { chromium } from '@playwright/test';
const base = process.env.BASE;
const admin = { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })).json();
const token = login.data.token;
for (const width of [390, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
  await ctx.addInitScript((t) => localStorage.setItem('auth-storage', JSON.stringify({ state: { token: t, user: null, isAuthenticated: true }, version: 1 })), token);
  const page = await ctx.newPage();
  for (const path of ['/crudsoekarno', '/model/hatta', '/chatsoekarno', '/home']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/work/shots/${path.replace(/\//g, '_')}-${width}.png`, fullPage: false });
  }
  await ctx.close();
}
const ctx = await browser.newContext({ viewport: { width: 390, height: 900 } });
const page = await ctx.newPage();
await page.goto(base + '/login', { waitUntil: 'networkidle' });
await page.screenshot({ path: '/work/shots/_login-390.png' });
await browser.close();
console.log('ok');
