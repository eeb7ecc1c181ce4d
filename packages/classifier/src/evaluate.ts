/**
 * Evaluation: stratified k-fold cross-validation, held-out sets, and the metrics (accuracy,
 * macro-F1, per-tag precision / recall / F1, confusion matrix). Pure TypeScript.
 */
import type { Dataset, LabelledText } from './dataset';
import { examplesOf } from './dataset';
import type { FitOptions, TrainedModel } from './train';
import { fit, trainingTexts } from './train';
import { createRng, shuffleInPlace } from './rng';
import { knownWordStats } from './preprocess';

export interface TagMetrics {
  tag: string;
  precision: number;
  recall: number;
  f1: number;
  support: number;
}

export interface Metrics {
  n: number;
  accuracy: number;
  macroF1: number;
  perTag: TagMetrics[];
  /** confusion[i][j] = items of tags[i] predicted as tags[j]. */
  confusion: number[][];
  tags: string[];
}

/** What the model says of one message, before any threshold decides what the figure does. */
export interface Scores {
  /** Probability of the most probable tag. */
  probability: number;
  /** Top probability minus the runner-up's. */
  margin: number;
  /** The second most probable tag ('' for a model of one tag). */
  runnerUp: string;
  /** Words of the message found in the word index (extra tokens not counted). */
  knownWords: number;
  /** Share of the message's content words found in the word index. */
  knownShare: number;
  /** Probability of the out-of-scope unit (0 for a model without one). */
  outOfScope: number;
}

/** An evaluated message: its gold tag and what the model predicted. */
export interface Prediction extends Scores {
  text: string;
  tag: string;
  predicted: string;
}

/** Metrics from gold and predicted tags. Tags absent from both count neither way in macro-F1. */
export function metrics(
  tags: readonly string[],
  gold: readonly string[],
  predicted: readonly string[],
): Metrics {
  const index = new Map(tags.map((t, i) => [t, i]));
  const confusion = tags.map(() => tags.map(() => 0));
  let correct = 0;
  gold.forEach((g, k) => {
    const p = predicted[k] as string;
    if (g === p) correct++;
    const i = index.get(g);
    const j = index.get(p);
    if (i !== undefined && j !== undefined) (confusion[i] as number[])[j]! += 1;
  });
  const perTag = tags.map((tag, i) => {
    const row = confusion[i] as number[];
    const tp = row[i] as number;
    const support = row.reduce((a, b) => a + b, 0);
    const predictedAs = confusion.reduce((a, r) => a + (r[i] as number), 0);
    const precision = predictedAs === 0 ? 0 : tp / predictedAs;
    const recall = support === 0 ? 0 : tp / support;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { tag, precision, recall, f1, support };
  });
  const present = perTag.filter(
    (t) => t.support > 0 || confusion.some((r) => (r[tags.indexOf(t.tag)] as number) > 0),
  );
  const macroF1 = present.length === 0 ? 0 : present.reduce((a, t) => a + t.f1, 0) / present.length;
  return {
    n: gold.length,
    accuracy: gold.length === 0 ? 0 : correct / gold.length,
    macroF1,
    perTag,
    confusion,
    tags: [...tags],
  };
}

/** The metrics of predictions of labelled texts (each `tag` the truth, `predicted` the answer). */
export const metricsOf = (
  tags: readonly string[],
  predictions: readonly Pick<Prediction, 'tag' | 'predicted'>[],
): Metrics =>
  metrics(
    tags,
    predictions.map((p) => p.tag),
    predictions.map((p) => p.predicted),
  );

/** Top tag, its probability, the runner-up tag ('' with one tag) and the gap to it. */
export function top2(
  tags: readonly string[],
  probs: ArrayLike<number>,
): { tag: string; probability: number; margin: number; runnerUp: string } {
  let best = 0;
  let second = -1;
  for (let i = 1; i < probs.length; i++) {
    if ((probs[i] as number) > (probs[best] as number)) {
      second = best;
      best = i;
    } else if (second < 0 || (probs[i] as number) > (probs[second] as number)) {
      second = i;
    }
  }
  const p1 = probs[best] as number;
  const p2 = second >= 0 ? (probs[second] as number) : 0;
  return {
    tag: tags[best] as string,
    probability: p1,
    margin: p1 - p2,
    runnerUp: second >= 0 ? (tags[second] as string) : '',
  };
}

export function predictAll(model: TrainedModel, items: readonly LabelledText[]): Prediction[] {
  return items.map((item) => {
    const { probs, outOfScope } = model.predict(item.text);
    return {
      text: item.text,
      tag: item.tag,
      ...renameTop(top2(model.tags, probs)),
      ...knownWordStats(item.text, model.wordIndex, model.preprocess),
      outOfScope,
    };
  });
}

const renameTop = (t: ReturnType<typeof top2>) => ({
  predicted: t.tag,
  probability: t.probability,
  margin: t.margin,
  runnerUp: t.runnerUp,
});

/**
 * Stratified folds: each tag's inputs are shuffled (seeded) and dealt round-robin, continuing
 * the deal across tags, so every fold holds about 1/k of every tag.
 */
export function stratifiedFolds(
  examples: readonly LabelledText[],
  folds: number,
  seed: number,
): number[] {
  const rng = createRng(seed ^ 0x5bd1e995);
  const assignment = new Array<number>(examples.length).fill(0);
  const byTag = new Map<string, number[]>();
  examples.forEach((e, i) => {
    const list = byTag.get(e.tag) ?? [];
    list.push(i);
    byTag.set(e.tag, list);
  });
  let cursor = 0;
  for (const indexes of byTag.values()) {
    shuffleInPlace(indexes, rng);
    for (const i of indexes) assignment[i] = cursor++ % folds;
  }
  return assignment;
}

export interface CrossValidation {
  folds: number;
  seed: number;
  metrics: Metrics;
  predictions: Prediction[];
}

export interface CrossValidateOptions extends FitOptions {
  folds?: number;
  seed?: number;
}

/** k-fold cross-validation: every input is predicted once by a model that never saw it. */
export function crossValidate(
  dataset: Dataset,
  options: CrossValidateOptions = {},
): CrossValidation {
  const folds = options.folds ?? 5;
  const seed = options.seed ?? 1;
  if (folds < 2) throw new Error('folds must be at least 2');
  const tags = dataset.tags.map((t) => t.tag);
  const examples = examplesOf(dataset);
  const assignment = stratifiedFolds(examples, folds, seed);
  const predictions = new Array<Prediction>(examples.length);
  for (let f = 0; f < folds; f++) {
    const trainSet = examples.filter((_, i) => assignment[i] !== f);
    const model = fit(trainingTexts(dataset, trainSet, options.config), tags, {
      ...options,
      seed: seed + f,
    });
    examples.forEach((e, i) => {
      if (assignment[i] === f) predictions[i] = predictAll(model, [e])[0] as Prediction;
    });
  }
  return {
    folds,
    seed,
    predictions,
    metrics: metricsOf(tags, predictions),
  };
}

/** Trains on the whole dataset and scores labelled texts it never saw. */
export function evaluateHeldOut(
  dataset: Dataset,
  items: readonly LabelledText[],
  options: FitOptions = {},
): { metrics: Metrics; predictions: Prediction[]; model: TrainedModel } {
  const tags = dataset.tags.map((t) => t.tag);
  const model = fit(trainingTexts(dataset, examplesOf(dataset), options.config), tags, options);
  const predictions = predictAll(model, items);
  return {
    model,
    predictions,
    metrics: metricsOf(tags, predictions),
  };
}
