import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { SuccessEnvelope } from '@dwitunggal/contracts/envelope';
import type {
  ModelFileName,
  ModelVersion,
  TrainingPhase,
  TrainingRun,
} from '@dwitunggal/contracts/models';
import { api } from '@/lib/api-client';

/*
 * The model registry calls (issue 4). Type-only imports from the contracts: the zod schemas stay
 * out of these chunks; the few constants the screens need are restated below.
 */
export type { ModelVersion, TrainingPhase, TrainingRun };

/** Spec section 8: the model toasts, verbatim. */
export const MODEL_TOASTS = {
  success: 'Model TFJS berhasil diperbaharui!',
  failure: 'model TFJS gagal diperbaharui!',
} as const;

/** Spec section 9: model toasts stay 4.5 s; the model page opens 3 s after success. */
export const MODEL_TOAST_MS = 4500;
export const MODEL_TAB_DELAY_MS = 3000;
/** Spec section 9: the retraining estimate when no earlier run is known. */
export const DEFAULT_ETA_MS = 60_000;
/** How often a running training run is polled. */
export const POLL_MS = 400;

/** The four files of a version, served under /api/models/{figure}/v/{version}/. */
export const MODEL_FILE_NAMES: readonly ModelFileName[] = [
  'model.json',
  'weights.bin',
  'word_index.json',
  'content.json',
];

export const modelFileHref = (figure: CharacterKey, version: number, file: ModelFileName) =>
  `/api/models/${figure}/v/${version}/${file}`;

/**
 * Downloads a file of a version that is not active: the server sends those only with the bearer
 * token (they may hold training data deleted since), so a plain link cannot fetch them.
 */
export async function downloadModelFile(
  figure: CharacterKey,
  version: number,
  file: ModelFileName,
): Promise<void> {
  const res = await api.get<ArrayBuffer>(`/models/${figure}/v/${version}/${file}`, {
    responseType: 'arraybuffer',
  });
  const type = String(res.headers['content-type'] ?? 'application/octet-stream');
  const url = URL.createObjectURL(new Blob([res.data], { type }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${figure}-v${version}-${file}`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** POST /etl-run-model1-{figure}: starts a retrain; the id of the run to poll. */
export async function startTraining(figure: CharacterKey, force: boolean): Promise<string> {
  const res = await api.post<SuccessEnvelope<{ runId: string }>>(
    `/etl-run-model1-${figure}`,
    force ? { force: true } : {},
  );
  const runId = res.data?.data?.runId;
  if (typeof runId !== 'string') throw new Error('No run id in the answer');
  return runId;
}

/** GET /training-runs/{id}. */
export async function fetchRun(id: string, signal?: AbortSignal): Promise<TrainingRun> {
  const res = await api.get<SuccessEnvelope<TrainingRun>>(
    `/training-runs/${encodeURIComponent(id)}`,
    { signal },
  );
  const run = res.data?.data;
  if (!run || typeof run.status !== 'string' || !run.progress) throw new Error('Malformed run');
  return run;
}

function isVersion(value: unknown): value is ModelVersion {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const metrics = v.metrics as Record<string, unknown> | undefined;
  return (
    typeof v.version === 'number' &&
    typeof v.status === 'string' &&
    typeof v.createdAt === 'string' &&
    Array.isArray(v.history) &&
    !!metrics &&
    typeof metrics.cv === 'object'
  );
}

/** GET /models/{figure}/versions: every kept version, newest first (any signed-in user). */
export async function fetchVersions(
  figure: CharacterKey,
  signal?: AbortSignal,
): Promise<ModelVersion[]> {
  const res = await api.get<SuccessEnvelope<unknown>>(`/models/${figure}/versions`, { signal });
  const data = res.data?.data;
  if (!Array.isArray(data) || !data.every(isVersion)) throw new Error('Malformed version list');
  return data;
}

/** POST /models/{figure}/versions/{version}/activate (admin): the server's message. */
export async function activateVersion(figure: CharacterKey, version: number): Promise<string> {
  const res = await api.post<SuccessEnvelope<ModelVersion>>(
    `/models/${figure}/versions/${version}/activate`,
  );
  return res.data?.message ?? `Versi ${version} sekarang aktif`;
}

/**
 * The overall share (0..1) of a run done, from its phase and step: cross-validation retrains
 * the model once per fold, so it takes most of the time.
 */
export function runFraction(progress: TrainingRun['progress'] | undefined): number {
  if (!progress) return 0;
  const step = progress.epochs > 0 ? Math.min(1, progress.epoch / progress.epochs) : 0;
  switch (progress.phase) {
    case 'queued':
      return 0.01;
    case 'preparing':
      return 0.04;
    case 'training':
      return 0.05 + 0.25 * step;
    case 'evaluating':
      return 0.3 + 0.65 * step;
    case 'saving':
      return 0.96;
    case 'done':
      return 1;
    default:
      return 0;
  }
}

/** What the overlay says the run is doing. */
export function phaseLabel(progress: TrainingRun['progress'] | undefined): string {
  if (!progress) return 'Mengirim permintaan…';
  switch (progress.phase) {
    case 'queued':
      return 'Menunggu giliran pelatihan…';
    case 'preparing':
      return 'Menyiapkan data latih…';
    case 'training':
      return progress.epochs > 0
        ? `Melatih model · langkah ${progress.epoch} dari ${progress.epochs}`
        : 'Melatih model…';
    case 'evaluating':
      return progress.epochs > 0
        ? `Menguji model · lipatan ${progress.epoch} dari ${progress.epochs}`
        : 'Menguji model…';
    case 'saving':
      return 'Menyimpan versi baru…';
    case 'done':
      return 'Selesai';
    case 'failed':
      return 'Pelatihan gagal';
  }
}

/** The estimate of a retrain: the newest version's training time, else the spec's 1 minute. */
export function estimateFrom(versions: readonly ModelVersion[] | null): number {
  const last = versions?.[0]?.durationMs;
  // The version records the worker's time; the request, queue and save add about a second.
  return typeof last === 'number' && last > 0 ? last + 1000 : DEFAULT_ETA_MS;
}
