/**
 * worker_threads entry of a training run: trains the figure's model with packages/classifier,
 * then cross-validates the same recipe (stratified k-fold, fixed seed) for the quality gate and
 * scores the held-out questions it is given. Bundled as its own file (dist/train-worker.js) so
 * that the server can start it; under tsx / vitest the host registers tsx first.
 *
 * Protocol: the host posts one WorkerRequest; the worker posts progress messages, then exactly
 * one result (weights.bin transferred, not copied) or one error.
 */
import { parentPort } from 'node:worker_threads';
import type { ModelArtifacts } from '@dwitunggal/classifier/artifacts';
import { parseDataset, type Dataset, type LabelledText } from '@dwitunggal/classifier/dataset';
import { crossValidate, metrics, predictAll } from '@dwitunggal/classifier/evaluate';
import { metricsReport, type MetricsReport } from '@dwitunggal/classifier/report';
import {
  DEFAULT_CONFIG,
  train,
  type EpochStats,
  type TrainConfig,
} from '@dwitunggal/classifier/train';

export interface WorkerRequest {
  dataset: Dataset;
  seed: number;
  folds: number;
  /** Held-out learner questions; items whose tag the dataset lacks are ignored. */
  heldOut?: LabelledText[];
}

export type WorkerProgress = {
  type: 'progress';
  phase: 'training' | 'evaluating';
  epoch: number;
  epochs: number;
  loss: number | null;
};

export type WorkerMessage =
  | WorkerProgress
  | {
      type: 'result';
      artifacts: ModelArtifacts;
      history: EpochStats[];
      cv: MetricsReport & { folds: number; seed: number };
      heldout?: MetricsReport;
      /** Training plus evaluation, in the worker. */
      durationMs: number;
    }
  | { type: 'error'; message: string };

/** Training steps of the product recipe: the naive Bayes start counts as one, then the epochs. */
export const TRAINING_STEPS = DEFAULT_CONFIG.epochs + (DEFAULT_CONFIG.init === 'nb' ? 1 : 0);

/**
 * Cross-validation skips the temperature fit: a positive temperature scales every logit alike,
 * so it changes no prediction (argmax) and no metric, and it is half the cost of a fold. A test
 * checks the metrics are the same as with the full recipe.
 */
export const CV_CONFIG: Partial<TrainConfig> = { calibrationFolds: 0 };

/** The whole job, also callable in-process (tests compare it with the worker's answer). */
export function runTraining(
  request: WorkerRequest,
  onProgress: (p: WorkerProgress) => void = () => {},
): Extract<WorkerMessage, { type: 'result' }> {
  const started = performance.now();
  const dataset = parseDataset(request.dataset);
  let loss: number | null = null;
  let done = 0;
  onProgress({ type: 'progress', phase: 'training', epoch: 0, epochs: TRAINING_STEPS, loss });
  const trained = train(dataset, {
    seed: request.seed,
    onProgress: (_epoch, l) => {
      loss = l;
      done += 1;
      onProgress({
        type: 'progress',
        phase: 'training',
        epoch: done,
        epochs: TRAINING_STEPS,
        loss,
      });
    },
  });

  // Every fold's fit reports TRAINING_STEPS steps: count them to report folds done. The loss
  // shown stays the final model's.
  onProgress({ type: 'progress', phase: 'evaluating', epoch: 0, epochs: request.folds, loss });
  let foldSteps = 0;
  const cv = crossValidate(dataset, {
    folds: request.folds,
    seed: request.seed,
    config: CV_CONFIG,
    onProgress: () => {
      foldSteps += 1;
      if (TRAINING_STEPS > 0 && foldSteps % TRAINING_STEPS === 0) {
        const epoch = Math.min(request.folds, foldSteps / TRAINING_STEPS);
        onProgress({ type: 'progress', phase: 'evaluating', epoch, epochs: request.folds, loss });
      }
    },
  });

  const known = new Set(dataset.tags.map((t) => t.tag));
  const items = (request.heldOut ?? []).filter((i) => known.has(i.tag));
  let heldout: MetricsReport | undefined;
  if (items.length > 0) {
    const predictions = predictAll(trained.model, items);
    heldout = metricsReport(
      metrics(
        trained.model.tags,
        predictions.map((p) => p.tag),
        predictions.map((p) => p.predicted),
      ),
    );
  }
  return {
    type: 'result',
    artifacts: trained.artifacts,
    history: trained.history,
    cv: { ...metricsReport(cv.metrics), folds: request.folds, seed: request.seed },
    ...(heldout ? { heldout } : {}),
    durationMs: Math.round(performance.now() - started),
  };
}

const port = parentPort;
if (port) {
  port.once('message', (request: WorkerRequest) => {
    try {
      const result = runTraining(request, (p) => port.postMessage(p satisfies WorkerMessage));
      port.postMessage(result satisfies WorkerMessage, [result.artifacts.weights]);
    } catch (error) {
      port.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      } satisfies WorkerMessage);
    }
  });
}
