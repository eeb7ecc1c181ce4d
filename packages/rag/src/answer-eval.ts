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
import { NARRATOR_PREFIX } from './embedded-generator';
import { FAMILY_NAMES, NAMED_AFTER } from './voice';

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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `phrase` occurs in `text` as whole words, both folded. */
export function containsPhrase(text: string, phrase: string): boolean {
  const f = foldForMatch(phrase).trim();
  if (!f) return false;
  return new RegExp(`(^|[^a-z0-9])${escape(f)}($|[^a-z0-9])`).test(foldForMatch(text));
}

/** The speaker's names as written (not folded), for the third-person check. */
const SELF_WRITTEN: Record<CharacterKey, RegExp> = {
  soekarno: /(?:Soekarno|Sukarno|Bung Karno)\b/g,
  hatta: /(?:Mohammad Hatta|Bung Hatta|Hatta)\b/g,
};

/**
 * Whether the speaker names himself in the third person. Not counted: quotations, a narrator's
 * note (the answer is plainly outside his voice), and the name inside a longer proper noun
 * ("Gelora Bung Karno", "Rahmi Hatta", "Soekarno-Hatta").
 */
export function namesSelfInThirdPerson(text: string, karakter: CharacterKey): boolean {
  if (text.startsWith(NARRATOR_PREFIX)) return false;
  const unquoted = text.replace(/["\u201c][^"\u201d]*["\u201d]/g, ' ');
  for (const m of unquoted.matchAll(SELF_WRITTEN[karakter])) {
    const before = unquoted.slice(0, m.index);
    const after = unquoted.slice(m.index + m[0].length);
    // Part of a longer name, or a title that opens with it ("Sukarno: An Autobiography ...").
    if (/^[-:]/.test(after) || /^ [A-Z]/.test(after) || before.endsWith('-')) continue;
    const words = before.trimEnd().split(/\s+/);
    // "(Gelora) Bung Karno": the brackets are no word.
    const previous = (words.at(-1) ?? '').replace(/^\(|\)$/g, '');
    // A name given ("mengganti nama saya menjadi Soekarno sesuai ..."), not a mention of him.
    if (/^(?:menjadi|bernama|sebagai)$/i.test(previous) && !/^ (?:me|ber|di)\w{3,}/.test(after)) {
      continue;
    }
    const beforePrevious = words.at(-2);
    // ... with a title ("dikenal sebagai Ir. Soekarno").
    if (
      /^(?:Ir|Dr|Drs|Mr|Prof)\.$/.test(previous) &&
      /^(?:menjadi|bernama|sebagai)$/i.test(beforePrevious ?? '')
    ) {
      continue;
    }
    const previousStartsSentence = beforePrevious === undefined || /[.!?:]$/.test(beforePrevious);
    const afterPlace = /^(?:di|ke|dari)$/i.test(beforePrevious ?? '') && !NAMED_AFTER.has(previous);
    if (/^[A-Z]/.test(previous) && !/[.!?:,]$/.test(previous) && !afterPlace) {
      // After a capitalised word: part of a proper noun ("Gelora Bung Karno", "Rahmi Hatta"),
      // unless that word only starts the sentence ("Hukuman Soekarno dikurangi") or is a place
      // ("Di Rotterdam Hatta belajar").
      if (!previousStartsSentence || FAMILY_NAMES.has(previous) || NAMED_AFTER.has(previous)) {
        continue;
      }
    }
    return true;
  }
  return false;
}

/**
 * How an expected name may be written in a right answer: Hatta names Soekarno "Bung Karno" (the
 * voice's rule), so an expected "Soekarno" is found as that too.
 */
function writtenAs(expected: string): readonly string[] {
  return /^(?:Soekarno|Sukarno)$/i.test(expected) ? [expected, 'Bung Karno'] : [expected];
}

export function gradeAnswer(q: LearnerQuestion, answer: AnswerUnderTest): GradedAnswer {
  const right = q.answerable
    ? !answer.declined &&
      q.expect.every((group) =>
        group.some((p) => writtenAs(p).some((w) => containsPhrase(answer.text, w))),
      )
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
