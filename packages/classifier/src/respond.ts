/**
 * Response choice inside the predicted tag: the reply that best answers the question, random
 * only among equally good replies (the spec's random pick stays the tie-break, and a question
 * that matches no reply better than another still gets a random one).
 *
 * A reply's score: the question's content words (learner spelling normalised, stemmed) that it
 * contains, each weighted by how rare it is among the tag's replies, plus a bonus when it holds
 * the kind of fact the question asks for (a year for "kapan", a place for "di mana", a name for
 * "siapa", a number for "berapa", a reason for "kenapa").
 *
 * Admins may link inputs to the response they ask for (decision 023). A response then also scores
 * by the question's match against its linked inputs: the best share of a linked input's content
 * words (weighted by rarity among the tag's linked inputs, as above) found in the question, 1
 * for the same words. That share counts more than any reply's own words: a question holding
 * every content word of a linked input picks that input's response.
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

/** A tag's linked inputs per response (same order as its responses; none: undefined or []). */
export type LinkedInputs = readonly (readonly string[] | undefined)[];

/** The words of a text as compared for "the same words" (spelling normalised, in order). */
const wordsKey = (text: string) => learnerWords(text, 200).join(' ');

/**
 * Per response, the best weighted share of one of its linked inputs' content words that the
 * question holds (1 when the question has the same words as a linked input; 0 without links).
 */
export function linkShares(question: string, count: number, linked: LinkedInputs): number[] {
  const shares = new Array<number>(count).fill(0);
  const docs = linked.flatMap((inputs, i) =>
    i < count ? (inputs ?? []).map((text) => ({ i, text, terms: termsOf(text) })) : [],
  );
  if (docs.length === 0) return shares;
  const q = termsOf(question);
  const key = wordsKey(question);
  const df = new Map<string, number>();
  for (const d of docs) for (const term of d.terms) df.set(term, (df.get(term) ?? 0) + 1);
  const weight = (term: string) => Math.log(1 + docs.length / (df.get(term) as number));
  for (const { i, text, terms } of docs) {
    let total = 0;
    let found = 0;
    for (const term of terms) {
      total += weight(term);
      if (q.has(term)) found += weight(term);
    }
    const share = key !== '' && wordsKey(text) === key ? 1 : total > 0 ? found / total : 0;
    shares[i] = Math.max(shares[i] as number, share);
  }
  return shares;
}

/**
 * Scores of each response for the question (same order as `responses`): its own words, plus
 * the share of its best-matched linked input times more than the best such score.
 */
export function scoreResponses(
  question: string,
  responses: readonly string[],
  linked: LinkedInputs = [],
): number[] {
  const own = ownScores(question, responses);
  const shares = linkShares(question, responses.length, linked);
  const scale = 1 + Math.max(0, ...own);
  return own.map((score, i) => score + (shares[i] as number) * scale);
}

/** Scores of each response by its own words and the kind of fact it holds. */
function ownScores(question: string, responses: readonly string[]): number[] {
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
  linked: LinkedInputs = [],
): string | undefined {
  if (responses.length === 0) return undefined;
  let pool = responses;
  if (question) {
    const scores = scoreResponses(question, responses, linked);
    const best = Math.max(...scores);
    pool = responses.filter((_, i) => (scores[i] as number) >= best - 1e-9);
  }
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))];
}

/** What response choice reads of a model's content.json (`links` absent in older models). */
export interface ResponseContent {
  responses: Readonly<Record<string, readonly string[]>>;
  /** Per tag, per response index (as text), the inputs linked to that response. */
  links?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> | undefined;
}

/**
 * A tag's linked inputs as `LinkedInputs`: indices outside the responses, and anything but lists
 * of texts (a damaged file), are ignored.
 */
function linkedOf(content: ResponseContent, tag: string): LinkedInputs {
  const byIndex = content.links?.[tag];
  if (!byIndex) return [];
  const count = content.responses[tag]?.length ?? 0;
  return Array.from({ length: count }, (_, i) => {
    const inputs: unknown = byIndex[String(i)];
    return Array.isArray(inputs) ? inputs.filter((t) => typeof t === 'string') : undefined;
  });
}

/**
 * Response choice over a model's content.json: `respond(tag, random?, question?)`. The one
 * function the browser's worker, the server and `classifier:ask` answer with.
 */
export function responder(
  content: ResponseContent,
): (tag: string, random?: () => number, question?: string) => string | undefined {
  return (tag, random = Math.random, question) =>
    chooseResponse(question, content.responses[tag] ?? [], random, linkedOf(content, tag));
}

/**
 * A classifier made of a model's `classify` (in this thread or another) and its content's
 * responses: the one place the two are put together (`createClassifier`, the browser's worker).
 */
export function withResponses(
  classify: Classifier['classify'],
  content: ResponseContent,
): Classifier {
  return { classify, respond: responder(content) };
}
