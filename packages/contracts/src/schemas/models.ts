import { TRAINING_PHASES, TRAINING_RUN_STATUSES, MODEL_VERSION_STATUSES } from '../models';
import { characterKey } from './characters';
import { z } from './zod';

/** Body of POST /api/etl-run-model1-{figure}; the whole body is optional. */
export const startRunBody = z
  .object({
    etl_key: z.unknown().optional().describe('Accepted for compatibility and ignored'),
    force: z
      .boolean({ error: 'force must be true or false' })
      .optional()
      .describe('Activate the new model even if it fails the quality gate'),
  })
  .nullish();
export type StartRunBody = z.infer<typeof startRunBody>;

export const startRunData = z.object({ runId: z.uuid() });
export type StartRunData = z.infer<typeof startRunData>;

export const trainingRunStatus = z.enum(TRAINING_RUN_STATUSES);
export type TrainingRunStatus = z.infer<typeof trainingRunStatus>;

export const trainingPhase = z.enum(TRAINING_PHASES);
export type TrainingPhase = z.infer<typeof trainingPhase>;

export const trainingProgress = z
  .object({
    phase: trainingPhase,
    epoch: z
      .number()
      .int()
      .describe('Steps done in this phase (epochs, or folds while evaluating)'),
    epochs: z.number().int().describe('Steps of this phase'),
    loss: z.number().nullable().describe('Latest training loss (null before the first epoch)'),
  })
  .describe('Written by the training process at most every 200 ms; any server process reads it');
export type TrainingProgress = z.infer<typeof trainingProgress>;

export const gateResult = z.object({
  passed: z.boolean(),
  candidateMacroF1: z.number(),
  activeMacroF1: z.number().nullable().describe('null when the figure had no active model'),
  threshold: z.number(),
  regression: z
    .object({
      passed: z.boolean(),
      n: z.number().int(),
      candidateAccuracy: z.number(),
      servingAccuracy: z.number(),
    })
    .nullable()
    .optional()
    .describe(
      "The regression-set rule: the candidate may not score lower than the serving version on the figure's learner questions (null when there was nothing to compare)",
    ),
});
export type GateResult = z.infer<typeof gateResult>;

export const trainingRun = z.object({
  id: z.uuid(),
  figure: characterKey,
  status: trainingRunStatus,
  progress: trainingProgress,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable().describe('From the request to the stored version'),
  error: z.string().nullable(),
  versionId: z.uuid().nullable(),
  version: z.number().int().nullable(),
  activated: z.boolean().nullable(),
  gate: gateResult.nullable(),
});
export type TrainingRun = z.infer<typeof trainingRun>;

const tagMetrics = z.object({
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
  support: z.number().int(),
});

export const metricsReport = z.object({
  n: z.number().int(),
  accuracy: z.number(),
  macroF1: z.number(),
  perTag: z.record(z.string(), tagMetrics),
  /** Rows: gold tag, columns: predicted tag, both in `tags` order. */
  confusion: z.array(z.array(z.number().int())),
  tags: z.array(z.string()),
});
export type MetricsReport = z.infer<typeof metricsReport>;

export const modelMetrics = z.object({
  cv: metricsReport.extend({ folds: z.number().int(), seed: z.number().int() }),
  heldout: metricsReport
    .optional()
    .describe("The project's held-out learner questions whose tag the figure still has"),
  regression: metricsReport
    .extend({
      serving: z
        .object({ version: z.number().int(), accuracy: z.number() })
        .nullable()
        .describe('The version serving when the run started, scored on the same questions'),
    })
    .optional()
    .describe(
      "The figure's regression set (learner questions curators annotated in the inbox) whose tag the model has",
    ),
});
export type ModelMetrics = z.infer<typeof modelMetrics>;

export const activeModel = z.object({
  figure: characterKey,
  version: z.number().int(),
  modelUrl: z.string(),
  wordIndexUrl: z.string(),
  contentUrl: z.string(),
  createdAt: z.string(),
  metrics: modelMetrics,
});
export type ActiveModel = z.infer<typeof activeModel>;

export const modelVersionStatus = z.enum(MODEL_VERSION_STATUSES);
export type ModelVersionStatus = z.infer<typeof modelVersionStatus>;

/** Data of DELETE /api/models/{figure}/versions/{version}. */
export const purgedVersion = z.object({
  version: z.number().int(),
  bytes: z.number().int().describe('Bytes of stored files removed with the version'),
});
export type PurgedVersion = z.infer<typeof purgedVersion>;

export const modelVersion = z.object({
  id: z.uuid(),
  version: z.number().int(),
  status: modelVersionStatus,
  createdAt: z.string(),
  durationMs: z.number().int().describe('Training and cross-validation time in the worker'),
  dataHash: z.string().describe('sha256 of the canonical training data (tags sorted by name)'),
  tags: z.number().int().describe('Number of tags trained on'),
  inputs: z.number().int().describe('Number of inputs trained on'),
  metrics: modelMetrics,
  history: z.array(z.object({ epoch: z.number().int(), loss: z.number() })),
  bytes: z.number().int().describe('Total size of the four files'),
});
export type ModelVersion = z.infer<typeof modelVersion>;

export const modelVersionList = z.array(modelVersion);
