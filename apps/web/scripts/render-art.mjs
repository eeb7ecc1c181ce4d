// Renders the hero illustrations (src/assets/hero-*.svg) to WebP at twice their drawing size,
// for the cards of /home, whose first portrait is that page's largest paint: a raster image is
// decoded off the main thread, while an SVG image is styled, laid out and painted on it (in a
// trace of /home, blocking the SVGs shortened the first render's task by about half). Run after changing an illustration:
// `node scripts/render-art.mjs` in apps/web (uses the Chromium of
// scripts/chromium.mjs at the root; playwright-core comes with the e2e workspace). The WebP files are committed;
// the build does not run this script.
/* global Image, document -- the callback of page.evaluate runs in the browser */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { resolveChromium } from '../../../scripts/chromium.mjs';

const assets = fileURLToPath(new URL('../src/assets/', import.meta.url));
const SCALE = 2;
const QUALITY = 0.86;

const chromiumBinary = await resolveChromium();
const browser = await chromium.launch({
  executablePath: chromiumBinary.executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', ...chromiumBinary.args],
});
try {
  const page = await browser.newPage();
  for (const name of ['hero-soekarno', 'hero-hatta']) {
    const svg = await readFile(`${assets}${name}.svg`, 'utf8');
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const dataUrl = await page.evaluate(
      async ({ src, scale, quality }) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth * scale;
        canvas.height = img.naturalHeight * scale;
        canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/webp', quality);
      },
      { src, scale: SCALE, quality: QUALITY },
    );
    if (!dataUrl.startsWith('data:image/webp;'))
      throw new Error('this Chromium cannot encode WebP');
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    await writeFile(`${assets}${name}.webp`, bytes);
    console.log(`${name}.webp: ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
