import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  parentPort,
  Worker,
  type ResourceLimits,
  type TransferListItem,
} from 'node:worker_threads';
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

/**
 * The one protocol of a worker job: the host posts one request; the worker posts any number of
 * progress messages, then exactly one result or one error, and the host ends it.
 */
export type WorkerJobMessage<P, R> =
  | { type: 'progress'; progress: P }
  | { type: 'result'; result: R }
  | { type: 'error'; message: string };

/** How a job ended without a result, by cause: each host names its own errors. */
export interface WorkerJobErrors {
  /** The worker reported an error (its message comes from the job's own code). */
  failed(message: string): Error;
  /** The job outlived `timeoutMs`. */
  timedOut(): Error;
  /** The worker exited without answering. */
  exited(code: number): Error;
}

export interface WorkerJob<R> {
  result: Promise<R>;
  /** Stops the worker; then `result` rejects with `reason` (unless it had settled already). */
  cancel(reason: Error): Promise<void>;
}

/**
 * Runs one job in a new worker thread on `entry`: posts `request`, forwards progress, settles
 * with the result or an error (see `WorkerJobErrors`; a crash of the thread rejects with its own
 * error), and ends the worker once settled, after `timeoutMs` at the latest.
 */
export function runWorkerJob<Req, P, R>(
  entry: WorkerEntry,
  request: Req,
  opts: {
    resourceLimits: ResourceLimits;
    timeoutMs: number;
    errors: WorkerJobErrors;
    onProgress?: (progress: P) => void;
  },
): WorkerJob<R> {
  let worker: Worker | null = null;
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  let rejectResult: (err: Error) => void = () => {};
  const result = new Promise<R>((resolve, reject) => {
    rejectResult = reject;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker?.terminate();
      fn();
    };
    timer = setTimeout(() => finish(() => reject(opts.errors.timedOut())), opts.timeoutMs);
    spawnWorker(entry, opts.resourceLimits).then(
      (w) => {
        worker = w;
        if (settled) {
          void w.terminate();
          return;
        }
        w.on('message', (message: WorkerJobMessage<P, R>) => {
          if (settled) return;
          if (message.type === 'progress') opts.onProgress?.(message.progress);
          else if (message.type === 'result') finish(() => resolve(message.result));
          else finish(() => reject(opts.errors.failed(message.message)));
        });
        w.on('error', (err) => finish(() => reject(err)));
        w.on('exit', (code) => finish(() => reject(opts.errors.exited(code))));
        w.postMessage(request);
      },
      (err: unknown) => finish(() => reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
  return {
    result,
    async cancel(reason) {
      const pending = !settled;
      settled = true;
      clearTimeout(timer);
      // Rejected once the thread is gone, with `reason` (not as a worker that stopped).
      await worker?.terminate();
      if (pending) rejectResult(reason);
    },
  };
}

/**
 * The worker's side of a job (call it at the top level of a worker entry): answers the one
 * request with `run`'s result (`transfer` lists buffers moved rather than copied) or its error.
 */
export function serveWorkerJob<Req, P, R>(
  run: (request: Req, progress: (p: P) => void) => R,
  transfer: (result: R) => TransferListItem[] = () => [],
): void {
  const port = parentPort;
  if (!port) return;
  const post = (message: WorkerJobMessage<P, R>, list: TransferListItem[] = []) =>
    port.postMessage(message, list);
  port.once('message', (request: Req) => {
    try {
      const result = run(request, (progress) => post({ type: 'progress', progress }));
      post({ type: 'result', result }, transfer(result));
    } catch (error) {
      post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  });
}

/**
 * The protocol of a long-lived worker (startWorkerService): once set up it posts `ready` (or
 * `failed` when its set-up threw), then answers each call, in any order, by the call's id.
 */
export type WorkerServiceMessage<R> =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; result: R }
  | { type: 'error'; id: number; message: string };

export interface WorkerService<Req, R> {
  /** Answers `request` in the worker; rejects after `timeoutMs`, or when the worker fails. */
  call(request: Req): Promise<R>;
  /** Stops the worker; calls in flight reject, later calls are refused. */
  close(): Promise<void>;
}

/**
 * Starts a worker thread on `entry` that stays up to answer many calls (the worker side:
 * serveWorkerCalls), set up once with `init`; resolves once it is ready. A worker that exits
 * (crashed, out of memory) fails its calls in flight and is started again on the next call; a
 * call that outlives `timeoutMs` stops the worker, since a worker that slow is stuck (its other
 * calls in flight fail with it, as they would have waited as long).
 */
export async function startWorkerService<Init, Req, R>(
  entry: WorkerEntry,
  init: Init,
  opts: { resourceLimits: ResourceLimits; timeoutMs: number; errors: WorkerJobErrors },
): Promise<WorkerService<Req, R>> {
  interface Pending {
    worker: Worker;
    resolve(result: R): void;
    reject(err: Error): void;
    timer: NodeJS.Timeout;
  }
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closed = false;
  /** The worker calls go to (starting or ready); null until the next call starts one. */
  let current: Promise<Worker> | null = null;
  let live: Worker | null = null;

  /** Rejects the calls in flight in `worker`. */
  const failCalls = (worker: Worker, err: Error) => {
    for (const [id, p] of pending) {
      if (p.worker !== worker) continue;
      pending.delete(id);
      clearTimeout(p.timer);
      p.reject(err);
    }
  };

  /** Ends `worker`; the next call starts another. */
  const retire = (worker: Worker) => {
    if (live === worker) {
      live = null;
      current = null;
    }
    void worker.terminate();
  };

  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      spawnWorker(entry, opts.resourceLimits).then((worker) => {
        let ready = false;
        const gone = (err: Error) => {
          failCalls(worker, err);
          if (ready) retire(worker);
          else reject(err);
        };
        worker.on('message', (message: WorkerServiceMessage<R>) => {
          if (message.type === 'ready') {
            ready = true;
            live = worker;
            resolve(worker);
          } else if (message.type === 'failed') {
            reject(opts.errors.failed(message.message));
            void worker.terminate();
          } else {
            const p = pending.get(message.id);
            if (!p) return; // timed out meanwhile
            pending.delete(message.id);
            clearTimeout(p.timer);
            if (message.type === 'result') p.resolve(message.result);
            else p.reject(opts.errors.failed(message.message));
          }
        });
        worker.on('error', gone);
        worker.on('exit', (code) => gone(opts.errors.exited(code)));
        worker.postMessage(init);
      }, reject);
    });

  const worker = (): Promise<Worker> => {
    current ??= start().catch((err: unknown) => {
      current = null;
      throw err;
    });
    return current;
  };

  await worker();
  return {
    async call(request) {
      if (closed) throw opts.errors.exited(0);
      const w = await worker();
      nextId += 1;
      const id = nextId;
      return new Promise<R>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(opts.errors.timedOut());
          retire(w);
        }, opts.timeoutMs);
        pending.set(id, { worker: w, resolve, reject, timer });
        w.postMessage({ id, request });
      });
    },
    async close() {
      closed = true;
      const starting = current;
      current = null;
      live = null;
      const w = starting ? await starting.catch(() => null) : null;
      if (w) {
        failCalls(w, opts.errors.exited(0));
        await w.terminate();
      }
    },
  };
}

/**
 * The worker's side of startWorkerService (call it at the top level of a worker entry): sets up
 * with the first message, then answers every call with `setup`'s handler, by the call's id.
 */
export function serveWorkerCalls<Init, Req, R>(
  setup: (init: Init) => Promise<(request: Req) => Promise<R>>,
): void {
  const port = parentPort;
  if (!port) return;
  const post = (message: WorkerServiceMessage<R>) => port.postMessage(message);
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  port.once('message', (init: Init) => {
    setup(init).then(
      (handle) => {
        port.on('message', ({ id, request }: { id: number; request: Req }) => {
          handle(request).then(
            (result) => post({ type: 'result', id, result }),
            (error: unknown) => post({ type: 'error', id, message: message(error) }),
          );
        });
        post({ type: 'ready' });
      },
      (error: unknown) => post({ type: 'failed', message: message(error) }),
    );
  });
}
