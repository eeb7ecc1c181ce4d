/**
 * A small hand-written trainer over Float32Arrays: forward, backprop, Adam (lazy on embedding
 * rows), seeded PRNG, fixed epochs. It trains the exact network that artifacts.ts writes as a
 * TF.js layers model, in a fraction of the time TF.js's pure-JS backend needs (ARCHITECTURE.md
 * section 4). Pure TypeScript: no DOM, no fs, no TF.js; safe to run inside a worker_thread.
 */
import type { Dataset, LabelledText } from './dataset';
import { examplesOf } from './dataset';
import type { ModelParams, ModelSpec } from './model';
import { denseInto, emptyParams, featureDim, forward, softmaxInPlace } from './model';
import type { PreprocessOptions, WordIndex } from './preprocess';
import {
  DEFAULT_PREPROCESS,
  ORIGINAL_PREPROCESS,
  PREPROCESS_VERSION,
  encode,
  featureTokens,
  idsFromFeatures,
  inputLengthFromCounts,
  padOrTruncate,
  wordIndexFromFeatures,
} from './preprocess';
import { createRng, shuffleInPlace } from './rng';
import type { ModelArtifacts, ModelContent, Thresholds } from './artifacts';
import { DEFAULT_THRESHOLDS, buildArtifacts } from './artifacts';

export interface TrainConfig {
  preprocess: PreprocessOptions;
  /** Extra tokens (stems, n-grams, bigrams) enter the vocabulary when seen in this many inputs. */
  minExtraCount: number;
  /** A fixed input length, or 'auto' = `lengthPercentile` of the training inputs' lengths. */
  inputLength: number | 'auto';
  lengthPercentile: number;
  embeddingDim: number;
  /** 0 = Embedding -> average -> softmax directly. */
  hiddenUnits: number;
  epochs: number;
  batchSize: number;
  learningRate: number;
  /** L2 penalty on embeddings and kernels (added to the gradient as l2 * w). */
  l2: number;
  /** Dropout on the hidden layer during training only. */
  dropout: number;
  labelSmoothing: number;
  /** Scale of the uniform embedding initialiser. */
  embeddingInit: number;
  /**
   * Loss weight of the tag's responses as extra training texts (0 = inputs only). Responses are
   * cut into sentences and those into chunks of at most `responseChunkWords` words, about the
   * size of a learner's question; they carry the names and facts a learner asks about.
   */
  responseWeight: number;
  responseChunkWords: number;
  /**
   * 'random': Keras-style random initialisation. 'nb': a linear model (embedding width = number
   * of tags, no hidden layer) whose embedding rows start as complement naive Bayes weights of
   * each token; the epochs then fine-tune it discriminatively.
   */
  init: 'random' | 'nb';
  /** Additive smoothing of the naive Bayes counts. */
  nbAlpha: number;
  /** Scale of the naive Bayes scores when not calibrated (output kernel = scale * L * I). */
  nbScale: number;
  /** Internal folds for fitting the temperature of the NB scores (0 = use nbScale). */
  calibrationFolds: number;
}

/** The product configuration (see the ablation in bench/classifier.ts output and the README). */
export const DEFAULT_CONFIG: TrainConfig = {
  preprocess: DEFAULT_PREPROCESS,
  minExtraCount: 2,
  inputLength: 'auto',
  lengthPercentile: 1,
  embeddingDim: 32,
  hiddenUnits: 0,
  epochs: 0,
  batchSize: 16,
  learningRate: 0.02,
  l2: 1e-5,
  dropout: 0,
  labelSmoothing: 0.1,
  embeddingInit: 0.05,
  responseWeight: 1,
  responseChunkWords: 10,
  init: 'nb',
  nbAlpha: 0.3,
  nbScale: 0.1,
  calibrationFolds: 5,
};

/**
 * The original product's recipe: spec preprocessing only, a 4-token input, Embedding(16) ->
 * average -> Dense(16, relu) -> softmax, Adam with Keras defaults, 50 epochs, batch 32.
 */
export const ORIGINAL_CONFIG: TrainConfig = {
  preprocess: ORIGINAL_PREPROCESS,
  minExtraCount: 2,
  inputLength: 4,
  lengthPercentile: 1,
  embeddingDim: 16,
  hiddenUnits: 16,
  epochs: 50,
  batchSize: 32,
  learningRate: 0.001,
  l2: 0,
  dropout: 0,
  labelSmoothing: 0,
  embeddingInit: 0.05,
  responseWeight: 0,
  responseChunkWords: 10,
  init: 'random',
  nbAlpha: 0.3,
  nbScale: 0.1,
  calibrationFolds: 5,
};

export interface EpochStats {
  epoch: number;
  loss: number;
}

export interface TrainedModel {
  spec: ModelSpec;
  params: ModelParams;
  wordIndex: WordIndex;
  tags: string[];
  preprocess: PreprocessOptions;
  history: EpochStats[];
  /** Class probabilities for a text, same order as `tags`. */
  predictProba(text: string): Float64Array;
}

export interface FitOptions {
  seed?: number;
  config?: Partial<TrainConfig>;
  onProgress?: (epoch: number, loss: number) => void;
}

/** A training text with its loss weight (1 for inputs). */
export interface WeightedText extends LabelledText {
  weight?: number;
  /** Response chunks are training signal only: they set neither input length nor calibration. */
  source?: 'input' | 'response';
}

/** Splits a response into sentences and those into chunks of at most `maxWords` words. */
export function responseChunks(response: string, maxWords: number): string[] {
  const out: string[] = [];
  for (const sentence of response.split(/[.!?;:\n]+/)) {
    const ws = sentence.split(/\s+/).filter((w) => w.length > 0);
    if (ws.length === 0) continue;
    const parts = Math.ceil(ws.length / maxWords);
    const size = Math.ceil(ws.length / parts);
    for (let i = 0; i < ws.length; i += size) out.push(ws.slice(i, i + size).join(' '));
  }
  return out;
}

/** Training texts of a dataset: every input (weight 1) and, if configured, response chunks. */
export function trainingTexts(
  dataset: Dataset,
  inputs: readonly LabelledText[],
  config: Partial<TrainConfig> = {},
): WeightedText[] {
  const weight = config.responseWeight ?? DEFAULT_CONFIG.responseWeight;
  const chunkWords = config.responseChunkWords ?? DEFAULT_CONFIG.responseChunkWords;
  const out: WeightedText[] = inputs.map((e) => ({
    text: e.text,
    tag: e.tag,
    weight: 1,
    source: 'input',
  }));
  if (weight > 0) {
    for (const t of dataset.tags) {
      for (const r of t.responses)
        for (const text of responseChunks(r, chunkWords))
          out.push({ text, tag: t.tag, weight, source: 'response' });
    }
  }
  return out;
}

/**
 * Trains on weighted labelled texts. The input length is chosen from the weight-1 texts (the
 * learner inputs). Tags with no examples still get an output unit.
 */
export function fit(
  examples: readonly WeightedText[],
  tags: readonly string[],
  options: FitOptions = {},
): TrainedModel {
  const config: TrainConfig = { ...DEFAULT_CONFIG, ...options.config };
  const seed = options.seed ?? 1;
  const rng = createRng(seed);
  const pre = config.preprocess;
  // Tokenise every text once; the index, the input length and the bags reuse the tokens.
  const features = examples.map((e) => featureTokens(e.text, pre));
  const wordIndex = wordIndexFromFeatures(features, config.minExtraCount);
  const vocabSize = Object.keys(wordIndex).length + 1;
  const unpadded = features.map((f) => idsFromFeatures(f, wordIndex));
  const inputLength =
    config.inputLength === 'auto'
      ? inputLengthFromCounts(
          unpadded.filter((_, i) => examples[i]?.source !== 'response').map((ids) => ids.length),
          config.lengthPercentile,
        )
      : config.inputLength;
  const tagIndex = new Map(tags.map((t, i) => [t, i]));
  const spec: ModelSpec = {
    vocabSize,
    inputLength,
    embeddingDim: config.init === 'nb' ? tags.length : config.embeddingDim,
    hiddenUnits: config.init === 'nb' ? 0 : config.hiddenUnits,
    classes: tags.length,
  };
  const params = emptyParams(spec);
  if (config.init === 'random') initParams(spec, params, config, rng);

  // Each example as a sparse bag: unique token rows and their weight count / L. GlobalAverage-
  // Pooling1D averages over all L positions, so padding (row 0) gets weight (#zeros) / L.
  const bags = examples.map((e, i) => {
    const ids = padOrTruncate(unpadded[i] as number[], inputLength, pre);
    const counts = new Map<number, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    const rows = Int32Array.from(counts.keys());
    const weights = Float64Array.from(counts.values(), (c) => c / inputLength);
    const label = tagIndex.get(e.tag);
    if (label === undefined) throw new Error(`unknown tag "${e.tag}"`);
    return { rows, weights, label, sampleWeight: e.weight ?? 1, isInput: e.source !== 'response' };
  });

  const history: EpochStats[] = [];
  if (config.init === 'nb') {
    naiveBayesInit(spec, params, bags, config);
    const loss = trainingLoss(spec, params, bags, config.labelSmoothing);
    history.push({ epoch: 0, loss });
    options.onProgress?.(0, loss);
  }
  history.push(...optimise(spec, params, bags, config, rng, options.onProgress));
  return {
    spec,
    params,
    wordIndex,
    tags: [...tags],
    preprocess: pre,
    history,
    predictProba: (text) => forward(spec, params, encode(text, wordIndex, inputLength, pre)),
  };
}

function initParams(
  spec: ModelSpec,
  params: ModelParams,
  config: TrainConfig,
  rng: ReturnType<typeof createRng>,
): void {
  const a = config.embeddingInit;
  for (let i = 0; i < params.embeddings.length; i++)
    params.embeddings[i] = (rng.next() * 2 - 1) * a;
  // Glorot normal (Keras' default Dense initialiser), clipped at two standard deviations.
  const glorot = (w: Float32Array, fanIn: number, fanOut: number): void => {
    const std = Math.sqrt(2 / (fanIn + fanOut));
    for (let i = 0; i < w.length; i++) {
      let z = rng.normal();
      while (Math.abs(z) > 2) z = rng.normal();
      w[i] = z * std;
    }
  };
  if (spec.hiddenUnits > 0) glorot(params.hiddenKernel, spec.embeddingDim, spec.hiddenUnits);
  glorot(params.outputKernel, featureDim(spec), spec.classes);
}

/** Per-token, per-tag weighted counts of the bags (row 0, padding / unknown, excluded). */
function nbCounts(
  bags: readonly Bag[],
  V: number,
  C: number,
  L: number,
  include: (i: number) => boolean,
): Float64Array {
  const counts = new Float64Array(V * C);
  bags.forEach((bag, i) => {
    if (!include(i)) return;
    for (let r = 0; r < bag.rows.length; r++) {
      const row = bag.rows[r] as number;
      if (row === 0) continue;
      counts[row * C + bag.label] =
        (counts[row * C + bag.label] as number) + (bag.weights[r] as number) * L * bag.sampleWeight;
    }
  });
  return counts;
}

/**
 * Complement naive Bayes weights: for token t and tag c, -log P(t | not c) with additive
 * smoothing, centred over tags (a constant per token changes no softmax). Row 0 stays zero.
 */
function nbWeights(
  counts: Float64Array,
  V: number,
  C: number,
  alpha: number,
  out: Float32Array,
): void {
  const totals = new Float64Array(C);
  for (let t = 1; t < V; t++)
    for (let c = 0; c < C; c++) totals[c] = (totals[c] as number) + (counts[t * C + c] as number);
  let all = 0;
  for (let c = 0; c < C; c++) all += totals[c] as number;
  const scores = new Float64Array(C);
  out.fill(0);
  for (let t = 1; t < V; t++) {
    let rowAll = 0;
    for (let c = 0; c < C; c++) rowAll += counts[t * C + c] as number;
    if (rowAll === 0) continue;
    let mean = 0;
    for (let c = 0; c < C; c++) {
      const complement = rowAll - (counts[t * C + c] as number);
      scores[c] = -Math.log((complement + alpha) / (all - (totals[c] as number) + alpha * (V - 1)));
      mean += scores[c] as number;
    }
    mean /= C;
    for (let c = 0; c < C; c++) out[t * C + c] = (scores[c] as number) - mean;
  }
}

/** Sum of a bag's embedding rows, each times its count (= L * pooled). */
function bagScores(bag: Bag, E: Float32Array, C: number, L: number, out: Float64Array): void {
  out.fill(0);
  for (let r = 0; r < bag.rows.length; r++) {
    const base = (bag.rows[r] as number) * C;
    const n = (bag.weights[r] as number) * L;
    for (let c = 0; c < C; c++) out[c] = (out[c] as number) + n * (E[base + c] as number);
  }
}

/**
 * Temperature for the naive Bayes scores, fitted on out-of-fold predictions of the learner
 * inputs (internal k-fold), so that probabilities, and the low-confidence thresholds tuned on
 * them, mean the same for every retrain.
 */
function fitTemperature(
  bags: readonly Bag[],
  spec: ModelSpec,
  config: TrainConfig,
  folds: number,
): number {
  const { vocabSize: V, classes: C, inputLength: L } = spec;
  const inputs = bags.map((b, i) => (b.isInput ? i : -1)).filter((i) => i >= 0);
  if (inputs.length < folds * 2) return config.nbScale;
  const fold = new Int32Array(bags.length).fill(-1);
  // Deal inputs round-robin in label order: deterministic and stratified enough.
  const byLabel = [...inputs].sort(
    (a, b) => (bags[a] as Bag).label - (bags[b] as Bag).label || a - b,
  );
  byLabel.forEach((i, k) => (fold[i] = k % folds));
  const E = new Float32Array(V * C);
  const scores: Float64Array[] = [];
  const labels: number[] = [];
  for (let f = 0; f < folds; f++) {
    nbWeights(
      nbCounts(bags, V, C, L, (i) => fold[i] !== f),
      V,
      C,
      config.nbAlpha,
      E,
    );
    for (const i of inputs) {
      if (fold[i] !== f) continue;
      const s = new Float64Array(C);
      bagScores(bags[i] as Bag, E, C, L, s);
      scores.push(s);
      labels.push((bags[i] as Bag).label);
    }
  }
  const nll = (logT: number): number => {
    const T = Math.exp(logT);
    let total = 0;
    scores.forEach((s, k) => {
      let max = -Infinity;
      for (let c = 0; c < C; c++) max = Math.max(max, T * (s[c] as number));
      let sum = 0;
      for (let c = 0; c < C; c++) sum += Math.exp(T * (s[c] as number) - max);
      total += Math.log(sum) + max - T * (s[labels[k] as number] as number);
    });
    return total;
  };
  // Golden-section search on log T in [e^-8, e^2].
  let lo = -8;
  let hi = 2;
  const g = (Math.sqrt(5) - 1) / 2;
  let x1 = hi - g * (hi - lo);
  let x2 = lo + g * (hi - lo);
  let f1 = nll(x1);
  let f2 = nll(x2);
  for (let it = 0; it < 40; it++) {
    if (f1 < f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - g * (hi - lo);
      f1 = nll(x1);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + g * (hi - lo);
      f2 = nll(x2);
    }
  }
  return Math.exp((lo + hi) / 2);
}

/**
 * Complement naive Bayes as a starting point: the embedding width is the number of tags and
 * row t holds the NB weights of token t; the output kernel is T * L * identity, so the logits
 * are T times the complement-NB score (T from fitTemperature). Rare, tag-specific words (a name
 * that occurs in one answer) get large weights at once, which plain gradient training on a few
 * hundred texts does not achieve (see the ablation).
 */
function naiveBayesInit(
  spec: ModelSpec,
  params: ModelParams,
  bags: readonly Bag[],
  config: TrainConfig,
): void {
  const { vocabSize: V, classes: C, inputLength: L } = spec;
  nbWeights(
    nbCounts(bags, V, C, L, () => true),
    V,
    C,
    config.nbAlpha,
    params.embeddings,
  );
  const T =
    config.calibrationFolds > 1
      ? fitTemperature(bags, spec, config, config.calibrationFolds)
      : config.nbScale;
  params.outputKernel.fill(0);
  for (let c = 0; c < C; c++) params.outputKernel[c * C + c] = T * L;
  params.outputBias.fill(0);
}

/** Mean (sample-weighted) cross-entropy of the current parameters on the training bags. */
function trainingLoss(
  spec: ModelSpec,
  params: ModelParams,
  bags: readonly Bag[],
  smoothing: number,
): number {
  const ids = new Int32Array(spec.inputLength);
  let total = 0;
  let weight = 0;
  for (const bag of bags) {
    // Rebuild an input with the same bag of rows (order does not matter to the average).
    let k = 0;
    for (let r = 0; r < bag.rows.length; r++) {
      const n = Math.round((bag.weights[r] as number) * spec.inputLength);
      for (let j = 0; j < n; j++) ids[k++] = bag.rows[r] as number;
    }
    const p = forward(spec, params, ids);
    for (let c = 0; c < spec.classes; c++) {
      const y = (c === bag.label ? 1 - smoothing : 0) + smoothing / spec.classes;
      if (y > 0) total -= bag.sampleWeight * y * Math.log(Math.max(p[c] as number, 1e-12));
    }
    weight += bag.sampleWeight;
  }
  return total / Math.max(weight, 1e-12);
}

interface Bag {
  rows: Int32Array;
  weights: Float64Array;
  label: number;
  sampleWeight: number;
  isInput: boolean;
}

/** Adam state for one parameter array. */
interface Slot {
  w: Float32Array;
  g: Float64Array;
  m: Float64Array;
  v: Float64Array;
  decay: boolean;
}

const slot = (w: Float32Array, decay: boolean): Slot => ({
  w,
  g: new Float64Array(w.length),
  m: new Float64Array(w.length),
  v: new Float64Array(w.length),
  decay,
});

function optimise(
  spec: ModelSpec,
  params: ModelParams,
  bags: readonly Bag[],
  config: TrainConfig,
  rng: ReturnType<typeof createRng>,
  onProgress?: (epoch: number, loss: number) => void,
): EpochStats[] {
  const d = spec.embeddingDim;
  const H = spec.hiddenUnits;
  const C = spec.classes;
  const F = featureDim(spec);
  const lr = config.learningRate;
  const l2 = config.l2;
  const smooth = config.labelSmoothing;
  const keep = 1 - config.dropout;

  const emb = slot(params.embeddings, true);
  const dense: Slot[] = [slot(params.outputKernel, true), slot(params.outputBias, false)];
  const hk = H > 0 ? slot(params.hiddenKernel, true) : null;
  const hb = H > 0 ? slot(params.hiddenBias, false) : null;
  if (hk && hb) dense.push(hk, hb);
  const ok = dense[0] as Slot;
  const ob = dense[1] as Slot;

  const touched = new Uint8Array(spec.vocabSize);
  const touchedRows: number[] = [];
  const pooled = new Float64Array(d);
  const hidden = new Float64Array(Math.max(H, 1));
  const mask = new Float64Array(Math.max(H, 1));
  const logits = new Float64Array(C);
  const dFeat = new Float64Array(F);
  const dPooled = new Float64Array(d);

  const order = bags.map((_, i) => i);
  const totalWeight = bags.reduce((a, b) => a + b.sampleWeight, 0);
  const history: EpochStats[] = [];
  let step = 0;

  for (let epoch = 1; epoch <= config.epochs; epoch++) {
    shuffleInPlace(order, rng);
    let lossSum = 0;
    for (let start = 0; start < order.length; start += config.batchSize) {
      const end = Math.min(order.length, start + config.batchSize);
      const batchScale = 1 / (end - start);
      for (let b = start; b < end; b++) {
        const bag = bags[order[b] as number] as Bag;
        const scale = batchScale * bag.sampleWeight;
        // Forward.
        pooled.fill(0);
        for (let r = 0; r < bag.rows.length; r++) {
          const base = (bag.rows[r] as number) * d;
          const wgt = bag.weights[r] as number;
          for (let j = 0; j < d; j++)
            pooled[j] = (pooled[j] as number) + wgt * (emb.w[base + j] as number);
        }
        let feat: Float64Array = pooled;
        if (hk && hb) {
          for (let k = 0; k < H; k++) hidden[k] = hb.w[k] as number;
          for (let j = 0; j < d; j++) {
            const x = pooled[j] as number;
            const base = j * H;
            for (let k = 0; k < H; k++)
              hidden[k] = (hidden[k] as number) + x * (hk.w[base + k] as number);
          }
          for (let k = 0; k < H; k++) {
            const on = config.dropout > 0 ? (rng.next() < keep ? 1 / keep : 0) : 1;
            mask[k] = (hidden[k] as number) > 0 ? on : 0;
            hidden[k] = (hidden[k] as number) * (mask[k] as number);
          }
          feat = hidden;
        }
        denseInto(logits, ob.w, feat, ok.w);
        softmaxInPlace(logits);
        // Backward: dLoss/dlogits = p - y (y label-smoothed), averaged over the batch.
        for (let c = 0; c < C; c++) {
          const p = logits[c] as number;
          const y = (c === bag.label ? 1 - smooth : 0) + smooth / C;
          if (y > 0) lossSum -= bag.sampleWeight * y * Math.log(Math.max(p, 1e-12));
          logits[c] = (p - y) * scale;
        }
        dFeat.fill(0);
        for (let j = 0; j < F; j++) {
          const x = feat[j] as number;
          const base = j * C;
          let acc = 0;
          for (let c = 0; c < C; c++) {
            const gc = logits[c] as number;
            if (x !== 0) ok.g[base + c] = (ok.g[base + c] as number) + x * gc;
            acc += gc * (ok.w[base + c] as number);
          }
          dFeat[j] = acc;
        }
        for (let c = 0; c < C; c++) ob.g[c] = (ob.g[c] as number) + (logits[c] as number);
        if (hk && hb) {
          for (let k = 0; k < H; k++) dFeat[k] = (dFeat[k] as number) * (mask[k] as number);
          dPooled.fill(0);
          for (let j = 0; j < d; j++) {
            const x = pooled[j] as number;
            const base = j * H;
            let acc = 0;
            for (let k = 0; k < H; k++) {
              const gk = dFeat[k] as number;
              if (gk === 0) continue;
              hk.g[base + k] = (hk.g[base + k] as number) + x * gk;
              acc += gk * (hk.w[base + k] as number);
            }
            dPooled[j] = acc;
          }
          for (let k = 0; k < H; k++) hb.g[k] = (hb.g[k] as number) + (dFeat[k] as number);
        } else {
          dPooled.set(dFeat);
        }
        for (let r = 0; r < bag.rows.length; r++) {
          const row = bag.rows[r] as number;
          if (!touched[row]) {
            touched[row] = 1;
            touchedRows.push(row);
          }
          const base = row * d;
          const wgt = bag.weights[r] as number;
          for (let j = 0; j < d; j++)
            emb.g[base + j] = (emb.g[base + j] as number) + wgt * (dPooled[j] as number);
        }
      }
      // Adam update; embeddings lazily (only rows this batch touched), bias correction by step.
      step++;
      const c1 = 1 - Math.pow(BETA1, step);
      const c2 = 1 - Math.pow(BETA2, step);
      const alpha = (lr * Math.sqrt(c2)) / c1;
      for (const s of dense) adam(s, 0, s.w.length, alpha, s.decay ? l2 : 0);
      for (const row of touchedRows) {
        adam(emb, row * d, row * d + d, alpha, l2);
        touched[row] = 0;
      }
      touchedRows.length = 0;
    }
    const loss = lossSum / Math.max(1e-12, totalWeight);
    history.push({ epoch, loss });
    onProgress?.(epoch, loss);
  }
  return history;
}

const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-7;

/** One Adam step on w[from, to), consuming (and zeroing) the accumulated gradient. */
function adam(s: Slot, from: number, to: number, alpha: number, l2: number): void {
  const { w, g, m, v } = s;
  for (let i = from; i < to; i++) {
    const gi = (g[i] as number) + l2 * (w[i] as number);
    const mi = BETA1 * (m[i] as number) + (1 - BETA1) * gi;
    const vi = BETA2 * (v[i] as number) + (1 - BETA2) * gi * gi;
    m[i] = mi;
    v[i] = vi;
    w[i] = (w[i] as number) - (alpha * mi) / (Math.sqrt(vi) + EPSILON);
    g[i] = 0;
  }
}

export interface TrainOptions extends FitOptions {
  thresholds?: Thresholds;
}

export interface TrainResult {
  artifacts: ModelArtifacts;
  history: EpochStats[];
  durationMs: number;
  model: TrainedModel;
}

/**
 * Trains on a whole dataset and returns the files the browser downloads. Deterministic for a
 * given dataset, seed and config.
 */
export function train(dataset: Dataset, options: TrainOptions = {}): TrainResult {
  const started = performance.now();
  const tags = dataset.tags.map((t) => t.tag);
  const model = fit(trainingTexts(dataset, examplesOf(dataset), options.config), tags, options);
  const content: ModelContent = {
    format: 'dwitunggal-classifier',
    preprocessVersion: PREPROCESS_VERSION,
    preprocess: model.preprocess,
    inputLength: model.spec.inputLength,
    tags,
    responses: Object.fromEntries(dataset.tags.map((t) => [t.tag, t.responses])),
    thresholds: options.thresholds ?? DEFAULT_THRESHOLDS,
    seed: options.seed ?? 1,
  };
  const artifacts = buildArtifacts(model.spec, model.params, model.wordIndex, content);
  return { artifacts, history: model.history, durationMs: performance.now() - started, model };
}
