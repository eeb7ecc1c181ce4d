import { createHash } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import type { QualityReport } from '@dwitunggal/contracts/tags';
import { serviceUnavailable } from '../../lib/errors';
import { spawnWorker, type WorkerEntry } from '../../lib/worker-thread';
import type { QualityWorkerMessage, QualityWorkerRequest } from './quality-worker';

const QUALITY_WORKER: WorkerEntry = {
  name: 'quality-worker',
  bundled: new URL('./quality-worker.js', import.meta.url),
  source: new URL('./quality-worker.ts', import.meta.url),
};

/** A report computation that takes longer than this is stopped (the largest data takes seconds). */
export const QUALITY_TIMEOUT_MS = 60_000;

type QualityInput = readonly { tag: string; input: readonly string[] }[];

/**
 * The data-quality reports of the figures, computed off the event loop. The report is a pure
 * function of the tags' names and inputs, so it is keyed by a digest of them:
 *
 * - one computation per figure at a time, each in its own worker thread (ended when it answers,
 *   stopped after `timeoutMs`);
 * - requests for the data being computed share that computation; a request for other data
 *   (the figure changed meanwhile) waits for it to end, then starts its own;
 * - the last report of each figure is kept and answered again while the data stays the same,
 *   in any process, with no invalidation needed.
 */
export interface QualityReports {
  report(figure: string, tags: QualityInput): Promise<QualityReport>;
  /** Computations started so far (each one worker thread). */
  readonly computations: number;
  /** Stops the workers still running; their requests reject. */
  close(): Promise<void>;
}

export function createQualityReports(opts: { timeoutMs?: number } = {}): QualityReports {
  const timeoutMs = opts.timeoutMs ?? QUALITY_TIMEOUT_MS;
  const running = new Map<string, { key: string; promise: Promise<QualityReport> }>();
  const latest = new Map<string, { key: string; report: QualityReport }>();
  const workers = new Set<Worker>();
  let computations = 0;
  let closed = false;

  function compute(request: QualityWorkerRequest): Promise<QualityReport> {
    computations += 1;
    return new Promise<QualityReport>((resolve, reject) => {
      let worker: Worker | null = null;
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (worker) {
          workers.delete(worker);
          void worker.terminate();
        }
        fn();
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(serviceUnavailable('The quality report took too long. Please try again later.')),
          ),
        timeoutMs,
      );
      spawnWorker(QUALITY_WORKER, { maxOldGenerationSizeMb: 256 }).then(
        (w) => {
          if (settled || closed) {
            void w.terminate();
            finish(() => reject(new Error('The server is shutting down')));
            return;
          }
          worker = w;
          workers.add(w);
          w.on('message', (message: QualityWorkerMessage) =>
            finish(() =>
              message.type === 'result'
                ? resolve(message.report)
                : reject(new Error(message.message)),
            ),
          );
          w.on('error', (err) => finish(() => reject(err)));
          w.on('exit', (code) =>
            finish(() =>
              reject(new Error(`Quality worker stopped unexpectedly (exit code ${code})`)),
            ),
          );
          w.postMessage(request);
        },
        (err: unknown) => finish(() => reject(err instanceof Error ? err : new Error(String(err)))),
      );
    });
  }

  return {
    async report(figure, tags) {
      // Only names and inputs matter to the report: the digest and the worker get just those.
      const request: QualityWorkerRequest = {
        tags: tags.map((t) => ({ tag: t.tag, input: [...t.input] })),
      };
      const hash = createHash('sha256');
      for (const t of request.tags) hash.update(`${JSON.stringify([t.tag, t.input])}\n`);
      const key = hash.digest('hex');
      for (;;) {
        if (closed) throw new Error('The server is shutting down');
        const last = latest.get(figure);
        if (last?.key === key) return last.report;
        const current = running.get(figure);
        if (current?.key === key) return current.promise;
        if (current) {
          // Another version of this figure's data is being analysed: one at a time.
          await current.promise.catch(() => {});
          continue;
        }
        const promise = compute(request)
          .then((report) => {
            latest.set(figure, { key, report });
            return report;
          })
          .finally(() => running.delete(figure));
        running.set(figure, { key, promise });
        return promise;
      }
    },
    get computations() {
      return computations;
    },
    async close() {
      closed = true;
      await Promise.all([...workers].map((w) => w.terminate()));
    },
  };
}
