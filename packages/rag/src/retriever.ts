import { CHARACTER_KEYS, deathYear, type CharacterKey } from '@dwitunggal/contracts/characters';
import { createAnalyzer, expansionsOf, isFrameStem, STOPWORDS, type Analyzer } from './analyzer';
import { periodRange, type Passage } from './knowledge';
import { figureNameTerm, normalizeQuestion } from './query';
import { FAMILY_NAMES, KIN_NOUNS } from './voice';
import { foldForMatch, splitSentences, wordsOf } from '@dwitunggal/text/fold';
import { analyzeQuestion } from '@dwitunggal/text/question';
import { createCorrector, MIN_FUZZY_LENGTH } from '@dwitunggal/text/fuzzy';

/** The later of the two figures' deaths. */
const LAST_LIFETIME_YEAR = Math.max(...CHARACTER_KEYS.map(deathYear));

/** Distinct content words of one question that are analysed; the rest are ignored. */
export const MAX_QUERY_WORDS = 32;
/** Unknown words of one question that may try the spelling fallback. */
export const MAX_CORRECTIONS = 4;

/**
 * BM25F retrieval over the knowledge base (title and text as two weighted fields), with
 * Indonesian stemming and stop words (see ./analyzer), a per-figure boost, a misspelling
 * fallback and a calibrated "nothing relevant" gate.
 */

export interface RetrieverOptions {
  /** BM25 term-frequency saturation. */
  k1?: number;
  /** BM25 length normalisation. */
  b?: number;
  /** Weight of the title field relative to the text (BM25F). */
  titleWeight?: number;
  /**
   * Score bonus for passages about the figure the question is about: the figure(s) it names
   * ("Bung Karno", "Pak Hatta"), otherwise the figure being asked (0.5 -> x1.5).
   */
  figureBoost?: number;
  /** Weight of a query word replaced by its closest corpus word (misspelling fallback). */
  fuzzyWeight?: number;
  /** Weight of the figure's name added for "Bapak", "Anda"... (not typed by the learner). */
  impliedNameWeight?: number;
  /** Weight of the words of a learner's aside ("... padahal dulu anti fasis"). */
  asideWeight?: number;
  /**
   * Score factor for a passage about one of the figures' relatives ("Guntur Soekarnoputra,
   * putra sulung Soekarno") when the question asks about no relative and does not name that
   * one: "Bapak kuliah di mana?" is about his own studies, not his son's.
   */
  relativeFactor?: number;
  /** Weight of a near-synonym added by query expansion, relative to the word typed. */
  synonymWeight?: number;
  /** Weight of words that frame the question ("maksud", "isi", "peran"...). */
  frameWeight?: number;
  /** Weight of the words of a follow-up's context (see SearchOptions.context). */
  contextWeight?: number;
  /**
   * Bonus for a passage where two words the learner typed side by side stand side by side
   * ("nama kecil", "ibu kota", "politik bebas aktif"), relative to the lighter word's weight.
   */
  phraseWeight?: number;
  /**
   * Weight of a word no passage contains, relative to the rarest indexed word: unknown words
   * are learner slang or typos more often than topics the knowledge base lacks.
   */
  unknownWeight?: number;
  /**
   * Relevance gate: one of the three best passages must cover at least this share of the
   * question's content (idf mass of the question's words, the figure's name excluded) ...
   */
  minCoverage?: number;
  /** ... and every other passage returned must cover at least this share. */
  minHitCoverage?: number;
}

export interface SearchOptions {
  karakter: CharacterKey;
  /** Number of passages wanted (default 5). */
  k?: number;
  /** Return the ranking even when the relevance gate says nothing is relevant (evaluation). */
  includeWeak?: boolean;
  /**
   * The conversation a follow-up refers to (the learner's previous question, the figure's
   * reply): its words are searched too, with a reduced weight, so that the question asked now
   * leads and the context only says what "itu", "-nya" or "lalu?" point at.
   */
  context?: string;
  /**
   * How much the context may weigh at most, as a share of the question's own words (default 1):
   * less for a question that names its own topic in a conversation.
   */
  contextShare?: number;
}

/** One analysed word of the question. */
export interface QueryTerm {
  /** The stem searched for. */
  term: string;
  /** The folded word the learner typed (before stemming and spelling correction). */
  word: string;
  /** How the term entered the query. */
  kind: 'typed' | 'corrected' | 'implied' | 'unknown';
  /** For a year (1500-2100): whether any passage mentions it or covers it in its period. */
  year?: { value: number; inScope: boolean };
  /** idf x query weight: the term's share of the question's content. */
  weight: number;
  /** Whether the term is one of the figures' names (excluded from coverage). */
  isName: boolean;
  /** Near-synonyms searched too (query expansion), each with its own weight. */
  alternatives: readonly { term: string; weight: number }[];
  /** A word of the conversation the question follows, not of the question (SearchOptions). */
  fromContext?: boolean;
  /** Typed only in the learner's aside ("... kyk bung hatta"): no figure the question is about. */
  aside?: boolean;
}

export interface IndexedSentence {
  /** The sentence as written in the passage. */
  text: string;
  /** Its position in the passage (0-based). */
  index: number;
  /** Stems of its content words. */
  terms: ReadonlySet<string>;
}

export interface SearchHit {
  passage: Passage;
  /** BM25F score, figure boost included. Higher is better; comparable within one query. */
  score: number;
  /** Share (0..1) of the question's content found in this passage. */
  coverage: number;
  /** The question's terms found in this passage. */
  matched: readonly string[];
  /** The analysed question (the same object for every hit of one search). */
  query: readonly QueryTerm[];
  /** The passage's sentences with their terms, for sentence selection. */
  sentences: readonly IndexedSentence[];
  /** The terms of the passage's title: what the passage is about. */
  titleTerms: ReadonlySet<string>;
  /** The idf of a term over the knowledge base: the rarer the term, the more it tells. */
  idf: (term: string) => number;
}

export interface Retriever {
  search(query: string, options: SearchOptions): SearchHit[];
  /** The analysed question, for debugging and tests. */
  analyze(query: string, karakter: CharacterKey): QueryTerm[];
  /** Number of passages indexed. */
  readonly size: number;
  /** Milliseconds spent building the index. */
  readonly buildMs: number;
}

export const DEFAULT_RETRIEVER_OPTIONS: Required<RetrieverOptions> = {
  k1: 1.2,
  b: 0.75,
  titleWeight: 2,
  figureBoost: 0.5,
  fuzzyWeight: 0.7,
  impliedNameWeight: 0.5,
  asideWeight: 0.4,
  contextWeight: 0.5,
  phraseWeight: 1,
  synonymWeight: 0.6,
  relativeFactor: 0.6,
  frameWeight: 0.35,
  unknownWeight: 0.8,
  minCoverage: 0.5,
  minHitCoverage: 0.2,
};

interface DocEntry {
  passage: Passage;
  order: number;
  titleLength: number;
  textLength: number;
  sentences: IndexedSentence[];
  titleTerms: ReadonlySet<string>;
}

interface Posting {
  doc: number;
  title: number;
  text: number;
}

const phraseKey = (a: string, b: string) => `${a} ${b}`;
/** The weight left to a derived word that no passage knows ("menerapkan"). */
const DERIVED_UNKNOWN_WEIGHT = 0.5;

/** A word with both a derivational prefix and suffix around a root of four letters or more. */
const DERIVED = /^(?:me[nmg]?|mem|meny|di|ber|ter|pe[nmg]?|per|ke)[a-z]{4,}(?:kan|an|i)$/;

/** An ordinal term of the query ("ke 7" -> "ke7", see the analyzer's ORDINALS). */
export const ORDINAL_TERM = /^ke\d+$/;

/** A pronoun or a possessive "-nya" pointing back at a person named before. */
const POINTS_BACK = /\b(?:beliau|dia|ia|mereka|[a-z]{3,}nya)\b/i;

/**
 * Whether a question's terms hold a topic of their own, not only words that frame it or name
 * someone ("taun brp tuh? dmn?", "lalu?"): such a question is about the conversation's topic.
 */
export const hasTopic = (terms: readonly QueryTerm[]): boolean =>
  terms.some((t) => !t.isName && !isFrameStem(t.term) && t.kind !== 'unknown');

/**
 * The figures a question is about: those it names. A figure named only in the conversation
 * (its terms `fromContext`) counts when the question points back at someone ("beliau lahir di
 * mana?") or has no topic of its own ("tahun berapa?"); "abis ditangkep dibawa kmn?" after "...
 * menangkapku bersama Bung Hatta" is about the one being asked. Empty: the one being asked.
 */
export function figuresNamed(terms: readonly QueryTerm[], query: string): CharacterKey[] {
  const pointsBack = POINTS_BACK.test(query) || !hasTopic(terms.filter((t) => !t.fromContext));
  return CHARACTER_KEYS.filter((key) =>
    terms.some(
      (t) =>
        t.kind !== 'implied' &&
        !t.aside &&
        t.term === figureNameTerm(key) &&
        (!t.fromContext || pointsBack),
    ),
  );
}

/** The weight of a question's content: its terms' weights, the figures' names left out. */
const contentMassOf = (terms: readonly QueryTerm[]) =>
  terms.reduce((sum, t) => sum + (t.isName ? 0 : t.weight), 0);

/** Words of kinship: a question with one of them asks about his relatives. */
const KIN_TERMS: ReadonlySet<string> = new Set([
  ...KIN_NOUNS,
  'keluarga',
  'tua',
  'cucu',
  'menantu',
  'ortu',
]);
/** "Guntur Soekarnoputra, putra sulung Soekarno": the relative's name, then the relation. */
const RELATIVE_TITLE = new RegExp(
  `^((?:[A-Z][\\w.'-]*\\s)*[A-Z][\\w.'-]*), (?:${KIN_NOUNS.join('|')})(?: [a-z]+)? (?:Bung )?(?:Soekarno|Hatta)\\b`,
);

/**
 * The name of the figure's relative a passage is about, from its title: "Guntur Soekarnoputra,
 * putra sulung Soekarno", or a bare name of the figures' families ("Rachmawati Soekarnoputri").
 */
export function relativeInTitle(title: string): string | undefined {
  const named = RELATIVE_TITLE.exec(title)?.[1];
  if (named) return named;
  const bare = /^[A-Z][\w'-]*(?: [A-Z][\w'-]*)*$/.test(title) ? title : undefined;
  return bare && FAMILY_NAMES.has(bare.split(' ')[0] as string) ? bare : undefined;
}

const NAME_TERMS = new Set([figureNameTerm('soekarno'), figureNameTerm('hatta')]);
/** The term every present-day word ("sekarang", "saat ini") is folded into by the normaliser. */
const PRESENT_DAY_TERM = 'kini';
/**
 * A question whose own topic weighs less than this ("siapa yg mimpin?": one common verb) says
 * little of what it is about: its context keeps its weight.
 */
const GENERIC_MASS = 1.2;
/** Passages using a word with alternatives, below which it is read as a chat word (see above). */
const RARE_CHAT_DF = 3;
/** Coverage at which one matched topic word is enough for the gate (see passesGate). */
const SINGLE_TOPIC_COVERAGE = 0.6;
/** Coverage at which a yes/no claim with one wrong detail is still answered (see passesGate). */
const YES_NO_COVERAGE = 0.45;

export function createRetriever(
  passages: readonly Passage[],
  options: RetrieverOptions = {},
): Retriever {
  const started = performance.now();
  const opts = { ...DEFAULT_RETRIEVER_OPTIONS, ...options };
  // Fold every title and sentence once; everything below works on folded text.
  const prepared = passages.map((passage) => {
    const sentences = splitSentences(passage.text);
    return {
      passage,
      title: foldForMatch(passage.title),
      sentences,
      foldedSentences: sentences.map(foldForMatch),
    };
  });
  const analyzer = createAnalyzer(
    prepared.flatMap((p) => [p.title, ...p.foldedSentences]),
    { folded: true },
  );

  const docs: DocEntry[] = [];
  const postings = new Map<string, Posting[]>();
  /** Adjacent content-word pairs (stems) of each title and sentence -> the passages with them. */
  const phrases = new Map<string, Set<number>>();
  /**
   * The passages where an ordinal stands right after the word typed before it; null when it
   * was typed first ("yg kedua siapa?" asks of the last topic).
   */
  const ordinalPhraseDocs = (typed: readonly string[], ordinal: string): Set<number> | null => {
    const at = typed.indexOf(ordinal);
    const before = at > 0 ? typed[at - 1] : undefined;
    if (before === undefined) return null;
    return phrases.get(phraseKey(before, ordinal)) ?? new Set<number>();
  };
  const addPhrases = (terms: readonly string[], doc: number) => {
    for (let i = 1; i < terms.length; i++) {
      const key = phraseKey(terms[i - 1] as string, terms[i] as string);
      const set = phrases.get(key);
      if (set) set.add(doc);
      else phrases.set(key, new Set([doc]));
    }
  };
  let titleTotal = 0;
  let textTotal = 0;
  prepared.forEach(({ passage, title, sentences, foldedSentences }, order) => {
    const titleTerms = analyzer.termsOfFolded(title);
    const sentenceTerms = foldedSentences.map((f) => analyzer.termsOfFolded(f));
    const textTerms = sentenceTerms.flat();
    titleTotal += titleTerms.length;
    textTotal += textTerms.length;
    const counts = new Map<string, Posting>();
    const bump = (term: string, field: 'title' | 'text') => {
      let posting = counts.get(term);
      if (!posting) {
        posting = { doc: order, title: 0, text: 0 };
        counts.set(term, posting);
      }
      posting[field] += 1;
    };
    titleTerms.forEach((t) => bump(t, 'title'));
    textTerms.forEach((t) => bump(t, 'text'));
    addPhrases(titleTerms, order);
    sentenceTerms.forEach((terms) => addPhrases(terms, order));
    for (const [term, posting] of counts) {
      const list = postings.get(term);
      if (list) list.push(posting);
      else postings.set(term, [posting]);
    }
    docs.push({
      passage,
      order,
      titleLength: titleTerms.length,
      textLength: textTerms.length,
      titleTerms: new Set(titleTerms),
      sentences: sentences.map((text, index) => ({
        text,
        index,
        terms: new Set(sentenceTerms[index]),
      })),
    });
  });
  const n = docs.length;
  const avgTitle = n ? titleTotal / n : 1;
  const avgText = n ? textTotal / n : 1;
  const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
  const unknownIdf = opts.unknownWeight * idf(0);

  const vocabulary = buildSurfaceVocabulary(
    prepared.flatMap((p) => [p.title, ...p.foldedSentences]),
    analyzer,
    postings,
  );
  const periods = passages.map((p) => periodRange(p.period)).filter((r) => r !== null);
  // A question naming a year after both lifetimes is not about them ("presiden tahun 2014"),
  // even though a passage may date a later fact (a grave restored, a title given).
  const yearInScope = (year: number) =>
    year <= LAST_LIFETIME_YEAR &&
    (postings.has(String(year)) || periods.some(([from, to]) => year >= from && year <= to));

  const idfOf = (term: string) => {
    const df = postings.get(term)?.length ?? 0;
    return df ? idf(df) : unknownIdf;
  };

  /**
   * The question's terms, and the stems of the words the learner typed, in their order;
   * `asides` false for a conversation's context, whose words are no learner's aside.
   */
  const analyzeTyped = (query: string, karakter: CharacterKey, asides = true) => {
    const seen = new Map<string, QueryTerm>();
    const typed: string[] = [];
    // Bounded work whatever the prompt: at most MAX_QUERY_WORDS distinct content words are
    // analysed, and at most MAX_CORRECTIONS of them may try the spelling fallback.
    const distinct = new Set<string>();
    let corrections = 0;
    for (const { word, implied, aside } of normalizeQuestion(query, karakter, { asides })) {
      if (STOPWORDS.has(word)) continue;
      if (!distinct.has(word)) {
        if (distinct.size >= MAX_QUERY_WORDS) break;
        distinct.add(word);
      }
      let term = analyzer.stem(word);
      let kind: QueryTerm['kind'] = implied ? 'implied' : 'typed';
      const asideFactor = aside ? opts.asideWeight : 1;
      let factor =
        (implied ? opts.impliedNameWeight : isFrameStem(term) ? opts.frameWeight : 1) * asideFactor;
      let synonyms = expansionsOf(term).filter((t) => postings.has(t));
      if (!postings.has(term) && synonyms.length === 0) {
        // A well-formed derived word ("menerapkan") is a word the passages lack, not a typo:
        // "correcting" it finds another word ("tetap").
        const derived = DERIVED.test(word);
        const tryCorrection =
          !/\d/.test(word) &&
          word.length >= MIN_FUZZY_LENGTH &&
          !derived &&
          corrections < MAX_CORRECTIONS;
        if (tryCorrection) corrections += 1;
        const corrected = tryCorrection ? vocabulary.closest(word) : undefined;
        if (corrected !== undefined) {
          term = corrected;
          kind = 'corrected';
          factor = opts.fuzzyWeight * asideFactor;
          synonyms = expansionsOf(term).filter((t) => postings.has(t));
        } else {
          kind = 'unknown';
          // ... and weighs as a word of the predicate, not as a rare topic.
          if (derived) factor *= DERIVED_UNKNOWN_WEIGHT;
        }
      }
      const yearValue = /^\d{4}$/.test(word) ? Number(word) : NaN;
      const entry: QueryTerm = {
        term,
        word,
        kind,
        ...(yearValue >= 1500 && yearValue <= 2100
          ? { year: { value: yearValue, inScope: yearInScope(yearValue) } }
          : {}),
        // A chat word the passages barely use, with standard alternatives ("balik": "kembali",
        // "koran": "majalah"), means what they mean: it weighs no more than the rarest of them.
        weight:
          factor *
          (synonyms.length > 0 && (postings.get(term)?.length ?? 0) < RARE_CHAT_DF
            ? Math.min(idfOf(term), Math.max(...synonyms.map(idfOf)))
            : idfOf(term)),
        isName: NAME_TERMS.has(term),
        ...(aside ? { aside: true } : {}),
        alternatives: synonyms.map((t) => ({
          term: t,
          weight: factor * opts.synonymWeight * idfOf(t),
        })),
      };
      const previous = seen.get(term);
      // A term typed by the learner outranks the same term implied or corrected.
      if (!previous || entry.weight > previous.weight) seen.set(term, entry);
      if (!implied) typed.push(term);
    }
    return { terms: [...seen.values()], typed };
  };
  const analyze = (query: string, karakter: CharacterKey, asides = true): QueryTerm[] =>
    analyzeTyped(query, karakter, asides).terms;

  // The BM25F term-frequency part of every posting depends only on the index: computed once
  // here, so that a search only multiplies it by the query term's weight.
  const saturation = (p: Posting) => {
    const doc = docs[p.doc] as DocEntry;
    const tf =
      (opts.titleWeight * p.title) / (1 - opts.b + (opts.b * doc.titleLength) / avgTitle) +
      p.text / (1 - opts.b + (opts.b * doc.textLength) / avgText);
    return (tf * (opts.k1 + 1)) / (tf + opts.k1);
  };
  const scoredPostings = new Map<string, { doc: number; saturation: number }[]>();
  for (const [term, list] of postings) {
    scoredPostings.set(
      term,
      list.map((p) => ({ doc: p.doc, saturation: saturation(p) })),
    );
  }
  const figuresOf = docs.map((d) => new Set<CharacterKey>(d.passage.figures));
  /** For a passage about a relative of a figure: the terms of the relative's name. */
  const relativeOf = docs.map((d) => {
    const name = relativeInTitle(d.passage.title);
    return name ? analyzer.termsOfFolded(foldForMatch(name)) : undefined;
  });

  /** The question's terms, then its context's terms not in it, at the context's weight. */
  const analyzeWithContext = (
    query: string,
    karakter: CharacterKey,
    context?: string,
    share = 1,
  ) => {
    const { terms, typed } = analyzeTyped(query, karakter);
    if (!context) return { terms, typed };
    const own = new Set(terms.map((t) => t.term));
    // A question with no topic of its own ("lalu?", "tahun berapa?") is all context.
    const topic = hasTopic(terms);
    const fromContext = analyze(context, karakter, false).filter((t) => !own.has(t.term));
    // ... otherwise the context, however long, weighs at most as much as the question itself.
    const contextMass = contentMassOf(fromContext);
    // A word of the conversation that no passage knows ("oh", "betul") cannot be matched: it
    // would only lower every passage's coverage.
    const added = fromContext.filter((t) => t.kind !== 'unknown');
    // A question pointing back at someone ("beliau lahir di mana?", "namanya siapa?") is about
    // the context's person: the context keeps its weight.
    const scale = !topic
      ? 1
      : POINTS_BACK.test(query) || contentMassOf(terms) < GENERIC_MASS
        ? opts.contextWeight
        : Math.min(
            opts.contextWeight,
            contextMass > 0 ? (share * contentMassOf(terms)) / contextMass : 1,
          );
    for (const t of added) {
      terms.push({
        ...t,
        fromContext: true,
        weight: t.weight * scale,
        alternatives: t.alternatives.map((a) => ({ term: a.term, weight: a.weight * scale })),
      });
    }
    return { terms, typed };
  };

  const search = (
    query: string,
    { karakter, k = 5, includeWeak = false, context, contextShare }: SearchOptions,
  ) => {
    const { terms, typed } = analyzeWithContext(query, karakter, context, contextShare);
    const scores = new Float64Array(n);
    const credit = new Float64Array(n);
    const matched = new Array<string[] | undefined>(n);
    // Per query term: the best variant's value and credit in each document it occurs in.
    const bestValue = new Float64Array(n);
    const bestCredit = new Float64Array(n);
    const touched: number[] = [];
    for (const qt of terms) {
      touched.length = 0;
      // An ordinal counts only beside the word it was typed with ("presiden ke 5" is not
      // answered by "kelima sila").
      const ordinalIn = ORDINAL_TERM.test(qt.term) ? ordinalPhraseDocs(typed, qt.term) : null;
      const consider = (term: string, weight: number, termCredit: number) => {
        for (const p of scoredPostings.get(term) ?? []) {
          if (ordinalIn && !ordinalIn.has(p.doc)) continue;
          const value = weight * p.saturation;
          const current = bestValue[p.doc] as number;
          if (current === 0) touched.push(p.doc);
          if (current === 0 || value > current) {
            bestValue[p.doc] = value;
            bestCredit[p.doc] = termCredit;
          }
        }
      };
      if (qt.kind !== 'unknown') consider(qt.term, qt.weight, 1);
      for (const a of qt.alternatives) consider(a.term, a.weight, opts.synonymWeight);
      for (const doc of touched) {
        scores[doc] = (scores[doc] as number) + (bestValue[doc] as number);
        if (!qt.isName)
          credit[doc] = (credit[doc] as number) + (bestCredit[doc] as number) * qt.weight;
        const list = matched[doc];
        if (list) list.push(qt.term);
        else matched[doc] = [qt.term];
        bestValue[doc] = 0;
      }
    }
    // Words typed side by side that stand side by side in a passage: a phrase bonus, the best
    // pair's only (a long name must not count once per pair of its words).
    const weightOf = new Map(terms.map((t) => [t.term, t.weight]));
    const phraseBonus = new Map<number, number>();
    for (let i = 1; i < typed.length; i++) {
      const a = typed[i - 1] as string;
      const b = typed[i] as string;
      const docsWith = a === b ? undefined : phrases.get(phraseKey(a, b));
      if (!docsWith) continue;
      const bonus = opts.phraseWeight * Math.min(weightOf.get(a) ?? 0, weightOf.get(b) ?? 0);
      for (const doc of docsWith) {
        if ((scores[doc] as number) > 0 && bonus > (phraseBonus.get(doc) ?? 0)) {
          phraseBonus.set(doc, bonus);
        }
      }
    }
    for (const [doc, bonus] of phraseBonus) scores[doc] = (scores[doc] as number) + bonus;
    const contentMass = contentMassOf(terms);
    // The figure(s) the question is about: those it names, else the one being asked.
    const named = figuresNamed(terms, query);
    const targets: readonly CharacterKey[] = named.length ? named : [karakter];
    // The scored documents, in document order; ranks are then taken best first on demand
    // (a selection pass per rank: callers read a handful, so no sort of every scored document).
    // Only passages about those figures compete, when any matched: a passage about the other
    // figure cannot answer a question about this one ("istri Bapak" asked of Hatta is not
    // answered by Soekarno's marriages, however many words they share).
    const scored: number[] = [];
    const elsewhere: number[] = [];
    const asked = new Set(terms.filter((t) => t.kind !== 'implied').map((t) => t.term));
    // "Siapa ...?" may be answered by the relative: only other questions set relatives aside.
    /** Relatives' passages set aside, with the score they had before. */
    const setAside = new Map<number, number>();
    const questionType = analyzeQuestion(query).type;
    const asksKin = [...asked].some((t) => KIN_TERMS.has(t)) || questionType === 'who';
    for (let i = 0; i < n; i++) {
      const raw = scores[i] as number;
      if (raw <= 0) continue;
      let about = 0;
      for (const f of targets) if ((figuresOf[i] as Set<CharacterKey>).has(f)) about += 1;
      const relative = relativeOf[i];
      scores[i] = raw * (1 + (opts.figureBoost * about) / targets.length);
      if (relative && !asksKin && !relative.some((t) => asked.has(t))) {
        setAside.set(i, scores[i] as number);
        scores[i] = (scores[i] as number) * opts.relativeFactor;
      }
      (about > 0 ? scored : elsewhere).push(i);
    }
    if (scored.length === 0) scored.push(...elsewhere);
    const taken = new Uint8Array(n);
    /** The best document not taken yet (the lower document number on a tie), or -1. */
    const nextBest = (): number => {
      let best = -1;
      for (const i of scored) {
        if (!taken[i] && (best < 0 || (scores[i] as number) > (scores[best] as number))) best = i;
      }
      if (best >= 0) taken[best] = 1;
      return best;
    };
    const ranked: number[] = [];
    const rank = (r: number): number | undefined => {
      while (ranked.length <= r) {
        const next = nextBest();
        if (next < 0) break;
        ranked.push(next);
      }
      return ranked[r];
    };
    const topRanks = (count: number) => {
      const out: number[] = [];
      for (let r = 0; r < count; r++) {
        const i = rank(r);
        if (i === undefined) break;
        out.push(i);
      }
      return out;
    };
    const hitOf = (i: number): SearchHit => {
      const doc = docs[i] as DocEntry;
      return {
        passage: doc.passage,
        score: scores[i] as number,
        coverage: contentMass > 0 ? (credit[i] as number) / contentMass : 1,
        matched: matched[i] ?? [],
        query: terms,
        sentences: doc.sentences,
        titleTerms: doc.titleTerms,
        idf: idfOf,
      };
    };
    if (includeWeak) return topRanks(k).map(hitOf);
    // The gate reads the three best as they ranked before relatives were set aside: a question
    // answered only by a relative's passage still gets that passage rather than a refusal.
    const unaside = (i: number) => setAside.get(i) ?? scores[i] ?? 0;
    const gateDocs = [...new Set([...topRanks(3), ...setAside.keys()])]
      .sort((a, b) => unaside(b) - unaside(a))
      .slice(0, 3);
    if (!passesGate(terms, gateDocs.map(hitOf), questionType === 'yesNo')) return [];
    const hits: SearchHit[] = [];
    for (let r = 0; hits.length < k; r++) {
      const i = rank(r);
      if (i === undefined) break;
      const hit = hitOf(i);
      if (hit.coverage >= opts.minHitCoverage) hits.push(hit);
    }
    return hits;
  };

  /**
   * The "nothing relevant" gate. Declines when no passage among the three best covers enough of
   * the question, when the question names a year no passage mentions or spans (after the
   * figures' lifetimes, or long before), or when it asks about the present day ("sekarang",
   * "saat ini") and the passage that covers it best says nothing about today.
   */
  const passesGate = (terms: readonly QueryTerm[], hits: readonly SearchHit[], yesNo: boolean) => {
    if (terms.some((t) => t.year && !t.year.inScope)) return false;
    const best = hits
      .slice(0, 3)
      .reduce<SearchHit | undefined>((a, h) => (!a || h.coverage > a.coverage ? h : a), undefined);
    // A claim to confirm ("... kan?") may carry a wrong detail, which lowers the coverage a
    // passage on the rest of it can reach (see below).
    const floor = yesNo ? Math.min(opts.minCoverage, YES_NO_COVERAGE) : opts.minCoverage;
    if (!best || best.coverage < floor) return false;
    // Today, asked about: a sentence of the passage must tell of today and of the question's
    // topic together ("rumah Bapak sekarang jadi apa?"), not "kini" anywhere beside "presiden".
    if (
      terms.some((t) => t.term === PRESENT_DAY_TERM) &&
      !best.sentences.some(
        (s) =>
          s.terms.has(PRESENT_DAY_TERM) &&
          terms.some((t) => !t.isName && t.term !== PRESENT_DAY_TERM && s.terms.has(t.term)),
      )
    ) {
      return false;
    }
    // A question about two things ("ibu kota" + "Australia") is not answered by a passage that
    // mentions only one of them, however rare that one is.
    const topics = terms.filter(
      (t) => !t.isName && t.term !== PRESENT_DAY_TERM && !isFrameStem(t.term),
    );
    // A bare number ("{{7*7}}", "7") is no topic of its own: some word besides it must match.
    const words = topics.filter((t) => !/^\d+$/.test(t.term));
    if (topics.length > 0 && !words.some((t) => best.matched.includes(t.term))) return false;
    const found = new Set(best.matched);
    const topicsFound = topics.filter((t) => found.has(t.term)).length;
    // Two of its topics, or one that carries most of the question ("bener ga Bapak kuliah di
    // Belanda?": the passage on his studies answers it, without naming the Netherlands).
    if (topicsFound >= Math.min(2, topics.length) || best.coverage >= SINGLE_TOPIC_COVERAGE) {
      return true;
    }
    // A claim to confirm may carry a wrong detail ("Bapak kuliah di Jerman kan?"): the passage
    // on the rest of it answers, when that detail is a word the knowledge base knows (not
    // "main IG").
    return (
      yesNo &&
      best.coverage >= YES_NO_COVERAGE &&
      topics.every((t) => found.has(t.term) || t.kind === 'typed')
    );
  };

  return {
    search,
    analyze,
    size: n,
    buildMs: performance.now() - started,
  };
}

/**
 * The corpus's folded surface words, for the misspelling fallback (@dwitunggal/text/fuzzy): an
 * unknown query word is replaced by the closest corpus word whose stem is indexed.
 */
function buildSurfaceVocabulary(
  foldedTexts: readonly string[],
  analyzer: Analyzer,
  postings: ReadonlyMap<string, Posting[]>,
) {
  const frequency = new Map<string, number>();
  for (const text of foldedTexts) {
    for (const word of wordsOf(text)) {
      if (word.length < 4 || STOPWORDS.has(word) || /\d/.test(word)) continue;
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  const corrector = createCorrector(frequency);
  return {
    closest(word: string): string | undefined {
      const best = corrector.closest(word);
      const stem = best === undefined ? undefined : analyzer.stem(best);
      return stem !== undefined && postings.has(stem) ? stem : undefined;
    },
  };
}
