/**
 * Test support only (imported by *.test.tsx, never by the app): model versions and training
 * runs as the server returns them, and MSW handlers for the registry.
 */
import { http } from 'msw';
import type { ModelVersion, TrainingRun } from '@dwitunggal/contracts/models';
import { failure, server, success } from '@/testing/server';

const TAGS = ['sapaan', 'proklamasi', 'pemikiran'];

function report(confusion: number[][]) {
  const perTag = Object.fromEntries(
    TAGS.map((tag, i) => {
      const row = confusion[i] ?? [];
      const tp = row[i] ?? 0;
      const support = row.reduce((a, b) => a + b, 0);
      const predicted = confusion.reduce((a, r) => a + (r[i] ?? 0), 0);
      const precision = predicted ? tp / predicted : 0;
      const recall = support ? tp / support : 0;
      const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
      return [tag, { precision, recall, f1, support }];
    }),
  );
  const n = confusion.flat().reduce((a, b) => a + b, 0);
  const correct = TAGS.reduce((a, _, i) => a + (confusion[i]?.[i] ?? 0), 0);
  const f1s = Object.values(perTag).map((m) => m.f1);
  return {
    n,
    accuracy: correct / n,
    macroF1: f1s.reduce((a, b) => a + b, 0) / f1s.length,
    perTag,
    confusion,
    tags: TAGS,
  };
}

export function makeVersion(version: number, patch: Partial<ModelVersion> = {}): ModelVersion {
  return {
    id: `00000000-0000-4000-8000-00000000000${version}`,
    version,
    status: 'retired',
    createdAt: `2026-11-2${version}T08:00:00.000Z`,
    durationMs: 4200,
    dataHash: `${version}f3a9c0d1e2b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5`,
    tags: 3,
    inputs: 30,
    metrics: {
      cv: {
        ...report([
          [9, 1, 0],
          [0, 10, 0],
          [2, 0, 8],
        ]),
        folds: 5,
        seed: 1,
      },
      heldout: report([
        [4, 0, 0],
        [1, 3, 0],
        [0, 0, 4],
      ]),
    },
    history: [
      { epoch: 1, loss: 1.1 },
      { epoch: 20, loss: 0.4 },
      { epoch: 40, loss: 0.12 },
    ],
    bytes: 48_210,
    ...patch,
  };
}

export function makeRun(patch: Partial<TrainingRun> = {}): TrainingRun {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    figure: 'soekarno',
    status: 'running',
    progress: { phase: 'training', epoch: 10, epochs: 40, loss: 0.5 },
    startedAt: '2026-11-22T08:00:00.000Z',
    finishedAt: null,
    durationMs: null,
    error: null,
    versionId: null,
    version: null,
    activated: null,
    gate: null,
    ...patch,
  };
}

export const succeededRun = (patch: Partial<TrainingRun> = {}) =>
  makeRun({
    status: 'succeeded',
    progress: { phase: 'done', epoch: 1, epochs: 1, loss: 0.1 },
    finishedAt: '2026-11-22T08:00:05.000Z',
    durationMs: 5100,
    version: 3,
    versionId: '00000000-0000-4000-8000-000000000003',
    activated: true,
    gate: { passed: true, candidateMacroF1: 0.91, activeMacroF1: 0.9, threshold: 0.02 },
    ...patch,
  });

/**
 * The registry behind MSW: `versions` per figure, and for a started run the answers of the
 * successive polls (the last one repeats). Records the calls.
 */
export function fakeModelsApi(opts: {
  versions?: ModelVersion[];
  /** The answers of the successive polls (the last repeats), or a function of the poll index. */
  runs?: TrainingRun[] | ((poll: number) => TrainingRun);
  start?: () => Response;
}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let versions = opts.versions ?? [];
  let polls = 0;
  server.use(
    http.get('*/api/chatbot/tags/nama/:nama', () => success([], 200, 'Daftar tag')),
    http.get('*/api/chatbot/quality/:nama', () => failure(500, 'Internal Server Error')),
    http.get('*/api/models/:figure/versions', ({ request }) => {
      calls.push({ method: 'GET', path: new URL(request.url).pathname, body: null });
      return success(versions, 200, 'Daftar versi model');
    }),
    http.post('*/api/etl-run-model1-:figure', async ({ request }) => {
      calls.push({
        method: 'POST',
        path: new URL(request.url).pathname,
        body: await request.json().catch(() => null),
      });
      return opts.start?.() ?? success({ runId: makeRun().id }, 202, 'Pelatihan model dimulai');
    }),
    http.get('*/api/training-runs/:id', () => {
      const runs = opts.runs ?? [succeededRun()];
      const run =
        typeof runs === 'function' ? runs(polls) : runs[Math.min(polls, runs.length - 1)]!;
      polls += 1;
      return success(run, 200, 'Status pelatihan');
    }),
    http.post('*/api/models/:figure/versions/:version/activate', ({ request, params }) => {
      calls.push({ method: 'POST', path: new URL(request.url).pathname, body: null });
      const n = Number(params.version);
      versions = versions.map((v) => ({
        ...v,
        status: v.version === n ? 'active' : v.status === 'active' ? 'retired' : v.status,
      }));
      const v = versions.find((x) => x.version === n);
      return v
        ? success(v, 200, `Versi ${n} sekarang aktif`)
        : failure(404, 'Versi model tidak ditemukan');
    }),
  );
  return { calls, polls: () => polls };
}
