/**
 * Learner spelling: the ONE table of informal Indonesian chat spellings and abbreviations, and the
 * token normaliser built on it, used by the classifier (browser and trainer) and by rag's query
 * analysis alike. Pure data and string functions: no DOM, no fs.
 *
 * The table maps common chat abbreviations, colloquial spellings and a few acronyms learners type
 * to the standard form. A value may expand to several words ("dmn" -> "di mana").
 */
import { foldForMatch, lookupTable, wordsOf } from './fold';

export const INFORMAL: Readonly<Record<string, string>> = lookupTable({
  // question words
  gmn: 'bagaimana',
  gmna: 'bagaimana',
  gimana: 'bagaimana',
  gimane: 'bagaimana',
  bgmn: 'bagaimana',
  bgmna: 'bagaimana',
  bagaimna: 'bagaimana',
  knp: 'kenapa',
  knapa: 'kenapa',
  ngapa: 'kenapa',
  mengapa: 'kenapa',
  dmn: 'di mana',
  dimana: 'di mana',
  dmana: 'di mana',
  kmn: 'ke mana',
  kemana: 'ke mana',
  drmn: 'dari mana',
  darimana: 'dari mana',
  brp: 'berapa',
  brapa: 'berapa',
  brpa: 'berapa',
  kpn: 'kapan',
  kapn: 'kapan',
  sp: 'siapa',
  spa: 'siapa',
  siapakah: 'siapa',
  ap: 'apa',
  apaan: 'apa',
  apakah: 'apa',
  // pronouns and address
  sy: 'saya',
  sya: 'saya',
  aq: 'aku',
  ak: 'aku',
  gw: 'aku',
  gue: 'aku',
  gua: 'aku',
  km: 'kamu',
  kmu: 'kamu',
  lu: 'kamu',
  lo: 'kamu',
  elu: 'kamu',
  bpk: 'bapak',
  bpak: 'bapak',
  bp: 'bapak',
  pk: 'pak',
  org: 'orang',
  ortu: 'orang tua',
  // function words
  yg: 'yang',
  y: 'ya',
  wkt: 'waktu',
  bareng: 'bersama',
  bu: 'ibu',
  yng: 'yang',
  dgn: 'dengan',
  dg: 'dengan',
  dng: 'dengan',
  sm: 'sama',
  ama: 'sama',
  dr: 'dari',
  dri: 'dari',
  utk: 'untuk',
  untk: 'untuk',
  tdk: 'tidak',
  tak: 'tidak',
  gak: 'tidak',
  ga: 'tidak',
  gk: 'tidak',
  nggak: 'tidak',
  ngga: 'tidak',
  enggak: 'tidak',
  engga: 'tidak',
  kagak: 'tidak',
  ndak: 'tidak',
  blm: 'belum',
  blum: 'belum',
  sdh: 'sudah',
  udh: 'sudah',
  udah: 'sudah',
  dah: 'sudah',
  sudh: 'sudah',
  jg: 'juga',
  jga: 'juga',
  krn: 'karena',
  karna: 'karena',
  krna: 'karena',
  soalnya: 'karena',
  tp: 'tetapi',
  tpi: 'tetapi',
  tapi: 'tetapi',
  kalo: 'kalau',
  klo: 'kalau',
  kl: 'kalau',
  klau: 'kalau',
  aja: 'saja',
  aj: 'saja',
  doang: 'saja',
  bgt: 'sekali',
  banget: 'sekali',
  bngt: 'sekali',
  bnyk: 'banyak',
  byk: 'banyak',
  lg: 'lagi',
  lgi: 'lagi',
  msh: 'masih',
  masi: 'masih',
  hrs: 'harus',
  bs: 'bisa',
  bsa: 'bisa',
  gitu: 'begitu',
  gt: 'begitu',
  gini: 'begini',
  kyk: 'seperti',
  kayak: 'seperti',
  kek: 'seperti',
  spt: 'seperti',
  sprti: 'seperti',
  ttg: 'tentang',
  tntg: 'tentang',
  pd: 'pada',
  sbg: 'sebagai',
  sbgai: 'sebagai',
  stlh: 'setelah',
  sblm: 'sebelum',
  sbnrnya: 'sebenarnya',
  sbnrny: 'sebenarnya',
  bener: 'benar',
  beneran: 'benar',
  emang: 'memang',
  emg: 'memang',
  mmg: 'memang',
  skrg: 'sekarang',
  skrng: 'sekarang',
  skarang: 'sekarang',
  sekrg: 'sekarang',
  trs: 'terus',
  trus: 'terus',
  ato: 'atau',
  atw: 'atau',
  ngapain: 'melakukan apa',
  // nouns and verbs often shortened
  thn: 'tahun',
  th: 'tahun',
  tgl: 'tanggal',
  jaman: 'zaman',
  nasehat: 'nasihat',
  mksd: 'maksud',
  maksudnya: 'maksud',
  tau: 'tahu',
  tw: 'tahu',
  liat: 'lihat',
  bikin: 'membuat',
  pengen: 'ingin',
  merk: 'merek',
  mentri: 'menteri',
  kebeli: 'terbeli',
  pgn: 'ingin',
  pingin: 'ingin',
  mo: 'mau',
  mw: 'mau',
  crita: 'cerita',
  critain: 'ceritakan',
  ceritain: 'ceritakan',
  jelasin: 'jelaskan',
  kasi: 'kasih',
  // greetings and thanks
  hallo: 'halo',
  hello: 'halo',
  helo: 'halo',
  hey: 'hai',
  hei: 'hai',
  hi: 'hai',
  met: 'selamat',
  slamat: 'selamat',
  slmt: 'selamat',
  asslamualaikum: 'assalamualaikum',
  assalamu: 'assalamualaikum',
  askum: 'assalamualaikum',
  makasi: 'makasih',
  mksh: 'makasih',
  mkasih: 'makasih',
  trims: 'terima kasih',
  trmksh: 'terima kasih',
  trimakasih: 'terima kasih',
  terimakasih: 'terima kasih',
  tks: 'terima kasih',
  thx: 'thanks',
  tq: 'thanks',
  smpai: 'sampai',
  sampe: 'sampai',
  ampe: 'sampai',
  jmpa: 'jumpa',
  // more learner spellings seen in chat questions
  napa: 'kenapa',
  gmana: 'bagaimana',
  gimna: 'bagaimana',
  dmna: 'di mana',
  dimn: 'di mana',
  mn: 'mana',
  mna: 'mana',
  tsb: 'tersebut',
  jd: 'jadi',
  jdi: 'jadi',
  abis: 'habis',
  hbs: 'habis',
  taun: 'tahun',
  thun: 'tahun',
  bln: 'bulan',
  kpd: 'kepada',
  dlm: 'dalam',
  bbrp: 'beberapa',
  prnh: 'pernah',
  pernh: 'pernah',
  nm: 'nama',
  lhr: 'lahir',
  bnr: 'benar',
  skolah: 'sekolah',
  sklh: 'sekolah',
  sekola: 'sekolah',
  blanda: 'belanda',
  blnda: 'belanda',
  jpg: 'jepang',
  jpng: 'jepang',
  indo: 'indonesia',
  mrdeka: 'merdeka',
  merdka: 'merdeka',
  bokap: 'ayah',
  nyokap: 'ibu',
  bini: 'istri',
  ketemu: 'bertemu',
  ktemu: 'bertemu',
  dibikin: 'dibuat',
  nemenin: 'menemani',
  nemani: 'menemani',
  mimpin: 'memimpin',
  nulis: 'menulis',
  ngetik: 'mengetik',
  ninggal: 'meninggal',
  nikah: 'menikah',
  jendral: 'jenderal',
  // acronyms the knowledge base and the tags spell out
  bk: 'bung karno',
  ri: 'republik indonesia',
  nkri: 'negara kesatuan republik indonesia',
  gbk: 'gelora bung karno',
  wapres: 'wakil presiden',
  // "bandara": the short form of "bandar udara", which the passages write out.
  bandara: 'bandar udara',
  pake: 'pakai',
  dipake: 'dipakai',
  rs: 'rumah sakit',
  drpd: 'daripada',
  kerjasama: 'kerja sama',
  cokro: 'cokroaminoto',
  jogja: 'yogyakarta',
  jogya: 'yogyakarta',
  yogya: 'yogyakarta',
  jogjakarta: 'yogyakarta',
  jokja: 'yogyakarta',
  maskawin: 'mas kawin',
  autobiografi: 'otobiografi',
  tetep: 'tetap',
  sebenernya: 'sebenarnya',
  ngekos: 'indekos',
  ngekost: 'indekos',
  kos: 'indekos',
  kost: 'indekos',
  pm: 'perdana menteri',
  // Names typed as one word, and more chat words of the learner sets.
  bungkarno: 'bung karno',
  bunghatta: 'bung hatta',
  dpt: 'dapat',
  jkt: 'jakarta',
  rmh: 'rumah',
  nemu: 'menemukan',
  ngomong: 'berbicara',
  ngomongin: 'membicarakan',
  rame: 'ramai',
  ngelamun: 'melamun',
  ngebolehin: 'membolehkan',
  ngerintis: 'merintis',
  temenin: 'temani',
  ditemenin: 'ditemani',
  gamau: 'tidak mau',
  nyerah: 'menyerah',
  betul: 'benar',
  nyomblangin: 'menjodohkan',
  dicomblangin: 'dijodohkan',
  // "balik ke jakarta", "bisa balik ke indonesia": a learner's "balik" is a return (the
  // passages' "di balik" is "behind").
  balik: 'kembali',
});

/**
 * Collapses the letters learners stretch: a vowel repeated three or more times anywhere, or any
 * letter repeated three or more times at the end ("halooo" -> "halo", "hmmm" -> "hm", "bungggg"
 * -> "bung"). A run of consonants inside a word is left alone: it is an acronym ("PPPKI").
 */
export function collapseRepeats(word: string): string {
  return word.replace(/([aiueo])\1{2,}/g, '$1').replace(/(\p{L})\1{2,}$/u, '$1');
}

/** Laughter typed in chat ("wkwk", "hahaha", "hehe", "awokwok"): no word of the question. */
const LAUGHTER =
  /^(?:(?:wk){2,}w?|(?:kw){2,}k?|(?:ha){2,}h?|(?:he){2,}h?|(?:hi){2,}h?|(?:xi){2,}|awok(?:wok)+)$/;

/**
 * Normalises one folded token (see foldForMatch: lower case, old spelling already modernised)
 * into one or more standard words. Reduplication written with a digit ("anak2") becomes two
 * words.
 */
export function normalizeToken(token: string): string[] {
  const word = collapseRepeats(token);
  if (LAUGHTER.test(word)) return [];
  // ... "pemuda2nya": the possessive after it changes nothing for a stemmer.
  const redup = /^(\p{L}{2,})2(?:nya)?$/u.exec(word);
  if (redup) {
    const base = normalizeToken(redup[1] as string);
    return [...base, ...base];
  }
  const mapped = INFORMAL[word];
  if (mapped !== undefined) return mapped.split(' ');
  // A chat word with a possessive ("ketemunya", "critanya"): its standard form, which the
  // possessive would not change for a stemmer.
  const owned = /^(\p{L}{2,})nya$/u.exec(word);
  const base = owned ? INFORMAL[owned[1] as string] : undefined;
  if (base !== undefined) return base.split(' ');
  return [word];
}

/**
 * The words of a learner's text in standard spelling: folded (lower case, no diacritics, old
 * spelling modernised), split into letter-and-digit runs, each normalised by normalizeToken.
 * The classifier's features and rag's query analysis both start from this. `maxWords` bounds
 * the work on a long text: only its first words are read.
 */
export function learnerWords(text: string, maxWords = Infinity): string[] {
  const words = wordsOf(foldForMatch(text));
  return (words.length > maxWords ? words.slice(0, maxWords) : words).flatMap(normalizeToken);
}
