import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelArtifacts } from './artifacts';
import {
  ArtifactError,
  fetchArtifacts,
  packArtifacts,
  readModel,
  unpackArtifacts,
  verifyArtifacts,
  weightsBuffer,
} from './artifacts';
import { parseDataset } from './dataset';
import { createClassifier, localModel, tfjsModel } from './infer';
import { forward } from './model';
import { encode } from './preprocess';
import type { TrainResult } from './train';
import { ORIGINAL_CONFIG, train } from './train';

const seedFile = (name: string): unknown =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../../data/seed/tags/${name}.json`, import.meta.url)),
      'utf8',
    ),
  );

async function loadWithTfjs(a: ModelArtifacts): Promise<tf.LayersModel> {
  const { modelTopology, weightsManifest } = a.modelJson;
  const weightSpecs = weightsManifest.flatMap((g) => g.weights) as tf.io.WeightsManifestEntry[];
  return tf.loadLayersModel(
    tf.io.fromMemory({ modelTopology, weightSpecs, weightData: a.weights }),
  );
}

const probes = [
  'Bung, ceritakan masa kecilmu dong',
  'apa itu marhaenisme?',
  'knp bung dibuang ke ende',
  'kapan proklamasi dibacakan',
  'halo',
  '',
  'kata yang sama sekali tidak dikenal xyzzy',
  'terima kasih banyak atas ceritanya bung, sampai jumpa lagi lain waktu ya, saya mau belajar dulu untuk ujian sejarah besok pagi',
];

describe.each([
  ['product model (linear, naive Bayes start)', {}],
  ['original recipe (Embedding 16, Dense 16 relu)', ORIGINAL_CONFIG],
])('exported %s loaded by real TF.js', (_name, config) => {
  let result: TrainResult;
  let model: tf.LayersModel;
  beforeAll(async () => {
    await tf.setBackend('cpu');
    result = train(parseDataset(seedFile('soekarno')), { seed: 3, config });
    model = await loadWithTfjs(result.artifacts);
  });

  it('writes the TF.js layers-model format with weights.bin', () => {
    const json = result.artifacts.modelJson;
    expect(json.format).toBe('layers-model');
    expect(json.weightsManifest[0]?.paths).toEqual(['weights.bin']);
    const floats = json.weightsManifest[0]!.weights.reduce(
      (n, w) => n + w.shape.reduce((a, b) => a * b, 1),
      0,
    );
    expect(result.artifacts.weights.byteLength).toBe(floats * 4);
  });

  it('gives the trainer probabilities within 1e-5', async () => {
    const { content, wordIndex } = result.artifacts;
    for (const text of probes) {
      const ids = encode(text, wordIndex, content.inputLength, content.preprocess);
      // Every output unit, the out-of-scope unit of the product model included.
      const expected = forward(result.model.spec, result.model.params, ids);
      const out = model.predict(tf.tensor2d(ids, [1, ids.length], 'int32')) as tf.Tensor;
      const actual = await out.data();
      expect(actual.length).toBe(expected.length);
      for (let i = 0; i < expected.length; i++)
        expect(Math.abs((actual[i] as number) - (expected[i] as number))).toBeLessThan(1e-5);
    }
  });

  it('classifies the same through tfjsModel, localModel and the trainer', async () => {
    const { content, wordIndex, modelJson, weights } = result.artifacts;
    const viaTf = createClassifier(tfjsModel(tf, model), wordIndex, content);
    const viaLocal = createClassifier(localModel(modelJson, weights), wordIndex, content);
    for (const text of probes) {
      const a = await viaTf.classify(text);
      const b = await viaLocal.classify(text);
      expect(a.tag).toBe(b.tag);
      expect(Math.abs(a.probability - b.probability)).toBeLessThan(1e-5);
      expect(Math.abs(a.outOfScope - b.outOfScope)).toBeLessThan(1e-5);
      expect(a.lowConfidence).toBe(b.lowConfidence);
    }
  });
});

describe('weights round trip', () => {
  it('readModel restores exactly what weightsBuffer wrote', () => {
    const r = train(parseDataset(seedFile('hatta')), { seed: 2 });
    const { spec, params } = readModel(r.artifacts.modelJson, r.artifacts.weights);
    expect(spec).toEqual(r.model.spec);
    expect(new Uint8Array(weightsBuffer(spec, params))).toEqual(
      new Uint8Array(r.artifacts.weights),
    );
  });
});

describe('the files of a model', () => {
  const artifacts = train(parseDataset(seedFile('hatta')), { seed: 3 }).artifacts;
  const files = packArtifacts(artifacts);
  const urls = {
    modelUrl: 'https://sekolah.test/api/models/hatta/v/3/model.json',
    wordIndexUrl: 'https://sekolah.test/api/models/hatta/v/3/word_index.json',
    contentUrl: 'https://sekolah.test/api/models/hatta/v/3/content.json',
  };
  /** Serves the packed files at their URLs (weights.bin beside model.json), one changed. */
  const server =
    (change: { name?: string; body?: Uint8Array; status?: number } = {}) =>
    async (url: string) => {
      const file = files.find((f) => url === new URL(f.name, urls.modelUrl).href);
      if (!file) return new Response(null, { status: 404 });
      if (file.name !== change.name) return new Response(file.body);
      return new Response(change.body ?? file.body, { status: change.status ?? 200 });
    };

  it('unpacks what it packs, and fetches the same four files', async () => {
    expect(files.map((f) => f.name)).toEqual([
      'model.json',
      'weights.bin',
      'word_index.json',
      'content.json',
    ]);
    expect(unpackArtifacts(files)).toEqual(artifacts);
    expect(await fetchArtifacts(urls, server())).toEqual(artifacts);
  });

  // node-postgres hands bytea columns over as Buffers that may be views into a larger pool.
  it('reads files that are views into a larger buffer, as the PostgreSQL driver returns them', () => {
    const pooled = files.map((f) => {
      const pool = Buffer.concat([Buffer.alloc(13, 7), Buffer.from(f.body), Buffer.alloc(29, 7)]);
      return { ...f, body: pool.subarray(13, 13 + f.body.byteLength) };
    });
    expect(verifyArtifacts(pooled)).toEqual([]);
    expect(unpackArtifacts(pooled)).toEqual(artifacts);
  });

  it('refuses damaged or missing files', async () => {
    const weights = files.find((f) => f.name === 'weights.bin')!.body;
    await expect(
      fetchArtifacts(urls, server({ name: 'weights.bin', body: weights.slice(0, 100) })),
    ).rejects.toThrow(ArtifactError);
    await expect(
      fetchArtifacts(urls, server({ name: 'content.json', body: new TextEncoder().encode('{') })),
    ).rejects.toThrow('content.json is not valid JSON');
    await expect(fetchArtifacts(urls, server({ name: 'model.json', status: 401 }))).rejects.toThrow(
      'model.json: 401',
    );
    expect(() => unpackArtifacts(files.slice(1))).toThrow('model.json is missing');
  });
});
