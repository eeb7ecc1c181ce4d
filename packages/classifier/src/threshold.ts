/**
 * Tuning of the low-confidence thresholds. A prediction is either answered (top tag) or
 * replaced by a fallback. The best outcome for an in-scope question whose top tag is right is an
 * answer; for one whose top tag is wrong, or for an out-of-scope message, it is the fallback.
 * The tuner picks the (probability, margin) pair that maximises the share of best outcomes,
 * preferring lower thresholds (more answers) on ties.
 */
import type { Thresholds } from './artifacts';
import type { ScoredMessage } from './infer';
import { isLowConfidence } from './infer';

export interface ScoredPrediction extends ScoredMessage {
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
    if (!isLowConfidence(p, { thresholds: t })) {
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
 * Grid search over probability 0.00-0.95 and margin 0.00-0.50 in steps of 0.05, the known
 * content share 0.0-0.8 in steps of 0.1 and, when some item has an out-of-scope probability,
 * its threshold 0.30-0.95 in steps of 0.05 (or none).
 */
export function tuneThresholds(items: readonly ScoredPrediction[]): ThresholdReport {
  const scoped = items.some((p) => (p.outOfScope ?? 0) > 0);
  const scopes = scoped ? [...Array.from({ length: 14 }, (_, i) => 0.3 + i * 0.05), 2] : [2];
  let best = scoreThresholds(items, { minProbability: 0, minMargin: 0, minKnownShare: 0 });
  for (const o of scopes) {
    for (let k = 0; k <= 8; k++) {
      for (let p = 0; p <= 19; p++) {
        for (let m = 0; m <= 10; m++) {
          const r = scoreThresholds(items, {
            minProbability: p / 20,
            minMargin: m / 20,
            minKnownShare: k / 10,
            ...(o <= 1 ? { maxOutOfScope: Math.round(o * 100) / 100 } : {}),
          });
          if (r.decisionAccuracy > best.decisionAccuracy + 1e-12) best = r;
        }
      }
    }
  }
  return best;
}
