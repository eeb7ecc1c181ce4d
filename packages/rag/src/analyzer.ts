import { stopwords as oramaIndonesianStopwords } from '@orama/stopwords/indonesian';
import { foldForMatch, lookupTable, wordsOf } from '@dwitunggal/text/fold';
import { stem as lightStem } from '@dwitunggal/text/stem';
import { colloquialForms } from '@dwitunggal/text/colloquial';

/**
 * Indonesian text analysis for retrieval: folding, stop words and stemming.
 *
 * Stemming is the project's one stemmer (@dwitunggal/text/stem), with one corpus-aware
 * correction: a rule-based stemmer cannot always tell a nasal prefix from the start of a root
 * ("memakan" could be meN-pakan or meN-makan). The corpus is the dictionary: every stem produced
 * from a word WITHOUT a nasal prefix ("ditulis", "dimakan", "kemerdekaan") is a known root. When
 * the stem of a nasal-prefixed word is not a known root, the usual restorations (t-, k-, p-, s-,
 * m-/p- swap, ny-/s- swap) and the unprefixed forms are tried, and the first known root wins.
 */

/**
 * Stop words: Orama's Indonesian list, minus a few words that carry content in our questions
 * ("masa kecil", "nama kecil"), plus conversational fillers and question scaffolding that learners
 * type in chat. Terms that address the figure (bapak, bung, anda...) are handled by the query
 * normaliser before analysis.
 */
const KEEP_AS_CONTENT = new Set(['kecil', 'dini', 'kini']);
const EXTRA_STOPWORDS = [
  'sih',
  'deh',
  'nih',
  'tuh',
  'ya',
  'yah',
  'aja',
  'dong',
  'kah',
  'gimana',
  'gmn',
  'apaan',
  'tolong',
  'mohon',
  'coba',
  'jelaskan',
  'ceritakan',
  'tahu',
  'benarkah',
  'benar',
  'benaran',
  'bener',
  'beneran',
  'ngapain',
  'dimana',
  'kemana',
  'darimana',
  'bapak',
  'pak',
  'bpk',
  'bung',
  'anda',
  'kamu',
  'engkau',
  'beliau',
  'kau',
  'tuan',
  'waktu',
  'jadi',
  'cerita',
  'ceritanya',
  // "terus?", "trus gmn", "abis itu": "and then", "after that", not a topic.
  'terus',
  'trus',
  'habis',
  // What a learner says of the asking itself ("jelasin dong, aku gk ngerti").
  'jelasin',
  'ceritain',
  'ngerti',
  'mengerti',
  'paham',
  'nya',
  'ku',
  'mu',
  // "gara-gara itu", "gara2": because of, a connective.
  'gara',
  // "pas sekolah di Surabaya": colloquial "when", not a topic.
  'pas',
  // Pointing at a place already named ("ngapain disana?", "abis dr situ").
  'situ',
  'disana',
  'disitu',
  'kesana',
  'kesitu',
  'kesini',
  // What learners say around the question: who they are, why they ask, politeness
  // ("Yth. Bapak, mohon maaf mengganggu, untuk makalah kami ...", "aku lupa, besok ulangan").
  'kak',
  'eh',
  'permisi',
  'yth',
  'maaf',
  'mengganggu',
  'ganggu',
  'makalah',
  'ulangan',
  'besok',
  'lupa',
  'mahasiswa',
  'semester',
  'bertanya',
  'nanya',
  'tanya',
  'mengetahui',
  'penasaran',
  'btw',
  // "kapan tepatnya ...", "katanya ...", "dulunya": fillers of the question.
  'tepatnya',
  'katanya',
  'dulunya',
  // "knp bapak getol bgt ngembangin koperasi": how keen, not what about.
  'getol',
];

/**
 * Query expansion: near-synonyms learners use for what the passages say with another word.
 * Applied to the question only, each alternative with a reduced weight (see the retriever).
 */
const EXPANSIONS: Record<string, readonly string[]> = lookupTable({
  henti: ['akhir', 'undur'],
  istri: ['nikah'],
  teks: ['naskah'],
  naskah: ['teks'],
  suami: ['nikah'],
  perjanjian: ['setuju', 'unding'],
  setuju: ['perjanjian'],
  undur: ['henti'],
  tangkap: ['tahan', 'tawan'],
  tahan: ['tangkap'],
  tawan: ['tangkap'],
  kuliah: ['studi'],
  studi: ['kuliah'],
  nikah: ['kawin'],
  kawin: ['nikah'],
  arti: ['makna', 'maksud'],
  makna: ['arti', 'maksud'],
  maksud: ['arti', 'makna'],
  kenal: ['temu'],
  temu: ['kenal'],
  ketua: ['pimpin'],
  pimpin: ['ketua'],
  anak: ['putra', 'putri'],
  putra: ['anak'],
  putri: ['anak'],
  gelar: ['juluk'],
  juluk: ['gelar'],
  makam: ['kubur'],
  kubur: ['makam'],
  pilih: ['angkat'],
  angkat: ['pilih'],
  menang: ['unggul'],
  // Today's school levels for the colonial schools the passages name (ELS, MULO, HBS).
  sd: ['els', 'dasar'],
  smp: ['mulo'],
  sma: ['hbs', 'menengah'],
  jurus: ['ilmu', 'bidang', 'studi'],
  // An ethnic group is named in the passages, not the word "suku".
  suku: ['minangkabau', 'jawa', 'bali', 'sunda', 'batak'],
  // "nama asli": the name given at birth.
  asli: ['lahir'],
  // A journalist, man or woman ("wartawan Amerika": Cindy Adams, "wartawati"); "wartawan"
  // stems to "wartaw".
  wartaw: ['wartawati'],
  wartawati: ['wartaw'],
  // "asalnya dari mana", "orang mana": where someone was born or comes from.
  asal: ['lahir'],
  // Everyday verbs and nouns of chat for the written words of the passages.
  kasih: ['beri', 'serah', 'terima'],
  balik: ['kembali', 'pulang'],
  pulang: ['kembali'],
  dapat: ['terima', 'anugerah'],
  // "diadain", "diadakan": held.
  ada: ['langsung', 'selenggara'],
  bredel: ['larang'],
  // "divonis": the passages say "menjatuhkan hukuman".
  vonis: ['hukum'],
  mahar: ['kawin'],
  klub: ['club', 'studieclub', 'kelompok'],
  pisah: ['cerai'],
  // "ayah Bapak kerjanya apa?": the passages name the work ("seorang guru").
  kerja: ['guru', 'profesi', 'jabat'],
  // "pengakuan kedaulatan" (stem "aku"; the pronoun "aku" is a stop word): the passages tell of
  // the transfer ("penyerahan kedaulatan").
  aku: ['serah'],
  // "dinobatkan jadi Bapak Koperasi": the passages say he was given the title.
  nobat: ['gelar', 'juluk'],
  ide: ['gagas', 'pikir'],
  pergi: ['berangkat'],
  // "Trikora dicetuskan di mana": the passages say it was proclaimed ("dikumandangkan").
  cetus: ['umum', 'kumandang'],
  putus: ['cerai'],
  // "masuk partai apa": joined ("bergabung dengan Partindo").
  masuk: ['gabung'],
  // "dibawa ke mana": the passages say where he was moved or exiled to.
  bawa: ['pindah', 'asing'],
  // "yg ngerek bendera": the passages say who raised it ("dikibarkan", "pengibaran").
  // ("ngerek", "mengerek" stem to these: the k of "kerek" drops after the prefix).
  kerek: ['kibar'],
  ngerek: ['kibar'],
  erek: ['kibar'],
  // "teks proklamasi disusun di mana": the passages say where it was drafted ("dirumuskan").
  // "yg nawarin jogja jd ibu kota": the passages say who provided it ("menyediakan").
  tawar: ['sedia'],
  // "disidang di mana": tried in court ("diadili", "pengadilan").
  sidang: ['adil'],
  // "Dwitunggal pecah": the passages say the two parted ("berpisahnya", "terpisah").
  pecah: ['pisah'],
  // "jago pidato": skilled at it ("kepiawaian berpidato", "pandai", "mahir").
  jago: ['piawai', 'pandai', 'mahir'],
  // "koran bapak apa": the passages say "majalah" or "surat kabar".
  koran: ['majalah', 'kabar'],
  // (Not the other way: "merumuskan dasar negara" is not "penyusunan naskah".)
  susun: ['rumus'],
  // "dpt ilham", "suka ngelamun": the passages tell of his reflecting ("renungan").
  ilham: ['renung', 'gagas'],
  lamun: ['renung'],
  // "brosur": the passages call his pamphlets "risalah".
  brosur: ['risa'], // "risalah" stems to "risa" (the particle -lah)
  // "siapa yg nyomblangin", "jodoh": who arranged or proposed the marriage.
  jodoh: ['lamar'],
  // "ngembangin koperasi": the passages say he moved it forward ("menggerakkan", "memajukan").
  kembang: ['gerak', 'maju'],
});

/**
 * Words that frame a question rather than name its topic ("apa MAKSUD ...", "apa ISI ...",
 * "apa PERAN Bapak ...", "bagaimana PENDAPAT Anda ...", "TANGGAL berapa"). They still help ranking, with a small
 * weight, but barely count when deciding whether a passage covers the question.
 */
const FRAME_STEMS = new Set([
  'maksud',
  'arti',
  'makna',
  'isi',
  'peran',
  // "tujuan", "alasan": the knowledge base's vocabulary keeps them whole as stems.
  'tujuan',
  'alasan',
  'pendapat',
  'pandang',
  'cara',
  'hubung',
  'contoh',
  'tanggal',
  // "tahun berapa" frames a question about time, like "tanggal berapa".
  'tahun',
  // "habis" frames time ("abis itu", "sehabis perang") or spending ("menghabiskan masa kecil").
  'habis',
  // "di daerah mana", "kepanjangan/singkatan dari apa", "insinyur bidang apa".
  'daerah',
  'panjang',
  'singkat',
  'bidang',
  // "di kota apa", "kota mana", "oleh lembaga apa".
  'kota',
  'lembaga',
  // "ngapain aja di Ende?", "apa yang Bapak lakukan": what he did, asked of a place or a time.
  'laku',
  // "nama lengkapnya apa": the whole of what is asked, not a topic.
  'lengkap',
  // Chat words the passages seldom use, so that they would weigh as rare topics: "jaman
  // Jepang" frames a time, "punya uang sendiri" and "suka ngelamun" what is asked about.
  'zaman',
  'punya',
  'suka',
  // "kenapa bapak pake demokrasi terpimpin": using or adopting, said of anything.
  'pakai',
]);

/** Whether a query stem only frames the question (see FRAME_STEMS). */
export function isFrameStem(stem: string): boolean {
  return FRAME_STEMS.has(stem);
}

/** Alternative stems for a query stem (empty for most). */
export function expansionsOf(stem: string): readonly string[] {
  return EXPANSIONS[stem] ?? [];
}

export const STOPWORDS: ReadonlySet<string> = new Set(
  [...oramaIndonesianStopwords.filter((w) => !KEEP_AS_CONTENT.has(w)), ...EXTRA_STOPWORDS].map(
    foldForMatch,
  ),
);

const NASAL_PREFIX = /^(me|pe)(ng|ny|n|m)?/;

export interface Analyzer {
  /** Stems of the content words of `text` (folded, stop words removed), in order, with repeats. */
  terms(text: string): string[];
  /** The same for text already folded with foldForMatch. */
  termsOfFolded(folded: string): string[];
  /** Stem of one folded word (no stop-word check). */
  stem(word: string): string;
  /** Whether a stem is a root seen in the corpus. */
  isKnownStem(stem: string): boolean;
}

/**
 * Word caches are bounded: learners' prompts bring new words forever, so a full cache starts
 * over (the corpus's own words come back on their next use) instead of growing without end.
 */
export const MAX_CACHED_WORDS = 50_000;

function remember<V>(cache: Map<string, V>, word: string, value: V): void {
  if (cache.size >= MAX_CACHED_WORDS) cache.clear();
  cache.set(word, value);
}

/**
 * Builds the analyzer for a corpus, given as texts or (faster) as already folded texts. The
 * corpus is only used as the dictionary of known roots for the nasal-prefix correction;
 * analysing the same text always gives the same terms.
 */
export function createAnalyzer(corpus: readonly string[], { folded = false } = {}): Analyzer {
  const known = new Set<string>();
  const distinct = new Set<string>();
  for (const text of corpus) {
    for (const word of wordsOf(folded ? text : foldForMatch(text))) distinct.add(word);
  }
  // Stems of every corpus word, nasal-prefixed ones too ("melamar" gives "lamar"): what a
  // colloquial form ("ngelamarin") may stand for.
  const stems = new Set<string>();
  for (const word of distinct) {
    if (STOPWORDS.has(word) || /\d/.test(word)) continue;
    const s = lightStem(word);
    stems.add(s);
    if (!NASAL_PREFIX.test(word) || word.length <= 4) known.add(s);
  }

  const cache = new Map<string, string>();
  const stem = (word: string): string => {
    const cached = cache.get(word);
    if (cached !== undefined) return cached;
    const result = stemUncached(word, known, stems);
    remember(cache, word, result);
    return result;
  };
  const termsOfFolded = (text: string) => {
    const out: string[] = [];
    for (const word of wordsOf(text)) {
      if (STOPWORDS.has(word)) continue;
      const s = stem(word);
      if (s) out.push(s);
    }
    return out;
  };

  return {
    terms: (text) => termsOfFolded(foldForMatch(text)),
    termsOfFolded,
    stem,
    isKnownStem: (s) => known.has(s),
  };
}

/** Ordinal words, read as the ordinal terms the query normaliser makes of "ke 7". */
const ORDINALS: Readonly<Record<string, string>> = lookupTable({
  kedua: 'ke2',
  ketiga: 'ke3',
  keempat: 'ke4',
  kelima: 'ke5',
  keenam: 'ke6',
  ketujuh: 'ke7',
  kedelapan: 'ke8',
  kesembilan: 'ke9',
  kesepuluh: 'ke10',
  // Roman numerals after a name ("Agresi Militer II", "Perang Dunia II") are ordinals too.
  ii: 'ke2',
  iii: 'ke3',
  iv: 'ke4',
});

function stemUncached(
  word: string,
  known: ReadonlySet<string>,
  stems: ReadonlySet<string>,
): string {
  const ordinal = ORDINALS[word];
  if (ordinal !== undefined) return ordinal;
  const s = lightStem(word);
  // A short root with a possessive ("ibunya", "ibuku") that the stemmer keeps whole.
  const possessed = s === word ? /^(.{3})(?:nya|ku|mu)$/.exec(word)?.[1] : undefined;
  if (possessed !== undefined && known.has(possessed)) return possessed;
  if (known.has(s)) return s;
  if (/^(me|pe)/.test(word) && s !== word) {
    for (const candidate of restorations(s, word)) {
      if (known.has(candidate)) return candidate;
    }
  }
  // A colloquial form ("dibacain", "nyulik", "dapet") stands for the standard word whose root
  // the corpus knows.
  const forms = colloquialForms(word);
  for (const form of forms) {
    const root = lightStem(form);
    if (known.has(root)) return root;
    // ... or is itself that root, which the stemmer would cut ("nyebar": "sebar", the root of
    // "tersebar", which "se-" would leave as "bar").
    if (known.has(form)) return form;
  }
  for (const form of forms) {
    const root = lightStem(form);
    if (stems.has(root)) return root;
  }
  return s;
}

/** The root's first letter each prefix stands for (a vowel-initial root after meng- too). */
const ROOT_LETTERS: ReadonlyMap<string, readonly string[]> = new Map([
  ['ny', ['s']],
  ['ng', ['k', '']],
  ['n', ['t']],
  ['m', ['p']],
  ['r', ['r']],
]);

/** Candidate roots for a word with a nasal prefix whose Snowball stem is not a known root. */
function restorations(s: string, word: string): string[] {
  const out: string[] = [];
  const first = s[0] ?? '';
  if ('aeiou'.includes(first)) {
    // The letters before the stem say which root letter the prefix replaced or kept: meny- an
    // s, meng- a k (or none), men- a t, mem- a p, and me- before r keeps it ("merebut" is
    // rebut, never sebut). Only an unclear prefix tries them all.
    const nasal = /^(?:me|pe)(ny|ng|n|m|r)/.exec(word)?.[1] ?? '';
    const letters = ROOT_LETTERS.get(nasal) ?? ['t', 'k', 'p', 's', 'r'];
    out.push(...letters.map((l) => `${l}${s}`));
  }
  if (first === 'p') out.push(`m${s.slice(1)}`);
  if (first === 'm') out.push(`p${s.slice(1)}`);
  if (first === 's') out.push(`ny${s.slice(1)}`);
  // The rules also strip particles (-lah, -kah) that belong to the root: try the word without
  // only its possessive suffix, then the whole word.
  const withoutPossessive = word.replace(/(nya|ku|mu)$/, '');
  if (withoutPossessive !== word) out.push(withoutPossessive);
  out.push(word);
  return out;
}
