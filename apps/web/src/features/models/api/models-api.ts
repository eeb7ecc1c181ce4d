import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { SuccessEnvelope } from '@dwitunggal/contracts/envelope';
import {
  MODEL_MESSAGES,
  modelFileUrl,
  type ModelFileName,
  type ModelVersion,
  type TrainingPhase,
  type TrainingRun,
} from '@dwitunggal/contracts/models';
import { api, envelopeData } from '@/lib/api-client';

/*
 * The model registry calls (issue 4). Answers are checked against the contracts' schemas, loaded
 * with the first call; constants come from the contracts' zod-free entry.
 */
const schemas = () => import('@dwitunggal/contracts/schemas/models');
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

/**
 * Downloads a file of a version that is not active: the server sends those only with the bearer
 * token (they may hold training data deleted since), so a plain link cannot fetch them.
 */
export async function downloadModelFile(
  figure: CharacterKey,
  version: number,
  file: ModelFileName,
): Promise<void> {
  // modelFileUrl is absolute (/api/...): the client's baseURL is /api.
  const res = await api.get<ArrayBuffer>(modelFileUrl(figure, version, file).slice('/api'.length), {
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
  const { runId } = await envelopeData(
    api.post(`/etl-run-model1-${figure}`, force ? { force: true } : {}),
    schemas().then((m) => m.startRunData),
    'training start',
  );
  return runId;
}

/** GET /training-runs/{id}. */
export function fetchRun(id: string, signal?: AbortSignal): Promise<TrainingRun> {
  return envelopeData(
    api.get(`/training-runs/${encodeURIComponent(id)}`, { signal }),
    schemas().then((m) => m.trainingRun),
    'training run',
  );
}

/** GET /models/{figure}/versions: every kept version, newest first (any signed-in user). */
export function fetchVersions(figure: CharacterKey, signal?: AbortSignal): Promise<ModelVersion[]> {
  return envelopeData(
    api.get(`/models/${figure}/versions`, { signal }),
    schemas().then((m) => m.modelVersionList),
    'version list',
  );
}

/** POST /models/{figure}/versions/{version}/activate (admin): the server's message. */
export async function activateVersion(figure: CharacterKey, version: number): Promise<string> {
  const res = await api.post<SuccessEnvelope<ModelVersion>>(
    `/models/${figure}/versions/${version}/activate`,
  );
  return res.data?.message ?? MODEL_MESSAGES.activated(version);
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
