import type { ChatSource } from '@dwitunggal/contracts/chat';
import { CHARACTER_KEYS, deathYear, type CharacterKey } from '@dwitunggal/contracts/characters';
import {
  ANSWER_SHAPES,
  analyzeQuestion,
  askedFacts,
  asksName,
  countInUnit,
  GIVES_NAME,
  lifeEndAsked,
  namesIn,
  CAUSE_CLAUSE,
  REASON_CLAUSE,
  spellsOut,
  thingDefined,
  type QuestionAnalysis,
  type QuestionType,
} from '@dwitunggal/text/question';
import { stem } from '@dwitunggal/text/stem';
import type { GenerateInput, GeneratedAnswer, Generator, StreamEvent } from './generator';
import { PERSONAS, pickLine } from './persona';
import { figureNameTerm } from './query';
import {
  figuresNamed,
  ORDINAL_TERM,
  relativeInTitle,
  type IndexedSentence,
  type QueryTerm,
  type SearchHit,
} from './retriever';
import { isFrameStem } from './analyzer';
import { foldForMatch, wordsOf } from '@dwitunggal/text/fold';
import { CLAIM_ENDS } from './claim';
import { KIN_NOUNS, toFirstPerson, weTwoAfter } from './voice';

/**
 * The embedded, offline and deterministic generator. It never writes a fact of its own: the
 * answer is one persona line from a fixed list followed by two or three sentences copied from
 * the retrieved passages (the ones that best match the question), put in the figure's first
 * person by the documented transformation of ./voice. When retrieval found nothing relevant it
 * says so, in character.
 */

export interface EmbeddedGeneratorOptions {
  /** Passages considered for sentences: the best hits scoring at least this share of the best. */
  minRelativeScore?: number;
  /** At most this many passages are read. */
  maxPassages?: number;
  /** Factual sentences in an answer (the persona opening comes on top). */
  maxFacts?: number;
  /**
   * Names known as places (placesIn over the knowledge base): such a name does not answer
   * "siapa" ("sebelum Indonesia merdeka" names no one).
   */
  places?: ReadonlySet<string>;
}

/** One factual sentence of an answer and where it comes from. */
export interface UsedSentence {
  passageId: string;
  /** Position of the sentence in its passage. */
  index: number;
  /** The sentence as written in the passage. */
  original: string;
  /** The sentence as spoken by the figure (see toFirstPerson). */
  spoken: string;
  /** A narrator's note on what a place of the sentence is called today (see todayNote). */
  note?: string;
}

export interface ComposedAnswer extends GeneratedAnswer {
  /** The persona line, if any, then the factual sentences, in answer order. */
  opening: string | null;
  facts: UsedSentence[];
}

type Intent = 'when' | 'where' | 'who' | 'howMany' | 'why' | 'define' | 'other';

const SYNONYM_CREDIT = 0.6;

/**
 * Intents whose answer has a visible shape (a date, a place, a name, a number, a reason clause):
 * the main fact is the best matching sentence of that shape in any of the retrieved passages.
 */
const SHAPED_INTENTS: ReadonlySet<Intent> = new Set(['when', 'where', 'who', 'howMany', 'why']);
/** The shaped intents whose answer is one fact (a date, a place, a name, a number). */
const FACT_INTENTS: ReadonlySet<Intent> = new Set(['when', 'where', 'who', 'howMany']);

const ANAPHORA =
  /^(?:Ia|Dia|Mereka|Beliau|Keduanya|Ketiganya|Keempatnya|Kelimanya|Hal (?:itu|ini)|Itu|Ini)\b/;
/**
 * A sentence that points back at the one before it: a pronoun first (ANAPHORA), "itu", "ini",
 * "tersebut", "mereka", "keduanya" or "demikian" within its first four words ("Janji itu ia
 * pegang ...", "Dalam tulisan itu ...", "Meski demikian, ..."), or a first "Namun" or
 * "Akibatnya".
 */
const LEANS_BACK =
  /^(?:(?:[\w'-]+,?\s){0,3}(?:itu|ini|tersebut|mereka|keduanya|ketiganya|keempatnya|kelimanya|demikian)\b|(?:Namun|Akibatnya)\b)/i;

/**
 * "Di Dalat, pada 12 Agustus 1945, mereka bertemu ...": "mereka" as the subject after opening
 * phrases points back at the people of the sentence before.
 */
const OPENED_THEY = /^[^.]{3,80}?, (?:mereka|keduanya|ketiganya)\b/;

/** "Karena kecerdasan dan pengalamannya, ia dijuluki ...": a pronoun after an opening clause. */
const ASIDE_PRONOUN = /^[^,.]{3,60}, (?:ia|dia|beliau)\b/;

/** A sentence opening with the number of people just named ("Keempatnya", "Ketiganya"). */
const COUNTS_BACK = /^(?:Ketiganya|Keempatnya|Kelimanya)\b/;

/** The kind of fact a question asks for, as the sentence scoring reads it. */
export function detectIntent(question: string): Intent {
  return INTENT_OF[analyzeQuestion(question).type];
}

/**
 * The question's intent and its slot: for a count in a unit ("berapa tahun") the count's shape,
 * and whether it asks for a name ("nama asli Bapak siapa").
 */
function askedSlot(question: string): { intent: Intent; count: RegExp | null; name: boolean } {
  const analysis = analyzeQuestion(question);
  return {
    intent: INTENT_OF[analysis.type],
    count: countInUnit(analysis.words),
    name: asksName(analysis.words),
  };
}

const INTENT_OF: Record<QuestionType, Intent> = {
  when: 'when',
  where: 'where',
  who: 'who',
  why: 'why',
  howMany: 'howMany',
  define: 'define',
  how: 'other',
  yesNo: 'other',
  other: 'other',
};

/** The weight left to a word that frames the question, in a sentence's relevance. */
const FRAME_SHARE = 0.3;
/** What a sentence gains by stating the question's frame of its topic ("Isi pokok Dekret"). */
const FRAMED_ANSWER = 0.1;
/** Frames answered by the shape of a date, not by the word ("wafat tahun berapa": not "69 tahun"). */
const SHAPED_FRAMES: ReadonlySet<string> = new Set(['tahun', 'tanggal']);

/** A day and month ("27 Desember", "1 Juni"). */
const DAY_DATE =
  /\b\d{1,2} (?:Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember)\b/;

/** Words of a figure's death and burial. */
const DEATH_WORDS =
  /\b(?:wafat|meninggal|mangkat|berpulang|dimakamkan|pemakaman|makam|makamnya|jenazah)\b/i;
/** The words of a figure's own names, as written (not an answer to "siapa" about him). */
const OWN_NAMES: Record<CharacterKey, readonly string[]> = {
  soekarno: ['Soekarno', 'Sukarno', 'Karno', 'Koesno', 'Kusno'],
  hatta: ['Hatta', 'Mohammad', 'Muhammad', 'Athar'],
};
/**
 * Whether a sentence as spoken still names the speaker on his own: not inside a longer proper
 * noun ("Rahmi Hatta", "Soekarno-Hatta", "Gelora Bung Karno"), nor within a quotation.
 */
export function namesHimself(spoken: string, karakter: CharacterKey): boolean {
  const unquoted = spoken.replace(/"[^"]*"/g, ' ');
  const own = karakter === 'hatta' ? /Hatta\b/g : /(?:Soekarno|Sukarno|Bung Karno)\b/g;
  return [...unquoted.matchAll(own)].some((m) => {
    const after = unquoted.slice(m.index + m[0].length);
    const words = unquoted.slice(0, m.index).split(' ');
    const previous = words.at(-2) ?? '';
    const inLongerName =
      /-$/.test(words.at(-1) ?? '') ||
      /^(?:-|:| [A-Z])/.test(after) ||
      (/^[A-Z]/.test(previous) && previous !== 'Mohammad');
    return !inLongerName;
  });
}
const KIN_BEFORE = new RegExp(`\\b(?:${KIN_NOUNS.join('|')})\\b`, 'i');
const SELF_NAME: Record<CharacterKey, RegExp> = {
  soekarno: /\b(?:Soekarno|Sukarno|Bung Karno)\b/,
  hatta: /\b(?:Mohammad Hatta|Bung Hatta|Hatta)\b/,
};

/**
 * A side note on what a place or thing is called or has become today: ", kini Jakarta,",
 * "(kini Papua)", or "yang kini bernama Bukittinggi" and "dan kini dikenal sebagai ITB" (to the
 * end of their clause).
 */
const TODAY_APPOSITIVE = /,\s*kini\s+[^,.;]+,|\s*\(kini\s+[^)]*\)/gi;
const TODAY_CLAUSE =
  /,?\s+(?:yang|dan)\s+kini\s+(?:bernama|disebut|dikenal|menjadi|dijadikan|diperingati|dilestarikan|ditandai)\b[^,.;]*/gi;
/** Words of the present day: the text's today, after both figures' deaths. */
const TODAY = /\b(?:kini|sekarang|dewasa ini|saat ini)\b/i;

/**
 * The sentence without its side notes on today ("di Fort de Kock, kota yang kini bernama
 * Bukittinggi" becomes "di Fort de Kock"): the figure speaks of his own time only.
 */
export function withoutToday(sentence: string): string {
  return sentence.replace(TODAY_APPOSITIVE, '').replace(TODAY_CLAUSE, '');
}

/**
 * What the side notes on today that withoutToday drops say, as a short narrator's note after the
 * figure's sentence, so that the learner still learns the modern name ("Fort de Kock, kota ...
 * yang kini bernama Bukittinggi" gives "(Catatan narator: kini bernama Bukittinggi.)"; ", kini
 * Jakarta," after "Batavia" gives "(Catatan narator: Batavia kini Jakarta.)"). Null without one.
 */
export function todayNote(sentence: string): string | null {
  const notes: string[] = [];
  for (const m of sentence.matchAll(TODAY_APPOSITIVE)) {
    const place = /((?:[A-Z][\w'-]*\s)*[A-Z][\w'-]*)$/.exec(sentence.slice(0, m.index))?.[1];
    const today = m[0].replace(/^[\s,(]+|[\s,)]+$/g, '');
    notes.push(place ? `${place} ${today}` : today);
  }
  for (const m of sentence.matchAll(TODAY_CLAUSE)) {
    notes.push(m[0].replace(/^,?\s+(?:yang|dan)\s+/, ''));
  }
  return notes.length ? `(${NARRATOR_PREFIX} ${notes.join('; ')}.)` : null;
}

/**
 * Whether a sentence tells of something after the figure's death (a later year, his death and
 * burial, or what a place is today once its side notes on today are left out): it is never put
 * in his mouth, only in a narrator's note.
 */
export function afterLifetime(sentence: string, karakter: CharacterKey): boolean {
  // The knowledge base's sentences are read again for every answer: each reading is kept.
  const key = `${karakter}\u0000${sentence}`;
  const known = lifetimeReadings.get(key);
  if (known !== undefined) return known;
  const after = readsAfterLifetime(sentence, karakter);
  if (lifetimeReadings.size >= MAX_LIFETIME_READINGS) lifetimeReadings.clear();
  lifetimeReadings.set(key, after);
  return after;
}

/** Sentences whose reading is kept (see afterLifetime); a full cache starts over. */
const MAX_LIFETIME_READINGS = 20_000;
const lifetimeReadings = new Map<string, boolean>();

function readsAfterLifetime(sentence: string, karakter: CharacterKey): boolean {
  // The proclaimers' names given to an airport, streets, a university: honours after their
  // deaths, even where no year says so.
  if (PROCLAIMERS_HONOURED.test(sentence)) return true;
  const died = deathYear(karakter);
  const years = (sentence.match(/\b(?:1[89]\d\d|20\d\d)\b/g) ?? []).map(Number);
  if (years.some((y) => y > died)) return true;
  if (TODAY.test(withoutToday(sentence))) return true;
  if (!SELF_NAME[karakter].test(sentence)) return false;
  // "Ayah Hatta meninggal ketika ..." is his father's death, told in his own voice; "Beberapa
  // hari sebelum Soekarno wafat, Mohammad Hatta menjenguknya" Bung Karno's, and "makam Bung
  // Karno" his grave: told in Hatta's voice. A death word with no one named (a sentence's own
  // first word is no name: "Setelah wafat pada 1970, Soekarno ...") is taken as his.
  return [...sentence.matchAll(DEATH_WORDS_ALL)].some((death) => {
    const before = sentence.slice(0, death.index);
    if (KIN_BEFORE.test(before)) return false;
    const named = BURIAL_NOUNS.test(death[0])
      ? /^\S+\s+((?:[A-Z][\w'-]*\s+)*[A-Z][\w'-]*)/.exec(sentence.slice(death.index))?.[1]
      : /(?:^|\s)((?:[A-Z][\w'-]*\s+)*[A-Z][\w'-]*)\s+$/.exec(before)?.[1];
    const opener = named !== undefined && before.trimStart().startsWith(named) && !/\s/.test(named);
    if (!named || opener || SELF_NAME[karakter].test(named)) return true;
    // The other proclaimer's death counts when it came after his own (Hatta's, for Soekarno).
    const other = karakter === 'soekarno' ? 'hatta' : 'soekarno';
    return SELF_NAME[other].test(named) && deathYear(other) > deathYear(karakter);
  });
}

const DEATH_WORDS_ALL = new RegExp(DEATH_WORDS.source, 'gi');

/** Death words that name a grave or a burial: whose it is follows them ("makam Bung Karno"). */
const BURIAL_NOUNS = /^(?:makam|pemakaman|jenazah)$/i;

/** A proclaimer's name given to something ("Nama Hatta juga diabadikan sebagai nama jalan"). */
const PROCLAIMERS_HONOURED =
  /\b[Nn]ama (?:Soekarno|Sukarno|Bung Karno|(?:Mohammad )?Hatta|Bung Hatta|kedua proklamator)\b[^.;]*\bdiabadikan\b|\bmemakai nama sang proklamator\b/;

/**
 * A question about his name given to things ("nama bapak dipake buat bandara?", "ada
 * universitas yg pake nama bapak?"); not a name he used ("pake nama asli ato samaran?").
 */
export const HONOURS_ASKED =
  /\bnama\b[^?]*\b(?:diabadikan|dipake|dipakai|dijadikan|jadi nama)\b|\b(?:pake|pakai|memakai) nama (?!asli|samaran|pena|lain|kecil)/i;

/** What the question's own words weigh in a sentence's score, in a conversation (see compose). */
const OWN_WORDS_SHARE = 0.2;
/** A question why something was founded or formed ("knp bapak mendirikan PNI"). */
const FOUNDING_ASKED =
  /\b(?:mendirikan|didirikan|dirikan|membentuk|dibentuk|bentuk|membuat|dibuat|bikin)\b/;
/** A sentence stating an aim ("Tujuan PNI adalah ...", "bertujuan"). */
const AIM = /\b(?:[Tt]ujuan(?:nya)?|bertujuan)\b/;
/** For a sentence stating the aim of what a "why was it founded" question asks about. */
const AIM_BONUS = 0.5;
/** Taken from a sentence the last reply told (GenerateInput.repeated). */
const REPEATED_PENALTY = 0.25;
/** Questions asking one fact, which a sentence already told may hold. */
const ONE_FACT_INTENTS: ReadonlySet<Intent> = new Set(['when', 'where', 'who', 'howMany']);

/** How much better a sentence that points back must match to be the main fact (see compose). */
const LEANING_MARGIN = 1.5;

/** What a sentence gains by naming someone right after the passive verb asked (agentAfter). */
const AGENT_BONUS = 0.15;

/**
 * For "siapa" asked with a passive verb ("dipimpin siapa", "diketik siapa"): a name right after
 * that verb, after "oleh", or after its root with -an ("pimpinan"). Null without such a verb.
 */
function agentAfter(words: readonly string[]): RegExp | null {
  return agentOf(
    words.flatMap((w) => {
      if (/^di[a-z]{4,}$/.test(w) && !DI_NOT_PASSIVE.test(w)) return [passiveRoot(w)];
      // "pemimpin PDRI siapa", "siapa yg mimpin PDRI": the verb's root, in its passive.
      if (/^(?:me|pe)[a-z]{4,}$/.test(w)) {
        const root = stem(w);
        return root !== w && root.length >= 4 ? [root] : [];
      }
      return [];
    }),
  );
}
const DI_NOT_PASSIVE = /^(?:dimana|dirinya|diri|dia)$/;
const passiveRoot = (word: string) => word.slice(2).replace(/i$/, '');

/** Words of a question that name the figure being asked. */
const SPEAKER_WORD = /^(?:bapak|pak|anda|kamu|bung|hatta|karno|soekarno|sukarno)$/;

/**
 * A yes/no question that names him as the one who did it ("delegasi di Linggarjati dipimpin
 * bapak ya?", "bapak yg mimpin delegasi di KMB?"): the pattern of a name right after that verb,
 * as for "dipimpin siapa" (agentAfter). Whoever is named there answers it, him or not.
 */
function claimedDoer(question: QuestionAnalysis): RegExp | null {
  if (question.type !== 'yesNo') return null;
  const { words } = question;
  const roots = words.flatMap((w, i) => {
    const at = words[i + 1] === 'oleh' ? i + 2 : i + 1;
    // ... the doer ends the claim ("dipimpin bapak ya?"); "dijuluki bapak koperasi" is a name.
    if (
      /^di[a-z]{4,}$/.test(w) &&
      !DI_NOT_PASSIVE.test(w) &&
      SPEAKER_WORD.test(words[at] ?? '') &&
      (words[at + 1] === undefined || CLAIM_ENDS.has(words[at + 1] as string))
    )
      return [passiveRoot(w)];
    const doer = ['yang', 'yg'].includes(words[i - 1] ?? '') ? words[i - 2] : undefined;
    // ... "bapak yg mimpin ...", "bapak yg ketik ...": a verb, whose passive or noun names the
    // doer in a passage (a noun here, "bapak yg presiden", finds none: see below).
    if (/^[a-z]{4,}$/.test(w) && SPEAKER_WORD.test(doer ?? '')) return [stem(w)];
    return [];
  });
  return agentOf(roots);
}

/**
 * Whether the name `agent` (agentOf) finds right after the verb in `text` is one of `names`
 * ("dipimpin oleh Mohammad Hatta"), not someone else ("dipimpin Perdana Menteri Sutan Sjahrir").
 */
function doerIs(agent: RegExp, text: string, names: readonly string[]): boolean {
  const at = agent.exec(text);
  if (!at) return false;
  const run = /^\S+(?: oleh)? ((?:[A-Z][\w.'-]*(?: |$))+)/.exec(text.slice(at.index))?.[1] ?? '';
  const words = run.trim().split(' ');
  return words.some((w) => names.includes(w));
}

function agentOf(roots: readonly string[]): RegExp | null {
  if (roots.length === 0) return null;
  const forms = roots.flatMap((r) => [`di${r}i?`, `${r}an`]);
  return new RegExp(`\\b(?:${forms.join('|')})(?: oleh)? (?:[A-Z][\\w.'-]* )*?[A-Z][a-z]`);
}

/** How a narrator's note starts: outside the figure's voice, and plainly marked so. */
export const NARRATOR_PREFIX = 'Catatan narator:';

const GREETING = new Set(['halo', 'hai', 'hallo', 'hello', 'hi', 'assalamualaikum', 'salam']);
const THANKS = ['terima kasih', 'makasih', 'trims', 'thanks', 'thank you', 'matur nuwun'];

function smallTalk(question: string): 'greeting' | 'thanks' | null {
  const folded = wordsOf(foldForMatch(question)).join(' ');
  const words = folded.split(' ');
  if (words.length > 8) return null;
  if (THANKS.some((t) => folded.includes(t))) return 'thanks';
  if (
    words.some((w) => GREETING.has(w.replace(/(\p{L})\1+$/u, '$1'))) ||
    /\bselamat (pagi|siang|sore|malam)\b/.test(folded)
  ) {
    return 'greeting';
  }
  if (/\bapa kabar\b/.test(folded)) return 'greeting';
  // "pagi bung", "malam pak": a time of day and an address, nothing else.
  if (onlySmallTalk(question) && words.some((w) => TIME_OF_DAY.has(w))) return 'greeting';
  return null;
}

const TIME_OF_DAY = new Set(['pagi', 'siang', 'sore', 'malam']);
/** Every word a greeting or thanks may be made of, with the ways of addressing him. */
const SMALL_TALK_WORDS = new Set([
  ...GREETING,
  ...TIME_OF_DAY,
  ...THANKS.flatMap((t) => t.split(' ')),
  ...['selamat', 'met', 'apa', 'kabar', 'permisi', 'hei', 'hey', 'banyak', 'ya', 'yah', 'nih'],
  ...['assalamu', 'alaikum', 'warahmatullahi', 'wabarakatuh', 'wr', 'wb', 'salam', 'kenal'],
  ...['pak', 'bapak', 'bung', 'bang', 'om', 'kak', 'tuan', 'karno', 'hatta', 'sukarno'],
]);

/**
 * Whether the message is only a greeting or thanks ("halo pak", "pagi bung", "makasih ya pak"):
 * nothing in it to search for, however many passages share a word with it ("Halo-Halo
 * Bandung", "pagi 17 Agustus").
 */
export function onlySmallTalk(question: string): boolean {
  const words = wordsOf(foldForMatch(question));
  // A stretched last letter ("haloo", "pakk") is the same word.
  const plain = (w: string) => (SMALL_TALK_WORDS.has(w) ? w : w.replace(/(\p{L})\1+$/u, '$1'));
  return (
    words.length > 0 && words.length <= 8 && words.every((w) => SMALL_TALK_WORDS.has(plain(w)))
  );
}

/**
 * What the sentence scoring reads of a sentence besides its terms, computed once per indexed
 * sentence (the retriever's sentence objects live as long as the index) instead of per answer.
 */
interface SentenceFeatures {
  words: number;
  /** Folded first three words. */
  head: readonly string[];
  intents: ReadonlySet<Intent>;
  /** The sentence gives a reason or a purpose (REASON_CLAUSE). */
  reason: boolean;
  /** Names of people or bodies in the sentence (namesIn). */
  names: readonly (readonly string[])[];
  anaphora: boolean;
  /** The sentence needs the one before it to be understood (LEANS_BACK). */
  leansBack: boolean;
  /** toFirstPerson of the sentence, per figure, filled on first use. */
  spoken: Partial<Record<CharacterKey, string>>;
}

function computeFeatures(text: string): SentenceFeatures {
  const intents = new Set<Intent>();
  for (const [intent, pattern] of Object.entries(ANSWER_SHAPES)) {
    if (pattern.test(text)) intents.add(intent as Intent);
  }
  return {
    words: wordCount(text),
    head: wordsOf(foldForMatch(text)).slice(0, 3),
    intents,
    reason: REASON_CLAUSE.test(text),
    names: namesIn(text),
    anaphora: ANAPHORA.test(text),
    leansBack: ANAPHORA.test(text) || LEANS_BACK.test(text) || OPENED_THEY.test(text),
    spoken: {},
  };
}

interface Candidate {
  /** It tells what he did, in a passage about the place or time a "ngapain" asks about. */
  doing: boolean;
  hit: SearchHit;
  hitRank: number;
  sentence: IndexedSentence;
  relevance: number;
  /** In a conversation, the share of the question's own words it has (else its relevance). */
  ownRelevance: number;
  score: number;
  /** The sentence is about the person its passage is about, not the one asked about. */
  otherPerson?: boolean;
}

export function createEmbeddedGenerator(options: EmbeddedGeneratorOptions = {}): Generator & {
  compose(input: GenerateInput): ComposedAnswer;
} {
  const minRelativeScore = options.minRelativeScore ?? 0.3;
  const maxPassages = options.maxPassages ?? 4;
  const maxFacts = Math.max(2, options.maxFacts ?? 3);
  const places = options.places ?? new Set<string>();
  /** The folded words of one-word place names ("bengkulu"), as query terms give them. */
  const placeWords = new Set([...places].filter((p) => !p.includes(' ')).map(foldForMatch));
  const features = new WeakMap<IndexedSentence, SentenceFeatures>();
  const featuresOf = (sentence: IndexedSentence): SentenceFeatures => {
    let f = features.get(sentence);
    if (!f) {
      f = computeFeatures(sentence.text);
      features.set(sentence, f);
    }
    return f;
  };
  const spokenOf = (sentence: IndexedSentence, karakter: CharacterKey): string => {
    const f = featuresOf(sentence);
    return (f.spoken[karakter] ??= toFirstPerson(withoutToday(sentence.text), karakter));
  };

  const compose = ({
    karakter,
    question,
    hits,
    alreadySaid,
    causeAsked,
    repeated,
    whoIs,
  }: GenerateInput): ComposedAnswer => {
    const persona = PERSONAS[karakter];
    const seed = `${karakter}:${question}`;
    const top = hits[0];
    if (!top) {
      const talk = smallTalk(question);
      const text =
        talk === 'greeting'
          ? pickLine(persona.greetings, seed)
          : talk === 'thanks'
            ? pickLine(persona.thanks, seed)
            : `${pickLine(persona.unknown, seed)} ${pickLine(persona.suggestions, seed)}`;
      return { text, sources: [], generator: 'embedded', opening: null, facts: [] };
    }

    const terms = top.query;
    // The question's topic. A word that frames it ("tanggal berapa", "isi dekret") says what
    // kind of answer is wanted more than what it is about, and counts for little: "tanggal" in
    // "Sejak 2016, tanggal 1 Juni ..." does not make that sentence answer "Bapak lahir tanggal
    // berapa?".
    const content = terms
      .filter((t) => !t.isName)
      .map((t) =>
        isFrameStem(t.term)
          ? {
              ...t,
              weight: t.weight * FRAME_SHARE,
              alternatives: t.alternatives.map((a) => ({ ...a, weight: a.weight * FRAME_SHARE })),
            }
          : t,
      );
    const mass = content.reduce((s, t) => s + t.weight, 0);
    const slot = askedSlot(question);
    const { count, name: nameAsked } = slot;
    /** The learner's words of the question (the shared reading: learner spelling expanded). */
    const questionWords = analyzeQuestion(question).words;
    // A narrator's note on his death or on later times answers a question about those, and
    // takes no place in the answer to any other ("judul pidato di PBB 1960" is its title, not
    // the UNESCO listing of 2023).
    // The figure(s) the question is about: those it names, else the one being asked.
    const named = figuresNamed(terms, question);
    // The other figure's death, when it came in his own lifetime ("bung karno meninggal tgl
    // brp?" asked of Hatta), is his to tell, not a question about the time after his death.
    const deathHeSaw =
      named.length > 0 &&
      !named.includes(karakter) &&
      named.every((k) => deathYear(k) < deathYear(karakter));
    const endAsked =
      ((lifeEndAsked(questionWords) !== null || DEATH_WORDS.test(question)) && !deathHeSaw) ||
      /\b(?:kini|sekarang|skrg|saat ini|sampai hari ini)\b/i.test(question) ||
      HONOURS_ASKED.test(question);
    const targets = named.length ? named : [karakter];
    const targetTerms = targets.map(figureNameTerm);
    const ownNames = new Set(targets.flatMap((t) => OWN_NAMES[t]));
    const isAboutTarget = (hit: SearchHit) => targets.some((t) => hit.passage.figures.includes(t));
    const otherTerms = CHARACTER_KEYS.filter((k) => !targets.includes(k)).map(figureNameTerm);
    const passages = hits
      .slice(0, maxPassages)
      .filter((h) => h.score >= minRelativeScore * top.score);
    // "... dipimpin bapak ya?" asks who led it, as "dipimpin siapa?" does, when a passage about
    // him names someone right after that verb.
    const doer = claimedDoer(analyzeQuestion(question));
    const doerClaimed =
      doer && passages.some((h) => isAboutTarget(h) && h.sentences.some((x) => doer.test(x.text)))
        ? doer
        : null;
    const intent: Intent = causeAsked ? 'why' : doerClaimed ? 'who' : slot.intent;
    const dayAsked = intent === 'when' && /\b(?:tanggal|tgl|tggl)\b/.test(foldForMatch(question));

    // The sentence holds the kind of answer asked for (ANSWER_SHAPES; for "mengapa" a reason
    // clause too).
    // "Siapa" is answered by a name other than those of the figures asked about ("Supersemar
    // saya berikan kepada siapa?" is not answered by "ditandatangani Presiden Soekarno").
    /** A name of someone other than those asked about, and no place. */
    const namesSomeoneElse = (name: readonly string[]) =>
      name.some((w) => !ownNames.has(w)) && !places.has(name.join(' '));
    /** The sentence holds a fact of the kind `wanted` (a further slot asked: see below). */
    const holdsFact = (sentence: IndexedSentence, wanted: Intent) => {
      const f = featuresOf(sentence);
      if (wanted === 'who') return f.names.some(namesSomeoneElse);
      return f.intents.has(wanted);
    };
    const agentNamed = intent === 'who' ? agentAfter(questionWords) : doerClaimed;
    const agentSomewhere =
      agentNamed !== null &&
      passages.some((h) => isAboutTarget(h) && h.sentences.some((x) => agentNamed.test(x.text)));
    const hasAnswerShape = (sentence: IndexedSentence) => {
      const f = featuresOf(sentence);
      // His own name ("nama asli Bapak siapa") is given by a naming phrase, not by any name.
      if (askedOwnName) return GIVES_NAME.test(sentence.text);
      // "bareng siapa": someone named beside him ("Hatta dan Sutan Sjahrir", "bersama Sjahrir").
      if (intent === 'who' && companionAsked) return companionIn.test(sentence.text);
      // "dipimpin siapa": the name right after the verb, when a passage gives one that way.
      if (intent === 'who' && agentSomewhere) return agentNamed.test(sentence.text);
      if (intent === 'who') return holdsFact(sentence, 'who');
      // "Divonis berapa tahun" is answered by "empat tahun", not by "Desember 1930".
      if (count) return count.test(sentence.text);
      // "Tanggal berapa" is answered by a day and month, not by "akhir Desember 1949".
      if (dayAsked) return DAY_DATE.test(sentence.text);
      // "KAA tuh apa?": the sentence that spells it out ("Konferensi Asia-Afrika (KAA) ...").
      if (thing && spellsOut(sentence.text, thing)) return true;
      return holdsFact(sentence, intent) || (intent === 'why' && f.reason);
    };
    const asked = new Set(terms.map((t) => t.word));
    const thing = intent === 'define' ? thingDefined(questionWords) : null;
    const companionAsked = COMPANION.test(questionWords.join(' '));
    const nameAlternatives = [...ownNames].join('|');
    const companionIn = new RegExp(
      `\\b(?:${nameAlternatives})(?:,? dan|,) [A-Z]|[A-Z][\\w.'-]*,? dan (?:[A-Z][\\w.'-]* )*(?:${nameAlternatives})\\b|\\b(?:bersama|dengan) (?:[a-z]+ )?[A-Z]`,
    );
    // A question about his relatives ("ibunya", "anak Bapak") is about other people.
    const aboutOthers = content.some((t) => KIN_STEMS.has(t.term));
    const askedOwnName = nameAsked && !aboutOthers;
    // Asked in the question itself, not in the conversation it follows.
    const ownWords = new Set(questionWords);
    const activityAsked = ACTIVITY_ASKED.test(questionWords.join(' '));
    // "di sana ngapain aja?": the place the conversation named is the one asked about.
    const thereAsked = /\bdi ?(?:sana|situ)\b/.test(foldForMatch(question));
    // The question's own words, when it follows a conversation whose words were searched too.
    const own = content.some((t) => t.fromContext)
      ? content.filter((t) => !t.fromContext && !isFrameStem(t.term) && !ORDINAL_TERM.test(t.term))
      : [];
    const ownMass = own.reduce((s, t) => s + t.weight, 0);
    const ownOf = (sentence: IndexedSentence) =>
      own.reduce((s, t) => s + termCredit(t, sentence), 0);
    const foundingAsked = intent === 'why' && FOUNDING_ASKED.test(questionWords.join(' '));
    const toldInReply = (hit: SearchHit, sentence: IndexedSentence) =>
      repeated !== undefined &&
      (repeated.sentences.some((r) => r.passage === hit.passage.id && r.index === sentence.index) ||
        repeated.text.includes(spokenOf(sentence, karakter)));
    const candidates: Candidate[] = [];
    passages.forEach((hit, hitRank) => {
      const aboutTarget = isAboutTarget(hit);
      for (const sentence of hit.sentences) {
        const matched = content.reduce((s, t) => s + termCredit(t, sentence), 0);
        // "ngapain aja di Ende?": in a passage about Ende, every sentence of what he did there
        // answers, whether or not it names Ende again.
        const doing =
          activityAsked &&
          ACTIVITY.test(sentence.text) &&
          content.some(
            (t) =>
              !isFrameStem(t.term) &&
              (ownWords.has(t.word) || (thereAsked && t.fromContext && placeWords.has(t.word))) &&
              hit.titleTerms.has(t.term),
          );
        const relevance = Math.max(mass > 0 ? matched / mass : 0, doing ? ACTIVITY_RELEVANCE : 0);
        let score = relevance;
        const mentionsTarget = targetTerms.some((t) => sentence.terms.has(t));
        // A sentence about the other figure only does not answer a question about this one.
        if (!mentionsTarget && otherTerms.some((t) => sentence.terms.has(t))) continue;
        // A follow-up goes on from the previous reply instead of repeating it.
        if (alreadySaid?.includes(spokenOf(sentence, karakter))) continue;
        const f = featuresOf(sentence);
        if (mentionsTarget) score += 0.1;
        if (!aboutTarget) score -= 0.1;
        const shaped = hasAnswerShape(sentence);
        if (shaped) score += 0.2;
        // What the last reply told is not the answer to the next question, unless it holds the
        // one fact asked ("taun brp itu?" after the founding of PNI).
        if (toldInReply(hit, sentence) && !(shaped && ONE_FACT_INTENTS.has(intent)))
          score -= REPEATED_PENALTY;
        // "PDRI dipimpin siapa?": the name right after the verb or its noun ("di bawah pimpinan
        // Sjafruddin", "diketik oleh Sayuti Melik") is the one asked for.
        if (agentNamed?.test(sentence.text)) score += AGENT_BONUS;
        // In a conversation, a sentence with the question's own words answers it more than
        // one with only the conversation's ("ortu bapak siapa?" after his birthplace).
        if (ownMass > 0) score += OWN_WORDS_SHARE * (ownOf(sentence) / ownMass);
        // A reason clause ("karena", "agar") answers "mengapa" more plainly than a word of
        // wanting or judging ("ingin", "menilai").
        // ... and a cause ("karena", "sebab") more plainly than a consequence ("sehingga").
        if (intent === 'why' && f.reason)
          score += CAUSE_CLAUSE.test(sentence.text) ? CAUSE_BONUS : 0.05;
        // "knp bapak mendirikan PNI?": what a body was founded for is its aim ("Tujuan PNI adalah
        // ..."), more than a cause told of something else in its story ("berkembang pesat
        // karena").
        if (foundingAsked && AIM.test(sentence.text)) score += AIM_BONUS;
        // "ngapain aja di Ende?": what he did is told by a verb of doing.
        if (doing) score += ACTIVITY_BONUS;
        // One of the sentence's first three words is a word of the question.
        if (content.some((t) => f.head.includes(t.word))) score += 0.05;
        // The sentence says what the question's frame asks, of its topic ("dekrit 5 juli isinya
        // apa": "Isi pokok Dekret Presiden 5 Juli 1959 ada tiga, yaitu ...").
        const has = (t: QueryTerm) => sentence.terms.has(t.term);
        if (
          content.some((t) => isFrameStem(t.term) && !SHAPED_FRAMES.has(t.term) && has(t)) &&
          content.some((t) => !isFrameStem(t.term) && has(t))
        )
          score += FRAMED_ANSWER;
        score += 0.1 * (hit.score / top.score);
        if (sentence.index === 0) score += 0.03;
        if (f.anaphora) score -= 0.15;
        // A sentence that the first-person transformation leaves naming him ("... menjadi
        // alasan utama Soekarno mengeluarkan ...") is a weaker choice than one it renders well.
        if (namesHimself(spokenOf(sentence, karakter), karakter)) score -= 0.1;
        if (!endAsked && afterLifetime(sentence.text, karakter)) score -= 0.3;
        // A sentence about the person the passage is about ("Megawati pernah kuliah ...", in
        // "Megawati Soekarnoputri, putri Soekarno") tells nothing of the figure asked about.
        // So does a sentence naming the other person of a passage about the two of them
        // ("Pada Maret 1967 MPRS mengangkat Soeharto sebagai Pejabat Presiden", in "Soeharto
        // dan Soekarno, 1966-1970") without naming the figure.
        const person = titlePerson(hit.passage.title);
        const partner = partnerInTitle(hit.passage.title);
        // ... even when it names the figure as whose relative she is ("Rafiah adalah kakak
        // kandung Mohammad Hatta yang lahir pada 1900"), unless he acts in it.
        const openedByPerson =
          person !== undefined &&
          f.head[0] === person &&
          !asked.has(person) &&
          !SPEAKER_ACTS.test(spokenOf(sentence, karakter));
        const otherPerson =
          !aboutOthers &&
          (openedByPerson ||
            (!mentionsTarget &&
              partner !== undefined &&
              !asked.has(partner) &&
              wordsOf(foldForMatch(sentence.text)).includes(partner)));
        if (otherPerson) score -= 0.5;
        const length = f.words;
        if (length < 5) score -= 0.2;
        if (length > 40) score -= 0.15;
        const ownRelevance = ownMass > 0 ? ownOf(sentence) / ownMass : relevance;
        candidates.push({
          hit,
          hitRank,
          sentence,
          relevance,
          ownRelevance,
          score,
          otherPerson,
          doing,
        });
      }
    });
    const byScore = (a: Candidate, b: Candidate) =>
      b.score - a.score || a.hitRank - b.hitRank || a.sentence.index - b.sentence.index;
    candidates.sort(byScore);
    // A sentence of a passage about one of his relatives ("Guntur kemudian kuliah di ...",
    // "Rachmawati kemudian mendirikan ...") in which the figure does not figure neither answers
    // nor supports a question about him, unless that relative is asked about (by name, or by the
    // relation: "nama ayah Bapak" and the father's passage).
    const kinAsked = content
      .filter((t) => KIN_STEMS.has(t.term))
      .flatMap((t) => [t.term, ...t.alternatives.map((a) => a.term)]);
    const aboutRelative = (c: Candidate) => {
      const relative = relativeInTitle(c.hit.passage.title);
      if (relative === undefined || !targets.includes(karakter)) return false;
      if (wordsOf(foldForMatch(relative)).some((w) => asked.has(w))) return false;
      const titleWords = wordsOf(foldForMatch(c.hit.passage.title));
      if (kinAsked.some((k) => titleWords.includes(k))) return false;
      return !/\b(?:saya|kami)\b/i.test(spokenOf(c.sentence, karakter));
    };

    // The main fact is the best sentence of any retrieved passage (its passage's rank counts in
    // its score): the right passage is often second or third.
    // ... the best passage about the figure(s) asked about: a passage about another figure never
    // supplies the main fact of a question about this one ("istri Bapak" asked of Hatta is not
    // answered by Soekarno's marriages, whatever their words).
    // ... whose best matching sentence is not about the other person it is about.
    const answersTarget = (hit: SearchHit) =>
      isAboutTarget(hit) &&
      candidates.find((c) => c.hit === hit && c.relevance > 0)?.otherPerson === false;
    // ... and, unless his death or later times are asked about, one whose best sentence is not a
    // narrator's note ("Bapak lahir tanggal berapa?" is not answered by Hari Lahir Pancasila).
    const bestOf = (hit: SearchHit) => candidates.find((c) => c.hit === hit && c.relevance > 0);
    const inLifetime = (hit: SearchHit) => {
      const best = bestOf(hit);
      if (endAsked || !best || !afterLifetime(best.sentence.text, karakter)) return true;
      // ... when another passage answers from his lifetime nearly as well.
      return !passages.some((h) => {
        const other = bestOf(h);
        return (
          h !== hit &&
          other !== undefined &&
          answersTarget(h) &&
          !afterLifetime(other.sentence.text, karakter) &&
          other.relevance >= 0.8 * best.relevance
        );
      });
    };
    // "ngapain aja di Bengkulu?": the passage that tells what he did there, when one does.
    // ... the one that tells most of it, when several tell some ("bergaul dengan masyarakat" in
    // the passage on his move to Bengkulu, four doings in the one on his life there).
    const doings = new Map<SearchHit, number>();
    if (activityAsked) {
      for (const c of candidates) {
        if (c.doing && isAboutTarget(c.hit) && !c.otherPerson)
          doings.set(c.hit, (doings.get(c.hit) ?? 0) + 1);
      }
    }
    const doingHit = [...doings].reduce<[SearchHit, number] | undefined>(
      (best, entry) => (best === undefined || entry[1] > best[1] ? entry : best),
      undefined,
    )?.[0];
    const mainHit =
      doingHit ??
      passages.find((h) => answersTarget(h) && inLifetime(h)) ??
      passages.find(answersTarget) ??
      passages.find(isAboutTarget) ??
      top;
    const fromTop = candidates.filter((c) => c.hit === mainHit);
    // The main fact stands on its own: not "Meski demikian, ..." when another sentence of the
    // passage matches.
    let first =
      fromTop.find((c) => c.relevance > 0 && !featuresOf(c.sentence).leansBack) ??
      fromTop.find((c) => c.relevance > 0) ??
      fromTop[0];
    // A question asking for a shaped answer ("kapan", "di mana", "siapa", "berapa", "mengapa")
    // whose best sentence in the main passage has no answer of that kind takes the best one of
    // the retrieved passages about the same figure that matches the question as well and has one.
    // Without one in the other passages, a reason is looked for in the rest of the main passage:
    // it seldom repeats all the words of the question ("Para pemuda ingin ..." after "Peristiwa
    // Rengasdengklok terjadi ...").
    const shapedAnswer = (from: (c: Candidate) => boolean) =>
      candidates.find(
        (c) =>
          from(c) &&
          isAboutTarget(c.hit) &&
          !c.otherPerson &&
          hasAnswerShape(c.sentence) &&
          !featuresOf(c.sentence).leansBack &&
          !aboutRelative(c),
      );
    if (first && (SHAPED_INTENTS.has(intent) || askedOwnName) && !hasAnswerShape(first.sentence)) {
      const base = first;
      first =
        // ... (in a conversation, as well by the question's own words: "nikahnya dmn?" after
        // talk of the dowry).
        shapedAnswer((c) => c.hit !== base.hit && c.ownRelevance >= 0.75 * base.ownRelevance) ??
        shapedAnswer(
          (c) =>
            c.hit === base.hit &&
            c.relevance > 0 &&
            (intent === 'why' || doerClaimed !== null || c.relevance >= 0.5 * base.relevance),
        ) ??
        // ... and for "mengapa", a cause that names him, in a passage whose title is the event
        // asked about, though it has fewer of the question's words ("Hatta mundur terutama
        // karena ...", in "Pengunduran diri Hatta ...", after a passage on his years in office).
        (intent === 'why'
          ? shapedAnswer(
              (c) =>
                c.hit !== base.hit &&
                c.relevance >= WHY_CAUSE_RELEVANCE * base.relevance &&
                CAUSE_CLAUSE.test(c.sentence.text) &&
                targetTerms.some((t) => c.sentence.terms.has(t)) &&
                // ... the event itself, not only its place ("dipindahkan dari Ende ... karena
                // malaria" is no cause of the exile to Ende).
                content.some(
                  (t) =>
                    !isFrameStem(t.term) &&
                    !placeWords.has(t.word) &&
                    c.hit.titleTerms.has(t.term) &&
                    c.sentence.terms.has(t.term),
                ),
            )
          : undefined) ??
        first;
    }
    // "PNI singkatan dari apa?": the sentence that spells the short form out answers it.
    const spelledOut = expansionSentence(question, content);
    const expansion = spelledOut && candidates.find((c) => spelledOut.test(c.sentence.text));
    if (expansion) first = expansion;
    // Only a sentence that points back says what is asked ("ia dijuluki The Grand Old
    // Man", for "Agus Salim dijuluki apa?"): it is the main fact, told after the sentence it
    // points back at. In a passage about someone most sentences name him, so the question's
    // words beside the passage's title ("dijuluki") tell which one it is.
    let leadIn: Candidate | undefined;
    const besideTitle = content.filter(
      (t) => !t.fromContext && !t.isName && !isFrameStem(t.term) && !mainHit.titleTerms.has(t.term),
    );
    const saysAsked = (c: Candidate) =>
      besideTitle.length > 0 && besideTitle.every((t) => termCredit(t, c.sentence) > 0);
    const leaning =
      first && !saysAsked(first)
        ? (fromTop.find((c) => saysAsked(c) && ASIDE_PRONOUN.test(c.sentence.text)) ??
          fromTop.find((c) => c.relevance > 0))
        : fromTop.find((c) => c.relevance > 0);
    if (
      first &&
      first.hit === mainHit &&
      leaning &&
      leaning !== first &&
      ((featuresOf(leaning.sentence).leansBack &&
        leaning.relevance >= LEANING_MARGIN * first.relevance) ||
        (ASIDE_PRONOUN.test(leaning.sentence.text) && saysAsked(leaning)))
    ) {
      const before = mainHit.sentences[leaning.sentence.index - 1];
      // ... the sentence before it standing on its own.
      if (before && !featuresOf(before).leansBack) {
        leadIn = fromTop.find((c) => c.sentence === before) ?? {
          ...leaning,
          sentence: before,
          relevance: 0,
          score: 0,
        };
        first = leaning;
      }
    }
    if (!first) {
      return compose({ karakter, question, hits: [] });
    }
    // A main fact that points back ("Pidato itu menandai ...") comes with the sentence it points
    // at, and that one with its own (two at most): never a sentence that depends on one left out.
    const leadIns: Candidate[] = leadIn ? [leadIn] : [];
    if (!leadIn) {
      const mainFact: Candidate = first;
      let at = mainFact.sentence;
      while (featuresOf(at).leansBack && at.index > 0 && leadIns.length < 2) {
        const before = mainFact.hit.sentences[at.index - 1] as IndexedSentence;
        leadIns.push(
          candidates.find((c) => c.hit === mainFact.hit && c.sentence === before) ?? {
            ...mainFact,
            sentence: before,
            relevance: 0,
            score: 0,
          },
        );
        at = before;
      }
    }
    const chosen: Candidate[] = [first, ...leadIns];
    // The time boundary (see below) is known from the main fact: a sentence on the other side of
    // it would be left out, so it does not take a place that a neighbour could fill.
    const narrated = afterLifetime(first.sentence.text, karakter);
    const accept = (c: Candidate) =>
      chosen.length < maxFacts &&
      afterLifetime(c.sentence.text, karakter) === narrated &&
      !chosen.includes(c) &&
      !chosen.some((x) => similar(x.sentence, c.sentence)) &&
      // A conversation says each thing once: what a reply told does not come back beside the
      // main fact.
      !toldInReply(c.hit, c.sentence) &&
      // Never a sentence that depends on one left out: one that points back comes only after
      // an earlier sentence of its passage.
      (!featuresOf(c.sentence).leansBack ||
        chosen.some((x) => x.hit === c.hit && x.sentence.index < c.sentence.index)) &&
      // ... and one that counts the people just named ("Keempatnya dituduh ...") only right
      // after the sentence that names them.
      (!COUNTS_BACK.test(c.sentence.text) ||
        chosen.some((x) => x.hit === c.hit && x.sentence.index === c.sentence.index - 1)) &&
      // A long sentence (a quoted document) only comes in as the main fact.
      !(featuresOf(c.sentence).words > 40 && c.relevance < first.relevance);
    // The fact asked for ("kapan ditangkap", "divonis berapa tahun") that another of the best
    // passages gives differently, in a sentence about the figure, comes second: his arrests of
    // 1927 and 1934, the sentence as handed down and as cut.
    if (FACT_INTENTS.has(intent) && hasAnswerShape(first.sentence)) {
      const given = slotValues(first.sentence.text, intent);
      const also = candidates.find(
        (c) =>
          c.hit !== first.hit &&
          c.hitRank <= 2 &&
          c.relevance >= first.relevance &&
          featuresOf(c.sentence).words <= 40 &&
          // ... in a passage whose title names what is asked ("Penangkapan Hatta dan pimpinan
          // PNI Baru" for "kapan ditangkap"), not one that only mentions it.
          content.some(
            (t) =>
              c.hit.titleTerms.has(t.term) ||
              t.alternatives.some((a) => c.hit.titleTerms.has(a.term)),
          ) &&
          hasAnswerShape(c.sentence) &&
          targetTerms.some((t) => c.sentence.terms.has(t)) &&
          // ... about him, not about one of his relatives ("putrinya lahir di Tokyo pada 1967").
          (aboutOthers || !KIN_BEFORE.test(c.sentence.text)) &&
          isAboutTarget(c.hit) &&
          !c.otherPerson &&
          !aboutRelative(c) &&
          slotValues(c.sentence.text, intent).some((v) => !given.includes(v)) &&
          accept(c),
      );
      if (also) chosen.push(also);
    }
    // "bapak nikah taun brp dan dimana": every further fact asked is answered too, by the best
    // sentence about him that holds it and matches the question at least half as well.
    for (const wanted of askedFacts(questionWords)) {
      if (wanted === intent || chosen.some((c) => holdsFact(c.sentence, wanted))) continue;
      const further = candidates.find(
        (c) =>
          c.relevance >= 0.5 * first.relevance &&
          holdsFact(c.sentence, wanted) &&
          isAboutTarget(c.hit) &&
          !c.otherPerson &&
          !aboutRelative(c) &&
          accept(c),
      );
      if (further) chosen.push(further);
    }
    // "Mengapa" answered by a sentence that states the fact without its reason: the reason
    // clause of the same passage comes next, though it seldom repeats the question's words
    // ("Demi persatuan bangsa, mereka sepakat menghapus tujuh kata ...").
    // One that points back comes after the sentence before it.
    // Without a reason clause, a word of judging or accusing gives the reason ("Pemerintah
    // kolonial menilai kegiatan PNI Baru ... berbahaya", after the decision to exile him).
    if (intent === 'why' && !featuresOf(first.sentence).reason) {
      const sameStory = (c: Candidate) => c.hit === first.hit && c !== first;
      // A cause of what was asked ("Hatta mundur terutama karena ...") before a consequence
      // told with "sehingga" of something else in the story.
      const reason =
        candidates.find(
          (c) => sameStory(c) && c.relevance > 0 && CAUSE_CLAUSE.test(c.sentence.text),
        ) ??
        candidates.find((c) => sameStory(c) && featuresOf(c.sentence).reason) ??
        (hasAnswerShape(first.sentence)
          ? undefined
          : candidates.find((c) => sameStory(c) && featuresOf(c.sentence).intents.has('why')));
      const before =
        reason &&
        candidates.find(
          (c) => c.hit === reason.hit && c.sentence.index === reason.sentence.index - 1,
        );
      const dangling =
        reason && featuresOf(reason.sentence).leansBack && before && !chosen.includes(before);
      if (dangling && accept(before)) chosen.push(before);
      if (reason && accept(reason)) chosen.push(reason);
    }
    // "Mengapa" is answered by reasons: a second sentence that gives one, from any passage about
    // him, comes before the sentences that only tell more of the story.
    if (intent === 'why') {
      // ... of the same event: it shares words with the main fact beyond the figures' names
      // ("Para pemuda ingin menjauhkan ... dari pengaruh Jepang" after "Sukarni termasuk
      // pemuda yang membawa ... untuk mendesak ..."), not another story's reason.
      const sameEvent = (c: Candidate) =>
        [...c.sentence.terms].filter(
          (t) =>
            first.sentence.terms.has(t) && !CHARACTER_KEYS.some((k) => figureNameTerm(k) === t),
        ).length >= SAME_EVENT_TERMS;
      // ... or of the passage titled with the event asked about ("Peristiwa Rengasdengklok":
      // "Para pemuda ingin menjauhkan Soekarno dan Hatta dari pengaruh Jepang ..." answers "knp
      // bapak diculik ke rengasdengklok" without its words).
      const topics = content.filter((t) => !isFrameStem(t.term) && !t.fromContext);
      // (Only while the answer gives no cause yet, "karena" or "sebab": a second one in other
      // words would repeat it.)
      const reasonless = !chosen.some((c) => CAUSE_CLAUSE.test(c.sentence.text));
      const titledWithEvent = (c: Candidate) =>
        reasonless && topics.some((t) => c.hit.titleTerms.has(t.term));
      const another = candidates.find(
        (c) =>
          (c.relevance >= WHY_SUPPORT_RELEVANCE || titledWithEvent(c)) &&
          sameEvent(c) &&
          // ... told after the main fact, which stays first.
          (c.hit !== first.hit || c.sentence.index > first.sentence.index) &&
          hasAnswerShape(c.sentence) &&
          isAboutTarget(c.hit) &&
          !c.otherPerson &&
          !aboutRelative(c) &&
          accept(c),
      );
      if (another) chosen.push(another);
    }
    // Further sentences: first from the same passage (one passage tells one story), then,
    // if it has no more relevant sentence, from the other passages when they match well.
    // In a conversation, a sentence told before the main fact that has none of the question's
    // own words only retells the conversation ("Saya menikah dengan Rahmi ... pada 18 November
    // 1945" before who proposed): the answer opens with the answer.
    const retells = (c: Candidate) =>
      ownMass > 0 && c.sentence.index < first.sentence.index && ownOf(c.sentence) === 0;
    for (const c of candidates) {
      if (
        c.hit === first.hit &&
        c.relevance > 0 &&
        c.score >= 0.5 * first.score &&
        !retells(c) &&
        accept(c)
      ) {
        chosen.push(c);
      }
    }
    // ... in a conversation, the story goes on in the main passage before it turns to another.
    const goesOn = ownMass > 0 && first.hit.sentences[first.sentence.index + 1] !== undefined;
    if (chosen.length < 2 && !goesOn) {
      for (const c of candidates) {
        if (
          c.hit !== first.hit &&
          c.relevance >= 0.5 &&
          c.score >= 0.6 * first.score &&
          !aboutRelative(c) &&
          // ... not one about the other person a passage is about ("Latief Hendraningrat wafat
          // ...", beside where Hatta was buried).
          !c.otherPerson &&
          accept(c)
        ) {
          chosen.push(c);
        }
      }
    }
    // Always at least two sentences: add the first sentence's neighbour in its passage.
    if (chosen.length < 2) {
      const siblings = first.hit.sentences;
      const neighbour = siblings[first.sentence.index + 1] ?? siblings[first.sentence.index - 1];
      if (neighbour) {
        chosen.push({ ...first, sentence: neighbour, relevance: 0, score: 0 });
      }
    }

    // Passages overlap: another passage often states a fact the answer already gives, in other
    // words ("Soekarno mulai kuliah teknik sipil di Technische Hoogeschool Bandung pada 1921,
    // setelah tamat dari HBS Surabaya" beside "Dari 1921 sampai 1926 Soekarno kuliah teknik
    // sipil di Technische Hoogeschool Bandung, ..." and "Setelah lulus dari HBS Surabaya pada
    // 1921, ..."). Such a repeat is left out, the last chosen first, while two facts remain; its
    // place stays empty rather than go to a sentence that ranked below it. It is measured
    // against the sentences of the other passages only: one passage tells one story without
    // repeating itself, and what its sentences share is their subject. Never left out: a
    // sentence of the main fact's passage, which tells the story the answer follows, or one
    // that a later sentence of its passage points back at.
    //
    // The others give what a sentence says when they give most of its information (see
    // REPEATED_SHARE), and every number (a year, a day, a count) and every name of a person or
    // body in it. A new date or name is a new fact, however many words the sentence shares
    // ("Soekarno lulus ... pada 1926" after "... ke Technische Hoogeschool ... pada 1921";
    // "pemerintahan Soeharto memutuskan ..." after "Soekarno dimakamkan di Blitar ...").
    const repeats = (c: Candidate, others: readonly Candidate[]) => {
      const said = others.map((x) => x.sentence);
      const words = new Set(said.flatMap((x) => wordsOf(foldForMatch(x.text))));
      const newNumber = [...c.sentence.terms].some(
        (t) => /\d/.test(t) && !said.some((x) => x.terms.has(t)),
      );
      const newName = featuresOf(c.sentence).names.some(
        (name) => !wordsOf(foldForMatch(name.join(' '))).some((w) => words.has(w)),
      );
      return !newNumber && !newName && coveredShare(c.sentence, said, c.hit.idf) >= REPEATED_SHARE;
    };
    for (let i = chosen.length - 1; i > 0 && chosen.length > 2; i--) {
      const c = chosen[i] as Candidate;
      const others = chosen.filter((x) => x.hit !== c.hit);
      const leanedOn = chosen.some(
        (x) =>
          x.hit === c.hit &&
          x.sentence.index > c.sentence.index &&
          featuresOf(x.sentence).leansBack,
      );
      if (c.hit !== first.hit && !leanedOn && repeats(c, others)) chosen.splice(i, 1);
    }

    // Reading order: passages in the order they were first chosen, sentences in passage order.
    const passageOrder = [...new Set(chosen.map((c) => c.hit))];
    chosen.sort(
      (a, b) =>
        passageOrder.indexOf(a.hit) - passageOrder.indexOf(b.hit) ||
        a.sentence.index - b.sentence.index,
    );
    // The time boundary: when the main fact lies after the figure's death, the answer is a
    // narrator's note with the facts as written; otherwise such sentences are left out.
    const kept = chosen.filter((c) => afterLifetime(c.sentence.text, karakter) === narrated);
    const facts: UsedSentence[] = [];
    for (const c of kept) {
      const note = narrated ? null : todayNote(c.sentence.text);
      const before = facts.at(-1);
      const spoken = narrated ? c.sentence.text : spokenOf(c.sentence, karakter);
      facts.push({
        passageId: c.hit.passage.id,
        index: c.sentence.index,
        original: c.sentence.text,
        // "... Bung Karno, saya, dan Dr. Radjiman berangkat ke Dalat. Di Dalat, ... kami
        // bertemu ...": the group of the sentence before, him included.
        spoken:
          !narrated &&
          before?.passageId === c.hit.passage.id &&
          before.index === c.sentence.index - 1
            ? weTwoAfter(before.spoken, spoken)
            : spoken,
        ...(note ? { note } : {}),
      });
    }
    // "tan malaka itu siapa?": who the person is, as the passage's title says, comes first.
    // ... unless the first sentence already says it ("Sutan Sjahrir menjadi Perdana Menteri
    // pertama ...").
    const saysFirst = (description: string) => {
      const firstWords = new Set(wordsOf(foldForMatch(kept[0]?.sentence.text ?? '')));
      return wordsOf(foldForMatch(description)).every((w) => firstWords.has(w));
    };
    if (whoIs && !narrated && kept.some((c) => c.hit === top) && !saysFirst(whoIs.description)) {
      facts.unshift({
        passageId: top.passage.id,
        index: -1,
        original: top.passage.title,
        spoken: toFirstPerson(`${whoIs.name} adalah ${whoIs.description}.`, karakter),
      });
    }
    const said = facts.map(withNote);
    const greeting = narrated ? NARRATOR_PREFIX : pickLine(persona.openings, seed);
    // "bapak pernah dipenjara gk?": a claim the answer's first sentence states is confirmed.
    const confirmed =
      !narrated &&
      kept[0] !== undefined &&
      // "bapak yg mimpin delegasi di KMB?": the doer the passage names right after the verb is he.
      ((doerClaimed !== null && doerIs(doerClaimed, kept[0].sentence.text, OWN_NAMES[karakter])) ||
        confirmsClaim(question, terms, kept[0].sentence, facts[0]?.spoken ?? '', karakter));
    const opening = confirmed ? `${greeting} ${CONFIRMATION}` : greeting;
    const sources: ChatSource[] = [...new Set(kept.map((c) => c.hit))].map((hit) => ({
      id: hit.passage.id,
      title: hit.passage.title,
      reference: hit.passage.references[0] ?? '',
      excerpt: facts
        .filter((f) => f.passageId === hit.passage.id)
        .map((f) => f.original)
        .join(' '),
      score: Math.round(hit.score * 1000) / 1000,
    }));
    return {
      text: [opening, ...said].join(' '),
      sources,
      generator: 'embedded',
      opening,
      facts,
    };
  };

  return {
    name: 'embedded',
    compose,
    async generate(input) {
      const { opening: _o, facts: _f, ...answer } = compose(input);
      return answer;
    },
    async *stream(input): AsyncIterable<StreamEvent> {
      const { opening, facts, ...answer } = compose(input);
      const parts = opening ? [opening, ...facts.map(withNote)] : [answer.text];
      for (const [i, part] of parts.entries()) {
        yield { type: 'delta', text: i === 0 ? part : ` ${part}` };
      }
      yield { type: 'done', answer, replace: false };
    },
  };
}

/** A question asking what he did ("ngapain" is "melakukan apa", "ngisi waktu", "kegiatan"). */
const ACTIVITY_ASKED =
  /\b(?:melakukan|lakukan|dilakukan|kegiatan|kegiatannya)\b|\b(?:isi|mengisi|ngisi) waktu\b/;
/** Verbs of what someone does with his days: teaching, writing, reading, taking part. */
const ACTIVITY =
  /\b(?:mengajar|menulis|membaca|belajar|mempelajari|aktif|berdiskusi|bergaul|mementaskan|mendirikan|membuka|memimpin|bekerja|melukis|mengarang|berkebun|memberikan pelajaran|mengisi)\b/i;
/** What a sentence telling of his doings gains for such a question. */
const ACTIVITY_BONUS = 0.2;
/** The least relevance of such a sentence in a passage about the place or time asked. */
const ACTIVITY_RELEVANCE = 0.9;

/** The least relevance, beside the main passage's best, of a cause told in another passage. */
const WHY_CAUSE_RELEVANCE = 0.3;
/** What a sentence giving a cause gains for "mengapa" (a purpose or a consequence: 0.05). */
const CAUSE_BONUS = 0.15;

/** The least relevance of a further reason given to "mengapa" (see compose). */
const WHY_SUPPORT_RELEVANCE = 0.2;
/** Words a further reason shares with the main fact, to tell of the same event. */
const SAME_EVENT_TERMS = 3;

/** A question asking who was with him ("bareng siapa", "sama siapa", "dengan siapa"). */
const COMPANION = /\b(?:bersama|sama|dengan) siapa\b/;

/** How a confirmed yes/no claim is answered, before the facts that state it. */
export const CONFIRMATION = 'Ya, benar.';

/** A sentence that denies, doubts or corrects something: it confirms no claim. */
const DENIES = /\b(?:tidak|tak|bukan|belum|tanpa|mengira|dikira|keliru|salah|konon|diduga)\b/;
/** Words that make an office or a role another one ("Wakil Presiden", "mantan menteri"). */
const ROLE_MODIFIERS = ['wakil', 'mantan', 'bekas', 'calon', 'pejabat', 'pelaksana'];
/**
 * He is the one the sentence is about: it opens with "Saya", "saya" is followed by a verb, is
 * the agent ("dipimpin oleh saya") or is given a role ("mengangkat saya sebagai Presiden").
 */
const SPEAKER_ACTS =
  /^Saya\b|\boleh saya\b|\bsaya sebagai\b|(?:^|[,;] |\b(?:dan|lalu|kemudian|ketika|saat|setelah|sebelum|karena) )saya (?:(?:juga|pernah|sudah|telah|sempat|lalu|kemudian|pun|sendiri|masih|baru) )*(?:me|be|di|te)[a-z]+/;

/**
 * Whether a yes/no question's claim is what `sentence` (the answer's first) states, so that the
 * answer may open with "Ya, benar." Conservative, because a wrong "yes" is worse than none:
 * every word the learner typed that the knowledge base knows is in the sentence (a year as
 * written, so "dekrit itu 1965 ya?" is not confirmed by 1959), the sentence denies nothing and
 * adds no "wakil" or "mantan" the question lacked ("pernah jadi presiden?" is not confirmed by
 * "Wakil Presiden"), and he is the one who acts in it, with the other figure only beside him: a
 * question in a chat with him is about him ("Bendera itu dijahit oleh istri saya" does not
 * confirm "bapak yang jahit bendera?").
 */
export function confirmsClaim(
  question: string,
  terms: readonly QueryTerm[],
  sentence: IndexedSentence,
  spoken: string,
  karakter: CharacterKey,
): boolean {
  if (analyzeQuestion(question).type !== 'yesNo') return false;
  const asked = new Set(wordsOf(foldForMatch(question)));
  const own = terms.filter((t) => asked.has(t.word));
  if (own.some((t) => t.kind === 'unknown')) return false;
  const claim = own.filter((t) => !t.isName);
  if (claim.length === 0) return false;
  const holds = (t: QueryTerm) =>
    sentence.terms.has(t.term) || t.alternatives.some((a) => sentence.terms.has(a.term));
  if (!claim.every(holds)) return false;
  const folded = foldForMatch(spoken);
  if (DENIES.test(folded)) return false;
  const spokenWords = new Set(wordsOf(folded));
  if (ROLE_MODIFIERS.some((m) => spokenWords.has(m) && !asked.has(m))) return false;
  // The other figure in it may be the one the claim is true of ("memilih saya sebagai Presiden
  // dan Mohammad Hatta sebagai Wakil Presiden"), unless both did it ("saya dan Hatta").
  const other = CHARACTER_KEYS.find((k) => k !== karakter) as CharacterKey;
  const withoutPair = spoken.replace(
    new RegExp(
      `\\bsaya dan (?:${SELF_NAME[other].source})|(?:${SELF_NAME[other].source}) dan saya\\b`,
      'g',
    ),
    '',
  );
  return SPEAKER_ACTS.test(spoken) && !SELF_NAME[other].test(withoutPair);
}

const KIN_STEMS: ReadonlySet<string> = new Set(KIN_NOUNS);

/**
 * The folded first word of the person a passage is about, when its title is a name followed by
 * a description ("Sayuti Melik, pengetik naskah proklamasi", "Mr. Sartono, rekan Soekarno").
 */
function titlePerson(title: string): string | undefined {
  // ... or the first of two ("Latief Hendraningrat dan Suhud, pengibar bendera ...").
  const m =
    /^((?:[A-Z][\w.'-]*\s)*[A-Z][\w.'-]*)(?: dan (?:[A-Z][\w.'-]*\s)*[A-Z][\w.'-]*)?,\s+[a-z]/.exec(
      title,
    ) ??
    // ... or a person and the others of a kind ("Rafiah dan saudara-saudara perempuan Hatta").
    /^((?:[A-Z][\w.'-]*\s)*[A-Z][\w.'-]*) dan [a-z]/.exec(title);
  if (!m?.[1]) return undefined;
  return wordsOf(foldForMatch(m[1]))[0];
}

/**
 * The folded last word of the name of the other person in the title of a passage about a
 * figure and that person ("Soeharto dan Soekarno, 1966-1970", "A.H. Nasution dan Soekarno
 * hingga 1962"); not a title about the two figures ("Persahabatan Soekarno dan Hatta").
 */
function partnerInTitle(title: string): string | undefined {
  const m = /^((?:[A-Z][\w.'-]*\s)*[A-Z][\w.'-]*) dan (?:Bung )?(?:Soekarno|Hatta)\b/.exec(title);
  if (!m?.[1] || /\b(?:Soekarno|Hatta)\b/.test(m[1])) return undefined;
  return wordsOf(foldForMatch(m[1])).at(-1);
}

const ASKS_LONG_FORM = /\b(?:singkatan|singkatannya|kepanjangan|kepanjangannya|kependekan)\b/;

/**
 * For a question asking what a short form stands for, a pattern of the sentences that spell one
 * of its words out: "Partai Nasional Indonesia (PNI)" or "Nasakom adalah singkatan dari ...".
 */
function expansionSentence(question: string, content: readonly QueryTerm[]): RegExp | null {
  if (!ASKS_LONG_FORM.test(foldForMatch(question))) return null;
  const words = content
    .map((t) => t.word)
    .filter((w) => /^[a-z]{2,}$/.test(w) && !ASKS_LONG_FORM.test(w));
  if (words.length === 0) return null;
  const any = words.join('|');
  return new RegExp(
    `[A-Z][\\w'-]*(?: [\\w'-]+){0,6} \\((?:${any})\\)|\\b(?:${any})\\b,? (?:adalah |merupakan )?(?:singkatan|kependekan) dari`,
    'i',
  );
}

/** A fact as said: the figure's sentence, then its narrator's note on today, if any. */
export function withNote(fact: UsedSentence): string {
  return fact.note ? `${fact.spoken} ${fact.note}` : fact.spoken;
}

/** A question term's credit in a sentence: full for the term, reduced for a synonym. */
function termCredit(term: QueryTerm, sentence: IndexedSentence): number {
  if (sentence.terms.has(term.term)) return term.weight;
  return term.alternatives.some((alt) => sentence.terms.has(alt.term))
    ? SYNONYM_CREDIT * term.weight
    : 0;
}

/**
 * The values a sentence gives for the slot asked (the years for "kapan", the places after di/ke/
 * dari for "di mana", the names for "siapa", the numbers for "berapa"): what tells two answers
 * of one question apart.
 */
function slotValues(text: string, intent: Intent): string[] {
  switch (intent) {
    case 'when':
      return text.match(/\b(?:1[5-9]\d\d|20\d\d)\b/g) ?? [];
    case 'where':
      return [...text.matchAll(/\b(?:di|ke|dari) ((?:[A-Z][\w'-]*\s?)+)/g)].map((m) =>
        m[1]!.trim(),
      );
    case 'who':
      return namesIn(text).map((name) => name.join(' '));
    default:
      return (
        text.match(/\d+|\b(?:satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh)\b/gi) ??
        []
      );
  }
}

function wordCount(text: string): number {
  return text.split(' ').length;
}

/**
 * The share of a sentence's information that the rest of an answer must already give for the
 * sentence to be left out as a repeat (see coveredShare). Over the learner sets, sentences that
 * only restate the others lie at 0.8 and above ("Soekarno diangkat menjadi Presiden pertama
 * Republik Indonesia oleh PPKI pada 18 Agustus 1945": 0.84); a sentence telling something new
 * in the others' words lies below ("Presiden Soekarno membuka Konferensi Asia-Afrika di Gedung
 * Merdeka, Bandung, pada 18 April 1955": 0.75).
 */
export const REPEATED_SHARE = 0.8;

/**
 * The share of the information of `sentence` that `others` give too: its terms (the retriever's
 * stems and spellings, Bandoeng = Bandung) that any of them holds, each weighted by its idf, so
 * that a shared "Technische Hoogeschool" counts for more than a shared "mulai" (0..1).
 */
export function coveredShare(
  sentence: IndexedSentence,
  others: readonly IndexedSentence[],
  idf: (term: string) => number,
): number {
  let total = 0;
  let covered = 0;
  for (const t of sentence.terms) {
    const weight = idf(t);
    total += weight;
    if (others.some((o) => o.terms.has(t))) covered += weight;
  }
  return total > 0 ? covered / total : 0;
}

function similar(a: IndexedSentence, b: IndexedSentence): boolean {
  if (a.terms.size === 0 || b.terms.size === 0) return false;
  let shared = 0;
  for (const t of a.terms) if (b.terms.has(t)) shared += 1;
  return shared / (a.terms.size + b.terms.size - shared) >= 0.6;
}
