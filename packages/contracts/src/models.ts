import type { CharacterKey } from './characters';

/**
 * Zod-free part (constants, types; schemas in `./schemas/models`) of the model registry and retraining API (issue 4): training runs, model versions, the quality
 * gate, and the artifact URLs the browser loads the tfjs model from.
 */

/** A new model more than this much below the active one (cross-validated macro-F1) is gated. */
export const GATE_THRESHOLD = 0.02;
/** Versions kept per figure besides the active one; older ones are pruned with a new version. */
export const KEEP_VERSIONS = 20;
/** Cross-validation of every run: folds and the fixed seed. */
export const CV_FOLDS = 5;
export const TRAINING_SEED = 1;

/** The files of a model version, served under /api/models/{figure}/v/{version}/. */
export const MODEL_FILES = [
  'model.json',
  'weights.bin',
  'word_index.json',
  'content.json',
] as const;
export type ModelFileName = (typeof MODEL_FILES)[number];

export function isModelFileName(name: string): name is ModelFileName {
  return (MODEL_FILES as readonly string[]).includes(name);
}

/** The immutable URL of one file of a version. */
export const modelFileUrl = (figure: CharacterKey, version: number, file: ModelFileName) =>
  `/api/models/${figure}/v/${version}/${file}`;

/** The error of a run that a stopped server left unfinished. */
export const RESTARTED_ERROR = 'Server restarted during training';

/** Envelope messages (Indonesian: admins read them in toasts). */
export const MODEL_MESSAGES = {
  runStarted: 'Pelatihan model dimulai',
  runInProgress: (name: string) => `Model ${name} sedang dilatih; tunggu sampai pelatihan selesai`,
  runNotFound: 'Riwayat pelatihan tidak ditemukan',
  run: 'Status pelatihan',
  active: 'Model aktif',
  noActive: (name: string) => `Model ${name} belum tersedia`,
  versions: 'Daftar versi model',
  versionNotFound: 'Versi model tidak ditemukan',
  activated: (version: number) => `Versi ${version} sekarang aktif`,
  purged: (version: number) => `Versi ${version} dan berkasnya telah dihapus`,
  purgeActive: (version: number) =>
    `Versi ${version} sedang aktif dan tidak dapat dihapus; aktifkan versi lain lebih dulu`,
  fileNotFound: 'Berkas model tidak ditemukan',
  figureNotFound: 'Karakter tidak ditemukan: gunakan soekarno atau hatta',
} as const;

export const TRAINING_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const TRAINING_PHASES = [
  'queued',
  'preparing',
  'training',
  'evaluating',
  'saving',
  'done',
  'failed',
] as const;
export const MODEL_VERSION_STATUSES = ['active', 'candidate', 'retired'] as const;

// Type-only, so erased at run time: no module of this cycle runs half-initialised (no-cycle skips
// `import type` but not `export type ... from`).
// eslint-disable-next-line import-x/no-cycle
export type {
  ActiveModel,
  GateResult,
  MetricsReport,
  ModelMetrics,
  ModelVersion,
  ModelVersionStatus,
  PurgedVersion,
  StartRunBody,
  StartRunData,
  TrainingPhase,
  TrainingProgress,
  TrainingRun,
  TrainingRunStatus,
} from './schemas/models';
