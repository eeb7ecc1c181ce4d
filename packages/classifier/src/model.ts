/**
 * The network, as plain Float32Arrays, and its forward pass. It mirrors the TF.js layers model
 * written by artifacts.ts exactly:
 *   Embedding(vocab, d) -> GlobalAveragePooling1D -> [Dense(h, relu)] -> Dense(classes, softmax)
 * GlobalAveragePooling1D in TF.js takes the mean over all input positions, padding included (it
 * ignores masks), so padding index 0 contributes its embedding row like any other token.
 */

export interface ModelSpec {
  vocabSize: number;
  inputLength: number;
  embeddingDim: number;
  /** 0 = no hidden layer. */
  hiddenUnits: number;
  classes: number;
}

export interface ModelParams {
  /** vocabSize x embeddingDim, row-major. */
  embeddings: Float32Array;
  /** embeddingDim x hiddenUnits (empty when hiddenUnits = 0). */
  hiddenKernel: Float32Array;
  hiddenBias: Float32Array;
  /** (hiddenUnits || embeddingDim) x classes. */
  outputKernel: Float32Array;
  outputBias: Float32Array;
}

export function featureDim(spec: ModelSpec): number {
  return spec.hiddenUnits > 0 ? spec.hiddenUnits : spec.embeddingDim;
}

export function emptyParams(spec: ModelSpec): ModelParams {
  return {
    embeddings: new Float32Array(spec.vocabSize * spec.embeddingDim),
    hiddenKernel: new Float32Array(spec.hiddenUnits > 0 ? spec.embeddingDim * spec.hiddenUnits : 0),
    hiddenBias: new Float32Array(spec.hiddenUnits),
    outputKernel: new Float32Array(featureDim(spec) * spec.classes),
    outputBias: new Float32Array(spec.classes),
  };
}

/** Softmax in place, numerically stable. */
export function softmaxInPlace(v: Float64Array): void {
  let max = -Infinity;
  for (let i = 0; i < v.length; i++) if ((v[i] as number) > max) max = v[i] as number;
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    const e = Math.exp((v[i] as number) - max);
    v[i] = e;
    sum += e;
  }
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / sum;
}

/**
 * A dense layer without its activation: `out = bias + input . kernel` (kernel row-major,
 * input.length rows of out.length), skipping zero inputs.
 */
export function denseInto(
  out: Float64Array,
  bias: ArrayLike<number>,
  input: Float64Array,
  kernel: ArrayLike<number>,
): void {
  const n = out.length;
  for (let c = 0; c < n; c++) out[c] = bias[c] as number;
  for (let j = 0; j < input.length; j++) {
    const x = input[j] as number;
    if (x === 0) continue;
    const base = j * n;
    for (let c = 0; c < n; c++) out[c] = (out[c] as number) + x * (kernel[base + c] as number);
  }
}

/** Class probabilities for one encoded input (length = spec.inputLength). */
export function forward(spec: ModelSpec, params: ModelParams, ids: Int32Array): Float64Array {
  const d = spec.embeddingDim;
  const L = ids.length;
  const pooled = new Float64Array(d);
  for (let i = 0; i < L; i++) {
    const id = ids[i] as number;
    const row = id >= 0 && id < spec.vocabSize ? id * d : 0;
    for (let j = 0; j < d; j++)
      pooled[j] = (pooled[j] as number) + (params.embeddings[row + j] as number);
  }
  for (let j = 0; j < d; j++) pooled[j] = (pooled[j] as number) / L;
  let features = pooled;
  if (spec.hiddenUnits > 0) {
    const hidden = new Float64Array(spec.hiddenUnits);
    denseInto(hidden, params.hiddenBias, pooled, params.hiddenKernel);
    for (let k = 0; k < hidden.length; k++) if ((hidden[k] as number) < 0) hidden[k] = 0;
    features = hidden;
  }
  const logits = new Float64Array(spec.classes);
  denseInto(logits, params.outputBias, features, params.outputKernel);
  softmaxInPlace(logits);
  return logits;
}

/** Class probabilities split into the tags' (renormalised) and the out-of-scope unit's. */
export interface ScopedProbabilities {
  /** Over the tags only, summing to 1: the same ranking and values as a model without the unit. */
  probs: Float64Array;
  /** Probability of the out-of-scope unit (0 for a model without one). */
  outOfScope: number;
}

/** Splits a forward pass's output over `tags` tags and, when one more, the out-of-scope unit. */
export function splitOutOfScope(output: ArrayLike<number>, tags: number): ScopedProbabilities {
  const probs = Float64Array.from({ length: tags }, (_, i) => output[i] as number);
  if (output.length <= tags) return { probs, outOfScope: 0 };
  const outOfScope = output[tags] as number;
  const rest = 1 - outOfScope;
  // Float32 outputs divided by a float32 rest can land a hair above 1: a probability never does.
  if (rest > 0) for (let i = 0; i < tags; i++) probs[i] = Math.min(1, (probs[i] as number) / rest);
  return { probs, outOfScope };
}
