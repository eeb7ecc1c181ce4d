import type { Plugin } from 'vite';
import { headLinks } from './bundle-graph';

/**
 * The faces the first screens use (at 412 px: Inter 400, 500 and 600; Lora 700, and Lora 600,
 * which also sets Lora's weight 400), as @fontsource names their files. Only Lora 400 italic
 * (the /home footer, a quote on /login at desktop widths) loads when a page first needs it.
 */
export const PRELOADED_FACES = [
  'inter-latin-400-normal',
  'inter-latin-500-normal',
  'inter-latin-600-normal',
  'lora-latin-600-normal',
  'lora-latin-700-normal',
] as const;

export type PreloadedFace = (typeof PRELOADED_FACES)[number];

/**
 * Preloaded faces that a prerendered page never sets, at any width, and so does not preload: the
 * landing page has no medium-weight text (Tailwind's `font-medium`, Inter 500). Such a preload
 * only competes for the connection with the faces the first paint waits for (on a phone over a
 * slow network, one more request and about 25 KB before the landing's largest paint). The face
 * stays declared (src/fonts.css) and precached by the service worker.
 */
export const FACES_NOT_PRELOADED: Readonly<Record<string, readonly PreloadedFace[]>> = {
  '/': ['inter-latin-500-normal'],
};

/**
 * A prerendered page's HTML without the preload links that fontPreload() wrote for `faces`.
 * Throws when one of them is not there, so that a renamed face cannot silently keep its preload.
 */
export function withoutFontPreloads(html: string, faces: readonly string[]): string {
  return faces.reduce((page, face) => {
    const link = new RegExp(
      `\\s*<link rel="preload" as="font"[^>]*? href="/assets/${face}-[\\w-]+\\.woff2"[^>]*>`,
    );
    if (!link.test(page)) throw new Error(`font-preload: the page has no preload of ${face}`);
    return page.replace(link, '');
  }, html);
}

/** The emitted woff2 file of each face in `faces` (Vite adds a hash to the name). */
export function fontFiles(
  bundle: Record<string, { type: string; fileName: string }>,
  faces: readonly string[] = PRELOADED_FACES,
): string[] {
  const fonts = Object.values(bundle).filter(
    (item) => item.type === 'asset' && item.fileName.endsWith('.woff2'),
  );
  return faces.map((face) => {
    const file = fonts.find((item) => item.fileName.startsWith(`assets/${face}-`))?.fileName;
    if (!file) throw new Error(`font-preload: no emitted woff2 file for ${face}`);
    return file;
  });
}

/**
 * Build-only plugin: every page's <head> preloads the faces its first screen uses (a prerendered
 * page leaves out those of FACES_NOT_PRELOADED, build/prerender-pages.ts), so that they
 * are requested with the stylesheet instead of when the first layout finds text that needs them.
 * With `font-display: optional` (src/fonts.css) a face arriving that early is used from the
 * first paint, and one arriving late is never swapped in: no second layout of the page's text.
 */
export function fontPreload(): Plugin {
  return headLinks('dw-font-preload', (bundle) =>
    fontFiles(bundle).map((file) => ({
      rel: 'preload',
      as: 'font',
      type: 'font/woff2',
      crossorigin: true,
      href: `/${file}`,
    })),
  );
}
