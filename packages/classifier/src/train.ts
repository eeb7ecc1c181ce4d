/**
 * A small hand-written trainer over Float32Arrays: forward, backprop, Adam (lazy on embedding
 * rows), seeded PRNG, fixed epochs. It trains the exact network that artifacts.ts writes as a
 * TF.js layers model, in a fraction of the time TF.js's pure-JS backend needs (ARCHITECTURE.md
 * section 4). Pure TypeScript: no DOM, no fs, no TF.js; safe to run inside a worker_thread.
 */
import type { Dataset, LabelledText } from './dataset';
import { examplesOf, labelOf, linksByResponse } from './dataset';
import type { ModelParams, ModelSpec } from './model';
import type { ScopedProbabilities } from './model';
import {
  denseInto,
  emptyParams,
  featureDim,
  forward,
  softmaxInPlace,
  splitOutOfScope,
} from './model';
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
import corpus from '../../../data/seed/oos/messages.json';

/** The negative corpus of the out-of-scope unit (data/seed/oos/messages.json). */
export const OUT_OF_SCOPE_CORPUS: readonly string[] = corpus.lines;
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
  /**
   * Adds the implicit out-of-scope unit (an output after the tags, never a tag): learned from
   * the negative corpus `outOfScopeTexts` against the figure's own texts and calibrated on
   * internal out-of-fold predictions. Needs init 'nb' and calibrationFolds > 1.
   */
  outOfScope: boolean;
  /** The negative corpus (default: data/seed/oos/messages.json). */
  outOfScopeTexts?: readonly string[];
  /** Additive smoothing of the out-of-scope token counts. */
  outOfScopeAlpha: number;
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
  outOfScope: true,
  outOfScopeAlpha: 0.5,
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
  outOfScope: false,
  outOfScopeAlpha: 0.5,
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
  /** Tag probabilities (same order as `tags`) and the out-of-scope unit's probability. */
  predict(text: string): ScopedProbabilities;
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
  /**
   * Response chunks are training signal only: they set neither input length nor calibration.
   * Out-of-scope texts train only the out-of-scope unit.
   */
  source?: 'input' | 'response' | 'outOfScope';
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
  const negatives = config.outOfScopeTexts ?? OUT_OF_SCOPE_CORPUS;
  const withScope =
    config.init === 'nb' &&
    config.outOfScope &&
    config.calibrationFolds > 1 &&
    negatives.length > 0;
  const texts: WeightedText[] = [
    ...examples,
    ...(withScope ? negatives : []).map((text): WeightedText => ({
      text,
      tag: '',
      weight: 1,
      source: 'outOfScope',
    })),
  ];
  // Tokenise every text once; the index, the input length and the bags reuse the tokens. The
  // figure's own texts make the index; the out-of-scope corpus only adds tokens after them.
  const features = texts.map((e) => featureTokens(e.text, pre));
  const ownIndex = wordIndexFromFeatures(features.slice(0, examples.length), config.minExtraCount);
  const ownVocabulary = Object.keys(ownIndex).length + 1;
  const wordIndex = withScope
    ? wordIndexFromFeatures(features.slice(examples.length), config.minExtraCount, ownIndex)
    : ownIndex;
  const vocabSize = Object.keys(wordIndex).length + 1;
  const unpadded = features.map((f) => idsFromFeatures(f, wordIndex));
  const inputLength =
    config.inputLength === 'auto'
      ? inputLengthFromCounts(
          unpadded.filter((_, i) => isInput(texts[i] as WeightedText)).map((ids) => ids.length),
          config.lengthPercentile,
        )
      : config.inputLength;
  const tagIndex = new Map(tags.map((t, i) => [t, i]));
  const classes = tags.length + (withScope ? 1 : 0);
  const spec: ModelSpec = {
    vocabSize,
    inputLength,
    embeddingDim: config.init === 'nb' ? classes : config.embeddingDim,
    hiddenUnits: config.init === 'nb' ? 0 : config.hiddenUnits,
    classes,
  };
  const params = emptyParams(spec);
  if (config.init === 'random') initParams(spec, params, config, rng);

  // Each example as a sparse bag: unique token rows and their weight count / L. GlobalAverage-
  // Pooling1D averages over all L positions, so padding (row 0) gets weight (#zeros) / L.
  const bags = texts.map((e, i): Bag => {
    const ids = padOrTruncate(unpadded[i] as number[], inputLength, pre);
    const counts = new Map<number, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    const rows = Int32Array.from(counts.keys());
    const weights = Float64Array.from(counts.values(), (c) => c / inputLength);
    const label = e.source === 'outOfScope' ? tags.length : tagIndex.get(e.tag);
    if (label === undefined) throw new Error(`unknown tag "${e.tag}"`);
    return { rows, weights, label, sampleWeight: e.weight ?? 1, isInput: isInput(e) };
  });

  const history: EpochStats[] = [];
  if (config.init === 'nb') {
    naiveBayesInit(spec, params, bags, config, tags.length, ownVocabulary);
    const loss = trainingLoss(spec, params, bags.slice(0, examples.length), config.labelSmoothing);
    history.push({ epoch: 0, loss });
    options.onProgress?.(0, loss);
  }
  history.push(...optimise(spec, params, bags, config, rng, options.onProgress));
  const predict = (text: string): ScopedProbabilities =>
    splitOutOfScope(forward(spec, params, encode(text, wordIndex, inputLength, pre)), tags.length);
  return {
    spec,
    params,
    wordIndex,
    tags: [...tags],
    preprocess: pre,
    history,
    predict,
    predictProba: (text) => predict(text).probs,
  };
}

const isInput = (e: WeightedText): boolean => e.source === undefined || e.source === 'input';

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

/** Per-token, per-label weighted counts of the bags (row 0, padding / unknown, excluded). */
function nbCounts(
  bags: readonly Bag[],
  V: number,
  C: number,
  L: number,
  include: (i: number) => boolean,
  labelOf: (bag: Bag) => number = (bag) => bag.label,
): Float64Array {
  const counts = new Float64Array(V * C);
  bags.forEach((bag, i) => {
    if (!include(i)) return;
    const label = labelOf(bag);
    for (let r = 0; r < bag.rows.length; r++) {
      const row = bag.rows[r] as number;
      if (row === 0) continue;
      counts[row * C + label] =
        (counts[row * C + label] as number) + (bag.weights[r] as number) * L * bag.sampleWeight;
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
  vocab = V,
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
      scores[c] = -Math.log(
        (complement + alpha) / (all - (totals[c] as number) + alpha * (vocab - 1)),
      );
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

/** A bag's out-of-fold view: its tag scores and, with the out-of-scope unit, that unit's inputs. */
interface FoldView {
  bag: Bag;
  /** Complement-NB score of each tag (not yet times the temperature). */
  scores: Float64Array;
  /** Sum of the out-of-scope token weights over the tokens the fold's data knows. */
  scope: number;
  /** Positions the fold's data does not know (padding included): row 0 at prediction time. */
  unknown: number;
}

/**
 * Out-of-fold predictions of the learner inputs (and, with the unit, the out-of-scope texts):
 * internal k-fold, inputs dealt round-robin in label order (deterministic, stratified enough),
 * response chunks always trained on.
 */
function outOfFold(
  bags: readonly Bag[],
  spec: ModelSpec,
  C: number,
  config: TrainConfig,
  folds: number,
  vocab: number,
): FoldView[] {
  const { vocabSize: V, inputLength: L } = spec;
  const scoped = spec.classes > C;
  const fold = new Int32Array(bags.length).fill(-1);
  const dealt = (keep: (b: Bag) => boolean): void =>
    bags
      .map((b, i) => (keep(b) ? i : -1))
      .filter((i) => i >= 0)
      .sort((a, b) => (bags[a] as Bag).label - (bags[b] as Bag).label || a - b)
      .forEach((i, k) => (fold[i] = k % folds));
  dealt((b) => b.isInput && b.label < C);
  if (scoped) dealt((b) => b.label === C);
  const E = new Float32Array(V * C);
  const W = new Float32Array(V);
  const known = new Uint8Array(V);
  const views: FoldView[] = [];
  for (let f = 0; f < folds; f++) {
    nbWeights(
      nbCounts(bags, V, C, L, (i) => fold[i] !== f && (bags[i] as Bag).label < C),
      V,
      C,
      config.nbAlpha,
      E,
      vocab,
    );
    if (scoped) scopeWeights(bags, V, C, L, config.outOfScopeAlpha, (i) => fold[i] !== f, W, known);
    bags.forEach((bag, i) => {
      if (fold[i] !== f) return;
      const scores = new Float64Array(C);
      bagScores(bag, E, C, L, scores);
      views.push({
        bag,
        scores,
        ...(scoped ? scopeOf(bag, L, W, known) : { scope: 0, unknown: 0 }),
      });
    });
  }
  return views;
}

/**
 * Out-of-scope weight of each token: log P(token | out-of-scope corpus) - log P(token | the
 * figure's texts), smoothed; `known` marks the tokens seen in either.
 */
function scopeWeights(
  bags: readonly Bag[],
  V: number,
  C: number,
  L: number,
  alpha: number,
  include: (i: number) => boolean,
  out: Float32Array,
  known: Uint8Array,
): void {
  const counts = nbCounts(bags, V, 2, L, include, (bag) => (bag.label === C ? 1 : 0));
  let inTotal = 0;
  let outTotal = 0;
  let seen = 0;
  for (let t = 1; t < V; t++) {
    inTotal += counts[t * 2] as number;
    outTotal += counts[t * 2 + 1] as number;
    known[t] = (counts[t * 2] as number) + (counts[t * 2 + 1] as number) > 0 ? 1 : 0;
    seen += known[t] as number;
  }
  out.fill(0);
  known[0] = 0;
  for (let t = 1; t < V; t++) {
    if (!known[t]) continue;
    out[t] =
      Math.log(((counts[t * 2 + 1] as number) + alpha) / (outTotal + alpha * seen)) -
      Math.log(((counts[t * 2] as number) + alpha) / (inTotal + alpha * seen));
  }
}

/** A bag's out-of-scope score over known tokens and its count of unknown positions. */
function scopeOf(bag: Bag, L: number, W: Float32Array, known: Uint8Array) {
  let [scope, unknown] = [0, 0];
  for (let r = 0; r < bag.rows.length; r++) {
    const row = bag.rows[r] as number;
    const n = (bag.weights[r] as number) * L;
    if (known[row]) scope += n * (W[row] as number);
    else unknown += n;
  }
  return { scope, unknown };
}

/**
 * Temperature for the naive Bayes scores, fitted on out-of-fold predictions of the learner
 * inputs, so that probabilities, and the low-confidence thresholds tuned on them, mean the same
 * for every retrain.
 */
function fitTemperature(views: readonly FoldView[], C: number): number {
  const inputs = views.filter((v) => v.bag.label < C);
  const nll = (logT: number): number => {
    const T = Math.exp(logT);
    let total = 0;
    for (const { scores: s, bag } of inputs) {
      let max = -Infinity;
      for (let c = 0; c < C; c++) max = Math.max(max, T * (s[c] as number));
      let sum = 0;
      for (let c = 0; c < C; c++) sum += Math.exp(T * (s[c] as number) - max);
      total += Math.log(sum) + max - T * (s[bag.label] as number);
    }
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

const logSumExp = (s: Float64Array, T: number): number => {
  let max = -Infinity;
  for (const x of s) max = Math.max(max, T * x);
  let sum = 0;
  for (const x of s) sum += Math.exp(T * x - max);
  return max + Math.log(sum);
};

/**
 * The out-of-scope unit's logit is a * scope + u * unknown + b; in the softmax beside the tags'
 * logits its probability is sigmoid(that - logSumExp(tag logits)). Fits (a, u, b) by logistic
 * regression on the out-of-fold views, both classes weighted alike: Newton steps with a
 * backtracking line search, features scaled to unit spread and a ridge on their weights (the
 * two classes are often separable, where the unpenalised fit has no finite optimum).
 */
function fitScope(views: readonly FoldView[], C: number, T: number): [number, number, number] {
  const used = views.filter((v) => v.bag.label === C || v.bag.isInput);
  const pos = used.filter((v) => v.bag.label === C).length;
  const spread = (f: (v: FoldView) => number): number => {
    const mean = used.reduce((a, v) => a + f(v), 0) / used.length;
    return Math.sqrt(used.reduce((a, v) => a + (f(v) - mean) ** 2, 0) / used.length) || 1;
  };
  const scale = [spread((v) => v.scope), spread((v) => v.unknown), 1];
  const points = used.map((v) => ({
    x: [v.scope / (scale[0] as number), v.unknown / (scale[1] as number), 1],
    offset: -logSumExp(v.scores, T),
    y: v.bag.label === C ? 1 : 0,
    w: v.bag.label === C ? 0.5 / pos : 0.5 / (used.length - pos),
  }));
  const ridge = [SCOPE_RIDGE, SCOPE_RIDGE, 0];
  const loss = (th: readonly number[]): number => {
    let total = 0;
    for (let j = 0; j < 3; j++) total += 0.5 * (ridge[j] as number) * (th[j] as number) ** 2;
    for (const p of points) {
      const z = p.offset + p.x.reduce((a, x, j) => a + x * (th[j] as number), 0);
      // log(1 + e^z) - y z, stable for large |z|.
      total += p.w * (Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z))) - p.y * z);
    }
    return total;
  };
  let theta = [0, 0, 0];
  let current = loss(theta);
  for (let it = 0; it < 50; it++) {
    const g = theta.map((t, j) => (ridge[j] as number) * t);
    const h = [0, 1, 2].map((j) =>
      [0, 1, 2].map((k) => (j === k ? (ridge[j] as number) + 1e-9 : 0)),
    );
    for (const p of points) {
      const z = p.offset + p.x.reduce((a, x, j) => a + x * (theta[j] as number), 0);
      const q = 1 / (1 + Math.exp(-z));
      for (let j = 0; j < 3; j++) {
        g[j] = (g[j] as number) + p.w * (q - p.y) * (p.x[j] as number);
        for (let k = 0; k < 3; k++)
          (h[j] as number[])[k] =
            ((h[j] as number[])[k] as number) +
            p.w * q * (1 - q) * (p.x[j] as number) * (p.x[k] as number);
      }
    }
    const step = solve3(h, g);
    let t = 1;
    let next = theta.map((v, j) => v - t * (step[j] as number));
    let value = loss(next);
    while (value > current && t > 1e-6) {
      t /= 2;
      next = theta.map((v, j) => v - t * (step[j] as number));
      value = loss(next);
    }
    if (value > current) break;
    const done = current - value < 1e-10;
    theta = next;
    current = value;
    if (done) break;
  }
  return [
    (theta[0] as number) / (scale[0] as number),
    (theta[1] as number) / (scale[1] as number),
    theta[2] as number,
  ];
}

/** Ridge on the out-of-scope unit's scaled feature weights (fitScope). */
const SCOPE_RIDGE = 0.01;

/** Solves the 3 x 3 system h x = g (Cramer's rule; h is positive definite here). */
function solve3(h: number[][], g: number[]): number[] {
  const det = (m: number[][]): number =>
    m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
    m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
    m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const d = det(h);
  return [0, 1, 2].map((j) => det(h.map((row, i) => row.map((v, k) => (k === j ? g[i]! : v)))) / d);
}

/**
 * Complement naive Bayes as a starting point: the tags' embedding columns hold the NB weights of
 * each token; the output kernel is T * L on their diagonal, so the logits are T times the
 * complement-NB score (T from fitTemperature). Rare, tag-specific words (a name that occurs in
 * one answer) get large weights at once, which plain gradient training on a few hundred texts
 * does not achieve (see the ablation). With the out-of-scope unit, one more column holds its
 * token weights times a (row 0 and tokens no text trained: u) and its bias is b (fitScope); the
 * tags' columns are the same as without it.
 */
function naiveBayesInit(
  spec: ModelSpec,
  params: ModelParams,
  bags: readonly Bag[],
  config: TrainConfig,
  C: number,
  vocab: number,
): void {
  const { vocabSize: V, classes: K, inputLength: L } = spec;
  const E = new Float32Array(V * C);
  nbWeights(
    nbCounts(bags, V, C, L, (i) => (bags[i] as Bag).label < C),
    V,
    C,
    config.nbAlpha,
    E,
    vocab,
  );
  const inputs = bags.filter((b) => b.isInput && b.label < C).length;
  const folds = config.calibrationFolds;
  const views =
    folds > 1 && inputs >= folds * 2 ? outOfFold(bags, spec, C, config, folds, vocab) : [];
  const T = views.length > 0 ? fitTemperature(views, C) : config.nbScale;
  params.embeddings.fill(0);
  for (let t = 0; t < V; t++)
    for (let c = 0; c < C; c++) params.embeddings[t * K + c] = E[t * C + c] as number;
  params.outputKernel.fill(0);
  for (let c = 0; c < C; c++) params.outputKernel[c * K + c] = T * L;
  params.outputBias.fill(0);
  if (K === C) return;
  const [a, u, b] = views.length > 0 ? fitScope(views, C, T) : [0, 0, -30];
  const W = new Float32Array(V);
  const known = new Uint8Array(V);
  scopeWeights(bags, V, C, L, config.outOfScopeAlpha, () => true, W, known);
  for (let t = 0; t < V; t++) params.embeddings[t * K + C] = known[t] ? a * (W[t] as number) : u;
  params.outputKernel[C * K + C] = L;
  params.outputBias[C] = b;
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

/**
 * Backward through a dense layer (kernel rows = inputs, columns = outputs): adds x * dy to the
 * kernel's gradient and writes dy times the kernel's row into dx[j] for each input j. Outputs
 * with no gradient (a dropped or inactive unit) and zero inputs add nothing and are skipped.
 */
function denseBackward(
  x: Float64Array,
  dy: Float64Array,
  kernel: Slot,
  dx: Float64Array,
  inputs: number,
  outputs: number,
): void {
  for (let j = 0; j < inputs; j++) {
    const xj = x[j] as number;
    const base = j * outputs;
    let acc = 0;
    for (let o = 0; o < outputs; o++) {
      const g = dy[o] as number;
      if (g === 0) continue;
      if (xj !== 0) kernel.g[base + o] = (kernel.g[base + o] as number) + xj * g;
      acc += g * (kernel.w[base + o] as number);
    }
    dx[j] = acc;
  }
}

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
        denseBackward(feat, logits, ok, dFeat, F, C);
        for (let c = 0; c < C; c++) ob.g[c] = (ob.g[c] as number) + (logits[c] as number);
        if (hk && hb) {
          for (let k = 0; k < H; k++) dFeat[k] = (dFeat[k] as number) * (mask[k] as number);
          denseBackward(pooled, dFeat, hk, dPooled, d, H);
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

/** `{labels}` of the tags that have a display name, or nothing when none has one. */
function labelsOf(dataset: Dataset): { labels?: Record<string, string> } {
  const named = dataset.tags.flatMap((t) => {
    const { label } = labelOf(t);
    return label ? [[t.tag, label] as const] : [];
  });
  return named.length > 0 ? { labels: Object.fromEntries(named) } : {};
}

/** `{links}` per tag and response index of the tags that have links, or nothing when none has. */
function linksOfContent(dataset: Dataset): { links?: Record<string, Record<string, string[]>> } {
  const linked = dataset.tags.flatMap((t) => {
    const byResponse = linksByResponse(t);
    return byResponse ? [[t.tag, byResponse] as const] : [];
  });
  return linked.length > 0 ? { links: Object.fromEntries(linked) } : {};
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
    ...labelsOf(dataset),
    ...linksOfContent(dataset),
    thresholds: options.thresholds ?? DEFAULT_THRESHOLDS,
    seed: options.seed ?? 1,
    ...(model.spec.classes > tags.length ? { outOfScopeUnit: true } : {}),
  };
  const artifacts = buildArtifacts(model.spec, model.params, model.wordIndex, content);
  return { artifacts, history: model.history, durationMs: performance.now() - started, model };
}
