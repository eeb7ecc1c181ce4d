/**
 * Evaluation of answers, not only retrieval: learner questions written outside the team
 * (data/eval/learner/rag-*.json), each with the facts a right answer must contain. An answer is
 * right when every group of `expect` has one alternative in the answer, matched as whole words
 * on folded text (so "Ende" is not found inside "mendengar"). A question marked not answerable
 * is right when it is declined (no sources). The report also counts answerable questions that
 * were declined, and answers in which the figure names himself in the third person (outside
 * quotation marks).
 */
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { foldForMatch } from '@dwitunggal/text/fold';

export interface LearnerQuestion {
  id: string;
  karakter: CharacterKey;
  type: string;
  question: string;
  history?: { role: 'user' | 'figure'; text: string }[];
  answerable: boolean;
  expect: string[][];
}

export interface AnswerUnderTest {
  text: string;
  /** True when the model declined (answered without sources). */
  declined: boolean;
}

export interface GradedAnswer {
  id: string;
  karakter: CharacterKey;
  type: string;
  right: boolean;
  declined: boolean;
  thirdPerson: boolean;
}

/** The names a figure must not use for himself when he speaks. */
const SELF_NAMES: Record<CharacterKey, RegExp> = {
  soekarno: /\b(sukarno|bung karno|presiden sukarno|ir sukarno)\b/,
  hatta: /\b(hatta|bung hatta)\b/,
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `phrase` occurs in `text` as whole words, both folded. */
export function containsPhrase(text: string, phrase: string): boolean {
  const f = foldForMatch(phrase).trim();
  if (!f) return false;
  return new RegExp(`(^|[^a-z0-9])${escape(f)}($|[^a-z0-9])`).test(foldForMatch(text));
}

/** Whether the speaker names himself in the third person, quotations left aside. */
export function namesSelfInThirdPerson(text: string, karakter: CharacterKey): boolean {
  const unquoted = text.replace(/["\u201c][^"\u201d]*["\u201d]/g, ' ');
  return SELF_NAMES[karakter].test(foldForMatch(unquoted));
}

export function gradeAnswer(q: LearnerQuestion, answer: AnswerUnderTest): GradedAnswer {
  const right = q.answerable
    ? !answer.declined &&
      q.expect.every((group) => group.some((p) => containsPhrase(answer.text, p)))
    : answer.declined;
  return {
    id: q.id,
    karakter: q.karakter,
    type: q.type,
    right,
    declined: answer.declined,
    thirdPerson: !answer.declined && namesSelfInThirdPerson(answer.text, q.karakter),
  };
}

interface Tally {
  questions: number;
  right: number;
  accuracy: number;
}

const tally = (items: readonly GradedAnswer[]): Tally => {
  const right = items.filter((g) => g.right).length;
  return {
    questions: items.length,
    right,
    accuracy: items.length ? Math.round((right / items.length) * 1000) / 1000 : 0,
  };
};

export function summarizeAnswers(
  graded: readonly GradedAnswer[],
  questions: readonly LearnerQuestion[],
) {
  const answerableIds = new Set(questions.filter((q) => q.answerable).map((q) => q.id));
  const answerable = graded.filter((g) => answerableIds.has(g.id));
  const answered = graded.filter((g) => !g.declined);
  const group = (key: (g: GradedAnswer) => string) => {
    const out: Record<string, Tally> = {};
    for (const k of [...new Set(graded.map(key))].sort())
      out[k] = tally(graded.filter((g) => key(g) === k));
    return out;
  };
  const share = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 1000 : 0);
  return {
    overall: tally(graded),
    byType: group((g) => g.type),
    byFigure: group((g) => g.karakter),
    answerableDeclined: share(answerable.filter((g) => g.declined).length, answerable.length),
    thirdPersonShare: share(answered.filter((g) => g.thirdPerson).length, answered.length),
  };
}
