import { createHash } from 'node:crypto';
import type { QualityReport } from '@dwitunggal/contracts/tags';
import { serviceUnavailable } from '../../lib/errors';
import { runWorkerJob, type WorkerEntry, type WorkerJob } from '../../lib/worker-thread';
import type { QualityWorkerRequest } from './quality-worker';

const QUALITY_WORKER: WorkerEntry = {
  name: 'quality-worker',
  bundled: new URL('./quality-worker.js', import.meta.url),
  source: new URL('./quality-worker.ts', import.meta.url),
};

const SHUTTING_DOWN = 'The server is shutting down';

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
  const jobs = new Set<WorkerJob<QualityReport>>();
  let computations = 0;
  let closed = false;

  function compute(request: QualityWorkerRequest): Promise<QualityReport> {
    computations += 1;
    const job = runWorkerJob<QualityWorkerRequest, never, QualityReport>(QUALITY_WORKER, request, {
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      timeoutMs,
      errors: {
        failed: (message) => new Error(message),
        timedOut: () =>
          serviceUnavailable('The quality report took too long. Please try again later.'),
        exited: (code) => new Error(`Quality worker stopped unexpectedly (exit code ${code})`),
      },
    });
    jobs.add(job);
    return job.result.finally(() => jobs.delete(job));
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
        if (closed) throw new Error(SHUTTING_DOWN);
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
      await Promise.all([...jobs].map((job) => job.cancel(new Error(SHUTTING_DOWN))));
    },
  };
}
