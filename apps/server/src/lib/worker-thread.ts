import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';

/**
 * Where a worker_threads entry lives: `bundled` is its file in dist/ (the production build
 * bundles each entry as its own file next to dist/server.js), `source` its TypeScript file in the
 * source tree. Both are URLs relative to the calling module's `import.meta.url`: once bundled,
 * that is dist/server.js, in the source tree the module beside the entry.
 */
export interface WorkerEntry {
  /** Names the development bundle in the temporary directory. */
  name: string;
  bundled: URL;
  source: URL;
}

const devBundles = new Map<string, Promise<URL | null>>();

/**
 * From the source tree (tsx, vitest, the benches) the worker is TypeScript. Bundling it once per
 * process with esbuild (a dev dependency, as the production build does) makes each worker start
 * in about 0.1 s instead of the 1 s or more of loading it through tsx. Null when esbuild is
 * not installed.
 */
function bundleForDevelopment(entry: WorkerEntry): Promise<URL | null> {
  let bundle = devBundles.get(entry.source.href);
  if (bundle) return bundle;
  bundle = (async () => {
    try {
      // A computed specifier: the production bundle must not include esbuild (it never gets
      // here: dist/ has the bundled entries).
      const esbuild = 'esbuild';
      const { build } = (await import(esbuild)) as typeof Esbuild;
      const out = await build({
        entryPoints: [fileURLToPath(entry.source)],
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'esm',
        write: false,
        logLevel: 'silent',
      });
      const code = out.outputFiles[0]?.contents;
      if (!code) return null;
      // Named by content: every process of the same code shares one file, nothing piles up.
      const digest = createHash('sha256').update(code).digest('hex').slice(0, 16);
      const file = path.join(tmpdir(), `dwitunggal-${entry.name}-${digest}.mjs`);
      if (!existsSync(file)) {
        const partial = `${file}.${process.pid}.tmp`;
        await writeFile(partial, code);
        await rename(partial, file);
      }
      return pathToFileURL(file);
    } catch {
      return null;
    }
  })();
  devBundles.set(entry.source.href, bundle);
  return bundle;
}

/**
 * Starts a worker thread on `entry`: its bundled file next to the running file (dist/), or, from
 * the source tree, its TypeScript bundled on first use (else loaded through tsx).
 */
export async function spawnWorker(
  entry: WorkerEntry,
  resourceLimits: ResourceLimits,
): Promise<Worker> {
  const options = { resourceLimits };
  if (existsSync(fileURLToPath(entry.bundled))) return new Worker(entry.bundled, options);
  if (!existsSync(fileURLToPath(entry.source))) throw new Error(`${entry.name} entry not found`);
  const dev = await bundleForDevelopment(entry);
  if (dev) return new Worker(dev, options);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.source.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
