/**
 * The one model-artifact API: the format, its packaging into files, their verification and
 * their loading (from bytes or over HTTP). Used by the trainer, the server and the browser.
 *
 * The files a trained model consists of:
 *   model.json        TF.js layers-model JSON (modelTopology + weightsManifest -> weights.bin)
 *   weights.bin       float32 little-endian weights in manifest order
 *   word_index.json   token -> index (0 = padding / unknown)
 *   content.json      tags, responses per tag, preprocessing version and options, input length,
 *                     low-confidence thresholds
 * Pure TypeScript: builds and parses these objects, never touches the file system (the Node-only
 * digests of the stored files are in digest.ts).
 */
import type { ModelFileName } from '@dwitunggal/contracts/models';
import type { ModelParams, ModelSpec } from './model';
import { emptyParams, featureDim } from './model';
import type { PreprocessOptions, WordIndex } from './preprocess';

export interface Thresholds {
  /** Below this top probability the answer is a fallback. */
  minProbability: number;
  /** Below this gap between the two best probabilities the answer is a fallback. */
  minMargin: number;
  /**
   * Below this share of the message's content words known to the model the answer is a
   * fallback (out of scope). Absent in older models: 0.
   */
  minKnownShare?: number;
  /**
   * At or above this probability of the out-of-scope unit the answer is a fallback. Absent in
   * older models (which have no such unit).
   */
  maxOutOfScope?: number;
  /**
   * Below this gap between the two best probabilities an in-scope message gets "Maksud Anda
   * ...?" with both tags instead of an answer or a fallback (decision 022). Absent in older
   * models: never.
   */
  closeMargin?: number;
}

/**
 * Tuned (threshold.ts grid, with the out-of-scope unit's threshold) on the team's held-out
 * questions of both figures (195 each) plus the 60 out-of-scope messages of out-of-scope.ts
 * (`npx tsx bench/classifier.ts`, `thresholds.tuned`). Session 10 retuned them after the training
 * data gained learner-typed inputs and the negative corpus grew to 500 messages: margin 0.1 -> 0,
 * known share 0.5 -> 0.4, out-of-scope 0.8 -> 0.7 (best-outcome share 0.951 -> 0.955 there). On
 * the learner sets written outside the team (data/eval/learner, never tuned on; `npx tsx
 * bench/classifier-oos.ts`) see decision 020's second addendum.
 */
export const DEFAULT_THRESHOLDS: Thresholds = {
  minProbability: 0,
  minMargin: 0,
  minKnownShare: 0.4,
  maxOutOfScope: 0.7,
  // Decision 022 (`npx tsx bench/classifier-close-call.ts`): in-scope margin fallbacks ask instead.
  closeMargin: 0.1,
};

export interface ModelContent {
  format: 'dwitunggal-classifier';
  preprocessVersion: number;
  preprocess: PreprocessOptions;
  inputLength: number;
  tags: string[];
  responses: Record<string, string[]>;
  /** Display names for learners of the tags that have one (absent in older models). */
  labels?: Record<string, string>;
  /**
   * Per tag, per response index (as text), the inputs admins linked to that response (decision
   * 023); only tags with links. Absent in older models and when no tag has links.
   */
  links?: Record<string, Record<string, string[]>>;
  thresholds: Thresholds;
  seed: number;
  /**
   * True when the model has one output more than `tags`: the implicit out-of-scope unit, last
   * (never a tag: not shown, not counted, not in any metric). Absent in older models.
   */
  outOfScopeUnit?: boolean;
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: 'float32';
}

export interface LayersModelJson {
  format: 'layers-model';
  generatedBy: string;
  convertedBy: null;
  modelTopology: {
    class_name: 'Sequential';
    config: { name: string; layers: { class_name: string; config: Record<string, unknown> }[] };
    keras_version: string;
    backend: string;
  };
  weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
}

export interface ModelArtifacts {
  modelJson: LayersModelJson;
  /** weights.bin */
  weights: ArrayBuffer;
  wordIndex: WordIndex;
  content: ModelContent;
}

export const WEIGHTS_FILE = 'weights.bin' satisfies ModelFileName;

const glorotNormal = {
  class_name: 'VarianceScaling',
  config: { scale: 1, mode: 'fan_avg', distribution: 'normal', seed: null },
};

const denseConfig = (name: string, units: number, activation: string): Record<string, unknown> => ({
  units,
  activation,
  use_bias: true,
  kernel_initializer: glorotNormal,
  bias_initializer: { class_name: 'Zeros', config: {} },
  kernel_regularizer: null,
  bias_regularizer: null,
  activity_regularizer: null,
  kernel_constraint: null,
  bias_constraint: null,
  name,
  trainable: true,
});

/** The weights in manifest order with their names and shapes. */
function weightList(
  spec: ModelSpec,
  params: ModelParams,
): { spec: WeightSpec; data: Float32Array }[] {
  const list: { spec: WeightSpec; data: Float32Array }[] = [
    {
      spec: {
        name: 'embedding/embeddings',
        shape: [spec.vocabSize, spec.embeddingDim],
        dtype: 'float32',
      },
      data: params.embeddings,
    },
  ];
  if (spec.hiddenUnits > 0) {
    list.push(
      {
        spec: {
          name: 'hidden/kernel',
          shape: [spec.embeddingDim, spec.hiddenUnits],
          dtype: 'float32',
        },
        data: params.hiddenKernel,
      },
      {
        spec: { name: 'hidden/bias', shape: [spec.hiddenUnits], dtype: 'float32' },
        data: params.hiddenBias,
      },
    );
  }
  list.push(
    {
      spec: { name: 'output/kernel', shape: [featureDim(spec), spec.classes], dtype: 'float32' },
      data: params.outputKernel,
    },
    {
      spec: { name: 'output/bias', shape: [spec.classes], dtype: 'float32' },
      data: params.outputBias,
    },
  );
  return list;
}

export function modelJsonFor(spec: ModelSpec, params: ModelParams): LayersModelJson {
  const layers: { class_name: string; config: Record<string, unknown> }[] = [
    {
      class_name: 'Embedding',
      config: {
        input_dim: spec.vocabSize,
        output_dim: spec.embeddingDim,
        embeddings_initializer: {
          class_name: 'RandomUniform',
          config: { minval: -0.05, maxval: 0.05, seed: null },
        },
        embeddings_regularizer: null,
        activity_regularizer: null,
        embeddings_constraint: null,
        mask_zero: null,
        input_length: spec.inputLength,
        name: 'embedding',
        trainable: true,
        batch_input_shape: [null, spec.inputLength],
      },
    },
    { class_name: 'GlobalAveragePooling1D', config: { name: 'pooling', trainable: true } },
  ];
  if (spec.hiddenUnits > 0)
    layers.push({ class_name: 'Dense', config: denseConfig('hidden', spec.hiddenUnits, 'relu') });
  layers.push({ class_name: 'Dense', config: denseConfig('output', spec.classes, 'softmax') });
  return {
    format: 'layers-model',
    generatedBy: 'dwitunggal classifier trainer',
    convertedBy: null,
    modelTopology: {
      class_name: 'Sequential',
      config: { name: 'classifier', layers },
      keras_version: 'tfjs-layers 4.22.0',
      backend: 'tensor_flow.js',
    },
    weightsManifest: [
      { paths: [WEIGHTS_FILE], weights: weightList(spec, params).map((w) => w.spec) },
    ],
  };
}

/** Concatenates the weights (float32, little-endian as TF.js reads them) into weights.bin. */
export function weightsBuffer(spec: ModelSpec, params: ModelParams): ArrayBuffer {
  const list = weightList(spec, params);
  const total = list.reduce((n, w) => n + w.data.length, 0);
  const buffer = new ArrayBuffer(total * 4);
  const view = new DataView(buffer);
  let offset = 0;
  for (const w of list) {
    for (let i = 0; i < w.data.length; i++) {
      view.setFloat32(offset, w.data[i] as number, true);
      offset += 4;
    }
  }
  return buffer;
}

export function buildArtifacts(
  spec: ModelSpec,
  params: ModelParams,
  wordIndex: WordIndex,
  content: ModelContent,
): ModelArtifacts {
  return {
    modelJson: modelJsonFor(spec, params),
    weights: weightsBuffer(spec, params),
    wordIndex,
    content,
  };
}

/** One file of a model as stored and served. */
export interface ArtifactFile {
  name: ModelFileName;
  contentType: string;
  body: Uint8Array;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The four files as served: JSON without indentation, weights as written by the trainer. */
export function packArtifacts(artifacts: ModelArtifacts): ArtifactFile[] {
  const encoder = new TextEncoder();
  const json = (name: ModelFileName, value: unknown): ArtifactFile => ({
    name,
    contentType: JSON_TYPE,
    body: encoder.encode(JSON.stringify(value)),
  });
  return [
    json('model.json', artifacts.modelJson),
    {
      name: WEIGHTS_FILE,
      contentType: 'application/octet-stream',
      body: new Uint8Array(artifacts.weights),
    },
    json('word_index.json', artifacts.wordIndex),
    json('content.json', artifacts.content),
  ];
}

/** Bytes of the four files as served (JSON without indentation). */
export function artifactBytes(artifacts: ModelArtifacts): Record<string, number> {
  const files = Object.fromEntries(packArtifacts(artifacts).map((f) => [f.name, f.body.length]));
  return { ...files, total: Object.values(files).reduce((a, b) => a + b, 0) };
}

export class ArtifactError extends Error {
  override name = 'ArtifactError';
}

/**
 * The bytes as an ArrayBuffer of exactly their length. A Node Buffer (what node-postgres returns)
 * may be a view into a larger shared pool, and Buffer's `slice()` does not copy: its `.buffer`
 * would hold other data around the weights.
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

/**
 * Reads model.json + weights.bin back into a spec and parameters for the pure-TS forward pass.
 * Accepts only the topology this package writes.
 */
export function readModel(
  modelJson: LayersModelJson,
  weights: ArrayBuffer,
): { spec: ModelSpec; params: ModelParams } {
  const layers = modelJson.modelTopology?.config?.layers;
  if (!Array.isArray(layers)) throw new ArtifactError('model.json has no layers');
  const emb = layers[0];
  const out = layers[layers.length - 1];
  if (emb?.class_name !== 'Embedding' || out?.class_name !== 'Dense')
    throw new ArtifactError('unexpected topology');
  const hidden = layers.length === 4 ? layers[2] : undefined;
  const spec: ModelSpec = {
    vocabSize: Number(emb.config.input_dim),
    embeddingDim: Number(emb.config.output_dim),
    inputLength: Number(emb.config.input_length),
    hiddenUnits: hidden ? Number(hidden.config.units) : 0,
    classes: Number(out.config.units),
  };
  const params = emptyParams(spec);
  const byName: Record<string, Float32Array> = {
    'embedding/embeddings': params.embeddings,
    'hidden/kernel': params.hiddenKernel,
    'hidden/bias': params.hiddenBias,
    'output/kernel': params.outputKernel,
    'output/bias': params.outputBias,
  };
  const view = new DataView(weights);
  let offset = 0;
  for (const group of modelJson.weightsManifest) {
    for (const w of group.weights) {
      const target = byName[w.name];
      const n = w.shape.reduce((a, b) => a * b, 1);
      if (!target || target.length !== n) throw new ArtifactError(`unexpected weight ${w.name}`);
      if (offset + n * 4 > weights.byteLength) throw new ArtifactError('weights.bin is too short');
      for (let i = 0; i < n; i++) target[i] = view.getFloat32(offset + i * 4, true);
      offset += n * 4;
    }
  }
  return { spec, params };
}

/** A file to verify; `etag`, when given, is checked against `digest` of its bytes. */
export type FileToVerify = Pick<ArtifactFile, 'name' | 'body'> & { etag?: string };

/**
 * Checks a model's files: all four present (each one's bytes matching its recorded digest, when
 * `digest` is given), model.json and weights.bin forming the model this package writes (weights
 * exactly the manifest's size, every weight finite), and word_index.json and content.json
 * readable and consistent with it. Returns the problems found (empty when the model is sound).
 */
export function verifyArtifacts(
  files: readonly FileToVerify[],
  digest?: (body: Uint8Array) => string,
): string[] {
  const problems: string[] = [];
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const name of ['model.json', WEIGHTS_FILE, 'word_index.json', 'content.json'] as const) {
    const file = byName.get(name);
    if (!file) problems.push(`${name} is missing`);
    else if (digest && file.etag !== undefined && digest(file.body) !== file.etag)
      problems.push(`${name} does not match its digest`);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const json = (name: ModelFileName): unknown => {
    const file = byName.get(name);
    if (!file) return undefined;
    try {
      return JSON.parse(decoder.decode(file.body)) as unknown;
    } catch {
      problems.push(`${name} is not valid JSON`);
      return undefined;
    }
  };
  const modelJson = json('model.json') as LayersModelJson | undefined;
  const wordIndex = json('word_index.json');
  const content = json('content.json') as
    { tags?: unknown; responses?: unknown; outOfScopeUnit?: unknown } | undefined;
  const weights = byName.get(WEIGHTS_FILE)?.body;
  let classes: number | null = null;
  let vocabSize: number | null = null;
  if (modelJson && weights) {
    try {
      const { spec, params } = readModel(modelJson, ownBuffer(weights));
      const { embeddings, hiddenKernel, hiddenBias, outputKernel, outputBias } = params;
      const arrays = [embeddings, hiddenKernel, hiddenBias, outputKernel, outputBias];
      const expected = arrays.reduce((n, a) => n + a.length, 0) * 4;
      const listed = modelJson.weightsManifest
        .flatMap((g) => g.weights)
        .reduce((n, w) => n + w.shape.reduce((a, b) => a * b, 1) * 4, 0);
      if (listed !== expected) {
        problems.push(`model.json lists ${listed} bytes of weights, the model needs ${expected}`);
      } else if (weights.byteLength !== expected) {
        problems.push(
          `weights.bin has ${weights.byteLength} bytes, the manifest needs ${expected}`,
        );
      } else if (
        Object.values(params).some((a: Float32Array) => a.some((v) => !Number.isFinite(v)))
      ) {
        problems.push('weights.bin holds a weight that is not a finite number');
      }
      classes = spec.classes;
      vocabSize = spec.vocabSize;
    } catch (err) {
      problems.push(
        `model.json and weights.bin do not form a model: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  if (wordIndex !== undefined) {
    const entries =
      typeof wordIndex === 'object' && wordIndex !== null ? Object.values(wordIndex) : null;
    if (
      !entries ||
      entries.some(
        (v) =>
          !Number.isInteger(v) ||
          (v as number) < 0 ||
          (vocabSize !== null && (v as number) >= vocabSize),
      )
    ) {
      problems.push('word_index.json is not a word index of this model');
    }
  }
  if (content !== undefined) {
    const tags = Array.isArray(content?.tags) ? content.tags : null;
    const extra = content?.outOfScopeUnit === true ? 1 : 0;
    if (
      !tags ||
      typeof content?.responses !== 'object' ||
      (classes !== null && tags.length + extra !== classes)
    ) {
      problems.push('content.json does not describe this model');
    }
  }
  return problems;
}

/**
 * Loads a model from its four files: verified first (ArtifactError listing the problems when
 * they do not form a sound model), then decoded.
 */
export function unpackArtifacts(files: readonly FileToVerify[]): ModelArtifacts {
  const problems = verifyArtifacts(files);
  if (problems.length > 0) throw new ArtifactError(problems.join('; '));
  const body = (name: ModelFileName) => files.find((f) => f.name === name)?.body as Uint8Array;
  const json = (name: ModelFileName): unknown => JSON.parse(new TextDecoder().decode(body(name)));
  return {
    modelJson: json('model.json') as LayersModelJson,
    weights: ownBuffer(body(WEIGHTS_FILE)),
    wordIndex: json('word_index.json') as WordIndex,
    content: json('content.json') as ModelContent,
  };
}

/** Where a model's files are (weights.bin is beside model.json). */
export interface ArtifactUrls {
  modelUrl: string;
  wordIndexUrl: string;
  contentUrl: string;
}

/**
 * The one HTTP client of model files: fetches the four files at once (absolute URLs; weights.bin
 * beside model.json, the one path its manifest names) and loads them with `unpackArtifacts`.
 */
export async function fetchArtifacts(
  urls: ArtifactUrls,
  fetchFile: (url: string) => Promise<Response> = (url) =>
    fetch(url, { credentials: 'same-origin' }),
): Promise<ModelArtifacts> {
  const get = async (name: ModelFileName, url: string): Promise<ArtifactFile> => {
    const res = await fetchFile(url);
    if (!res.ok) throw new ArtifactError(`GET ${url}: ${res.status}`);
    return {
      name,
      contentType: res.headers.get('content-type') ?? '',
      body: new Uint8Array(await res.arrayBuffer()),
    };
  };
  const files = await Promise.all([
    get('model.json', urls.modelUrl),
    get(WEIGHTS_FILE, new URL(WEIGHTS_FILE, urls.modelUrl).href),
    get('word_index.json', urls.wordIndexUrl),
    get('content.json', urls.contentUrl),
  ]);
  return unpackArtifacts(files);
}
