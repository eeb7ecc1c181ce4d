import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { foldForMatch, lookupTable, wordsOf } from './text';

/**
 * Query-side normalisation of learner questions, before analysis:
 * - informal chat spellings and abbreviations are expanded ("yg" -> "yang", "kpn" -> "kapan");
 * - a few acronyms the knowledge base spells out are expanded ("RI", "GBK", "wapres");
 * - words that address the chosen figure in the second person ("Bapak", "Pak", "Bung", "Anda",
 *   "kamu") are followed by the figure's name, so "Kapan Bapak lahir?" asked of Hatta looks for
 *   Hatta; an explicit name ("Bung Karno", "Pak Hatta") is left as it is.
 *
 * The result is folded text (see foldForMatch): it is only ever used for matching.
 */

const INFORMAL: Record<string, string> = lookupTable({
  yg: 'yang',
  gmn: 'bagaimana',
  gmana: 'bagaimana',
  gimana: 'bagaimana',
  kpn: 'kapan',
  dmn: 'di mana',
  knp: 'kenapa',
  napa: 'kenapa',
  tdk: 'tidak',
  gak: 'tidak',
  nggak: 'tidak',
  ngga: 'tidak',
  ga: 'tidak',
  brp: 'berapa',
  sdh: 'sudah',
  udah: 'sudah',
  dah: 'sudah',
  dgn: 'dengan',
  utk: 'untuk',
  krn: 'karena',
  karna: 'karena',
  tsb: 'tersebut',
  jd: 'jadi',
  org: 'orang',
  blm: 'belum',
  skrg: 'sekarang',
  kalo: 'kalau',
  emang: 'memang',
  bikin: 'membuat',
  dibikin: 'dibuat',
  ketemu: 'bertemu',
  nemenin: 'menemani',
  nemani: 'menemani',
  mimpin: 'memimpin',
  nulis: 'menulis',
  ngetik: 'mengetik',
  ninggal: 'meninggal',
  nikah: 'menikah',
  ortu: 'orang tua',
  jendral: 'jenderal',
  bpk: 'bapak',
  thn: 'tahun',
  th: 'tahun',
  tgl: 'tanggal',
  bln: 'bulan',
  sbg: 'sebagai',
  pd: 'pada',
  dr: 'dari',
  bs: 'bisa',
  lg: 'lagi',
  sy: 'saya',
  bk: 'bung karno',
  ri: 'republik indonesia',
  nkri: 'negara kesatuan republik indonesia',
  gbk: 'gelora bung karno',
  wapres: 'wakil presiden',
  pm: 'perdana menteri',
});

/** Words that address the person you are talking to. */
const SECOND_PERSON = new Set([
  'bapak',
  'pak',
  'bung',
  'anda',
  'kamu',
  'engkau',
  'kau',
  'tuan',
  'bpk',
]);

/** Words that, right after an address word, make it part of an explicit name. */
const NAME_WORDS = new Set([
  'hatta',
  'karno',
  'sukarno',
  'soekarno',
  'mohammad',
  'muhammad',
  'moh',
  'athar',
  'insinyur',
  'ir',
]);

const FIGURE_NAME: Record<CharacterKey, string> = { soekarno: 'sukarno', hatta: 'hatta' };

/** Words that ask about the present day; all are folded into the single term "kini". */
const PRESENT_DAY = new Set(['sekarang', 'skrg', 'kini', 'terkini', 'terbaru']);

export interface QueryWord {
  /** A folded word of the normalised question. */
  word: string;
  /** True for the figure's name added after a second-person address word (not typed). */
  implied: boolean;
}

/** Normalises a learner's question for retrieval (see the module comment). */
export function normalizeQuestion(question: string, karakter: CharacterKey): QueryWord[] {
  const words = wordsOf(foldForMatch(question)).flatMap((w) =>
    // "1960an" (the 1960s) -> "1960"; informal spellings and acronyms expanded.
    (INFORMAL[w] ?? w.replace(/^(\d{4})an$/, '$1')).split(' '),
  );
  const out: QueryWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1] ?? '';
    if (PRESENT_DAY.has(word)) {
      out.push({ word: 'kini', implied: false });
    } else if ((word === 'saat' || word === 'hari' || word === 'masa') && next === 'ini') {
      out.push({ word: 'kini', implied: false });
      i++;
    } else {
      out.push({ word, implied: false });
    }
    if (SECOND_PERSON.has(word) && !NAME_WORDS.has(next)) {
      out.push({ word: FIGURE_NAME[karakter], implied: true });
    }
  }
  return out;
}

/** The folded name token of each figure (also the stem the analyzer indexes the name under). */
export function figureNameTerm(karakter: CharacterKey): string {
  return FIGURE_NAME[karakter];
}
