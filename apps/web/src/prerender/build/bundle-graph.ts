import type { Plugin } from 'vite';
import { routeModuleFile } from '../../app/route-table';

/** The chunks of a Rollup/Rolldown output bundle, as the build plugins of this folder read them. */
export type BundleChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
};

/** The bundle's chunks by file name. */
export function chunksOf(bundle: Record<string, { type: string }>): Map<string, BundleChunk> {
  const chunks = new Map<string, BundleChunk>();
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk') {
      const chunk = item as BundleChunk;
      chunks.set(chunk.fileName, chunk);
    }
  }
  return chunks;
}

/** The given chunks and their static imports, depth first (added to `out`). */
export function closure(
  chunks: Map<string, BundleChunk>,
  files: readonly string[],
  out = new Set<string>(),
): Set<string> {
  for (const file of files) {
    if (out.has(file) || !chunks.has(file)) continue;
    out.add(file);
    closure(chunks, chunks.get(file)!.imports, out);
  }
  return out;
}

/** The entry chunk (src/main.tsx), if the bundle has one. */
export function entryChunk(chunks: Map<string, BundleChunk>): BundleChunk | undefined {
  return [...chunks.values()].find((c) => c.isEntry);
}

/**
 * The chunks of route modules (src/app/routes/<module>.tsx, app/route-table.ts) and their static
 * imports (added to `out`). Throws for a module without a chunk.
 */
export function routeClosure(
  chunks: Map<string, BundleChunk>,
  modules: readonly string[],
  out = new Set<string>(),
): Set<string> {
  for (const module of modules) {
    const source = `/${routeModuleFile(module)}`;
    const chunk = [...chunks.values()].find((c) =>
      c.facadeModuleId?.replace(/\\/g, '/').endsWith(source),
    );
    if (!chunk) throw new Error(`no chunk for ${routeModuleFile(module)}`);
    closure(chunks, [chunk.fileName], out);
  }
  return out;
}

/**
 * A build-only plugin that adds <link> tags to the <head> of index.html (and so of every page
 * prerendered from it), one per attribute set that `links` derives from the output bundle.
 */
export function headLinks(
  name: string,
  links: (
    bundle: Record<string, { type: string; fileName: string }>,
  ) => Record<string, string | true>[],
): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        return {
          html,
          tags: links(ctx.bundle).map((attrs) => ({
            tag: 'link',
            attrs,
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}
