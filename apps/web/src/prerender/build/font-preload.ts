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
 * Build-only plugin: every page's <head> preloads the faces its first screen uses, so that they
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
