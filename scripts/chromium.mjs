// The Chromium every browser-driving tool of the project launches (Playwright e2e, the Lighthouse
// and browser benches, the art and icon scripts): CHROMIUM_PATH when set, else the system
// Chromium at /usr/bin/chromium when there is one, else the Chromium that the npm package
// @sparticuz/chromium ships (unpacked once into the temporary folder), so that a machine with
// only Node and npm runs the browser suites too. DW_IGNORE_SYSTEM_CHROMIUM=1 skips the system
// binary (to prove the packaged one on a machine that has both).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * Of the packaged build's own flags (made for AWS Lambda), only those it needs to start as root
 * in a container. The rest would change what the suites see: its list turns off the same-origin
 * policy and site isolation, runs everything in one process, and turns on WebGL in software,
 * which a system Chromium started with --disable-gpu does not have (TensorFlow.js would then
 * pick another backend than it does there).
 */
const NEEDED = new Set(['--no-sandbox', '--no-zygote', '--disable-setuid-sandbox']);

/** The flags every headless run of the suites and benches passes (ARCHITECTURE: machine facts). */
export const HEADLESS_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Where the Chromium to launch is, which one it is, and the flags it needs besides the caller's
 * own (the packaged build needs a few of its own: no sandbox, no zygote).
 * @returns {Promise<{ executablePath: string, args: string[], source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium' }>}
 */
export async function resolveChromium(env = process.env) {
  if (env.CHROMIUM_PATH)
    return { executablePath: env.CHROMIUM_PATH, args: [], source: 'CHROMIUM_PATH' };
  if (env.DW_IGNORE_SYSTEM_CHROMIUM !== '1' && existsSync(SYSTEM_CHROMIUM)) {
    return { executablePath: SYSTEM_CHROMIUM, args: [], source: 'system' };
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  packaged.setGraphicsMode = false; // no software WebGL: its SwiftShader is then not unpacked
  return {
    executablePath: await packaged.executablePath(),
    args: packaged.args.filter((flag) => NEEDED.has(flag)),
    source: '@sparticuz/chromium',
  };
}

// `node scripts/chromium.mjs`: which Chromium the suites would use, launched once through
// Playwright (as the suites launch it) on a tiny page. CI runs it on each Node it tests, so the
// unpacking of the packaged build is proven on each.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { chromium } = await import('playwright-core');
  const { executablePath, args, source } = await resolveChromium();
  const browser = await chromium.launch({ executablePath, args: [...args, '--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent('<p>chromium-ok</p>');
    const text = await page.textContent('p');
    if (text !== 'chromium-ok') throw new Error(`${source} Chromium rendered ${text}`);
    console.log(
      `Chromium ${browser.version()} (${source}) at ${executablePath} works on Node ${process.version}.`,
    );
  } finally {
    await browser.close();
  }
}
