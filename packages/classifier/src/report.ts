/**
 * The evaluation report printed by the CLI and used by the bench: cross-validation, optional
 * held-out questions, optional baseline (the original recipe on the same folds).
 */
import type { Dataset, LabelledText } from './dataset';
import type { Metrics, Prediction } from './evaluate';
import { crossValidate, evaluateHeldOut, predictAll } from './evaluate';
import type { TrainConfig } from './train';
import { ORIGINAL_CONFIG } from './train';

export interface MetricsReport {
  n: number;
  accuracy: number;
  macroF1: number;
  perTag: Record<string, { precision: number; recall: number; f1: number; support: number }>;
  /** Rows: gold tag, columns: predicted tag, both in `tags` order. */
  confusion: number[][];
  tags: string[];
}

const round = (x: number): number => Math.round(x * 10000) / 10000;

export function metricsReport(m: Metrics): MetricsReport {
  return {
    n: m.n,
    accuracy: round(m.accuracy),
    macroF1: round(m.macroF1),
    perTag: Object.fromEntries(
      m.perTag.map((t) => [
        t.tag,
        {
          precision: round(t.precision),
          recall: round(t.recall),
          f1: round(t.f1),
          support: t.support,
        },
      ]),
    ),
    confusion: m.confusion,
    tags: m.tags,
  };
}

export interface EvaluationOptions {
  folds: number;
  seed: number;
  heldOut?: readonly LabelledText[];
  baseline?: boolean;
  config?: Partial<TrainConfig>;
}

export interface EvaluationReport {
  folds: number;
  seed: number;
  tags: number;
  inputs: number;
  crossValidation: MetricsReport;
  heldOut?: MetricsReport & {
    errors: { text: string; tag: string; predicted: string; probability: number }[];
  };
  starters?: {
    n: number;
    correct: number;
    errors: { text: string; tag: string; predicted: string }[];
  };
  baseline?: {
    recipe: string;
    crossValidation: MetricsReport;
    heldOut?: MetricsReport;
    /** Ours divided by the baseline's macro-F1 on the same folds / the same held-out items. */
    ratio: { crossValidation: number; heldOut?: number };
  };
}

const errorsOf = (predictions: readonly Prediction[]) =>
  predictions
    .filter((p) => p.tag !== p.predicted)
    .map((p) => ({
      text: p.text,
      tag: p.tag,
      predicted: p.predicted,
      probability: round(p.probability),
    }));

export function evaluationReport(dataset: Dataset, options: EvaluationOptions): EvaluationReport {
  const { folds, seed } = options;
  const fitOptions = options.config ? { config: options.config } : {};
  const cv = crossValidate(dataset, { folds, seed, ...fitOptions });
  const report: EvaluationReport = {
    folds,
    seed,
    tags: dataset.tags.length,
    inputs: dataset.tags.reduce((n, t) => n + t.input.length, 0),
    crossValidation: metricsReport(cv.metrics),
  };
  let heldOutF1: number | undefined;
  const starters = dataset.starters ?? [];
  if (options.heldOut || starters.length > 0) {
    const h = evaluateHeldOut(dataset, options.heldOut ?? [], { seed, ...fitOptions });
    if (options.heldOut) {
      heldOutF1 = h.metrics.macroF1;
      report.heldOut = { ...metricsReport(h.metrics), errors: errorsOf(h.predictions) };
    }
    const starterPredictions = predictAll(h.model, starters);
    report.starters = {
      n: starterPredictions.length,
      correct: starterPredictions.filter((p) => p.tag === p.predicted).length,
      errors: errorsOf(starterPredictions).map(({ text, tag, predicted }) => ({
        text,
        tag,
        predicted,
      })),
    };
  }
  if (options.baseline) {
    const base = crossValidate(dataset, { folds, seed, config: ORIGINAL_CONFIG });
    const baseline: NonNullable<EvaluationReport['baseline']> = {
      recipe:
        'Embedding(16) -> average -> Dense(16, relu) -> softmax, 4-token input, Adam 0.001, 50 epochs, batch 32',
      crossValidation: metricsReport(base.metrics),
      ratio: { crossValidation: round(cv.metrics.macroF1 / Math.max(base.metrics.macroF1, 1e-9)) },
    };
    if (options.heldOut && heldOutF1 !== undefined) {
      const bh = evaluateHeldOut(dataset, options.heldOut, { seed, config: ORIGINAL_CONFIG });
      baseline.heldOut = metricsReport(bh.metrics);
      baseline.ratio.heldOut = round(heldOutF1 / Math.max(bh.metrics.macroF1, 1e-9));
    }
    report.baseline = baseline;
  }
  return report;
}
