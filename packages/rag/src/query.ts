import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { learnerWords } from '@dwitunggal/text/spelling';
import { KIN_NOUNS } from './voice';

/**
 * Query-side normalisation of learner questions, before analysis:
 * - informal chat spellings, abbreviations and acronyms are expanded by the project's one learner
 *   spelling table ("yg" -> "yang", "kpn" -> "kapan", "wapres" -> "wakil presiden");
 * - words that address the chosen figure in the second person ("Bapak", "Pak", "Bung", "Anda",
 *   "kamu") are followed by the figure's name, so "Kapan Bapak lahir?" asked of Hatta looks for
 *   Hatta; an explicit name ("Bung Karno", "Pak Hatta") is left as it is.
 *
 * The result is folded text (see foldForMatch): it is only ever used for matching.
 */

/**
 * Words of a question that are read at all: a learner's question is rarely longer than 40 words,
 * and a 1,000-character prompt must not cost more than a few normal questions.
 */
export const MAX_QUESTION_WORDS = 64;

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

/**
 * Words after "ibu" that keep it a noun: whose mother ("ibu Bapak", "ibu saya") or a compound
 * ("ibu kota", "ibu negara"). Before any other word "ibu" is a title (see normalizeQuestion).
 */
const IBU_OF = new Set([
  ...SECOND_PERSON,
  'beliau',
  'saya',
  'aku',
  'dia',
  'nya',
  'mu',
  'ku',
  'dari',
  'dan',
  'yang',
  'kota',
  'negara',
  'pertiwi',
  'kandung',
  'tiri',
  'angkat',
  'mertua',
  'rumah',
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

/** The other figure's name words. */
const OTHER_NAME: Record<CharacterKey, ReadonlySet<string>> = {
  soekarno: new Set(['hatta']),
  hatta: new Set(['karno', 'sukarno', 'soekarno']),
};

/** A question that opens by calling the figure by name, then a comma ("Pak Hatta, ..."). */
const VOCATIVE: Record<CharacterKey, RegExp> = {
  soekarno:
    /^\s*(?:(?:halo|hai|pak|bapak|bung|ir\.?|yth\.?)\s+)*(?:soekarno|sukarno|karno)\s*[,!:]/i,
  hatta:
    /^\s*(?:(?:halo|hai|pak|bapak|bung|dr\.?|yth\.?)\s+)*(?:(?:mohammad|moh\.?)\s+)?hatta\s*[,!:]/i,
};

/** Whether a (folded) word says whom a question is about: an address, "beliau" or a figure's name. */
export function namesSomeone(word: string): boolean {
  return SECOND_PERSON.has(word) || NAME_WORDS.has(word) || word === 'beliau';
}

/** Relatives and the people around a man, whose "nama" a learner asks for ("nama ayah bapak"). */
const PERSON_NOUNS = new Set<string>([...KIN_NOUNS, 'orang', 'guru', 'ortu', 'sahabat', 'teman']);

/**
 * A learner's schoolwork, said around the question ("untuk tugas makalah sejarah kelompok kami",
 * "buat PR"): no topic of the passages. The assignment word is dropped with the words after it
 * that only say whose or what kind it is.
 */
const SCHOOLWORK = new Set(['makalah', 'pr', 'laporan', 'ulangan', 'kliping', 'presentasi']);
const SCHOOLWORK_TAIL = new Set([
  'sejarah',
  'kelompok',
  'kami',
  'kita',
  'saya',
  'aku',
  'ku',
  'sekolah',
]);

const CHILD = new Set(['anak', 'putra', 'putri']);
const GREETING_WORDS = new Set(['halo', 'hallo', 'hai', 'hello', 'hi', 'assalamualaikum']);
const TIME_OF_DAY = new Set(['pagi', 'siang', 'sore', 'malam']);

/** Words that ask about the present day; all are folded into the single term "kini". */
const PRESENT_DAY = new Set(['sekarang', 'skrg', 'kini', 'terkini', 'terbaru']);

/**
 * Things of today that neither figure lived to see ("pindah ibu kota ke IKN", "main tiktok",
 * "pendapat ttg jokowi"): a question naming one asks about the present day, as "sekarang" does.
 */
const OF_TODAY = new Set([
  'ikn',
  'jokowi',
  'prabowo',
  'sby',
  'tiktok',
  'instagram',
  'youtube',
  'youtuber',
  'facebook',
  'twitter',
  'whatsapp',
  'internet',
  'medsos',
  'pinjol',
  'covid',
  'corona',
  'milenial',
  'smartphone',
  'gadget',
  'wifi',
  'online',
  'viral',
  'netizen',
  'influencer',
  'kpk',
  'startup',
  'gojek',
  'ojol',
  'bitcoin',
  'crypto',
  'kripto',
  'chatgpt',
]);

export interface QueryWord {
  /** A folded word of the normalised question. */
  word: string;
  /** True for the figure's name added after a second-person address word (not typed). */
  implied: boolean;
  /**
   * A word of the learner's aside after the question ("... padahal dulu anti fasis", "..., kan
   * mahal"): what they know or think, which the answer need not repeat.
   */
  aside?: boolean;
}

/** Words after which the rest of a question is the learner's aside (see QueryWord.aside). */
const ASIDE_OPENERS = new Set(['padahal']);

/**
 * Words before "kecil" that make it a childhood ("masa kecil", "pas kecil", "sejak kecil"). Not
 * "dari": "dari kecil sampe kuliah" spans a life, childhood is only its start.
 */
const CHILDHOOD_BEFORE = new Set([
  'masa',
  'semasa',
  'waktu',
  'sewaktu',
  'pas',
  'ketika',
  'saat',
  'sejak',
  'jaman',
  'zaman',
]);

/** Normalises a learner's question for retrieval (see the module comment). */
export function normalizeQuestion(
  question: string,
  karakter: CharacterKey,
  { asides = true }: { asides?: boolean } = {},
): QueryWord[] {
  // Learner spellings and acronyms expanded (the shared table); "1960an" (the 1960s) -> "1960".
  const words = learnerWords(question, MAX_QUESTION_WORDS).map((w) =>
    w.replace(/^(\d{4})an$/, '$1'),
  );
  const out: QueryWord[] = [];
  // "Pak Hatta, Bung Karno lahir tanggal berapa?": calling him by name before asking about the
  // other figure is no topic. Asking about himself ("Yth. Bapak Ir. Soekarno, ... Bapak ..."),
  // his name stays what the question is about.
  const vocative = VOCATIVE[karakter].exec(question);
  const called = vocative ? learnerWords(vocative[0]).length : 0;
  const start = words.slice(called).some((w) => OTHER_NAME[karakter].has(w)) ? called : 0;
  if (start > 0) out.push({ word: FIGURE_NAME[karakter], implied: true });
  let asideFrom = Infinity;
  // "... kan? taun brp?": a tag ending one question, before another; no aside.
  const tagKan = /\bkan\s*\?/i.test(question);
  for (let i = start; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1] ?? '';
    // "..., kan mahal": "kan" inside the question, not the tag at its end, opens an aside.
    if (
      asideFrom === Infinity &&
      (ASIDE_OPENERS.has(word) || (word === 'kan' && !tagKan && i > start && i < words.length - 1))
    ) {
      asideFrom = out.length;
    }
    // A lone letter ("p p p", "a") names nothing, except a Roman numeral ("Maklumat X").
    if (/^[a-hj-uwyz]$/.test(word)) continue;
    // A greeting before the question ("Selamat siang Bapak, ...", "halo pak") is no topic.
    if (GREETING_WORDS.has(word)) continue;
    if (word === 'selamat' && TIME_OF_DAY.has(next)) {
      i++;
      continue;
    }
    const previous = words[i - 1] ?? '';
    if (
      SCHOOLWORK.has(word) ||
      (word === 'tugas' && (previous === 'untuk' || previous === 'buat' || SCHOOLWORK.has(next)))
    ) {
      while (SCHOOLWORK.has(words[i + 1] ?? '') || SCHOOLWORK_TAIL.has(words[i + 1] ?? '')) i++;
      continue;
    }
    if (word === 'terima' && next === 'kasih') {
      // Thanks is one word, no topic of the passages ("kasih" alone may mean "give").
      out.push({ word: 'terimakasih', implied: false });
      i++;
    } else if (word === 'pertama' && /^kali(?:nya)?$/.test(next)) {
      // "pertama kali ditangkap": which time is asked, not a topic; the passages tell the first
      // arrest without the word, and "pertama kali" elsewhere is about something else.
      i++;
    } else if (
      (word === 'nama' || word === 'namanya') &&
      (PERSON_NOUNS.has(next.replace(/nya$/, '')) ||
        (word === 'namanya' &&
          words
            // "ayahnya bung karno namanya": a name of two words between.
            .slice(Math.max(start, i - 3), i)
            .some((w) => PERSON_NOUNS.has(w.replace(/nya$/, '')))))
    ) {
      // "nama ayah Bapak" (or "ayah Bapak namanya") asks who his father is: the answer names
      // him without the word "nama".
      continue;
    } else if (word === 'orang' && previous === 'berapa') {
      // "istrinya berapa orang": the unit of a count, no topic ("orang tua", parents, keeps it).
      continue;
    } else if (/^(?:isi|mengisi|ngisi)$/.test(word) && next === 'waktu') {
      // "ngisi waktu", spending his time: what he did ("melakukan apa"), not a content ("isi").
      out.push({ word: 'melakukan', implied: false });
      i++;
    } else if (/^kecil(?:nya)?$/.test(word) && CHILDHOOD_BEFORE.has(previous)) {
      // "masa kecil", "pas kecil", "waktu kecilnya": his childhood ("masa kanak-kanak"), not
      // anything small ("pulau kecil", "rakyat kecil").
      out.push({ word: 'kecil', implied: false }, { word: 'kanak', implied: false });
    } else if ((word === 'orang' || word === 'asli') && next === 'mana') {
      // "beliau orang mana", "ibu bapak asli mana": where someone comes from.
      out.push({ word: 'asal', implied: false });
    } else if (word === 'ibu' && next !== '' && !IBU_OF.has(next) && !NAME_WORDS.has(next)) {
      // "bu Inggit", "ibu Fatmawati": a title before a woman's name, not "mother" (a topic that
      // would find every passage naming someone's mother); "ibu Bapak", "ibu kota" keep it.
      continue;
    } else if (CHILD.has(word) && (next === 'pertama' || next === 'terakhir')) {
      // "anak pertama", "putra terakhir": the passages say "sulung" and "bungsu".
      out.push(
        { word, implied: false },
        { word: next === 'pertama' ? 'sulung' : 'bungsu', implied: false },
      );
      i++;
    } else if (
      (word === 'sebelum' || word === 'menjelang') &&
      /^(?:meninggal|wafat|mangkat|berpulang|tutup)$/.test(next)
    ) {
      // "sebelum meninggal": the end of his life, as the passages say it ("masa akhir hidupnya").
      out.push({ word: 'akhir', implied: false }, { word: 'hidup', implied: false });
      i++;
    } else if (PRESENT_DAY.has(word)) {
      // "beda ya sm yg skrg", "jd kyk skrg": compared with today's version, not a question
      // about today.
      const compared =
        (previous === 'yang' && /^(?:sama|dengan|dibanding|daripada)$/.test(words[i - 2] ?? '')) ||
        // "jd kyk skrg": made like today's.
        previous === 'seperti';
      if (!compared) out.push({ word: 'kini', implied: false });
    } else if (OF_TODAY.has(word)) {
      // ... not in the learner's aside ("..., kan dulu blm ada internet").
      out.push({ word, implied: false });
      if (asideFrom === Infinity) out.push({ word: 'kini', implied: false });
    } else if (word === 'tahun' && /^[2-7]\d$/.test(next)) {
      // "taun 48", "tahun 27": a year of the 1920s to the 1970s written with two digits.
      out.push({ word, implied: false }, { word: `19${next}`, implied: false });
      i++;
    } else if (word === 'ke' && /^\d{1,2}$/.test(next)) {
      // An ordinal ("presiden ke 7") is one term, matched only by an ordinal ("ketujuh");
      // the first is "pertama".
      out.push({ word: next === '1' ? 'pertama' : `ke${next}`, implied: false });
      i++;
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
  // "kuliahnya di belanda kan kyk bung hatta?": the other figure after "seperti" is a
  // comparison, an aside: the question is still about him.
  const compared = new Set<number>();
  out.forEach((w, i) => {
    if (w.word !== 'seperti') return;
    const at = out[i + 1]?.word === 'bung' ? i + 2 : i + 1;
    if (OTHER_NAME[karakter].has(out[at]?.word ?? '')) {
      for (let j = i + 1; j <= at; j++) compared.add(j);
    }
  });
  if (!asides) return out;
  return out.map((w, i) =>
    (i >= asideFrom || compared.has(i)) && !w.implied ? { ...w, aside: true } : w,
  );
}

/** The folded name token of each figure (also the stem the analyzer indexes the name under). */
export function figureNameTerm(karakter: CharacterKey): string {
  return FIGURE_NAME[karakter];
}
