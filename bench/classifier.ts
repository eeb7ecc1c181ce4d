/**
 * Classifier benchmark: npx tsx bench/classifier.ts (from the repository root). Prints one JSON
 * object: training time (seed corpora, 15 tags x 50 synthetic inputs), cross-validated and
 * held-out macro-F1 per figure, the original recipe on the same folds and the ratio, starter
 * questions, artifact bytes, the low-confidence thresholds tuned on held-out data, and a short
 * ablation.
 */
import { artifactBytes, DEFAULT_THRESHOLDS } from '@dwitunggal/classifier/artifacts';
import type { Dataset, LabelledText } from '@dwitunggal/classifier/dataset';
import { crossValidate, evaluateHeldOut, predictAll } from '@dwitunggal/classifier/evaluate';
import { OUT_OF_SCOPE } from '@dwitunggal/classifier/out-of-scope';
import { DEFAULT_PREPROCESS } from '@dwitunggal/classifier/preprocess';
import type { ScoredPrediction } from '@dwitunggal/classifier/threshold';
import { scoreThresholds, tuneThresholds } from '@dwitunggal/classifier/threshold';
import type { TrainConfig } from '@dwitunggal/classifier/train';
import { DEFAULT_CONFIG, ORIGINAL_CONFIG, train } from '@dwitunggal/classifier/train';
import { corpora, FOLDS, median, ms, r4, synthetic } from './classifier-data';

const SEED = 1;

function timeTraining(
  dataset: Dataset,
  runs = 5,
): { firstMs: number; medianMs: number; maxMs: number } {
  const times = Array.from(
    { length: runs },
    (_, i) => train(dataset, { seed: SEED + i }).durationMs,
  );
  return {
    firstMs: ms(times[0] as number),
    medianMs: ms(median(times)),
    maxMs: ms(Math.max(...times)),
  };
}

function scores(dataset: Dataset, heldOut: readonly LabelledText[], config: Partial<TrainConfig>) {
  const cv = crossValidate(dataset, { folds: FOLDS, seed: SEED, config });
  const ho = evaluateHeldOut(dataset, heldOut, { seed: SEED, config });
  return { cv, ho };
}

const ablations: Record<string, Partial<TrainConfig>> = {
  product: {},
  'no responses as training text': { responseWeight: 0 },
  'no character trigrams': { preprocess: { ...DEFAULT_PREPROCESS, charNgrams: [] } },
  'character 3- and 4-grams': { preprocess: { ...DEFAULT_PREPROCESS, charNgrams: [3, 4] } },
  'no spelling normalisation': { preprocess: { ...DEFAULT_PREPROCESS, normalize: false } },
  'no stems': { preprocess: { ...DEFAULT_PREPROCESS, stems: false } },
  'word bigrams added': { preprocess: { ...DEFAULT_PREPROCESS, bigrams: true } },
  'input length = 95th percentile': { lengthPercentile: 0.95 },
  'gradient-trained Embedding(32) -> average -> softmax, same features (Adam, 40 epochs)': {
    init: 'random',
    embeddingDim: 32,
    epochs: 40,
    learningRate: 0.02,
    labelSmoothing: 0.1,
    l2: 1e-5,
  },
  'naive Bayes start + 10 epochs of Adam fine-tuning (lr 0.001)': {
    epochs: 10,
    learningRate: 0.001,
    l2: 0,
  },
};

function main(): void {
  const started = performance.now();
  // Warm up the JIT so the first timed run is not compile time.
  train(corpora[0]!.dataset, { seed: 99 });

  const trainTime = {
    ...Object.fromEntries(
      corpora.map((c) => [
        c.figure,
        {
          inputs: c.dataset.tags.reduce((n, t) => n + t.input.length, 0),
          ...timeTraining(c.dataset),
        },
      ]),
    ),
    synthetic15x50: { inputs: 750, ...timeTraining(synthetic(SEED)) },
  };

  const thresholdItems: ScoredPrediction[] = [];
  const figures = corpora.map(({ figure, dataset, heldOut }) => {
    const { cv, ho } = scores(dataset, heldOut, {});
    const baseCv = crossValidate(dataset, { folds: FOLDS, seed: SEED, config: ORIGINAL_CONFIG });
    const baseHo = evaluateHeldOut(dataset, heldOut, { seed: SEED, config: ORIGINAL_CONFIG });
    const starters = predictAll(ho.model, dataset.starters ?? []);
    for (const p of ho.predictions) thresholdItems.push({ ...p, correct: p.tag === p.predicted });
    for (const p of predictAll(
      ho.model,
      OUT_OF_SCOPE.map((text) => ({ text, tag: '' })),
    )) {
      thresholdItems.push({ ...p, correct: false });
    }
    const artifacts = train(dataset, { seed: SEED }).artifacts;
    return {
      figure,
      crossValidation: {
        macroF1: r4(cv.metrics.macroF1),
        accuracy: r4(cv.metrics.accuracy),
        n: cv.metrics.n,
      },
      heldOut: {
        macroF1: r4(ho.metrics.macroF1),
        accuracy: r4(ho.metrics.accuracy),
        n: ho.metrics.n,
      },
      originalRecipe: {
        crossValidationMacroF1: r4(baseCv.metrics.macroF1),
        heldOutMacroF1: r4(baseHo.metrics.macroF1),
      },
      ratio: {
        crossValidation: r4(cv.metrics.macroF1 / baseCv.metrics.macroF1),
        heldOut: r4(ho.metrics.macroF1 / baseHo.metrics.macroF1),
      },
      starters: {
        n: starters.length,
        correct: starters.filter((p) => p.tag === p.predicted).length,
      },
      model: {
        vocabulary: ho.model.spec.vocabSize,
        inputLength: ho.model.spec.inputLength,
        tags: ho.model.spec.classes,
      },
      artifactBytes: artifactBytes(artifacts),
    };
  });

  const tuned = tuneThresholds(thresholdItems);
  const thresholds = {
    tunedOn: `held-out learner questions of both figures (${thresholdItems.length - 2 * OUT_OF_SCOPE.length}) + out-of-scope messages (${2 * OUT_OF_SCOPE.length})`,
    tuned,
    shipped: scoreThresholds(thresholdItems, DEFAULT_THRESHOLDS),
    rasaDefaults: scoreThresholds(thresholdItems, { minProbability: 0.3, minMargin: 0.1 }),
    none: scoreThresholds(thresholdItems, { minProbability: 0, minMargin: 0 }),
  };

  const ablation = Object.entries(ablations).map(([name, config]) => {
    const row: Record<string, unknown> = { variant: name };
    for (const c of corpora) {
      const { cv, ho } = scores(c.dataset, c.heldOut, config);
      row[c.figure] = { cv: r4(cv.metrics.macroF1), heldOut: r4(ho.metrics.macroF1) };
    }
    return row;
  });

  const out = {
    bench: 'classifier',
    node: process.version,
    config: { ...DEFAULT_CONFIG, folds: FOLDS, seed: SEED },
    trainTimeMs: trainTime,
    figures,
    thresholds,
    ablation,
    totalMs: Math.round(performance.now() - started),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main();
