/**
 * Browser-side inference. Depends on no TF.js package: the caller passes either a loaded
 * tf.LayersModel through `tfjsModel` (structural types below, so TF.js stays a lazy import of
 * the web app) or the pure-TS forward pass of `localModel`. Both use the same `encode`.
 */
import type { LayersModelJson, ModelContent } from './artifacts';
import { readModel } from './artifacts';
import { top2, type Scores } from './evaluate';
import { forward, splitOutOfScope } from './model';
import type { WordIndex } from './preprocess';
import { PREPROCESS_VERSION, encode, knownWordStats } from './preprocess';
import { withResponses } from './respond';

/** Anything that maps one encoded input to tag probabilities (same order as content.tags). */
export interface ProbabilityModel {
  predict(ids: Int32Array): Promise<ArrayLike<number>> | ArrayLike<number>;
}

/** The parts of a TF.js tensor this module uses. */
export interface TensorLike {
  data(): Promise<ArrayLike<number>>;
  dispose(): void;
}

/** The parts of the TF.js namespace this module uses (`import * as tf from ...`). */
export interface TfLike {
  tensor2d(values: Int32Array, shape: [number, number], dtype: 'int32'): TensorLike;
}

/** The parts of a tf.LayersModel this module uses. */
export interface LayersModelLike {
  predict(x: never): unknown;
}

/** Wraps a model loaded with tf.loadLayersModel. */
export function tfjsModel(tf: TfLike, model: LayersModelLike): ProbabilityModel {
  return {
    async predict(ids) {
      const input = tf.tensor2d(ids, [1, ids.length], 'int32');
      const output = (model.predict as (x: TensorLike) => TensorLike | TensorLike[])(input);
      const tensor = Array.isArray(output) ? (output[0] as TensorLike) : output;
      try {
        return await tensor.data();
      } finally {
        input.dispose();
        tensor.dispose();
      }
    },
  };
}

/** The same network computed in plain TypeScript from model.json + weights.bin. */
export function localModel(modelJson: LayersModelJson, weights: ArrayBuffer): ProbabilityModel {
  const { spec, params } = readModel(modelJson, weights);
  return { predict: (ids) => forward(spec, params, ids) };
}

export interface ChatPrediction extends Scores {
  tag: string;
  /** True when the figure should answer with a fallback line (and unlock no achievement). */
  lowConfidence: boolean;
  /**
   * True when the two best tags are too close to guess between and the message is in scope: the
   * figure asks "Maksud Anda ...?" with both tags instead of answering (it wins over
   * `lowConfidence`, which a margin below `minMargin` alone also sets).
   */
  closeCall: boolean;
}

/** What the fallback decision reads of a prediction. */
export interface ScoredMessage {
  probability: number;
  margin: number;
  knownWords?: number;
  knownShare?: number;
  outOfScope?: number;
}

/**
 * The message is out of scope (an out-of-scope fallback): it has no known word at all (then only
 * character n-grams of unknown words drive the prediction), or too few known content words, or
 * the out-of-scope unit reaches its threshold, or the top probability is below the tuned one.
 */
export function isOutOfScope(
  prediction: ScoredMessage,
  content: Pick<ModelContent, 'thresholds'>,
): boolean {
  return (
    prediction.knownWords === 0 ||
    (prediction.outOfScope ?? 0) >= (content.thresholds.maxOutOfScope ?? Infinity) ||
    (prediction.knownShare ?? 1) < (content.thresholds.minKnownShare ?? 0) ||
    prediction.probability < content.thresholds.minProbability
  );
}

/** The answer is a fallback when the message is out of scope or below the tuned margin. */
export function isLowConfidence(
  prediction: ScoredMessage,
  content: Pick<ModelContent, 'thresholds'>,
): boolean {
  return isOutOfScope(prediction, content) || prediction.margin < content.thresholds.minMargin;
}

/**
 * A close call ("Maksud Anda ...?"): an in-scope message whose two best tags are closer than
 * `closeMargin` (absent in older models: never). Decision 022.
 */
export function isCloseCall(
  prediction: ScoredMessage,
  content: Pick<ModelContent, 'thresholds'>,
): boolean {
  return (
    prediction.margin < (content.thresholds.closeMargin ?? 0) && !isOutOfScope(prediction, content)
  );
}

export class IncompatibleModelError extends Error {
  override name = 'IncompatibleModelError';
}

/** Throws when a model was trained with other preprocessing than this code implements. */
export function assertCompatible(
  content: Pick<ModelContent, 'preprocessVersion' | 'format'>,
): void {
  if (
    content.format !== 'dwitunggal-classifier' ||
    content.preprocessVersion !== PREPROCESS_VERSION
  ) {
    throw new IncompatibleModelError(
      `model preprocessing v${String(content.preprocessVersion)} does not match this app (v${PREPROCESS_VERSION}); retrain the model`,
    );
  }
}

export interface Classifier {
  classify(text: string): Promise<ChatPrediction>;
  /**
   * The response of a tag that best answers `question`, random among equally good ones (spec:
   * a random response of the predicted tag, which stays the tie-break).
   */
  respond(tag: string, random?: () => number, question?: string): string | undefined;
}

export function createClassifier(
  model: ProbabilityModel,
  wordIndex: WordIndex,
  content: ModelContent,
): Classifier {
  assertCompatible(content);
  return withResponses(async (text) => {
    const { probs, outOfScope } = splitOutOfScope(
      await model.predict(encode(text, wordIndex, content.inputLength, content.preprocess)),
      content.tags.length,
    );
    const best = {
      ...top2(content.tags, probs),
      ...knownWordStats(text, wordIndex, content.preprocess),
      outOfScope,
    };
    return {
      ...best,
      lowConfidence: isLowConfidence(best, content),
      closeCall: best.runnerUp !== '' && isCloseCall(best, content),
    };
  }, content);
}
