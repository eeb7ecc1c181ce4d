import { foldForMatch, wordsOf } from '@dwitunggal/text/fold';
import type { RagEngine } from './engine';
import type { Passage } from './knowledge';

/**
 * The rag model outside its own knowledge base: a general Indonesian reading-comprehension set
 * (data/eval/general-qa), encyclopedia passages on other subjects with questions and a short gold
 * answer copied from the passage, the way Wikipedia QA sets are built. It shows whether the
 * retriever, the gate and the answer selection generalise, or only fit the figures' passages.
 */

export interface GeneralPassage {
  id: string;
  title: string;
  text: string;
  references: string[];
}

export interface GeneralQuestion {
  id: string;
  /** The passage that answers it. */
  passage: string;
  question: string;
  /** A short span of the passage's text. */
  answer: string;
}

export interface GeneralQaReport {
  passages: number;
  questions: number;
  /** Share of questions whose passage is ranked first (the gate ignored). */
  passageFirst: number;
  /** Share whose passage is among the first five (the gate ignored). */
  'recall@5': number;
  /** Share declined by the relevance gate (every question here is answerable). */
  declined: number;
  /** Share of answers that contain the gold answer (folded: case, accents, punctuation). */
  answerContainsGold: number;
  /** The questions missed by either measure, to read. */
  misses: { id: string; question: string; gold: string; first: string | null; answer: string }[];
}

/** The general passages as the knowledge base: about no figure in particular (both). */
export function asKnowledge(passages: readonly GeneralPassage[]): Passage[] {
  return passages.map((p) => ({ ...p, figures: ['soekarno', 'hatta'], period: '' }));
}

const folded = (s: string) => ` ${wordsOf(foldForMatch(s)).join(' ')} `;

export async function evaluateGeneralQa(
  engine: RagEngine,
  passages: readonly GeneralPassage[],
  questions: readonly GeneralQuestion[],
): Promise<GeneralQaReport> {
  let first = 0;
  let top5 = 0;
  let declined = 0;
  let contains = 0;
  const misses: GeneralQaReport['misses'] = [];
  for (const q of questions) {
    const ranking = engine.retriever
      .search(q.question, { karakter: 'hatta', k: 5, includeWeak: true })
      .map((h) => h.passage.id);
    const answer = await engine.answer({ karakter: 'hatta', prompt: q.question });
    const isFirst = ranking[0] === q.passage;
    const found = folded(answer.response).includes(folded(q.answer));
    if (isFirst) first += 1;
    if (ranking.includes(q.passage)) top5 += 1;
    if (answer.sources.length === 0) declined += 1;
    if (found) contains += 1;
    if (!isFirst || !found)
      misses.push({
        id: q.id,
        question: q.question,
        gold: q.answer,
        first: ranking[0] ?? null,
        answer: answer.response,
      });
  }
  const share = (n: number) => Math.round((n / Math.max(1, questions.length)) * 1000) / 1000;
  return {
    passages: passages.length,
    questions: questions.length,
    passageFirst: share(first),
    'recall@5': share(top5),
    declined: share(declined),
    answerContainsGold: share(contains),
    misses,
  };
}
