/**
 * Tuning of the low-confidence thresholds. A prediction is either answered (top tag) or
 * replaced by a fallback. The best outcome for an in-scope question whose top tag is right is an
 * answer; for one whose top tag is wrong, or for an out-of-scope message, it is the fallback.
 * The tuner picks the (probability, margin) pair that maximises the share of best outcomes,
 * preferring lower thresholds (more answers) on ties.
 */
import type { Thresholds } from './artifacts';

export interface ScoredPrediction {
  probability: number;
  margin: number;
  knownWords?: number;
  knownShare?: number;
  /** Top tag equals the gold tag (always false for out-of-scope messages). */
  correct: boolean;
}

export interface ThresholdReport extends Thresholds {
  /** Share of best outcomes. */
  decisionAccuracy: number;
  answered: number;
  answeredCorrect: number;
  fallbackOnWrong: number;
  fallbackOnCorrect: number;
  n: number;
}

export function scoreThresholds(
  items: readonly ScoredPrediction[],
  t: Thresholds,
): ThresholdReport {
  let answered = 0;
  let answeredCorrect = 0;
  let fallbackOnWrong = 0;
  let fallbackOnCorrect = 0;
  for (const p of items) {
    const low =
      p.knownWords === 0 ||
      (p.knownShare ?? 1) < (t.minKnownShare ?? 0) ||
      p.probability < t.minProbability ||
      p.margin < t.minMargin;
    if (!low) {
      answered++;
      if (p.correct) answeredCorrect++;
    } else if (p.correct) fallbackOnCorrect++;
    else fallbackOnWrong++;
  }
  return {
    ...t,
    decisionAccuracy: items.length === 0 ? 0 : (answeredCorrect + fallbackOnWrong) / items.length,
    answered,
    answeredCorrect,
    fallbackOnWrong,
    fallbackOnCorrect,
    n: items.length,
  };
}

/**
 * Grid search over probability 0.00-0.95 and margin 0.00-0.50 in steps of 0.05, and the known
 * content share 0.0-0.8 in steps of 0.1.
 */
export function tuneThresholds(items: readonly ScoredPrediction[]): ThresholdReport {
  let best = scoreThresholds(items, { minProbability: 0, minMargin: 0, minKnownShare: 0 });
  for (let k = 0; k <= 8; k++) {
    for (let p = 0; p <= 19; p++) {
      for (let m = 0; m <= 10; m++) {
        const r = scoreThresholds(items, {
          minProbability: p / 20,
          minMargin: m / 20,
          minKnownShare: k / 10,
        });
        if (r.decisionAccuracy > best.decisionAccuracy + 1e-12) best = r;
      }
    }
  }
  return best;
}
