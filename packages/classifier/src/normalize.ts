/**
 * Normalisation of informal Indonesian chat spelling. Pure data and string functions: no DOM,
 * no fs. Applied to single lower-case tokens after punctuation has been stripped.
 *
 * The table lists common chat abbreviations and colloquial spellings, mapped to the standard
 * form. A value may expand to several words ("dmn" -> "di mana").
 */
/**
 * A table keyed by words a learner typed: no prototype, so that a word such as "constructor" or
 * "__proto__" finds nothing instead of a property of Object.prototype.
 */
function lookupTable(entries: Record<string, string>): Readonly<Record<string, string>> {
  return Object.assign(Object.create(null) as Record<string, string>, entries);
}

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
});

/**
 * Old (pre-1972) Indonesian spelling found in names and sources: oe -> u, tj -> c, dj -> j.
 * "Soekarno" and "Sukarno", "Tjokroaminoto" and "Cokroaminoto" become the same token.
 */
export function modernSpelling(word: string): string {
  return word.replace(/oe/g, 'u').replace(/tj/g, 'c').replace(/dj/g, 'j');
}

/** Collapses a letter repeated three or more times ("halooo" -> "halo", "hmmm" -> "hm"). */
export function collapseRepeats(word: string): string {
  return word.replace(/(\p{L})\1{2,}/gu, '$1');
}

/**
 * Normalises one lower-case token into one or more standard words. Reduplication written with a
 * digit ("anak2") becomes two words.
 */
export function normalizeToken(token: string): string[] {
  let word = collapseRepeats(token);
  const redup = /^(\p{L}{2,})2$/u.exec(word);
  if (redup) {
    const base = normalizeToken(redup[1] as string);
    return [...base, ...base];
  }
  word = modernSpelling(word);
  const mapped = INFORMAL[word];
  if (mapped !== undefined) return mapped.split(' ');
  return [word];
}
