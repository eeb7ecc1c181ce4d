import type { CharacterKey } from '@dwitunggal/contracts/characters';

/**
 * The documented person transformation of the embedded generator: a sentence of the knowledge
 * base, written in the third person, is put in the mouth of the figure it is about.
 *
 * 1. A mention of the speaking figure by name ("Mohammad Hatta", "Bung Hatta", "Hatta";
 *    "Ir. Soekarno", "Bung Karno", "Soekarno") becomes "saya" ("Saya" at the start of the
 *    sentence) ONLY where that is safe:
 *    - at the start of the sentence ("Hatta lahir di Bukittinggi" -> "Saya lahir di Bukittinggi");
 *    - after a lower-case word, a number or a comma ("oleh Hatta", "sikap Hatta", "Pada 1933
 *      Hatta", "Sebaliknya, Hatta"); in a list only the speaker's own name changes
 *      ("Soekarno dan Hatta" -> "Soekarno dan saya");
 *    - after a sentence-initial common noun or function word of a short list ("Ayah Mohammad
 *      Hatta" -> "Ayah saya", "Keluarga Hatta" -> "Keluarga saya", "Ketika Hatta tiba" ->
 *      "Ketika saya tiba").
 *    It is left unchanged when the name is part of a longer proper noun or title: after a
 *    capitalised word ("Presiden Soekarno", "Rahmi Hatta", "Gelora Bung Karno"), before a hyphen
 *    or another capitalised word ("Soekarno-Hatta", "Kabinet Hatta II"), or inside quotation
 *    marks (titles of works).
 *    A name right after a passive verb ("dibacakan Soekarno") is kept too ("dibacakan saya" is
 *    not Indonesian; "dibacakan oleh Soekarno" does become "dibacakan oleh saya"), and so is a
 *    name quoted as a name, shortly after a naming word ("namanya diganti menjadi Soekarno",
 *    "dikenal sebagai Bung Hatta", "memanggilnya dengan akrab Bung Hatta").
 * 2. When the sentence now starts with "Saya ", "Ketika saya " (or another subordinator) or a
 *    date followed by "saya" ("Pada awal 1934 saya ...", "Pada 17 Agustus 1945, saya ..."): the
 *    figure is the subject of the sentence or of its opening clause, so the pronoun "ia" and a
 *    possessive "-nya" on a short list of kinship nouns refer to the figure and become "saya"
 *    ("bahwa ia tidak akan menikah" -> "bahwa saya tidak akan menikah", "ayahnya" ->
 *    "ayah saya"). The kinship noun may carry one qualifier of a short list, which stays in
 *    place: "kakak perempuannya" -> "kakak perempuan saya", "ibu mertuanya" -> "ibu mertua
 *    saya", "istri pertamanya" -> "istri pertama saya". Any other word before "-nya" is left
 *    alone ("ibu kotanya" is a capital city's, not a mother).
 *
 * Nothing else changes: no word is added, removed or reordered, so every sentence of an answer
 * maps back to exactly one sentence of the knowledge base.
 */

const NAME_PATTERNS: Record<CharacterKey, RegExp> = {
  soekarno: /(?:Ir\. )?(?:Soekarno|Sukarno|Bung Karno)\b/g,
  hatta: /(?:Drs\. )?(?:(?:Mohammad|Muhammad) Hatta|Bung Hatta|Hatta)\b/g,
};

/** Sentence-initial nouns after which the figure's name is a possessive ("Ayah Hatta"). */
const POSSESSOR_NOUNS = new Set([
  'Ayah',
  'Ibu',
  'Kakak',
  'Adik',
  'Kakek',
  'Nenek',
  'Istri',
  'Suami',
  'Anak',
  'Keluarga',
  'Rumah',
  'Sahabat',
  'Teman',
  'Guru',
  'Masa',
  'Pendidikan',
  'Pemikiran',
  'Gagasan',
  'Sikap',
  'Kehidupan',
  'Kelahiran',
  'Nama',
]);

/** Subordinators opening a clause whose subject follows ("Ketika Hatta tiba, ia ..."). */
const SUBORDINATORS = new Set([
  'Ketika',
  'Saat',
  'Setelah',
  'Sesudah',
  'Sebelum',
  'Sejak',
  'Selama',
  'Sewaktu',
  'Karena',
  'Meskipun',
  'Walaupun',
]);

/**
 * Function words that are capitalised only because they start the sentence ("Ketika Hatta
 * tiba ...", "Bersama Hatta ..."): the name after them is treated as after a lower-case word.
 */
const SENTENCE_INITIAL_FUNCTION_WORDS = new Set([
  ...SUBORDINATORS,
  'Bersama',
  'Menurut',
  'Bagi',
  'Oleh',
  'Kepada',
  'Dan',
  'Namun',
  'Kemudian',
  'Lalu',
  'Akhirnya',
]);

/** Words shortly before which a name is quoted as a name, not used for the person. */
const NAMING_WORD =
  /^(?:menjadi|jadi|sebagai|bernama|nama|namanya|disebut|dijuluki|julukan|gelar|panggilan|(?:me|di)?(?:m|p)anggil(?:nya)?)$/;

/** Kinship nouns whose "-nya" becomes " saya" when the figure is the subject. */
const KIN_NOUNS = [
  'ayah',
  'ibu',
  'kakak',
  'adik',
  'kakek',
  'nenek',
  'istri',
  'suami',
  'keluarga',
  'orang tua',
  'putri',
  'putra',
];

/** Words that may stand between a kinship noun and its "-nya" ("kakak perempuannya"). */
const KIN_QUALIFIERS = [
  'perempuan',
  'laki-laki',
  'lelaki',
  'sulung',
  'bungsu',
  'tertua',
  'termuda',
  'kandung',
  'tiri',
  'angkat',
  'mertua',
  'pertama',
  'kedua',
  'ketiga',
];

/** "ayahnya", "kakak perempuannya", "ibu mertuanya" (kinship noun, optional qualifier, -nya). */
const KIN_POSSESSIVE = new RegExp(
  `\\b((?:${KIN_NOUNS.join('|')})(?: (?:${KIN_QUALIFIERS.join('|')}))?)nya\\b`,
  'g',
);

/** "Pada awal 1934 saya", "Pada 17 Agustus 1945, saya": a date, then the speaker as subject. */
const DATED_SPEAKER = /^Pada (?:[a-z]+ )?(?:\d{1,2} )?(?:[A-Z][a-z]+ )?\d{4},? saya /;

export function toFirstPerson(sentence: string, karakter: CharacterKey): string {
  const pattern = new RegExp(NAME_PATTERNS[karakter].source, 'g');
  let changed = false;
  let out = '';
  let last = 0;
  for (let m = pattern.exec(sentence); m !== null; m = pattern.exec(sentence)) {
    const start = m.index;
    const end = start + m[0].length;
    if (isSafeMention(sentence, start, end)) {
      out += sentence.slice(last, start) + (start === 0 ? 'Saya' : 'saya');
      last = end;
      changed = true;
    }
  }
  if (!changed) return sentence;
  out += sentence.slice(last);
  const speakerIsSubject = subjectIsSpeaker(out);
  out = out.replace(KIN_POSSESSIVE, (whole: string, kin: string, offset: number, text: string) =>
    !insideQuotes(text, offset) && nearestPersonIsSpeaker(text.slice(0, offset))
      ? `${kin} saya`
      : whole,
  );
  if (speakerIsSubject) out = out.replace(/\bia\b/g, 'saya');
  return out;
}

function isSafeMention(sentence: string, start: number, end: number): boolean {
  if (insideQuotes(sentence, start)) return false;
  const after = sentence.slice(end);
  // Part of a longer name or title: "Soekarno-Hatta", "Hatta Rajasa", "Kabinet Hatta II".
  if (after.startsWith('-') || /^ (?:[A-Z]|[IVX]+\b)/.test(after)) return false;
  if (start === 0) return true;
  const before = sentence.slice(0, start);
  if (before.endsWith('-')) return false;
  const previous = /(\S+) $/.exec(before)?.[1];
  if (previous === undefined) return false;
  // The name used as a name ("menjadi Soekarno", "dikenal sebagai Ir. Soekarno", "memanggilnya
  // dengan akrab Bung Hatta"): "menjadi saya" would be false. Looks at the three words before.
  const window = before.trim().split(/\s+/).slice(-3);
  if (window.some((w) => NAMING_WORD.test(w.toLowerCase().replace(/[^a-z]/g, '')))) return false;
  // A passive verb before the name ("dibacakan Soekarno") would give "dibacakan saya": keep it.
  if (/^di[a-z]{4,}$/.test(previous)) return false;
  // A lower-case word or a number before the name: "oleh Hatta", "dan Hatta", "Pada 1933 Hatta";
  // or a comma: the name starts a clause or an item of a list ("Sebaliknya, Hatta ...").
  if (/^[a-z0-9]/.test(previous) || previous.endsWith(',')) return true;
  // "Ayah Mohammad Hatta ..." or "Ketika Hatta ..." at the start of the sentence.
  return (
    before === `${previous} ` &&
    (POSSESSOR_NOUNS.has(previous) || SENTENCE_INITIAL_FUNCTION_WORDS.has(previous))
  );
}

/**
 * "Saya ...", "Ketika saya ..." (a subordinate clause whose subject is the speaker) or
 * "Pada 1934 saya ...".
 */
function subjectIsSpeaker(sentence: string): boolean {
  if (sentence.startsWith('Saya ')) return true;
  if (DATED_SPEAKER.test(sentence)) return true;
  const match = /^([A-Z][a-z]+) saya /.exec(sentence);
  return match !== null && SUBORDINATORS.has(match[1] as string);
}

/**
 * Whether the last person mentioned before a possessive is the speaker: reading the words
 * before it backwards, "saya" comes before any other candidate possessor (a third-person
 * pronoun, or a capitalised word other than the first of the sentence). Place names are not
 * candidates: a capitalised run right after "di", "ke" or "dari" ("di Mojokerto"), and a run
 * that follows such a place after a comma ("di Blitar, Jawa Timur").
 */
function nearestPersonIsSpeaker(before: string): boolean {
  const words = before.split(' ').filter((w) => w !== '');
  const bare = words.map((w) => w.replace(/[^A-Za-z-]/g, ''));
  const capitalised = (i: number) => i > 0 && /^[A-Z]/.test(bare[i] as string);
  const place: boolean[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!capitalised(i)) continue;
    if (capitalised(i - 1)) {
      place[i] = place[i - 1] === true;
      continue;
    }
    const previous = words[i - 1] ?? '';
    place[i] =
      /^(?:di|ke|dari)$/.test(previous) || (previous.endsWith(',') && place[i - 1] === true);
  }
  for (let i = words.length - 1; i >= 0; i--) {
    const word = bare[i] as string;
    if (word === 'saya' || word === 'Saya') return true;
    if (/^(?:ia|dia|mereka|beliau|keduanya)$/i.test(word)) return false;
    if (capitalised(i) && !place[i]) return false;
  }
  return false;
}

function insideQuotes(sentence: string, index: number): boolean {
  const quotes = (sentence.slice(0, index).match(/["\u201c\u201d]/g) ?? []).length;
  return quotes % 2 === 1;
}
