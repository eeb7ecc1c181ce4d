import { foldForMatch, wordsOf } from '@dwitunggal/text/fold';
import { analyzeQuestion } from '@dwitunggal/text/question';

/**
 * The question a yes/no claim takes for granted. "bapak lahir di jakarta kan?" assumes that he
 * was born somewhere and claims the place; "ibu bapak orang sunda ya?" assumes his mother came
 * from somewhere. The engine asks the assumed question ("bapak lahir di mana") and, when the
 * passage that answers it does not tell the claimed place or thing, answers it: the learner
 * hears the fact ("Saya lahir di Surabaya ...") instead of passages about other men born in
 * Jakarta. A claim that the passage does tell keeps its own search and its "Ya, benar."
 */
export interface PresupposedQuestion {
  /** The question asked of the claim's slot: "bapak lahir di mana". */
  question: string;
  /** The claimed value's folded words: ["jakarta"]. */
  claimed: string[];
}

interface Slot {
  /** The word naming the slot (a verb, or a noun such as "lulusan"). */
  word: RegExp;
  /** How the slot is asked after its words ("di mana"). */
  ask: string;
  /** How it is asked when the claimed value is a year. */
  askYear?: string;
}

const SLOTS: readonly Slot[] = [
  { word: /^(?:lahir|dilahirkan)$/, ask: 'di mana', askYear: 'tahun berapa' },
  { word: /^(?:kuliah|bersekolah|sekolah|studi|belajar)$/, ask: 'di mana' },
  { word: /^(?:lulusan|alumni|alumnus)$/, ask: 'mana' },
  { word: /^(?:dibuang|diasingkan|diasingin|diasingkn|diasing|dibuangnya)$/, ask: 'ke mana' },
  // "ibu bapak orang sunda", "ayah bapak asalnya dari jawa".
  { word: /^(?:orang|asal|asalnya|berasal)$/, ask: 'dari mana' },
  { word: /^(?:menikah|nikah|kawin|menikahi)$/, ask: 'dengan siapa' },
];

/** Words that join the slot to its value ("lahir di", "nikah sama"). */
const LINKS: ReadonlySet<string> = new Set(['di', 'ke', 'dari', 'dengan', 'sama', 'pada']);

/** Words that may end a yes/no claim ("... kan?", "... ya pak?"). */
export const CLAIM_ENDS: ReadonlySet<string> = new Set([
  'ya',
  'kan',
  'kah',
  'bukan',
  'tidak',
  'pak',
  'bung',
  'sendiri',
  'juga',
  'dong',
  'sih',
]);

/** Words that close or soften a claim, or call the figure: never its value. */
const CLAIM_WORDS: ReadonlySet<string> = new Set([
  ...CLAIM_ENDS,
  'bapak',
  'nih',
  'tuh',
  'dulu',
  'itu',
  'memang',
  'benar',
  'betul',
  'apa',
  'apakah',
  'yang',
  'pernah',
  'sempat',
]);

/** Claim words that call the figure: kept in the assumed question. */
const CALLS: ReadonlySet<string> = new Set(['pak', 'bung', 'bapak']);

/** Titles before a name ("bu inggit"): the name is the value, not the title. */
const TITLES: ReadonlySet<string> = new Set(['ibu', 'bu', 'haji', 'mr', 'dr', 'ir', 'raden']);

/**
 * Words after which a claim goes on about something else ("... bareng bung karno") or about
 * when it happened ("nikah pas indonesia udh merdeka"): not the slot's value.
 */
const CLAUSE_ENDS: ReadonlySet<string> = new Set([
  'bersama',
  'bareng',
  'karena',
  'terus',
  'lalu',
  'pas',
  'waktu',
  'saat',
  'ketika',
  'setelah',
  'sesudah',
  'sebelum',
  'habis',
  'abis',
]);

const YEAR = /^(?:1[89]\d\d|20\d\d)$/;

/**
 * The assumed question and the claimed value of a yes/no claim about where or when someone was
 * born, studied, was exiled, came from, or whom he married; null for any other question.
 * A claim whose value runs on past three words is no simple claim and is left alone.
 */
export function presupposedQuestion(prompt: string): PresupposedQuestion | null {
  const { type, words } = analyzeQuestion(prompt);
  // "bung karno dulu kuliah kedokteran kan di stovia?": a "kan" inside also marks a claim.
  if (type !== 'yesNo' && !(type === 'other' && words.some((w) => w === 'kan' || w === 'bukan')))
    return null;
  for (const [i, word] of words.entries()) {
    const slot = SLOTS.find((s) => s.word.test(word));
    if (!slot) continue;
    const claimed: string[] = [];
    for (const w of words.slice(i + 1)) {
      if (CLAUSE_ENDS.has(w)) break;
      if (LINKS.has(w) || CLAIM_WORDS.has(w) || TITLES.has(w) || w === 'tahun') continue;
      claimed.push(w);
    }
    if (claimed.length === 0 || claimed.length > 3) return null;
    const year = claimed.every((w) => YEAR.test(w));
    if (!year && claimed.some((w) => YEAR.test(w))) return null;
    const ask = year ? slot.askYear : slot.ask;
    if (!ask) return null;
    // The words that call or name him stay ("pak", "bung karno"); the claim's markers go.
    const before = words.slice(0, i).filter((w) => !CLAIM_WORDS.has(w) || CALLS.has(w));
    return { question: [...before, word, ask].join(' '), claimed };
  }
  return null;
}

/** Whether a passage's text tells every claimed word (as a whole word, folded). */
export function tellsClaim(text: string, claimed: readonly string[]): boolean {
  const told = new Set(wordsOf(foldForMatch(text)));
  return claimed.every((w) => told.has(w));
}
