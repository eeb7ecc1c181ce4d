/**
 * worker_threads entry of a training run: trains the figure's model with packages/classifier,
 * then cross-validates the same recipe (stratified k-fold, fixed seed) for the quality gate and
 * scores the held-out questions it is given. Bundled as its own file (dist/train-worker.js) so
 * that the server can start it; under tsx / vitest the host registers tsx first.
 *
 * Protocol: the worker job of lib/worker-thread.ts (one WorkerRequest in; progress, then one
 * TrainingResult or one error out).
 */
import {
  readModel,
  unpackArtifacts,
  type FileToVerify,
  type ModelArtifacts,
} from '@dwitunggal/classifier/artifacts';
import { parseDataset, type Dataset, type LabelledText } from '@dwitunggal/classifier/dataset';
import { crossValidate, metricsOf, predictAll, top2 } from '@dwitunggal/classifier/evaluate';
import { assertCompatible } from '@dwitunggal/classifier/infer';
import { forward } from '@dwitunggal/classifier/model';
import { encode } from '@dwitunggal/classifier/preprocess';
import { metricsReport, type MetricsReport } from '@dwitunggal/classifier/report';
import {
  DEFAULT_CONFIG,
  train,
  type EpochStats,
  type TrainConfig,
} from '@dwitunggal/classifier/train';
import { serveWorkerJob } from '../../lib/worker-thread';

export interface WorkerRequest {
  dataset: Dataset;
  seed: number;
  folds: number;
  /** Held-out learner questions; items whose tag the dataset lacks are ignored. */
  heldOut?: LabelledText[];
  /** The figure's regression set (curated inbox questions); scored like `heldOut`. */
  regression?: LabelledText[];
  /** The version serving now: scored on the same regression questions, for the gate. */
  serving?: { version: number; files: FileToVerify[] } | null;
}

/** A regression score, with the serving version's accuracy on the same questions. */
export type RegressionReport = MetricsReport & {
  serving: { version: number; accuracy: number } | null;
};

export type WorkerProgress = {
  phase: 'training' | 'evaluating';
  epoch: number;
  epochs: number;
  loss: number | null;
};

/** What the worker answers (weights.bin transferred, not copied). */
export interface TrainingResult {
  artifacts: ModelArtifacts;
  history: EpochStats[];
  cv: MetricsReport & { folds: number; seed: number };
  heldout?: MetricsReport;
  regression?: RegressionReport;
  /** Training plus evaluation, in the worker. */
  durationMs: number;
}

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
): TrainingResult {
  const started = performance.now();
  const dataset = parseDataset(request.dataset);
  let loss: number | null = null;
  let done = 0;
  onProgress({ phase: 'training', epoch: 0, epochs: TRAINING_STEPS, loss });
  const trained = train(dataset, {
    seed: request.seed,
    onProgress: (_epoch, l) => {
      loss = l;
      done += 1;
      onProgress({
        phase: 'training',
        epoch: done,
        epochs: TRAINING_STEPS,
        loss,
      });
    },
  });

  // Every fold's fit reports TRAINING_STEPS steps: count them to report folds done. The loss
  // shown stays the final model's.
  onProgress({ phase: 'evaluating', epoch: 0, epochs: request.folds, loss });
  let foldSteps = 0;
  const cv = crossValidate(dataset, {
    folds: request.folds,
    seed: request.seed,
    config: CV_CONFIG,
    onProgress: () => {
      foldSteps += 1;
      if (TRAINING_STEPS > 0 && foldSteps % TRAINING_STEPS === 0) {
        const epoch = Math.min(request.folds, foldSteps / TRAINING_STEPS);
        onProgress({ phase: 'evaluating', epoch, epochs: request.folds, loss });
      }
    },
  });

  const known = new Set(dataset.tags.map((t) => t.tag));
  /** The items whose tag the model has, and the model's report on them (none: undefined). */
  const scoreOn = (all: readonly LabelledText[] | undefined) => {
    const items = (all ?? []).filter((i) => known.has(i.tag));
    if (items.length === 0) return undefined;
    const report = metricsReport(metricsOf(trained.model.tags, predictAll(trained.model, items)));
    return { items, report };
  };
  const heldout = scoreOn(request.heldOut)?.report;
  const scored = scoreOn(request.regression);
  const regression: RegressionReport | undefined = scored && {
    ...scored.report,
    serving: request.serving ? servingScore(request.serving, scored.items) : null,
  };
  return {
    artifacts: trained.artifacts,
    history: trained.history,
    cv: { ...metricsReport(cv.metrics), folds: request.folds, seed: request.seed },
    ...(heldout ? { heldout } : {}),
    ...(regression ? { regression } : {}),
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * The serving version's accuracy on `items` (its top tag against the annotated one, as the
 * candidate is scored), from its stored files; null when they cannot be read or were made by
 * other preprocessing than this code's.
 */
export function servingScore(
  serving: { version: number; files: FileToVerify[] },
  items: readonly LabelledText[],
): { version: number; accuracy: number } | null {
  try {
    const { modelJson, weights, wordIndex, content } = unpackArtifacts(serving.files);
    assertCompatible(content);
    const { spec, params } = readModel(modelJson, weights);
    let right = 0;
    for (const item of items) {
      const ids = encode(item.text, wordIndex, content.inputLength, content.preprocess);
      if (top2(content.tags, forward(spec, params, ids)).tag === item.tag) right += 1;
    }
    return { version: serving.version, accuracy: Math.round((right / items.length) * 1e4) / 1e4 };
  } catch {
    return null;
  }
}

serveWorkerJob(runTraining, (result) => [result.artifacts.weights]);
