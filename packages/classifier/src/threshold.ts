/**
 * Tuning of the low-confidence thresholds. A prediction is either answered (top tag) or
 * replaced by a fallback. The best outcome for an in-scope question whose top tag is right is an
 * answer; for one whose top tag is wrong, or for an out-of-scope message, it is the fallback.
 * The tuner picks the (probability, margin) pair that maximises the share of best outcomes,
 * preferring lower thresholds (more answers) on ties.
 */
import type { Thresholds } from './artifacts';
import type { ScoredMessage } from './infer';
import { isCloseCall, isLowConfidence } from './infer';

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

/** A prediction scored for the close-call rule ("Maksud Anda ...?"). */
export interface CloseCallItem extends ScoredPrediction {
  /** The runner-up tag is the gold tag (false for out-of-scope messages). */
  runnerUpCorrect: boolean;
  /** An in-scope question (false for an out-of-scope message). */
  inScope: boolean;
}

export interface CloseCallReport {
  closeMargin: number;
  /** Close calls whose runner-up is right and whose top tag is wrong: the learner now gets the answer. */
  rescued: number;
  /** Close calls that cost a click: a right top tag that would have been answered. */
  extraClicks: number;
  /** Close calls where neither button is right, or on an out-of-scope message. */
  wrongChoices: number;
  /** Share of in-scope questions that get no direct answer (fallback or close call). */
  noDirectAnswer: number;
  closeCalls: number;
}

export function scoreCloseMargin(
  items: readonly CloseCallItem[],
  thresholds: Thresholds,
  closeMargin: number,
): CloseCallReport {
  const t = { thresholds: { ...thresholds, closeMargin } };
  let rescued = 0;
  let extraClicks = 0;
  let wrongChoices = 0;
  let closeCalls = 0;
  let noDirect = 0;
  let inScope = 0;
  for (const p of items) {
    const close = isCloseCall(p, t);
    if (p.inScope) {
      inScope++;
      if (close || isLowConfidence(p, t)) noDirect++;
    }
    if (!close) continue;
    closeCalls++;
    if (!p.correct && p.runnerUpCorrect) rescued++;
    else if (p.correct && !isLowConfidence(p, t)) extraClicks++;
    else if (!p.correct) wrongChoices++;
  }
  return {
    closeMargin,
    rescued,
    extraClicks,
    wrongChoices,
    noDirectAnswer: inScope === 0 ? 0 : noDirect / inScope,
    closeCalls,
  };
}

/**
 * The close-call margin (decision 022): from `minMargin` (the margin fallbacks of in-scope
 * messages become questions, which leaves the share of unanswered in-scope questions as it was)
 * up to 0.5 in steps of 0.05, the one with the most rescued answers net of extra clicks and wrong
 * choices, as long as no more than `maxRise` more of the in-scope questions go without a direct
 * answer than with no close calls at all; the smallest on ties.
 */
export function tuneCloseMargin(
  items: readonly CloseCallItem[],
  thresholds: Thresholds,
  maxRise = 0.02,
): CloseCallReport {
  const base = scoreCloseMargin(items, thresholds, 0).noDirectAnswer;
  const value = (r: CloseCallReport) => r.rescued - r.extraClicks - r.wrongChoices;
  let best = scoreCloseMargin(items, thresholds, thresholds.minMargin);
  for (let step = 1; thresholds.minMargin + step * 0.05 <= 0.5 + 1e-9; step++) {
    const margin = Math.round((thresholds.minMargin + step * 0.05) * 100) / 100;
    const r = scoreCloseMargin(items, thresholds, margin);
    if (r.noDirectAnswer - base > maxRise + 1e-12) break;
    if (value(r) > value(best)) best = r;
  }
  return best;
}
