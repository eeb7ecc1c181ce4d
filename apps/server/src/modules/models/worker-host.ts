import type { Worker } from 'node:worker_threads';
import { spawnWorker, type WorkerEntry } from '../../lib/worker-thread';
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

const TRAIN_WORKER: WorkerEntry = {
  name: 'train-worker',
  bundled: new URL('./train-worker.js', import.meta.url),
  source: new URL('./train-worker.ts', import.meta.url),
};

/** Starts the training worker (dist/train-worker.js, or train-worker.ts from the source tree). */
const spawnTrainingWorker = () => spawnWorker(TRAIN_WORKER, { maxOldGenerationSizeMb: 512 });

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
          reject(
            new Error(
              `Training took longer than ${Math.max(1, Math.ceil(opts.timeoutMs / 1000))} s`,
            ),
          ),
        ),
      opts.timeoutMs,
    );
    spawnTrainingWorker().then(
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
          finish(() =>
            reject(new Error(`Training worker stopped unexpectedly (exit code ${code})`)),
          ),
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
