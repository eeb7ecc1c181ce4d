/**
 * The ONE Indonesian stemmer of the project (classifier features and rag retrieval): light and
 * dictionary-free, so that it runs the same in the browser and on the server. It removes
 * particles (-lah, -kah, -tah, -pun), possessive pronouns (-ku, -mu, -nya), derivational suffixes
 * (-kan, -an, -i) and the common prefixes (di-, ke-, ter-, ber-, per-, meN-, peN-) with their
 * sound changes. Without a dictionary it over-stems sometimes: a short table of overrides fixes
 * the words where a wrong stem would join two different words or split one ("menikah" is nikah,
 * not "tikah"; "perjanjian" is a treaty, not a promise), and a list of roots that look affixed
 * ("sekolah", "pemuda") keeps them whole. rag adds corpus-aware restoration on top
 * (see createCorpusStemmer).
 */
import { lookupTable } from './fold';

/**
 * Words whose stem the rules get wrong, mapped to the stem they must have. Also folds a few
 * synonyms into one term on both sides (dying, age, exile; "Bung Karno" and "Soekarno"):
 * general Indonesian usage, not tuned to any question set.
 */
const OVERRIDES: Readonly<Record<string, string>> = lookupTable({
  ketua: 'ketua',
  ketuanya: 'ketua',
  kepala: 'kepala',
  perdana: 'perdana',
  pertama: 'pertama',
  menteri: 'menteri',
  pemilu: 'pemilu',
  peristiwa: 'peristiwa',
  majalah: 'majalah',
  sekolah: 'sekolah',
  bersekolah: 'sekolah',
  masalah: 'masalah',
  istilah: 'istilah',
  pemuda: 'pemuda',
  pemerintah: 'pemerintah',
  pemerintahan: 'pemerintah',
  pemerintahannya: 'pemerintah',
  penduduk: 'penduduk',
  pendudukan: 'duduk',
  // "berangkat" (to leave) is not "angkat" (to lift, to appoint).
  berangkat: 'berangkat',
  keberangkatan: 'berangkat',
  keberangkatannya: 'berangkat',
  menikah: 'nikah',
  menikahi: 'nikah',
  menikahnya: 'nikah',
  pernikahan: 'nikah',
  pernikahannya: 'nikah',
  kemudian: 'kemudian',
  sejarah: 'sejarah',
  bersejarah: 'sejarah',
  perang: 'perang',
  bertemu: 'temu',
  perjanjian: 'perjanjian',
  peranan: 'peran',
  pendapat: 'pendapat',
  pendapatnya: 'pendapat',
  berpendapat: 'pendapat',
  julukan: 'juluk',
  mundur: 'undur',
  mengundurkan: 'undur',
  pengunduran: 'undur',
  meninggal: 'wafat',
  meninggalnya: 'wafat',
  mangkat: 'wafat',
  umur: 'usia',
  umurnya: 'usia',
  diasingkan: 'buang',
  diasingkannya: 'buang',
  mengasingkan: 'buang',
  pengasingan: 'buang',
  pengasingannya: 'buang',
  dibuang: 'buang',
  pembuangan: 'buang',
  karno: 'sukarno',
  merdeka: 'merdeka',
  kemerdekaan: 'merdeka',
  kemerdekaannya: 'merdeka',
  memproklamasikan: 'proklamasi',
  diproklamasikan: 'proklamasi',
  proklamasikan: 'proklamasi',
  proklamator: 'proklamator',
  pemberontakan: 'berontak',
  perundingan: 'unding',
  berunding: 'unding',
  pendidikan: 'didik',
  ikuti: 'ikut',
  diasingin: 'buang',
});

const MIN_STEM = 3;
const VOWEL = /^[aiueo]/;

/** Words that look affixed but are roots (or too common to touch). */
const KEEP = new Set([
  'sekolah',
  'tahan',
  'sepatu',
  'diskusi',
  'kalimantan',
  'kelompok',
  'permisi',
  'masalah',
  'kalah',
  'salah',
  'istilah',
  'allah',
  'sejarah',
  'bukan',
  'makan',
  'akan',
  'ikan',
  'tekan',
  'jalan',
  'bulan',
  'teman',
  'taman',
  'tahun',
  'zaman',
  'jaman',
  'kawan',
  'lawan',
  'tuan',
  'pesan',
  'ingin',
  'kapan',
  'depan',
  'sekarang',
  'sedang',
  'selamat',
  'semua',
  'seperti',
  'sebut',
  'negara',
  'perang',
  'pemuda',
  'pertama',
  'tentang',
  'tetapi',
  'bagaimana',
  'kenapa',
  'berapa',
  'pernah',
  'dengan',
  'rakyat',
  'merdeka',
  'pemilu',
  'peran',
  'tinggi',
  'lagi',
  'hari',
  'kami',
  'diri',
  'mati',
  'bahasa',
  'dari',
  'pagi',
  'kini',
  'ini',
  'sini',
  'mana',
  'hati',
  'saja',
  'puasa',
  'belanda',
  'bapak',
  'anak',
  'kakak',
  'adik',
  'ayah',
  'pahlawan',
  'kemarin',
  'kepala',
  'berita',
  'derita',
  'kenal',
  'kecil',
  'terima',
  'tertawa',
  'pendek',
  'benar',
  'besar',
  'keras',
  'dijajah',
  'dia',
  'diam',
  'dinas',
  'perlu',
  'percaya',
  'merah',
  'mereka',
  'memang',
  'menang',
  'selalu',
  'selama',
  'sehat',
  'sejak',
  'setia',
  'kenangan',
  'ketua',
  'ketika',
  'keluarga',
  'penjara',
  'bertemu',
  'ketemu',
  'ilmu',
  'tamu',
  'buku',
  'berdikari',
  'pengaruh',
  'pelajaran',
  'senang',
  'dahulu',
  'sekali',
  'berani',
  'bersih',
  'perempuan',
  'pertanian',
  'teknik',
  'terakhir',
  'kerja',
  'kepada',
]);

function stripInflection(word: string): string {
  let w = word;
  const particle = /^(.+?)(lah|kah|tah|pun)$/.exec(w);
  if (particle && (particle[1] as string).length >= 4 && !KEEP.has(w)) w = particle[1] as string;
  const possessive = /^(.+?)(nya|ku|mu)$/.exec(w);
  if (possessive && (possessive[1] as string).length >= 4 && !KEEP.has(w))
    w = possessive[1] as string;
  return w;
}

type PrefixKind = 'verbal' | 'nominal' | 'none';

function prefixKind(w: string): PrefixKind {
  if (/^(di|me|ter|ber)/.test(w)) return 'verbal';
  if (/^(pe|ke)/.test(w)) return 'nominal';
  return 'none';
}

/**
 * Removes -kan, -an or -i. "-kan" and "-an" overlap ("pendidikan" is peN-didik-an, "dibacakan"
 * is di-baca-kan): nouns formed with peN-, per- or ke- take -an, verbs take -kan.
 */
function stripDerivational(w: string, kind: PrefixKind): string {
  if (w.endsWith('kkan') && w.length >= 7) return w.slice(0, -3);
  if (w.endsWith('kan') && w.length >= 7)
    return kind === 'nominal' ? w.slice(0, -2) : w.slice(0, -3);
  if (w.endsWith('an') && (kind !== 'none' ? w.length >= 6 : w.length >= 7)) return w.slice(0, -2);
  // -i goes with di- and meN- only: ber-...-i and ter-...-i are not confixes ("berhenti").
  if (w.endsWith('i') && /^(di|me)/.test(w) && w.length >= 6) return w.slice(0, -1);
  return w;
}

function stripPrefix(word: string, inner: boolean): string {
  const w = word;
  const take = (n: number, add = ''): string | null => {
    const rest = add + w.slice(n);
    return rest.length >= MIN_STEM ? rest : null;
  };
  let out: string | null = null;
  if (/^[bp]elajar/.test(w)) {
    out = take(3);
  } else if (w.startsWith('peng') || (!inner && w.startsWith('meng'))) {
    out = take(4);
  } else if (w.startsWith('peny') || (!inner && w.startsWith('meny'))) {
    out = take(4, 's');
  } else if (w.startsWith('pem') || (!inner && w.startsWith('mem'))) {
    const next = w.charAt(3);
    out = /[bfvp]/.test(next) ? take(3) : VOWEL.test(next) ? take(3, 'p') : take(2);
  } else if (w.startsWith('pen') || (!inner && w.startsWith('men'))) {
    const next = w.charAt(3);
    out = /[cdjtsz]/.test(next) ? take(3) : VOWEL.test(next) ? take(3, 't') : take(2);
  } else if (w.startsWith('per') || (!inner && w.startsWith('mer'))) {
    out = take(3);
  } else if (w.startsWith('pe') || (!inner && w.startsWith('me'))) {
    if (/[lmnrwy]/.test(w.charAt(2))) out = take(2);
  } else if (w.startsWith('ber') || w.startsWith('ter')) {
    out = take(3);
  } else if (!inner && (w.startsWith('di') || w.startsWith('ke') || w.startsWith('se'))) {
    out = take(2);
  }
  return out ?? w;
}

/** Returns the stem of one normalised lower-case word (the word itself when nothing applies). */
export function stem(word: string): string {
  const override = OVERRIDES[word];
  if (override !== undefined) return override;
  if (word.length <= 4 || KEEP.has(word) || /\d/.test(word)) return word;
  let w = stripInflection(word);
  if (KEEP.has(w)) return w;
  w = stripDerivational(w, prefixKind(w));
  if (KEEP.has(w)) return w;
  // Two prefix layers at most: "diperjuangkan" -> "perjuang" -> "juang".
  const outer = stripPrefix(w, false);
  if (outer === w || KEEP.has(outer)) return outer;
  const inner = stripPrefix(outer, true);
  return inner.length >= 4 && !KEEP.has(outer) ? inner : outer;
}
