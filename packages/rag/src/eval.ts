import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { CHARACTER_KEYS } from '@dwitunggal/contracts/characters';
import { parseIdArrays } from './id-arrays';
import type { Retriever } from './retriever';

/**
 * Retrieval evaluation: binary relevance, one list of relevant passage ids per question.
 * Questions with no relevant passage (off-topic, or after the figures' lifetimes) measure the
 * "nothing relevant" gate instead: they should retrieve nothing.
 */

export interface EvalQuestion {
  id: string;
  karakter: CharacterKey;
  question: string;
  relevant: string[];
}

export class EvalDataError extends Error {
  override readonly name = 'EvalDataError';
}

/** Validates raw JSON arrays of evaluation questions. */
export function parseEvalQuestions(...sources: unknown[]): EvalQuestion[] {
  return parseIdArrays(sources, parseQuestion, (message) => new EvalDataError(message), {
    source: 'evaluation',
    record: 'evaluation question',
  });
}

function parseQuestion(raw: unknown): EvalQuestion {
  const q = raw as Partial<EvalQuestion> | null;
  if (
    !q ||
    typeof q.id !== 'string' ||
    typeof q.question !== 'string' ||
    !(CHARACTER_KEYS as readonly unknown[]).includes(q.karakter) ||
    !Array.isArray(q.relevant) ||
    !q.relevant.every((r) => typeof r === 'string')
  ) {
    throw new EvalDataError(`invalid evaluation question ${JSON.stringify(raw)}`);
  }
  return {
    id: q.id,
    karakter: q.karakter as CharacterKey,
    question: q.question,
    relevant: [...q.relevant],
  };
}

/** Share of the relevant ids found in the first k of the ranking. */
export function recallAtK(ranking: readonly string[], relevant: readonly string[], k: number) {
  if (relevant.length === 0) return 0;
  const top = new Set(ranking.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

/** Reciprocal rank of the first relevant id within the first k (0 when none). */
export function reciprocalRankAtK(
  ranking: readonly string[],
  relevant: readonly string[],
  k: number,
) {
  const wanted = new Set(relevant);
  const index = ranking.slice(0, k).findIndex((id) => wanted.has(id));
  return index < 0 ? 0 : 1 / (index + 1);
}

/** nDCG@k with binary gains: DCG of the ranking over the DCG of a perfect ranking. */
export function ndcgAtK(ranking: readonly string[], relevant: readonly string[], k: number) {
  if (relevant.length === 0) return 0;
  const wanted = new Set(relevant);
  let dcg = 0;
  ranking.slice(0, k).forEach((id, i) => {
    if (wanted.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.length); i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}

export interface RetrievalMetrics {
  questions: number;
  'recall@5': number;
  'mrr@10': number;
  'ndcg@10': number;
}

export interface GateMetrics {
  /** Answerable questions for which the gate let passages through. */
  answerable: number;
  answered: number;
  /** Unanswerable questions (no relevant passage) for which the gate returned nothing. */
  unanswerable: number;
  declined: number;
}

export interface QuestionResult {
  id: string;
  karakter: CharacterKey;
  relevant: string[];
  ranking: string[];
  'recall@5': number;
  'rr@10': number;
  'ndcg@10': number;
}

export interface EvalReport {
  perFigure: Record<CharacterKey, RetrievalMetrics>;
  overall: RetrievalMetrics;
  gate: GateMetrics;
  results: QuestionResult[];
}

/**
 * Runs every question through the retriever exactly as the chat does (relevance gate on, top 10)
 * and aggregates the metrics per figure (the figure the question is asked of) and overall.
 * Questions without relevant passages only count towards the gate metrics.
 */
export function evaluateRetriever(
  retriever: Retriever,
  questions: readonly EvalQuestion[],
): EvalReport {
  const results: QuestionResult[] = [];
  const gate: GateMetrics = { answerable: 0, answered: 0, unanswerable: 0, declined: 0 };
  for (const q of questions) {
    const hits = retriever.search(q.question, { karakter: q.karakter, k: 10 });
    const ranking = hits.map((h) => h.passage.id);
    if (q.relevant.length === 0) {
      gate.unanswerable += 1;
      if (ranking.length === 0) gate.declined += 1;
      continue;
    }
    gate.answerable += 1;
    if (ranking.length > 0) gate.answered += 1;
    results.push({
      id: q.id,
      karakter: q.karakter,
      relevant: q.relevant,
      ranking,
      'recall@5': recallAtK(ranking, q.relevant, 5),
      'rr@10': reciprocalRankAtK(ranking, q.relevant, 10),
      'ndcg@10': ndcgAtK(ranking, q.relevant, 10),
    });
  }
  const summarise = (rs: readonly QuestionResult[]): RetrievalMetrics => {
    const mean = (key: 'recall@5' | 'rr@10' | 'ndcg@10') =>
      rs.length ? round(rs.reduce((s, r) => s + r[key], 0) / rs.length) : 0;
    return {
      questions: rs.length,
      'recall@5': mean('recall@5'),
      'mrr@10': mean('rr@10'),
      'ndcg@10': mean('ndcg@10'),
    };
  };
  const perFigure = Object.fromEntries(
    CHARACTER_KEYS.map((key) => [key, summarise(results.filter((r) => r.karakter === key))]),
  ) as Record<CharacterKey, RetrievalMetrics>;
  return { perFigure, overall: summarise(results), gate, results };
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
