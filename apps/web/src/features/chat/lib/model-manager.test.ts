import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelArtifacts } from '@dwitunggal/classifier/artifacts';
import { server } from '@/testing/server';
import { createModelApi, seedDataset, trainModel } from '../testing/model-server';
import { classifierFor, forgetModels, getModelStatus } from './model-manager';

/**
 * A new version whose files are damaged (truncated weights, model.json that is not JSON or
 * names missing weights, weights that are not numbers) must never replace the model in use:
 * the chat keeps answering with the last good version, and picks up the next good one.
 */
let models: ReturnType<typeof createModelApi>;
let good: ModelArtifacts;

const base = (version: number) => `*/api/models/soekarno/v/${version}`;

beforeEach(() => {
  models = createModelApi();
  server.use(...models.handlers);
  const data = seedDataset('soekarno');
  good ??= trainModel({ tags: data.tags }, true);
});

afterEach(() => forgetModels());

async function expectVersion(version: number) {
  const loaded = await classifierFor('soekarno');
  expect(loaded.version).toBe(version);
  const answer = await loaded.classifier.classify('kapan proklamasi kemerdekaan dibacakan');
  expect(Number.isFinite(answer.probability)).toBe(true);
  expect(getModelStatus('soekarno')).toMatchObject({ state: 'ready', version });
}

describe('model loading: a damaged new version keeps the last good model', () => {
  it.each([
    {
      name: 'truncated weights.bin',
      handler: () =>
        http.get(`${base(2)}/weights.bin`, () =>
          HttpResponse.arrayBuffer(good.weights.slice(0, Math.floor(good.weights.byteLength / 2)), {
            headers: { 'content-type': 'application/octet-stream' },
          }),
        ),
    },
    {
      name: 'model.json that is not JSON',
      handler: () =>
        http.get(`${base(2)}/model.json`, () =>
          HttpResponse.text(JSON.stringify(good.modelJson).slice(0, 200), {
            headers: { 'content-type': 'application/json' },
          }),
        ),
    },
    {
      name: 'model.json whose manifest lists no weights',
      handler: () =>
        http.get(`${base(2)}/model.json`, () =>
          HttpResponse.json({
            ...good.modelJson,
            weightsManifest: [{ paths: ['weights.bin'], weights: [] }],
          }),
        ),
    },
    {
      name: 'weights.bin of the right size holding NaN',
      handler: () =>
        http.get(`${base(2)}/weights.bin`, () =>
          HttpResponse.arrayBuffer(
            new Float32Array(good.weights.byteLength / 4).fill(Number.NaN).buffer,
            {
              headers: { 'content-type': 'application/octet-stream' },
            },
          ),
        ),
    },
    {
      name: 'content.json that is not JSON',
      handler: () =>
        http.get(`${base(2)}/content.json`, () =>
          HttpResponse.text('{"tags": [', { headers: { 'content-type': 'application/json' } }),
        ),
    },
  ])('$name', async ({ handler }) => {
    models.publish('soekarno', 1, good);
    await expectVersion(1);

    server.use(handler());
    models.publish('soekarno', 2, good);
    await expectVersion(1); // v2 failed to load: v1 answers
    expect(models.requests.some((r) => r.startsWith('soekarno/2/'))).toBe(true);

    models.publish('soekarno', 3, good);
    await expectVersion(3); // the next good version is taken
  });
});

describe('model loading: a retraining that finishes while the model loads', () => {
  it("loads the new active version when the old one's files are refused", async () => {
    models.publish('soekarno', 1, good);
    // The browser has read /active (v1); while it fetches v1's files, v2 becomes active and
    // v1's files go private: they are refused to this anonymous request.
    server.use(
      http.get(`${base(1)}/:file`, () => {
        models.publish('soekarno', 2, good);
        return HttpResponse.json(
          { code: 401, status: 'error', message: 'Unauthorized' },
          { status: 401 },
        );
      }),
    );
    await expectVersion(2);
  });
});
