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
    const h = spec.hiddenUnits;
    const hidden = new Float64Array(h);
    for (let k = 0; k < h; k++) hidden[k] = params.hiddenBias[k] as number;
    for (let j = 0; j < d; j++) {
      const x = pooled[j] as number;
      if (x === 0) continue;
      const base = j * h;
      for (let k = 0; k < h; k++)
        hidden[k] = (hidden[k] as number) + x * (params.hiddenKernel[base + k] as number);
    }
    for (let k = 0; k < h; k++) if ((hidden[k] as number) < 0) hidden[k] = 0;
    features = hidden;
  }
  const C = spec.classes;
  const logits = new Float64Array(C);
  for (let c = 0; c < C; c++) logits[c] = params.outputBias[c] as number;
  for (let j = 0; j < features.length; j++) {
    const x = features[j] as number;
    if (x === 0) continue;
    const base = j * C;
    for (let c = 0; c < C; c++)
      logits[c] = (logits[c] as number) + x * (params.outputKernel[base + c] as number);
  }
  softmaxInPlace(logits);
  return logits;
}
