import { runWorkerJob, type WorkerEntry, type WorkerJob } from '../../lib/worker-thread';
import type { TrainingResult, WorkerProgress, WorkerRequest } from './train-worker';

/**
 * A training run that failed for a reason worth showing: bad data reported by the trainer, the
 * time limit, or the worker stopping. Its message is safe to show; any other error is not.
 */
export class TrainingError extends Error {
  override name = 'TrainingError';
}

export type TrainingJob = WorkerJob<TrainingResult>;

const TRAIN_WORKER: WorkerEntry = {
  name: 'train-worker',
  bundled: new URL('./train-worker.js', import.meta.url),
  source: new URL('./train-worker.ts', import.meta.url),
};

/** Runs one training job in a new worker thread (dist/train-worker.js), off the event loop. */
export function startTrainingJob(
  request: WorkerRequest,
  opts: { onProgress: (p: WorkerProgress) => void; timeoutMs: number },
): TrainingJob {
  return runWorkerJob<WorkerRequest, WorkerProgress, TrainingResult>(TRAIN_WORKER, request, {
    resourceLimits: { maxOldGenerationSizeMb: 512 },
    timeoutMs: opts.timeoutMs,
    onProgress: opts.onProgress,
    errors: {
      failed: (message) => new TrainingError(message),
      timedOut: () =>
        new TrainingError(
          `Training took longer than ${Math.max(1, Math.ceil(opts.timeoutMs / 1000))} s`,
        ),
      exited: (code) =>
        new TrainingError(`Training worker stopped unexpectedly (exit code ${code})`),
    },
  });
}
