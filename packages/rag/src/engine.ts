import type { ChatAnswer, ChatTurn } from '@dwitunggal/contracts/chat';
import {
  analyzeQuestion,
  lifeEndAsked,
  namesIn,
  personAsked,
  placesIn,
  spellsOut,
  thingDefined,
} from '@dwitunggal/text/question';
import { foldForMatch, splitSentences, wordsOf } from '@dwitunggal/text/fold';
import { deathYear } from '@dwitunggal/contracts/characters';
import { figureNameTerm, namesSomeone } from './query';
import { KIN_NOUNS } from './voice';
import { CHARACTER_KEYS, type CharacterKey } from '@dwitunggal/contracts/characters';
import { presupposedQuestion, tellsClaim } from './claim';
import { createDialog, toldBefore, type Anchor, type Dialog } from './dialog';
import {
  afterLifetime,
  createEmbeddedGenerator,
  HONOURS_ASKED,
  onlySmallTalk,
} from './embedded-generator';
import type { FallbackReason, GenerateOptions, Generator, StreamEvent } from './generator';
import { periodRange, type Passage } from './knowledge';
import { createOpenAIProvider, type OpenAIProviderConfig } from './openai-provider';
import {
  createRetriever,
  figuresNamed,
  hasTopic,
  type Retriever,
  type IndexedSentence,
  type RetrieverOptions,
  type SearchHit,
} from './retriever';

/**
 * The whole rag chat model behind one object, for the server route POST /api/chat: retrieval
 * (built once, at start) then generation. The route validates, authenticates and rate-limits;
 * the engine only answers.
 */

export interface RagEngineOptions {
  passages: readonly Passage[];
  /** The OpenAI-compatible provider; null or absent: the embedded generator only. */
  llm?: OpenAIProviderConfig | null;
  retriever?: RetrieverOptions;
  /** Passages retrieved per question. Default 4. */
  k?: number;
}

export interface RagAnswer extends ChatAnswer {
  generator: 'embedded' | 'openai';
  fallback?: FallbackReason;
}

export interface RagEngine {
  readonly retriever: Retriever;
  readonly generator: Generator;
  answer(request: RagRequest, options?: GenerateOptions): Promise<RagAnswer>;
  /** Streaming variant (see StreamEvent): deltas, then the final answer. */
  stream(request: RagRequest, options?: GenerateOptions): AsyncIterable<StreamEvent>;
}

export interface RagRequest {
  karakter: CharacterKey;
  prompt: string;
  /** Recent turns, oldest first (validated by the route). */
  history?: readonly ChatTurn[];
}

/**
 * How a question is searched, given the conversation. A clear follow-up ("lalu?", "kenapa
 * begitu?", "beliau menikah dengan siapa?", "hasilnya apa?") is searched with the learner's
 * previous question (and the figure's reply) as context: the question asked now leads, the
 * context says what "itu", "beliau" or "di sana" point at (see SearchOptions.context). Any other
 * question is searched with the last exchange as context too, at most 0.3 of its own weight
 * ("ada brp negara yg ikut?" after talk of the Asia-Africa Conference); with the previous
 * question alone as context when that finds nothing ("jurusan apa pak?" after "Bapak kuliah di
 * mana?"), and alone after that. "And then?" goes on from the figure's previous reply instead
 * of repeating it.
 */
export function resolveFollowUp(request: RagRequest): {
  query: string;
  /** What the question refers to, searched with a reduced weight (SearchOptions.context). */
  context?: string;
  /** Searched when `query` alone finds nothing relevant. */
  fallbackContext?: string;
  /** `query` is searched alone when it finds nothing with its context. */
  alone?: boolean;
  alreadySaid?: string;
  /** The context of a question that has no topic of its own ("taun brp tuh? dmn?"). */
  topicContext?: string;
  /** The most the context weighs, as a share of the question's words (SearchOptions). */
  contextShare?: number;
} {
  const { history } = request;
  const lastUser = history && [...history].reverse().find((t) => t.role === 'user');
  if (!lastUser) return { query: request.prompt };
  const prompt = atTimeOfLastExchange(request.prompt, history);
  const question = analyzeQuestion(prompt);
  const lastFigure = history && [...history].reverse().find((t) => t.role === 'figure');
  // A short question in a conversation that names no one ("disidang di mana?", "digantiin
  // siapa?") is about the last topic even without a word pointing back: searched with the
  // conversation as context, its own words leading, and alone when that finds nothing. One that
  // asks about him ("istri Bapak siapa?", "Bapak lahir di mana?") stands on its own.
  if (
    !question.followUp &&
    question.words.length <= SHORT_QUESTION_WORDS &&
    // A last "pak" only calls him ("kota apa pak?").
    !question.words.some((w, i) => namesSomeone(w) && i < question.words.length - 1)
  ) {
    return {
      query: prompt,
      context: lastFigure ? `${lastUser.text} ${lastFigure.text}` : lastUser.text,
      alone: true,
    };
  }
  if (!question.followUp) {
    return {
      query: prompt,
      context: lastFigure ? `${lastUser.text} ${lastFigure.text}` : lastUser.text,
      contextShare: TOPICAL_CONTEXT_SHARE,
      alone: true,
      fallbackContext: lastUser.text,
      topicContext: lastFigure ? `${lastUser.text} ${lastFigure.text}` : lastUser.text,
    };
  }
  return {
    query: prompt,
    // The figure's reply names what "beliau", "itu" or "-nya" point at ("Istri saya Rahmi").
    context:
      lastFigure && !question.continuation
        ? personBefore(history, question.words, [lastUser.text, lastFigure.text])
        : lastUser.text,
    // Only "and then?" goes on past what was said; "in which year was that?" may be answered
    // by a sentence already said.
    ...(lastFigure && question.continuation ? { alreadySaid: lastFigure.text } : {}),
  };
}

/**
 * Why or how he came to be exiled ("knp bapak dibuang ke ende?", "gmn ceritanya bapak bisa
 * diasingkan ke digul"): the exile was decided upon an arrest, and the passage of that arrest
 * tells its reason (the colonial government judged his party a danger), where the passages of the
 * exile tell of life there. Not how he was freed or moved from it.
 */
function exileCauseAsked(prompt: string): boolean {
  const { type, words } = analyzeQuestion(prompt);
  const how = type === 'how' && words.includes('bisa');
  return (
    (type === 'why' || how) &&
    words.some((w) => /^(?:di|ter)(?:buang|asingkan)(?:nya)?$/.test(w)) &&
    !words.some((w) =>
      /^(?:bebas|dibebaskan|pindah|dipindah|dipindahkan|pulang|kembali|ditangkap)$/.test(w),
    )
  );
}
const ARREST = 'ditangkap';
const tellsArrest = (hit: SearchHit) => hit.titleTerms.has('tangkap');
/** How much the arrest weighs beside an exile question's own words. */
const CAUSE_SHARE = 0.5;

const RELEASE_WORD = '(?:bebas|dibebaskan|keluar|lepas|dilepas|dilepaskan|pulang)';
/** "abis keluar dr penjara ...": the release only dates the question. */
const AFTER_RELEASE = new RegExp(
  `\\b(?:abis|habis|sehabis|setelah|sesudah|usai|selepas)\\s+(?:\\S+\\s+)?${RELEASE_WORD}\\b`,
  'i',
);
const RELEASE_ASKED = new RegExp(`^${RELEASE_WORD}$`);
/**
 * How an exile or a captivity ended ("gmn ceritanya bapak bisa keluar dari pengasingan di
 * bengkulu?", "kapan bapak bebas dari penjara?"): the passage telling of its end (the Japanese
 * invasion, an agreement that freed the leaders) answers, not those telling of life there. Not
 * a question that only dates itself by the release ("abis keluar dr penjara gabung partai apa").
 */
function releaseAsked(prompt: string): boolean {
  const { type, words } = analyzeQuestion(prompt);
  return (
    (type === 'how' || type === 'why' || type === 'when') &&
    !AFTER_RELEASE.test(prompt) &&
    words.some((w) => RELEASE_ASKED.test(w)) &&
    words.some((w) =>
      /^(?:pengasingan|pembuangan|buangan|penjara|tahanan|dibuang|diasingkan|ditahan|ditawan|dipenjara)$/.test(
        w,
      ),
    )
  );
}
const RELEASE = 'berakhir dibebaskan kembali';
/**
 * A passage titled with the end of a captivity, unless its title names a figure other than the
 * ones asked about (the question's, else the speaker).
 */
const tellsRelease = (hit: SearchHit, about: readonly CharacterKey[]) =>
  // "kembali" is stemmed "mbali".
  ['akhir', 'bebas', 'kembali', 'mbali'].some((term) => hit.titleTerms.has(term)) &&
  !CHARACTER_KEYS.some((key) => !about.includes(key) && hit.titleTerms.has(figureNameTerm(key)));

/** "di tahun itu", "waktu itu", "pas itu": a time the conversation spoke of. */
const TIME_POINTER =
  /\b(tahun|taun|thn|waktu|wkt|saat|masa|ketika|pas|zaman|jaman)\s+(?:itu|tsb|tersebut)\b/i;

/**
 * "di tahun itu ada pemberontakan apa?" after "Saya memimpin kabinet sejak awal 1948": the
 * question asks about 1948, so it is searched with that year in place of "itu" (the year of
 * the figure's last reply, else of the learner's last question). A message naming several years
 * is left as it is: which one is meant cannot be told.
 */
export function atTimeOfLastExchange(prompt: string, history: readonly ChatTurn[]): string {
  if (!TIME_POINTER.test(prompt)) return prompt;
  const last = [...history].reverse();
  for (const role of ['figure', 'user'] as const) {
    const text = last.find((t) => t.role === role)?.text ?? '';
    const years = new Set(text.match(/\b(?:1[89]\d\d|20\d\d)\b/g));
    if (years.size > 1) return prompt;
    const [year] = years;
    if (year) return prompt.replace(TIME_POINTER, `$1 ${year}`);
  }
  return prompt;
}

/**
 * "beliau orang mana?" after an exchange that names no one ("baik banget ya beliau" / "Betul,
 * dia banyak berkorban"): the person is the one named in the exchange before, which joins the
 * context. Any other question keeps the last exchange alone.
 */
function personBefore(
  history: readonly ChatTurn[] | undefined,
  words: readonly string[],
  exchange: readonly string[],
): string {
  const context = exchange.join(' ');
  if (!history || !words.some((w) => PERSON_POINTERS.has(w))) return context;
  // Each message on its own: a learner's unpunctuated "... ya beliau Betul" names no one.
  const named = exchange.some((text) => splitSentences(text).some((s) => namesIn(s).length > 0));
  if (named) return context;
  const users = history.flatMap((t, i) => (t.role === 'user' ? [i] : []));
  const from = users.at(-2);
  if (from === undefined) return context;
  const earlier = history.slice(from, users.at(-1)).map((t) => t.text);
  return [...earlier, context].join(' ');
}

/** Words that point back at a person. */
const PERSON_POINTERS: ReadonlySet<string> = new Set(['beliau', 'dia', 'ia']);

/** How much a conversation weighs beside a question that names its own topic (see above). */
const TOPICAL_CONTEXT_SHARE = 0.3;

/** Words of a question short enough to be read in the conversation's context (see above). */
const SHORT_QUESTION_WORDS = 4;

/**
 * Whether the question asks about the figure's own death or what came after it (not a
 * relative's: "ayah Bapak meninggal kapan?").
 */
function lifeEnd({ prompt }: RagRequest): 'death' | 'after' | null {
  const { words } = analyzeQuestion(prompt);
  if (words.some((w) => (KIN_NOUNS as readonly string[]).includes(w.replace(/nya$/, '')))) {
    return null;
  }
  // "ada universitas yg pake nama bapak?": his name given to things came after his death.
  return lifeEndAsked(words) ?? (HONOURS_ASKED.test(prompt) ? 'after' : null);
}

/**
 * For "yang mana?" after a reply naming people: the folded first words of the names the reply
 * gave (none for any other message).
 */
function whichOf({ prompt, history }: RagRequest): string[] {
  if (!/\b(?:yang|yg) mana\b/i.test(prompt)) return [];
  const reply = history && [...history].reverse().find((t) => t.role === 'figure');
  if (!reply) return [];
  const named = new Set(namesIn(reply.text).map((name) => name[0] ?? ''));
  // A reply that lists names from its first word ("Meutia Farida, Gemala Rabi'ah, dan ...").
  const first = /^([A-Z][a-z'-]+)/.exec(reply.text)?.[1];
  if (first && !REPLY_OPENERS.has(first.toLowerCase())) named.add(first);
  return [...named].map((w) => foldForMatch(w)).filter((w) => w.length > 2);
}

/** The place in a list that "yang pertama", "yg kedua", "yang terakhir" ask for. */
const NTH: Readonly<Record<string, number>> = {
  pertama: 0,
  kedua: 1,
  ketiga: 2,
  keempat: 3,
  kelima: 4,
  terakhir: -1,
};

/**
 * For "yg pertama lahir taun brp?" after a reply listing people ("Lima: Guntur, Megawati, ...,
 * dan Guruh."): the folded first word of the name at that place in the list (none for any other
 * message, or a reply naming fewer than two).
 */
function nthOf({ prompt, history }: RagRequest): string[] {
  const asked = /\b(?:yang|yg) (pertama|kedua|ketiga|keempat|kelima|terakhir)\b/i.exec(prompt);
  const reply = history && [...history].reverse().find((t) => t.role === 'figure');
  if (!asked || !reply) return [];
  // "Lima: Guntur, ...": the list may start after a colon.
  const names = namesIn(reply.text.replace(/:/g, ','));
  if (names.length < 2) return [];
  const at = NTH[(asked[1] as string).toLowerCase()] as number;
  const name = at < 0 ? names.at(-1) : names[at];
  return name?.[0] ? [foldForMatch(name[0])] : [];
}

/** Capitalised first words of a reply that name no one ("Saya ...", "Istri saya ..."). */
const REPLY_OPENERS = new Set(['saya', 'istri', 'anak', 'putri', 'putra', 'ya', 'betul', 'sudah']);

/** His name right before a death word: he is the one who died. */
const HE_DIES: Record<CharacterKey, RegExp> = {
  soekarno: /\b(?:Soekarno|Sukarno|Bung Karno) (?:wafat|meninggal|mangkat|berpulang)\b/,
  hatta: /\bHatta (?:wafat|meninggal|mangkat|berpulang)\b/,
};

/**
 * The time boundary, asked about: the passages that tell of his death (his name with a death
 * word: "Soekarno wafat di RSPAD ..., Jakarta") or of what came after it (a year after it:
 * "Pada 1986 pemerintah menganugerahkan gelar Pahlawan Proklamator ...") come first; every such
 * sentence is a narrator's note (see afterLifetime). When none of the passages found tells of
 * anything after his death, there is nothing to answer "what came after" with: none is kept.
 */
function tellingOfLifeEnd(
  hits: readonly SearchHit[],
  karakter: CharacterKey,
  end: 'death' | 'after',
): SearchHit[] {
  const died = deathYear(karakter);
  const name = figureNameTerm(karakter);
  const tells = ({ text, terms }: IndexedSentence) =>
    afterLifetime(text, karakter) &&
    (end === 'death'
      ? HE_DIES[karakter].test(text)
      : terms.has(name) &&
        (text.match(/\b(?:1[89]\d\d|20\d\d)\b/g) ?? []).some((y) => Number(y) > died));
  const telling = hits.filter((h) => h.sentences.some(tells));
  return end === 'after' ? telling : [...telling, ...hits.filter((h) => !telling.includes(h))];
}

/**
 * Passages answering a claim's assumed question that are read for the claimed value: his exile
 * is told in one passage per place ("dibuang ke banda neira kan?" is true though the first one
 * found tells of Digul).
 */
const CLAIM_CHECKED = 3;

/** Follow-ups asking one slot of the last topic ("tahun berapa?", "di mana itu?"). */
const SLOT_TYPES: ReadonlySet<string> = new Set(['when', 'where', 'who', 'howMany', 'why']);

/**
 * How a follow-up goes on from the figure's last reply, once that reply is found in the
 * knowledge base (see ./dialog): "lalu?" and "terus abis itu gimana?" are answered by the next
 * event in time (the passage to say is chosen here), "abis itu dipenjara di mana?" searches only
 * what came after it, "kenapa begitu?" gives the reason of what was said; none repeats the
 * sentence the reply said. Null when the message is no follow-up or the reply is not found.
 */
function followOn(
  { karakter, prompt, history }: RagRequest,
  dialog: Dialog,
): { alreadySaid: string; hits?: SearchHit[]; after?: Anchor; reply?: string } | null {
  const question = analyzeQuestion(prompt);
  if (!question.followUp || !history) return null;
  const turns = [...history].reverse();
  const reply = turns.find((t) => t.role === 'figure')?.text;
  const asked = turns.find((t) => t.role === 'user')?.text;
  if (!reply) return null;
  const anchor = dialog.anchor(reply, karakter, asked);
  if (!anchor) return null;
  const upTo = (hit: SearchHit, end: number) => hit.sentences.filter((s) => s.index < end);
  if (question.continuation && (question.next || !SLOT_TYPES.has(question.type))) {
    const next = dialog.next(
      anchor,
      karakter,
      `${asked ?? ''} ${reply}`,
      question.type === 'where',
    );
    if (!next) return null;
    return {
      hits: [next.hit],
      alreadySaid: toldBefore(reply, upTo(next.hit, next.from), karakter),
    };
  }
  // "lulus dr situ lanjut kmn?": where he went on to, told by the next move of the story to a
  // place the reply did not name (the next school). Not "abis itu dipenjara di mana?", which
  // the same passage may answer without moving on.
  if (question.next && question.type === 'where' && question.words.includes('lanjut')) {
    const next = dialog.next(anchor, karakter, `${asked ?? ''} ${reply}`, true);
    if (next)
      return {
        hits: [next.hit],
        alreadySaid: toldBefore(reply, upTo(next.hit, next.from), karakter),
      };
  }
  if (question.next) {
    // What came next in his life: neither what was said nor a note on today.
    const said = anchor.hit.sentences.filter(
      (s) => s.index <= anchor.sentence.index || afterLifetime(s.text, karakter),
    );
    return { alreadySaid: toldBefore(reply, said, karakter), after: anchor, reply };
  }
  // "kenapa begitu?": the reason, not the fact again (only the sentence said is left out).
  if (question.type === 'why') {
    const reason = dialog.reason(anchor, karakter);
    if (!reason) return null;
    return { hits: [reason.hit], alreadySaid: toldBefore(reply, reason.skipped, karakter) };
  }
  return null;
}

/**
 * The share of a reply sentence's content words that a knowledge sentence must hold to be the
 * one it told (a reply of this model holds them all; a paraphrase sharing a date and a place
 * with the next sentence of the story is not that sentence).
 */
const REPEATS_SHARE = 0.8;

/** Words a reply's sentence needs to be looked up (see toldByReply). */
const MIN_TOLD_WORDS = 6;
/** Sentences of the figure's last reply looked up in the knowledge base (see toldByReply). */
const REPLY_SENTENCES_READ = 4;

/**
 * The knowledge sentences the figure's last reply told, each found by ./dialog (a reply of this
 * model repeats them; one written otherwise shares most of their words): part of
 * GenerateInput.repeated. Every earlier reply of this model is found by its text alone (see
 * the generator), without a search per sentence.
 */
function toldByReply(
  { karakter, history }: RagRequest,
  dialog: Dialog,
  retriever: Retriever,
): { passage: string; index: number }[] {
  const turns = history ? [...history].reverse() : [];
  const reply = turns.find((t) => t.role === 'figure')?.text;
  if (!reply) return [];
  const asked = turns.find((t) => t.role === 'user')?.text;
  // The opening line ("Pertanyaan yang baik.") tells nothing: no search for it.
  return splitSentences(reply)
    .filter((sentence) => wordsOf(foldForMatch(sentence)).length >= MIN_TOLD_WORDS)
    .slice(0, REPLY_SENTENCES_READ)
    .flatMap((sentence) => {
      const anchor = dialog.anchor(sentence, karakter, asked, REPEATS_SHARE);
      if (!anchor) return [];
      // ... and the reply holds most of that sentence too: a paraphrase joining two sentences
      // ("ditahan beberapa bulan sebelum diadili di Den Haag pada Maret 1928") told neither.
      const said = new Set(retriever.analyze(sentence, karakter).map((t) => t.term));
      const { terms } = anchor.sentence;
      const held = [...terms].filter((t) => said.has(t)).length;
      return held >= REPEATS_SHARE * terms.size
        ? [{ passage: anchor.hit.passage.id, index: anchor.sentence.index }]
        : [];
    });
}

/**
 * A passage title naming a person and saying who he or she is ("Tan Malaka, tokoh revolusioner
 * yang hidup dalam pelarian"), when the person's name holds every word asked: the name and the
 * description (its dates in brackets left out); null for any other title.
 */
function titledPerson(
  title: string,
  asked: readonly string[],
): { name: string; description: string } | null {
  const m = /^((?:[A-Z][\w.'-]*\s)*[A-Z][\w.'-]*),\s+([A-Za-z][^,]*?)(?:\s*\([^)]*\))?$/.exec(
    title,
  );
  if (!m) return null;
  const name = m[1] as string;
  const words = wordsOf(foldForMatch(name));
  // ... and the name's first word after its titles and initials is one of them ("siapa itu
  // hatta?" is not "Rahmi Hatta").
  const given = words.find((w) => w.length > 1 && !NAME_TITLES.has(w));
  if (asked.length === 0 || !asked.every((w) => words.includes(w))) return null;
  if (!given || !asked.includes(given)) return null;
  return { name, description: m[2] as string };
}

/** Titles before a name ("Sutan Sjahrir", "Ki Hadjar Dewantara", "Dr. Radjiman"). */
const NAME_TITLES: ReadonlySet<string> = new Set([
  'sutan',
  'ki',
  'kh',
  'haji',
  'dr',
  'mr',
  'ir',
  'raden',
  'mas',
  'marsekal',
  'jenderal',
  'laksamana',
]);

/** "akhirnya", "pada akhirnya": how a story ended. */
const FINALLY = /\bakhirnya\b/i;
/** Share of the best score a later passage needs to tell how the story ended (see above). */
const FINALLY_SCORE_SHARE = 0.75;
const periodStart = (hit: SearchHit) => periodRange(hit.passage.period)?.[0] ?? 0;

/** Every place the knowledge base names (placesIn), to tell places from people. */
function placeNames(passages: readonly Passage[]): Set<string> {
  return new Set(passages.flatMap((p) => splitSentences(p.text).flatMap(placesIn)));
}

export function createRagEngine(options: RagEngineOptions): RagEngine {
  const retriever = createRetriever(options.passages, options.retriever);
  const places = placeNames(options.passages);
  const embedded = createEmbeddedGenerator({ places });
  // Places' words, not the figures' ("ke Soekarno", "Gelora Bung Karno" read as places).
  const placeWords = new Set(
    [...places]
      .filter((place) => !/\b(?:Bung|Soekarno|Sukarno|Karno|Hatta)\b/.test(place))
      .flatMap((place) => wordsOf(foldForMatch(place)))
      // "dr" ("di dr. Tjipto's house") is also a learner's "dari".
      .filter((word) => word.length > 3),
  );
  const generator = options.llm
    ? createOpenAIProvider({ ...options.llm, fallback: options.llm.fallback ?? embedded })
    : embedded;
  const k = options.k ?? 4;
  const dialog = createDialog(options.passages, retriever);
  const input = (request: RagRequest) => {
    const resolved = resolveFollowUp(request);
    const { fallbackContext, alreadySaid, alone, contextShare } = resolved;
    // "nama bapak dipake buat apa aja skrg": what bears his name, not a question about today.
    const query = HONOURS_ASKED.test(resolved.query)
      ? resolved.query.replace(/\b(?:sekarang|skrg|kini|saat ini)\b/gi, ' ')
      : resolved.query;
    // A question with no topic of its own ("taun brp tuh? dmn?") asks about the conversation's.
    const context =
      resolved.context ??
      (resolved.topicContext && !hasTopic(retriever.analyze(query, request.karakter))
        ? resolved.topicContext
        : undefined);
    // "knp bapak dibuang ke Ende?": the reason of an exile is told with the arrest before it.
    const cause =
      context === undefined && exileCauseAsked(query)
        ? ARREST
        : context === undefined && releaseAsked(query)
          ? RELEASE
          : undefined;
    const searchFor = (asked: string, about?: string, wanted = k) =>
      retriever.search(asked, {
        karakter: request.karakter,
        k: wanted,
        ...(about ? { context: about, ...(contextShare ? { contextShare } : {}) } : {}),
        ...(!about && cause ? { context: cause, contextShare: CAUSE_SHARE } : {}),
      });
    // "bapak lahir di jakarta kan?": when the passage answering "bapak lahir di mana" does not
    // tell Jakarta, that question is what is answered (see ./claim).
    const claim = presupposedQuestion(query);
    const own = claim ? searchFor(claim.question, context).slice(0, CLAIM_CHECKED) : [];
    const falseClaim =
      claim && own.length > 0 && !own.some((h) => tellsClaim(h.passage.text, claim.claimed))
        ? claim
        : null;
    const asked = falseClaim?.question ?? query;
    const search = (about?: string, wanted = k) => searchFor(asked, about, wanted);
    const base = {
      karakter: request.karakter,
      question: falseClaim?.question ?? request.prompt,
      ...(alreadySaid ? { alreadySaid } : {}),
    };
    // A greeting or thanks alone is answered as such, with no passage.
    if (onlySmallTalk(request.prompt)) return { ...base, hits: [] };
    const turn = followOn(request, dialog);
    const replies = (request.history ?? []).filter((t) => t.role === 'figure');
    const told =
      replies.length > 0
        ? {
            repeated: {
              text: replies.map((t) => t.text).join(' '),
              sentences: toldByReply(request, dialog, retriever),
            },
          }
        : {};
    if (turn?.hits) return { ...base, ...told, hits: turn.hits, alreadySaid: turn.alreadySaid };
    // "abis itu dipenjara di mana?": what came after the last reply, not what came before it.
    let hits = turn?.after
      ? search(context, 2 * k)
          .filter((h) => !dialog.before(h.passage, turn.after as Anchor))
          .slice(0, k)
      : search(context);
    if (hits.length === 0 && fallbackContext) hits = search(fallbackContext);
    if (hits.length === 0 && alone) hits = search();
    // ... the passage whose title is that arrest, or that end of a captivity, comes first.
    // The place of the captivity asked about ("di bangka") is the passage's too.
    const placesAsked = wordsOf(foldForMatch(query)).filter((w) => placeWords.has(w));
    const first =
      cause === ARREST
        ? tellsArrest
        : cause === RELEASE
          ? (hit: SearchHit) => {
              const named = figuresNamed(hit.query, query);
              const told = wordsOf(foldForMatch(hit.passage.text));
              return (
                tellsRelease(hit, named.length > 0 ? named : [request.karakter]) &&
                placesAsked.every((w) => told.includes(w))
              );
            }
          : null;
    if (first) hits = [...hits.filter(first), ...hits.filter((h) => !first(h))];
    // "Bagaimana akhirnya Irian Barat bisa masuk ke Indonesia?": the end of the story, told by
    // the latest of the passages that answer nearly as well as the best.
    if (FINALLY.test(asked) && hits.length > 1) {
      const top = (hits[0] as SearchHit).score;
      const close = hits.filter((h) => h.score >= FINALLY_SCORE_SHARE * top);
      const latest = close.reduce((a, h) => (periodStart(h) > periodStart(a) ? h : a));
      hits = [latest, ...hits.filter((h) => h !== latest)];
    }
    // "tan malaka itu siapa?": the passage about that person, whose title says who he is.
    const person = personAsked(analyzeQuestion(asked).words);
    const about = person
      ? search(context, 2 * k)
          .concat(
            retriever.search(asked, {
              karakter: request.karakter,
              k: 2 * k,
              includeWeak: true,
            }),
          )
          .find((h) => titledPerson(h.passage.title, person))
      : undefined;
    const whoIs = about ? titledPerson(about.passage.title, person ?? []) : null;
    if (about) hits = [about, ...hits.filter((h) => h.passage.id !== about.passage.id)];
    // "kmb itu apa?": the passage that spells the thing out ("Konferensi Meja Bundar (KMB)
    // berlangsung di ...") tells what it is; another that only uses the name does not.
    const thing = thingDefined(analyzeQuestion(asked).words);
    if (thing && hits.length > 0 && !spellsOut((hits[0] as SearchHit).passage.text, thing)) {
      const definer = search(context, 2 * k).find((h) => spellsOut(h.passage.text, thing));
      if (definer) hits = [definer, ...hits.filter((h) => h.passage.id !== definer.passage.id)];
    }
    // "yang mana?" picks one of the people the figure just named ("Istri saya Oetari, Inggit,
    // Fatmawati ..." then "yg dr Bengkulu yg mana?"): a passage naming one of them answers.
    const among = [...whichOf(request), ...nthOf(request)];
    if (among.length > 0) {
      const naming = retriever
        .search(query, {
          karakter: request.karakter,
          k: 5 * k,
          includeWeak: true,
          context: among.join(' '),
        })
        .filter((h) => among.some((name) => wordsOf(foldForMatch(h.passage.text)).includes(name)));
      if (naming.length > 0) hits = naming.slice(0, k);
    }
    const end = lifeEnd(request);
    if (end && hits.length > 0)
      hits = tellingOfLifeEnd(search(context, 2 * k), request.karakter, end);
    // Another passage telling the same story: its part up to the reply was said, not next.
    const alreadyTold =
      turn?.after && turn.reply
        ? [
            turn.alreadySaid,
            ...hits.map((h) =>
              toldBefore(
                '',
                dialog.toldIn(h, turn.after as Anchor, turn.reply as string, request.karakter),
                request.karakter,
              ),
            ),
          ].join(' ')
        : turn?.alreadySaid;
    return {
      ...base,
      hits,
      ...told,
      ...(whoIs ? { whoIs } : {}),
      ...(alreadyTold ? { alreadySaid: alreadyTold } : {}),
      ...(cause === ARREST ? { causeAsked: true } : {}),
    };
  };
  return {
    retriever,
    generator,
    async answer(request, generateOptions) {
      const answer = await generator.generate(input(request), generateOptions);
      return {
        karakter: request.karakter,
        response: answer.text,
        sources: answer.sources,
        generator: answer.generator,
        ...(answer.fallback ? { fallback: answer.fallback } : {}),
      };
    },
    stream(request, generateOptions) {
      return generator.stream(input(request), generateOptions);
    },
  };
}
