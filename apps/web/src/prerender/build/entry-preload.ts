import type { Plugin } from 'vite';
import { chunksOf, closure, entryChunk, headLinks } from './bundle-graph';

/**
 * The chunks the entry imports dynamically (src/main.tsx loads the app in stages) with their
 * static imports, minus what the entry already imports statically: the JavaScript files to
 * preload with the page.
 */
export function entryDynamicFiles(bundle: Record<string, { type: string }>): string[] {
  const chunks = chunksOf(bundle);
  const entry = entryChunk(chunks);
  if (!entry) return [];
  const direct = closure(chunks, [entry.fileName]);
  return [...closure(chunks, entry.dynamicImports)].filter(
    (f) => !direct.has(f) && f.endsWith('.js'),
  );
}

/**
 * Build-only plugin: index.html gets <link rel="modulepreload"> for the entry's dynamic imports
 * too (Vite adds them for its static imports only), so that the staged start of src/main.tsx
 * does not wait for one download after another.
 */
export function entryDynamicPreload(): Plugin {
  return headLinks('dw-entry-dynamic-preload', (bundle) =>
    entryDynamicFiles(bundle).map((file) => ({
      rel: 'modulepreload',
      crossorigin: true,
      href: `/${file}`,
    })),
  );
}
