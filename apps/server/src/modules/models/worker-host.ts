import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
import type { WorkerMessage, WorkerProgress, WorkerRequest } from './train-worker';

export type WorkerResult = Extract<WorkerMessage, { type: 'result' }>;

/** A failure reported by the training itself (bad data): its message is safe to show. */
export class TrainingError extends Error {
  override name = 'TrainingError';
}

export interface TrainingJob {
  result: Promise<WorkerResult>;
  /** Stops the worker; `result` rejects with `reason`. */
  cancel(reason: Error): Promise<void>;
}

let devBundle: Promise<URL | null> | undefined;

/**
 * From the source tree (tsx, vitest, the benches) the worker is TypeScript. Bundling it once per
 * process with esbuild (a dev dependency, as the production build does) makes each worker start
 * in about 0.1 s instead of the 1 s or more of loading it through tsx. Null when esbuild is
 * not installed.
 */
function bundleForDevelopment(source: URL): Promise<URL | null> {
  devBundle ??= (async () => {
    try {
      // A computed specifier: the production bundle must not include esbuild (it never gets
      // here: dist/ has train-worker.js).
      const esbuild = 'esbuild';
      const { build } = (await import(esbuild)) as typeof Esbuild;
      const out = await build({
        entryPoints: [fileURLToPath(source)],
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
      const file = path.join(tmpdir(), `dwitunggal-train-worker-${digest}.mjs`);
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
  return devBundle;
}

/**
 * Starts the training worker: the bundled `train-worker.js` next to the running file (dist/),
 * or, from the source tree, `train-worker.ts` bundled on first use (else loaded through tsx).
 */
async function spawnWorker(): Promise<Worker> {
  const options = { resourceLimits: { maxOldGenerationSizeMb: 512 } };
  const bundled = new URL('./train-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return new Worker(bundled, options);
  const source = new URL('./train-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source))) throw new Error('training worker entry not found');
  const dev = await bundleForDevelopment(source);
  if (dev) return new Worker(dev, options);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/** Runs one training job in a new worker thread, off the event loop. */
export function startTrainingJob(
  request: WorkerRequest,
  opts: { onProgress: (p: WorkerProgress) => void; timeoutMs: number },
): TrainingJob {
  let worker: Worker | null = null;
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  let rejectResult: (err: Error) => void = () => {};
  const stop = () => {
    clearTimeout(timer);
    void worker?.terminate();
  };
  const result = new Promise<WorkerResult>((resolve, reject) => {
    rejectResult = reject;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      stop();
      fn();
    };
    timer = setTimeout(
      () =>
        finish(() =>
          reject(new Error(`Training took longer than ${Math.max(1, Math.ceil(opts.timeoutMs / 1000))} s`)),
        ),
      opts.timeoutMs,
    );
    spawnWorker().then(
      (w) => {
        worker = w;
        if (settled) {
          void w.terminate();
          return;
        }
        w.on('message', (message: WorkerMessage) => {
          if (settled) return;
          if (message.type === 'progress') opts.onProgress(message);
          else if (message.type === 'result') finish(() => resolve(message));
          else finish(() => reject(new TrainingError(message.message)));
        });
        w.on('error', (err) => finish(() => reject(err)));
        w.on('exit', (code) =>
          finish(() => reject(new Error(`Training worker stopped unexpectedly (exit code ${code})`))),
        );
        w.postMessage(request);
      },
      (err: unknown) => finish(() => reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
  return {
    result,
    async cancel(reason) {
      if (!settled) {
        settled = true;
        rejectResult(reason);
      }
      clearTimeout(timer);
      await worker?.terminate();
    },
  };
}
