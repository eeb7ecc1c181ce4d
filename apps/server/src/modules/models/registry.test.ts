import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LayersModelJson, ModelContent } from '@dwitunggal/classifier/artifacts';
import { localModel } from '@dwitunggal/classifier/infer';
import { encode, type WordIndex } from '@dwitunggal/classifier/preprocess';
import { top2 } from '@dwitunggal/classifier/evaluate';
import type { ActiveModel, ModelVersion, TrainingRun } from '@dwitunggal/contracts/models';
import { expectAdminOnly, signUp, signUpAdmin, useTestContext } from '../../../test/helpers';
import { trainingRuns } from '../../db/schema';
import { createCacheBus } from '../../lib/cache';
import { resetFromSeed } from '../tags/seed';
import { canonicalDataset } from '@dwitunggal/classifier/dataset';
import { dataHashOf } from '@dwitunggal/classifier/digest';
import { createModelService } from './service';
import { api, scrambled, storedTags, syntheticTags, type Api } from './testing';
import { body, client } from '../../../test/client';

const ctx = useTestContext();
let adminToken: string;
let admin: Api;
let learner: Api;
let anonymous: Api;

beforeAll(async () => {
  adminToken = (await signUpAdmin(ctx)).token;
  admin = api(ctx.app, adminToken);
  learner = api(ctx.app, (await signUp(ctx.app)).token);
  anonymous = api(ctx.app);
});

const activeOf = async (figure: string) => {
  const res = await anonymous.get(`/api/models/${figure}/active`);
  return { res, data: res.statusCode === 200 ? body<ActiveModel>(res).data : null };
};
const versionsOf = async (figure: string) =>
  body<ModelVersion[]>(await admin.get(`/api/models/${figure}/versions`)).data;

/** Loads a served model with real TF.js, through its URL, as the browser does. */
async function loadServedModel(modelUrl: string): Promise<tf.LayersModel> {
  const fetchFunc = async (input: string | URL | Request) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const res = await client(ctx.app).get(url.pathname);
    return new Response(res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  };
  return tf.loadLayersModel(`http://localhost${modelUrl}`, { fetchFunc });
}

/** The four files of a model version and the content type each is served with. */
const MODEL_FILE_TYPES: Record<string, string> = {
  'model.json': 'application/json; charset=utf-8',
  'weights.bin': 'application/octet-stream',
  'word_index.json': 'application/json; charset=utf-8',
  'content.json': 'application/json; charset=utf-8',
};

describe('permissions', () => {
  it('answers 401 without a token and 403 to a learner on every admin route', async () => {
    const calls: [string, (c: Api) => ReturnType<Api['get']>][] = [
      ['retrain soekarno', (c) => c.post('/api/etl-run-model1-soekarno', { etl_key: 'x' })],
      ['retrain hatta', (c) => c.post('/api/etl-run-model1-hatta')],
      ['run', (c) => c.get('/api/training-runs/00000000-0000-4000-8000-000000000000')],
      ['activate', (c) => c.post('/api/models/soekarno/versions/1/activate')],
      ['purge', (c) => c.del('/api/models/soekarno/versions/1')],
    ];
    await expectAdminOnly(calls, anonymous, learner);
    expect(await ctx.database.db.$count(trainingRuns)).toBe(0);
  });

  it('lets any signed-in user read the versions, but not an anonymous caller', async () => {
    const none = await anonymous.get('/api/models/soekarno/versions');
    expect(none.statusCode).toBe(401);
    expect(body(none)).toMatchObject({ code: 401, status: 'error' });
    const read = await learner.get('/api/models/hatta/versions');
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(body<ModelVersion[]>(read).data).toEqual([]); // nothing trained yet
    expect((await learner.get('/api/models/sukarno/versions')).statusCode).toBe(404);
  });

  it('answers 404 envelopes for unknown figures, versions, files and runs', async () => {
    for (const url of [
      '/api/models/sukarno/active',
      '/api/models/soekarno/active',
      '/api/models/soekarno/model.json',
    ]) {
      const res = await anonymous.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(body(res)).toMatchObject({ code: 404, status: 'error' });
    }
    // A version that is not the active one: a token first, then 404.
    expect((await anonymous.get('/api/models/soekarno/v/1/model.json')).statusCode).toBe(401);
    expect((await learner.get('/api/models/soekarno/v/1/model.json')).statusCode).toBe(404);
    for (const url of [
      '/api/training-runs/nope',
      '/api/training-runs/00000000-0000-4000-8000-000000000000',
    ]) {
      expect((await admin.get(url)).statusCode, url).toBe(404);
    }
    expect((await admin.post('/api/models/soekarno/versions/1/activate')).statusCode).toBe(404);
    for (const url of ['/api/models/soekarno/versions/1', '/api/models/soekarno/versions/x']) {
      const res = await admin.del(url);
      expect(res.statusCode, url).toBe(404);
      expect(body(res)).toMatchObject({ code: 404, status: 'error' });
    }
  });
});

describe('registry', () => {
  let run: TrainingRun;
  let active: ActiveModel;

  beforeAll(async () => {
    await resetFromSeed(ctx.database, 'soekarno');
    run = await admin.train('soekarno', { etl_key: 'ignored-by-design' });
    active = (await activeOf('soekarno')).data as ActiveModel;
  });

  it('records a succeeded run with its version, gate and duration', async () => {
    expect(run).toMatchObject({
      figure: 'soekarno',
      status: 'succeeded',
      error: null,
      version: 1,
      activated: true,
      progress: { phase: 'done' },
      gate: { passed: true, activeMacroF1: null, threshold: 0.02 },
    });
    expect(run.durationMs).toBeGreaterThan(0);
    expect(run.finishedAt).not.toBeNull();
    expect(run.gate?.candidateMacroF1).toBeGreaterThan(0.5);
  });

  it('serves the active version with versioned URLs, never cached without revalidation', async () => {
    const { res } = await activeOf('soekarno');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(active).toMatchObject({
      figure: 'soekarno',
      version: 1,
      modelUrl: '/api/models/soekarno/v/1/model.json',
      wordIndexUrl: '/api/models/soekarno/v/1/word_index.json',
      contentUrl: '/api/models/soekarno/v/1/content.json',
    });
    expect(active.metrics.cv.macroF1).toBe(run.gate?.candidateMacroF1);
    expect(active.metrics.cv).toMatchObject({ folds: 5, seed: 1 });
    // The project's held-out questions are scored too.
    expect(active.metrics.heldout?.n).toBeGreaterThan(10);
  });

  it('lists the version with its data hash, metrics, history and size', async () => {
    const [v] = await versionsOf('soekarno');
    const tags = await storedTags(ctx.database.db).list('soekarno');
    expect(v).toMatchObject({
      version: 1,
      status: 'active',
      tags: tags.length,
      inputs: tags.reduce((n, t) => n + t.input.length, 0),
      dataHash: dataHashOf(canonicalDataset(tags)),
    });
    expect(v?.metrics.cv.confusion).toHaveLength(tags.length);
    expect(Object.keys(v?.metrics.cv.perTag ?? {})).toHaveLength(tags.length);
    expect(v?.history.length).toBeGreaterThan(0);
    let total = 0;
    for (const file of Object.keys(MODEL_FILE_TYPES)) {
      total += (await anonymous.get(`/api/models/soekarno/v/1/${file}`)).rawPayload.length;
    }
    expect(v?.bytes).toBe(total);
    // A learner reads the same list (the model page); activating stays admin-only (above).
    const asLearner = await learner.get('/api/models/soekarno/versions');
    expect(asLearner.statusCode).toBe(200);
    expect(body<ModelVersion[]>(asLearner).data).toEqual(await versionsOf('soekarno'));
  });

  it('serves immutable files with content types and entity tags', async () => {
    for (const [file, type] of Object.entries(MODEL_FILE_TYPES)) {
      const res = await anonymous.get(`/api/models/soekarno/v/1/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toBe(type);
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await anonymous.get(`/api/models/soekarno/v/1/${file}`, {
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // The unversioned alias serves the same bytes, revalidated on every use.
      const alias = await anonymous.get(`/api/models/soekarno/${file}`);
      expect(alias.headers['cache-control']).toBe('no-cache');
      expect(alias.headers.etag).toBe(etag);
      expect(alias.rawPayload.equals(res.rawPayload)).toBe(true);
    }
    const unknown = await anonymous.get('/api/models/soekarno/v/1/secret.txt');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ code: 404, status: 'error' });
    // A version that is not active (here: none) needs a token before it is looked up.
    expect((await anonymous.get('/api/models/soekarno/v/99/model.json')).statusCode).toBe(401);
    expect((await learner.get('/api/models/soekarno/v/99/model.json')).statusCode).toBe(404);
    expect((await anonymous.get('/api/models/soekarno/v/abc/model.json')).statusCode).toBe(404);
  });

  it('sends the model files Brotli- or gzip-compressed when accepted, with their own entity tags', async () => {
    for (const [file, type] of Object.entries(MODEL_FILE_TYPES)) {
      const url = `/api/models/soekarno/v/1/${file}`;
      const plain = await anonymous.get(url);
      expect(plain.headers['content-encoding'], file).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip, br;q=0', 'gzip', gunzipSync],
      ] as const) {
        const res = await anonymous.get(url, { headers: { 'accept-encoding': accept } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], `${file} ${accept}`).toBe(encoding);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary).toBe('accept-encoding');
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(decode(res.rawPayload).equals(plain.rawPayload)).toBe(true);
        const etag = String(res.headers.etag);
        expect(etag).not.toBe(plain.headers.etag);
        // Asked again (from the cache kept in memory): the same bytes.
        const again = await anonymous.get(url, { headers: { 'accept-encoding': accept } });
        expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
        const revalidated = await anonymous.get(url, {
          headers: { 'accept-encoding': accept, 'if-none-match': etag },
        });
        expect(revalidated.statusCode).toBe(304);
      }
    }
    // Without an encoding the client accepts: as stored.
    const identity = await anonymous.get('/api/models/soekarno/v/1/content.json', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('loads in real TF.js through model.json (weights.bin resolved beside it) and agrees with the local forward pass', async () => {
    await tf.setBackend('cpu');
    const model = await loadServedModel(active.modelUrl);
    const get = async <T>(url: string) => JSON.parse((await anonymous.get(url)).body) as T;
    const wordIndex = await get<WordIndex>(active.wordIndexUrl);
    const content = await get<ModelContent>(active.contentUrl);
    const modelJson = await get<LayersModelJson>(active.modelUrl);
    expect(modelJson.weightsManifest[0]?.paths).toEqual(['weights.bin']);
    const weights = (await anonymous.get('/api/models/soekarno/v/1/weights.bin')).rawPayload;
    const local = localModel(modelJson, new Uint8Array(weights).buffer);
    const probes = [
      'Bung, ceritakan masa kecilmu dong',
      'apa itu marhaenisme?',
      'kapan proklamasi dibacakan',
      'siapa istri bung karno',
      'halo bung',
    ];
    for (const text of probes) {
      const ids = encode(text, wordIndex, content.inputLength, content.preprocess);
      const out = model.predict(tf.tensor2d(ids, [1, ids.length], 'int32')) as tf.Tensor;
      const viaTf = top2(content.tags, await out.data());
      const viaLocal = top2(content.tags, await local.predict(ids));
      expect(viaTf.tag, text).toBe(viaLocal.tag);
      expect(Math.abs(viaTf.probability - viaLocal.probability)).toBeLessThan(1e-5);
    }
    model.dispose();
  });

  it('accepts a retrain request with no body at all, even with a JSON content type', async () => {
    const res = await client(ctx.app).post('/api/etl-run-model1-soekarno', '', {
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(202);
    const finished = await admin.wait(body<{ runId: string }>(res).data.runId);
    expect(finished).toMatchObject({ status: 'succeeded', version: 2, activated: true });
    const bad = await admin.post('/api/etl-run-model1-soekarno', { force: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('rolls back to an earlier version: /active and the files switch, in both directions', async () => {
    const before = await activeOf('soekarno');
    expect(before.data?.version).toBe(2);
    const res = await admin.post('/api/models/soekarno/versions/1/activate');
    expect(res.statusCode).toBe(200);
    expect(body<ModelVersion>(res).data).toMatchObject({ version: 1, status: 'active' });
    expect((await activeOf('soekarno')).data?.version).toBe(1);
    const v1 = await anonymous.get('/api/models/soekarno/v/1/content.json');
    expect((await anonymous.get('/api/models/soekarno/content.json')).headers.etag).toBe(
      v1.headers.etag,
    );
    expect((await versionsOf('soekarno')).map((v) => [v.version, v.status])).toEqual([
      [2, 'retired'],
      [1, 'active'],
    ]);
    expect((await admin.post('/api/models/soekarno/versions/2/activate')).statusCode).toBe(200);
    expect((await activeOf('soekarno')).data?.version).toBe(2);
    // Activating the active version changes nothing.
    expect((await admin.post('/api/models/soekarno/versions/2/activate')).statusCode).toBe(200);
    expect((await versionsOf('soekarno')).filter((v) => v.status === 'active')).toHaveLength(1);
  });
});

describe('quality gate', () => {
  const good = syntheticTags(6, 12, 3);

  it('keeps a clearly worse model as a candidate, serves the previous one, and activates it on demand', async () => {
    await admin.setTags('Hatta', good);
    const first = await admin.train('hatta');
    expect(first).toMatchObject({ status: 'succeeded', version: 1, activated: true });

    await admin.setTags('Hatta', scrambled(good));
    const worse = await admin.train('hatta');
    expect(worse).toMatchObject({ status: 'succeeded', version: 2, activated: false });
    expect(worse.gate?.passed).toBe(false);
    expect(worse.gate?.activeMacroF1).toBe(first.gate?.candidateMacroF1);
    expect((worse.gate?.activeMacroF1 ?? 0) - (worse.gate?.candidateMacroF1 ?? 0)).toBeGreaterThan(
      0.02,
    );
    expect((await activeOf('hatta')).data?.version).toBe(1);
    expect((await versionsOf('hatta')).map((v) => [v.version, v.status])).toEqual([
      [2, 'candidate'],
      [1, 'active'],
    ]);
    // The candidate's files exist (an admin may inspect or promote it), for signed-in users.
    expect((await learner.get('/api/models/hatta/v/2/model.json')).statusCode).toBe(200);
    expect((await anonymous.get('/api/models/hatta/v/2/model.json')).statusCode).toBe(401);

    const forced = await admin.train('hatta', { force: true });
    expect(forced).toMatchObject({ status: 'succeeded', version: 3, activated: true });
    expect(forced.gate?.passed).toBe(false);
    expect((await activeOf('hatta')).data?.version).toBe(3);

    // Promoting the candidate by hand works too.
    expect((await admin.post('/api/models/hatta/versions/2/activate')).statusCode).toBe(200);
    expect((await versionsOf('hatta')).map((v) => [v.version, v.status])).toEqual([
      [3, 'retired'],
      [2, 'active'],
      [1, 'retired'],
    ]);
  });

  it('keeps the newest versions and the active one when pruning', async () => {
    const service = createModelService({
      database: ctx.database,
      tags: storedTags(ctx.database.db),
      bus: await createCacheBus(ctx.database),
      options: { keepVersions: 2, heldOutDir: null },
    });
    try {
      await admin.setTags('Hatta', good);
      await expect(service.activate('hatta', 1)).resolves.toMatchObject({ status: 'active' });
      await admin.setTags('Hatta', scrambled(good, 11));
      for (const version of [4, 5]) {
        const run = await service.waitForRun((await service.startRun('hatta')).runId);
        expect(run).toMatchObject({ status: 'succeeded', version, activated: false });
      }
      // Newest two (5, 4) plus the active one (1); 2 and 3 are gone with their files.
      expect((await versionsOf('hatta')).map((v) => [v.version, v.status])).toEqual([
        [5, 'candidate'],
        [4, 'candidate'],
        [1, 'active'],
      ]);
      expect((await learner.get('/api/models/hatta/v/2/model.json')).statusCode).toBe(404);
      expect((await anonymous.get('/api/models/hatta/v/1/model.json')).statusCode).toBe(200);
      // Numbering continues after pruning.
      const next = await service.waitForRun(
        (await service.startRun('hatta', { force: true })).runId,
      );
      expect(next).toMatchObject({ version: 6, activated: true });
    } finally {
      await service.close();
    }
  });
});

describe('versions that are not active', () => {
  const SECRET = 'nomor telepon rahasia 0812-0000-1111';
  const base = syntheticTags(5, 10, 7);
  let retired: number;
  let current: number;

  beforeAll(async () => {
    // A tag that the admin later deletes: it is in the first version's content.json.
    await admin.setTags('Soekarno', [
      ...base,
      {
        tag: 'data_pribadi',
        input: ['siapa yang bisa dihubungi', 'nomor siapa ini'],
        responses: [SECRET],
      },
    ]);
    retired = (await admin.train('soekarno', { force: true })).version as number;
    await admin.setTags('Soekarno', base);
    current = (await admin.train('soekarno', { force: true })).version as number;
    expect((await activeOf('soekarno')).data?.version).toBe(current);
  });

  it("serves a retired version's files to signed-in users only, never for shared caches", async () => {
    const url = `/api/models/soekarno/v/${retired}/content.json`;
    const none = await anonymous.get(url);
    expect(none.statusCode).toBe(401);
    expect(body(none)).toMatchObject({ code: 401, status: 'error' });
    expect(none.body).not.toContain(SECRET);
    const read = await learner.get(url);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.body).toContain(SECRET);

    // The active version stays public and immutable (browsers and the service worker).
    const live = await anonymous.get(`/api/models/soekarno/v/${current}/content.json`);
    expect(live.statusCode).toBe(200);
    expect(live.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(live.body).not.toContain(SECRET);
  });

  it('lets an admin purge a version that is not active, with its files', async () => {
    expect((await learner.del(`/api/models/soekarno/versions/${retired}`)).statusCode).toBe(403);
    const res = await admin.del(`/api/models/soekarno/versions/${retired}`);
    expect(res.statusCode).toBe(200);
    expect(body<{ version: number; bytes: number }>(res)).toMatchObject({
      message: `Versi ${retired} dan berkasnya telah dihapus`,
      data: { version: retired },
    });
    expect(body<{ bytes: number }>(res).data.bytes).toBeGreaterThan(0);
    expect((await versionsOf('soekarno')).map((v) => v.version)).not.toContain(retired);
    for (const file of ['model.json', 'weights.bin', 'word_index.json', 'content.json']) {
      const gone = await admin.get(`/api/models/soekarno/v/${retired}/${file}`);
      expect(gone.statusCode, file).toBe(404);
    }
    expect((await admin.del(`/api/models/soekarno/versions/${retired}`)).statusCode).toBe(404);
    // The active model is untouched.
    expect((await activeOf('soekarno')).data?.version).toBe(current);
    expect((await anonymous.get(`/api/models/soekarno/v/${current}/model.json`)).statusCode).toBe(
      200,
    );
  });

  it('refuses to purge the active version with 409', async () => {
    const res = await admin.del(`/api/models/soekarno/versions/${current}`);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 409, status: 'error' });
    expect((await activeOf('soekarno')).data?.version).toBe(current);
    expect((await anonymous.get(`/api/models/soekarno/v/${current}/model.json`)).statusCode).toBe(
      200,
    );
  });

  it('documents the purge in OpenAPI', async () => {
    const doc = (await anonymous.get('/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const purge = doc.paths['/api/models/{figure}/versions/{version}']?.delete;
    expect(Object.keys(purge?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '409']),
    );
    expect(doc.paths['/api/models/{figure}/v/{version}/{file}']?.get).toBeDefined();
  });
});
