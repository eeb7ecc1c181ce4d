// Renders the PWA icons (PNG) from the project logo, public/favicon.svg.
// Run after changing the logo: `npm run icons -w @dwitunggal/web` (uses the Chromium of
// scripts/chromium.mjs at the root; playwright-core comes with the e2e workspace).
// The PNGs are committed; the build does not run this script.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { resolveChromium } from '../../../scripts/chromium.mjs';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const PARCHMENT = '#fbf7f0';

/** [file, size, background or null for transparent, logo scale within the square] */
const targets = [
  ['icons/icon-192.png', 192, null, 1],
  ['icons/icon-512.png', 512, null, 1],
  // Maskable: full-bleed background, logo inside the 80% safe zone.
  ['icons/icon-maskable-512.png', 512, PARCHMENT, 0.62],
  ['apple-touch-icon.png', 180, PARCHMENT, 0.84],
  ['favicon-32.png', 32, null, 1],
];

const svg = await readFile(`${publicDir}favicon.svg`, 'utf8');
const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const chromiumBinary = await resolveChromium();
const browser = await chromium.launch({
  executablePath: chromiumBinary.executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', ...chromiumBinary.args],
});
try {
  for (const [file, size, background, scale] of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const logo = Math.round(size * scale);
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${background ?? 'transparent'}">` +
        `<img src="${src}" width="${logo}" height="${logo}"></body>`,
    );
    await page.screenshot({ path: `${publicDir}${file}`, omitBackground: background === null });
    await page.close();
    console.log(`wrote public/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
