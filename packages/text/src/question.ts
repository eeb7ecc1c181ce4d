/**
 * Question understanding, on the learner's own spelling: what kind of answer is asked for
 * (a time, a place, a person, a reason, a manner, a number, a definition, yes or no) and whether
 * the message leans on the conversation before it (a follow-up such as "lalu?", "terus abis itu
 * gimana?", "kenapa begitu?", "beliau menikah dengan siapa?").
 */
import { foldForMatch, wordsOf } from './fold';
import { learnerWords } from './spelling';

export type QuestionType =
  'when' | 'where' | 'who' | 'why' | 'how' | 'howMany' | 'define' | 'yesNo' | 'other';

export interface QuestionAnalysis {
  type: QuestionType;
  /** The question's words in standard spelling (learnerWords). */
  words: string[];
  /** The message reads as a follow-up of the previous turn. */
  followUp: boolean;
  /** The message only asks the story to go on ("lalu?", "terus abis itu gimana?"). */
  continuation: boolean;
  /** The message asks what came after ("abis itu dipenjara di mana?"): it has a continuer word. */
  next: boolean;
}

/** Words that carry no topic: function words, question words, address and chat fillers. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'yang dan di ke dari untuk dengan pada dalam itu ini ada adalah apa siapa kapan mana bagaimana ' +
    'kenapa mengapa berapa apakah tidak bukan juga saja sih dong deh ya kah lah pun nya bapak pak ' +
    'bung anda kamu engkau kau saya aku kami kita beliau dia ia mereka tolong ceritakan jelaskan ' +
    'coba boleh bisa mau ingin tahu tentang soal sama atau tetapi lalu terus karena seperti ' +
    'sudah belum akan sedang masih lagi sekali banyak para sang si oleh sebagai jadi menjadi'
  ).split(' '),
);

const pairAt = (words: readonly string[], a: string, b: string) =>
  words.some((w, i) => w === a && words[i + 1] === b);

/** Words that refer back to something said before. */
const BACK_REFERENCES = new Set([
  'itu',
  'tersebut',
  'tsb',
  'beliau',
  'begitu',
  'begini',
  'sana',
  'situ',
  // "ketemu siapa disana?": the place written as one word.
  'disana',
  'disitu',
  'kesana',
  'kesitu',
  // "abis tu?": the chat form of "itu".
  'tu',
]);
/** Words that continue a story ("lalu?", "terus?", "selanjutnya?"). */
const CONTINUERS = new Set([
  'lalu',
  'terus',
  'kemudian',
  'selanjutnya',
  'habis',
  'setelah',
  'sesudah',
  'abis',
  'lanjut',
  'kelanjutannya',
  'lanjutannya',
  'berikutnya',
  'setelahnya',
  'sesudahnya',
]);

/** Continuers that also only carry a conversation on (see readQuestion). */
const CARRIERS: ReadonlySet<string> = new Set(['terus', 'lalu']);

/** Words that carry no topic of their own: question words, address, fillers. */
const NO_TOPIC = new Set([
  'apa',
  'siapa',
  'kapan',
  'mana',
  'di',
  'ke',
  'dari',
  'bagaimana',
  'kenapa',
  'mengapa',
  'berapa',
  'yang',
  'terjadi',
  'pak',
  'bapak',
  'bung',
  'anda',
  'kamu',
  'sih',
  'dong',
  'ya',
  'kah',
  'saja',
  'lagi',
  'tahun',
  'tanggal',
  'tidak',
  'juga',
]);

/** The months as the passages write them. */
export const MONTH_NAMES = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

/**
 * What a sentence holding each kind of answer looks like (written text, case kept): a date for
 * "kapan", a place after di/ke/dari for "di mana", a name for "siapa", a number for "berapa", a
 * reason for "kenapa", a definition for "apa itu". Used to prefer the sentence or reply that
 * holds the fact asked for.
 */
export const ANSWER_SHAPES: Readonly<
  Record<'when' | 'where' | 'who' | 'howMany' | 'why' | 'define', RegExp>
> = {
  when: new RegExp(`\\b(?:1[5-9]\\d\\d|20\\d\\d)\\b|\\b(?:${MONTH_NAMES.join('|')})\\b`),
  where: /\b(?:di|ke|dari) [A-Z]/,
  who: /[a-z,] (?:[A-Z][a-z]+|[A-Z]\.)/,
  howMany:
    /\d|\b(?:satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|sebelas|belas|puluh|ratus|ribu|juta)\b/i,
  why: /\b(?:(?<!\b(?:terkenal|dikenal) )karena|sebab|agar|supaya|sehingga|demi|akibat|alasan|tujuan|bertujuan|ingin|hendak|bermaksud|berusaha|khawatir|menilai|dinilai|menganggap|dianggap|menuduh|dituduh|berpendapat|untuk (?:menghindari|mencegah))\b/i,
  define: /\b(?:adalah|merupakan|yaitu|yakni|berarti|singkatan)\b/,
};

/**
 * A clause that gives a reason or a purpose (karena, sebab, agar, supaya, sehingga, demi, "oleh
 * karena itu", "alasan"): what answers "mengapa"/"kenapa" most plainly. ANSWER_SHAPES.why also
 * takes words of wanting and judging ("ingin", "menilai") as a hint of one. "Terkenal karena
 * malaria" says what a thing is known for, not why anything happened: neither takes it.
 */
export const REASON_CLAUSE =
  /\b(?:(?<!\b(?:terkenal|dikenal) )karena|sebab|disebabkan|agar|supaya|sehingga|demi|akibat|alasan|alasannya|mengingat|untuk (?:menghindari|mencegah))\b/i;

/**
 * The words of REASON_CLAUSE that give a cause ("karena", "sebab", "alasan"), not a purpose or
 * a consequence ("agar", "sehingga"): the plainest answer to "mengapa".
 */
export const CAUSE_CLAUSE =
  /\b(?:(?<!\b(?:terkenal|dikenal) )karena|sebab|disebabkan|alasan|alasannya)\b/i;

/** Words before a capitalised run that make it a place or a time, not a person. */
const PLACE_OR_TIME_BEFORE = new Set(['di', 'ke', 'dari', 'pada', 'sejak', 'hingga', 'sampai']);
/** Connectives that open a sentence before its subject ("Setelah Soekarno ..."). */
const OPENERS = new Set(
  'setelah sesudah sebelum ketika saat selama menurut meskipun walaupun namun kemudian bersama sebagai dalam karena'.split(
    ' ',
  ),
);
/** Titles and ranks that come before a name without being one. */
const TITLES = new Set(
  (
    'Presiden Wakil Perdana Menteri Jenderal Letnan Mayor Kolonel Kapten Laksamana Muda Marsekal ' +
    'Panglima Gubernur Sultan Sri Raden Haji Bung Dr Dr. dr. Mr Mr. Ir Ir. Drs Drs. Prof Prof. K.H.'
  ).split(' '),
);

/**
 * The names of people or bodies a sentence mentions, each as its words without titles: runs of
 * capitalised words after a lowercase word or a comma ("... memerintahkan Letnan Jenderal
 * Soeharto" gives ["Soeharto"]), except after a preposition of place or time ("di Istana
 * Bogor", "pada Maret 1966"). What answers "siapa" is such a name, other than the asker's own.
 */
export function namesIn(sentence: string): string[][] {
  const out: string[][] = [];
  const add = (run: string) => {
    const words = run
      .split(' ')
      .map((w) => (w.length > 3 ? w.replace(/\.$/, '') : w))
      .filter((w) => w && !TITLES.has(w));
    if (words.length) out.push(words);
  };
  // The sentence's first words: the name of whom it says who he or she is ("Rahmi Rachim adalah
  // istri ..."), or the subject after a connective ("Setelah Soekarno bebas, ...").
  const start = /^([A-Z][\w.'-]*)((?: [A-Z][\w.'-]*)*)( (?:adalah|ialah|merupakan)\b)?/.exec(
    sentence,
  );
  if (start?.[1]) {
    const first = start[1].toLowerCase();
    if (OPENERS.has(first)) add((start[2] ?? '').trim());
    else if (start[3]) add(`${start[1]}${start[2] ?? ''}`);
  }
  for (const m of sentence.matchAll(/(?:\b([a-z]+)|,) ([A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*)/g)) {
    if (m[1] && PLACE_OR_TIME_BEFORE.has(m[1])) continue;
    add(m[2] ?? '');
  }
  return out;
}

/**
 * The places a sentence names: capitalised runs after "di", "ke" or a noun of place ("di Banda
 * Neira", "ke Bengkulu", "kota Blitar"). Gathered over the knowledge base, they tell a place from
 * a person among the names that answer "siapa".
 */
export function placesIn(sentence: string): string[] {
  const out: string[] = [];
  for (const m of sentence.matchAll(
    /\b(?:di|ke|kota|pulau|desa|kampung|provinsi|negeri) ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*)/g,
  )) {
    out.push(m[1] as string);
  }
  return out;
}

/** Units a count is asked in ("berapa tahun", "berapa orang"). */
const COUNT_UNITS = new Set(['tahun', 'bulan', 'minggu', 'hari', 'jam', 'orang', 'kali', 'negara']);
const COUNT_WORDS =
  '\\d+|satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|sebelas|[a-z]+ (?:belas|puluh|ratus)|se(?:belas|puluh|ratus|ribu)|beberapa';

/**
 * For a question asking a count in a unit ("divonis berapa tahun", "berapa orang"; not "tahun
 * berapa", which asks a year), the shape of the answer: a number followed by that unit ("empat
 * tahun", "29 negara"). Null for any other question.
 */
export function countInUnit(words: readonly string[]): RegExp | null {
  const i = words.indexOf('berapa');
  const unit = i >= 0 ? words[i + 1] : undefined;
  if (unit === undefined || !COUNT_UNITS.has(unit)) return null;
  return new RegExp(`\\b(?:${COUNT_WORDS}) ${unit}\\b`, 'i');
}

/**
 * A sentence that gives someone's name: a naming word before a capitalised name ("diberi nama
 * Muhammad Athar", "bernama asli Mohamad Ibnu Sayuti", "Nama kecil Soekarno adalah Koesno"),
 * not "atas nama bangsa Indonesia".
 */
export const GIVES_NAME =
  /\b(?:(?<!atas )[Nn]ama|namanya|bernama|dinamai|dinamakan)\s+(?:[a-z]+\s+){0,2}(?:adalah\s+)?[A-Z]/;

/** Whether a question asks for a name ("nama asli bapak siapa", "nama kecil Bung Karno apa"). */
export function asksName(words: readonly string[]): boolean {
  return (
    words.some((w) => w === 'nama' || w === 'namanya') &&
    (words.includes('siapa') || words.includes('apa'))
  );
}

/** Words that may close a question after its "apa" ("KAA tuh apa sih pak?"). */
const AFTER_APA: ReadonlySet<string> = new Set([
  'sih',
  'pak',
  'bapak',
  'bung',
  'ya',
  'dong',
  'kak',
]);

/** "kmb itu apa?", "KAA tuh apaan sih": what a thing is, asked after naming it. */
function thatIsWhat(words: readonly string[]): boolean {
  return thingDefined(words) !== null;
}

/**
 * The words of the thing a "X itu apa?" question names ("kmb itu apa" -> ["kmb"]): a name or a
 * term of one to three words, not "isinya", "hasilnya" or "yang bapak lakukan" (what, of the
 * topic already spoken of). Null for any other question.
 */
export function thingDefined(words: readonly string[]): string[] | null {
  let end = words.length;
  while (end > 0 && AFTER_APA.has(words[end - 1] as string)) end -= 1;
  if (
    end < 3 ||
    words[end - 1] !== 'apa' ||
    !['itu', 'tuh', 'tu'].includes(words[end - 2] as string)
  )
    return null;
  const named = words.slice(0, end - 2).filter((w) => !NAMING_FILLERS.has(w));
  return named.length > 0 &&
    named.length <= 3 &&
    !named.some((w) => w === 'yang' || (w.length > 4 && w.endsWith('nya')))
    ? named
    : null;
}

/**
 * Whether a text spells out the thing a "X itu apa?" names: "Konferensi Meja Bundar (KMB)" for
 * ["kmb"], "Konferensi Asia-Afrika (KAA)" for ["kaa"], "Putera (Pusat Tenaga Rakyat)" for
 * ["putera"].
 */
export function spellsOut(text: string, thing: readonly string[]): boolean {
  const name = thing.join(' ');
  const folded = foldForMatch(text.replace(/\s*([()])\s*/g, ' $1 '));
  return folded.includes(`( ${name} )`) || folded.includes(`${name} (`);
}

/** Words that never name the person a "siapa itu X?" asks about. */
const NOT_A_NAME: ReadonlySet<string> = new Set([
  'bapak',
  'pak',
  'bung',
  'anda',
  'kamu',
  'dia',
  'beliau',
  'ia',
  'yang',
  'dengan',
  'sama',
  'dari',
  'ke',
  'di',
  'aja',
  'saja',
  'lagi',
]);

/**
 * The words of the person a "who is X?" question names ("tan malaka itu siapa?", "siapa itu
 * tjokroaminoto?", "siapa sih sjahrir"): one to three words, none of them a pronoun, a word of
 * address or a function word ("siapa yang ...", "istri bapak siapa" name no one). Null for any
 * other question.
 */
export function personAsked(words: readonly string[]): string[] | null {
  let end = words.length;
  while (end > 0 && AFTER_APA.has(words[end - 1] as string)) end -= 1;
  const body = words.slice(0, end);
  let named: string[] | undefined;
  if (body.at(-1) === 'siapa') {
    named = body.slice(0, -1);
    if (['itu', 'tuh', 'tu'].includes(named.at(-1) ?? '')) named = named.slice(0, -1);
    else return null;
    named = named.filter((w) => !NAMING_FILLERS.has(w));
  } else if (body[0] === 'siapa') {
    named = body.slice(['itu', 'sih', 'tuh'].includes(body[1] ?? '') ? 2 : 1);
  }
  if (!named || named.length === 0 || named.length > 3) return null;
  if (named.some((w) => NOT_A_NAME.has(w) || (w.length > 4 && w.endsWith('nya')))) return null;
  return named;
}

/** Words before a thing named that are not part of it ("pak, trus KMB itu apa?"). */
const NAMING_FILLERS: ReadonlySet<string> = new Set([
  'pak',
  'bapak',
  'bung',
  'terus',
  'lalu',
  'kalau',
  'memang',
  'sebenarnya',
  'emang',
]);

/** "kapan", "tahun berapa", "tanggal berapa": a question of when. */
const asksWhen = (words: readonly string[]) =>
  words.includes('kapan') || pairAt(words, 'tahun', 'berapa') || pairAt(words, 'tanggal', 'berapa');

export function questionType(words: readonly string[], typedFirst = words[0]): QuestionType {
  const has = (w: string) => words.includes(w);
  if (asksWhen(words)) return 'when';
  if (pairAt(words, 'di', 'mana') || pairAt(words, 'ke', 'mana') || pairAt(words, 'dari', 'mana')) {
    return 'where';
  }
  if (has('siapa')) return 'who';
  if (
    has('kenapa') ||
    has('mengapa') ||
    has('alasan') ||
    // "alasannya apa?", "sebabnya apa?": the reason of what was said.
    has('alasannya') ||
    has('sebabnya') ||
    has('penyebabnya') ||
    pairAt(words, 'untuk', 'apa')
  )
    return 'why';
  if (has('berapa') || has('jumlah')) return 'howMany';
  if (has('bagaimana') || pairAt(words, 'dengan', 'cara') || has('caranya')) return 'how';
  if (
    pairAt(words, 'apa', 'itu') ||
    pairAt(words, 'apa', 'arti') ||
    pairAt(words, 'apa', 'maksud') ||
    has('artinya') ||
    has('singkatan') ||
    has('kepanjangan') ||
    thatIsWhat(words)
  ) {
    return 'define';
  }
  const first = typedFirst;
  if (
    first === 'apakah' ||
    first === 'benarkah' ||
    first === 'pernahkah' ||
    words.at(-1) === 'kah' ||
    // A tag question: "Bapak kuliah di Leiden kan?", "... bukan?"
    words.at(-1) === 'kan' ||
    words.at(-1) === 'bukan' ||
    // "Bung Karno presiden seumur hidup ya?": a claim with "ya" to end it, no question word.
    (words.at(-1) === 'ya' && !words.includes('apa'))
  ) {
    return 'yesNo';
  }
  // "apa benar bapak ...", "apa bapak pernah ...": "apa" opens the claim, it asks no "what".
  const opensWithApa = words[0] === 'apa' && words[1] !== 'yang' && !words.slice(1).includes('apa');
  if ((has('benar') || has('betul') || has('pernah')) && (!has('apa') || opensWithApa)) {
    return 'yesNo';
  }
  return 'other';
}

/** Nouns of place before "mana" ("dari negara mana", "kota mana"): a question of where. */
const PLACE_BEFORE_MANA = new Set(['kota', 'negara', 'daerah', 'pulau', 'provinsi', 'desa']);

/**
 * Every one-fact slot a question asks, in questionType's order: "bapak nikah taun brp dan
 * dimana" asks when and where, "nikahnya sama siapa? kapan?" when and who. A count after
 * "tahun" or "tanggal" is a date, not a number.
 */
export function askedFacts(words: readonly string[]): ('when' | 'where' | 'who' | 'howMany')[] {
  const asked: ('when' | 'where' | 'who' | 'howMany')[] = [];
  if (asksWhen(words)) asked.push('when');
  if (
    words.some(
      (w, i) =>
        w === 'mana' &&
        (['di', 'ke', 'dari'].includes(words[i - 1] ?? '') ||
          PLACE_BEFORE_MANA.has(words[i - 1] ?? '')),
    )
  )
    asked.push('where');
  if (words.includes('siapa')) asked.push('who');
  if (
    words.some(
      (w, i) =>
        (w === 'berapa' || w === 'jumlah') && !['tahun', 'tanggal'].includes(words[i - 1] ?? ''),
    )
  )
    asked.push('howMany');
  return asked;
}

/**
 * The reading of a question, kept for the last questions read: one answer reads its question
 * (and the conversation's) many times. The result is frozen, since it is shared.
 */
export function analyzeQuestion(text: string): QuestionAnalysis {
  const known = analyses.get(text);
  if (known) return known;
  const analysis = readQuestion(text);
  Object.freeze(analysis.words);
  if (analyses.size >= MAX_ANALYSES) analyses.clear();
  analyses.set(text, Object.freeze(analysis));
  return analysis;
}

/** Questions whose reading is kept (see analyzeQuestion); a full cache starts over. */
const MAX_ANALYSES = 512;
const analyses = new Map<string, QuestionAnalysis>();

function readQuestion(text: string): QuestionAnalysis {
  const words = learnerWords(text, 64);
  const type = questionType(words, wordsOf(foldForMatch(text))[0]);
  const topical = words.filter(
    (w, i) =>
      !NO_TOPIC.has(w) &&
      !CONTINUERS.has(w) &&
      // "apa itu X" asks for a definition: that "itu" points at X, not back.
      !(BACK_REFERENCES.has(w) && !(w === 'itu' && words[i - 1] === 'apa')),
  );
  const pointsBack = words.some(
    (w, i) => BACK_REFERENCES.has(w) && !(w === 'itu' && words[i - 1] === 'apa'),
  );
  const continuation =
    words.length > 0 &&
    words.every((w) => CONTINUERS.has(w) || BACK_REFERENCES.has(w) || NO_TOPIC.has(w));
  const followUp =
    words.length > 0 &&
    (continuation ||
      words.includes('beliau') ||
      (topical.length <= 3 && (pointsBack || words.some((w) => CONTINUERS.has(w)))) ||
      // "hasilnya apa?", "namanya siapa aja?": a possessive pointing at the last topic.
      (topical.length <= 2 && topical.some((w) => w.length > 5 && w.endsWith('nya'))));
  // "terus nama operasinya apa?", "lalu bapak nikah sama anaknya?": a "terus" or "lalu" before
  // a question with a topic of its own only carries the talk on; it does not ask what came next
  // ("lalu dipenjara di mana?" does).
  const next =
    words.some((w) => CONTINUERS.has(w) && !CARRIERS.has(w)) ||
    (words.some((w) => CARRIERS.has(w)) && topical.length < 2);
  return { type, words, followUp, continuation, next };
}

/** Words of a person's death (standard spelling). */
const DEATH_VERBS = new Set([
  'wafat',
  'meninggal',
  'mangkat',
  'berpulang',
  'wafatnya',
  'meninggalnya',
]);
/** Words that, shortly before a death word, ask what came after it ("setelah Bapak wafat"). */
const AFTER_WORDS = new Set(['setelah', 'sesudah', 'habis', 'abis', 'pasca']);

/**
 * Whether a question asks about a death ("meninggal di kota mana?": 'death') or about what came
 * after it ("dapat gelar apa setelah wafat?", "sepeninggal Bapak": 'after'); null otherwise.
 * Whose death it is, the caller decides.
 */
export function lifeEndAsked(words: readonly string[]): 'death' | 'after' | null {
  if (words.some((w) => w.startsWith('sepeninggal'))) return 'after';
  const at = words.findIndex((w) => DEATH_VERBS.has(w));
  if (at < 0) return null;
  const before = words.slice(Math.max(0, at - 3), at);
  // "sebelum meninggal bapak ditahan di mana?": a time of his life, dated by its end.
  if (before.some((w) => BEFORE_WORDS.has(w))) return null;
  return before.some((w) => AFTER_WORDS.has(w)) ? 'after' : 'death';
}

/** Words that, shortly before a death word, ask about the time before it. */
const BEFORE_WORDS = new Set(['sebelum', 'menjelang', 'jelang']);
