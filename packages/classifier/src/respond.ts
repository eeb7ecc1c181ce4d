/**
 * Response choice inside the predicted tag: the reply that best answers the question, random
 * only among equally good replies (the spec's random pick stays the tie-break, and a question
 * that matches no reply better than another still gets a random one).
 *
 * A reply's score: the question's content words (learner spelling normalised, stemmed) that it
 * contains, each weighted by how rare it is among the tag's replies, plus a bonus when it holds
 * the kind of fact the question asks for (a year for "kapan", a place for "di mana", a name for
 * "siapa", a number for "berapa", a reason for "kenapa").
 */
import { learnerWords } from '@dwitunggal/text/spelling';
import type { Classifier } from './infer';
import { stem } from '@dwitunggal/text/stem';
import { analyzeQuestion, ANSWER_SHAPES, FUNCTION_WORDS } from '@dwitunggal/text/question';

function termsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of learnerWords(text, 200)) {
    if (FUNCTION_WORDS.has(w) || w.length < 3) continue;
    out.add(stem(w));
  }
  return out;
}

/** Scores of each response for the question (same order as `responses`). */
export function scoreResponses(question: string, responses: readonly string[]): number[] {
  const q = termsOf(question);
  const { type } = analyzeQuestion(question);
  const fact = Object.hasOwn(ANSWER_SHAPES, type)
    ? ANSWER_SHAPES[type as keyof typeof ANSWER_SHAPES]
    : undefined;
  const terms = responses.map(termsOf);
  const df = new Map<string, number>();
  for (const t of terms) for (const term of t) df.set(term, (df.get(term) ?? 0) + 1);
  return responses.map((response, i) => {
    let score = 0;
    for (const term of q) {
      if ((terms[i] as Set<string>).has(term)) {
        score += Math.log(1 + responses.length / (df.get(term) as number));
      }
    }
    if (fact?.test(response)) score += 0.5;
    return score;
  });
}

/** The best response for the question; random among the equally good ones. */
export function chooseResponse(
  question: string | undefined,
  responses: readonly string[],
  random: () => number = Math.random,
): string | undefined {
  if (responses.length === 0) return undefined;
  let pool = responses;
  if (question) {
    const scores = scoreResponses(question, responses);
    const best = Math.max(...scores);
    pool = responses.filter((_, i) => (scores[i] as number) >= best - 1e-9);
  }
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))];
}

/** Response choice over a model's content.json: `respond(tag, random?, question?)`. */
export function responder(content: {
  responses: Readonly<Record<string, readonly string[]>>;
}): (tag: string, random?: () => number, question?: string) => string | undefined {
  return (tag, random = Math.random, question) =>
    chooseResponse(question, content.responses[tag] ?? [], random);
}

/**
 * A classifier made of a model's `classify` (in this thread or another) and its content's
 * responses: the one place the two are put together (`createClassifier`, the browser's worker).
 */
export function withResponses(
  classify: Classifier['classify'],
  content: { responses: Readonly<Record<string, readonly string[]>> },
): Classifier {
  return { classify, respond: responder(content) };
}
