import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { MONTH_NAMES } from '@dwitunggal/text/question';

/**
 * The documented person transformation of the embedded generator: a sentence of the knowledge
 * base, written in the third person, is put in the mouth of the figure it is about. Every mention
 * of the speaker becomes first person; every other person stays third person.
 *
 * 1. A mention of the speaking figure by name, with an optional title before it ("Mohammad
 *    Hatta", "Bung Hatta", "Wakil Presiden Mohammad Hatta", "Perdana Menteri RIS Mohammad Hatta";
 *    "Presiden Soekarno", "Ir. Soekarno", "Bung Karno") becomes "saya" ("Saya" at the start):
 *    - at the start of the sentence ("Hatta lahir di Bukittinggi" -> "Saya lahir di Bukittinggi");
 *    - after a lower-case word, a number or a comma ("oleh Hatta", "kepada Presiden Soekarno",
 *      "Pada 1933 Hatta", "Sebagai wakil ketua, Hatta"); in a list only the speaker's own name
 *      changes ("Soekarno dan Hatta" -> "Soekarno dan saya");
 *    - after a passive verb, as its agent: "dibacakan Soekarno" -> "saya bacakan",
 *      "dikeluarkan Presiden Soekarno" -> "saya keluarkan" (the Indonesian first-person passive);
 *    - as the possessor of a sentence-initial noun phrase: "Ayah Mohammad Hatta" -> "Ayah saya",
 *      "Nama kecil Soekarno" -> "Nama kecil saya", "Hukuman Soekarno" -> "Hukuman saya".
 *    It is left unchanged when the name is part of a longer proper noun: after a person's own
 *    name ("Rahmi Hatta", "Guntur Soekarno") or a word that names a place or thing after him
 *    ("Gelora Bung Karno", "Universitas Bung Hatta"), before a hyphen or another capitalised word
 *    ("Soekarno-Hatta", "Kabinet Hatta II"), inside quotation marks (titles of works), or when
 *    quoted as a name shortly after a naming word in the same clause ("namanya diganti menjadi
 *    Soekarno", "dikenal sebagai Bung Hatta").
 * 2. Once the speaker is in the sentence, a third-person pronoun ("ia", "dia", "beliau") and the
 *    possessive "-nya" of a short list of personal nouns ("ayahnya", "kakak perempuannya",
 *    "hukumannya", "perannya") become first person when the nearest person mentioned before them
 *    is the speaker (his own childhood name, "Koesno kecil", counts as the speaker; a state or
 *    nation, "polisi Hindia Belanda", counts as no person).
 * 3. Once the speaker is joined with others ("saya dan Rahmi", "Pernikahan saya dengan Inggit"),
 *    a later "mereka" becomes "kami" and "keduanya" "kami berdua".
 *
 * Nothing else changes: no fact is added or removed, so every sentence of an answer maps back to
 * exactly one sentence of the knowledge base.
 */

/** Titles that may stand before a figure's name and are part of the mention. */
const TITLE =
  '(?:(?:Presiden|Wakil Presiden|Perdana Menteri|Wakil Perdana Menteri|Menteri Luar Negeri|Ketua|Wakil Ketua)(?: [A-Z]{2,5})? )?';

const NAME_PATTERNS: Record<CharacterKey, RegExp> = {
  soekarno: new RegExp(`${TITLE}(?:Ir\\. )?(?:Soekarno|Sukarno|Bung Karno)\\b`, 'g'),
  hatta: new RegExp(`${TITLE}(?:Drs\\. )?(?:(?:Mohammad|Muhammad) Hatta|Bung Hatta|Hatta)\\b`, 'g'),
};

/** Words after which the figure's name is part of the name of a place or thing. */
export const NAMED_AFTER: ReadonlySet<string> = new Set([
  'Universitas',
  'Bandara',
  'Bandar',
  'Gelora',
  'Stadion',
  'Jalan',
  'Gedung',
  'Lapangan',
  'Monumen',
  'Museum',
  'Taman',
  'Perpustakaan',
  'Yayasan',
  'Institut',
  'Kampus',
  'Penghargaan',
  'Anugerah',
]);

/** Given names of the figures' families, which carry the family name after them. */
export const FAMILY_NAMES: ReadonlySet<string> = new Set([
  'Rahmi',
  'Meutia',
  'Gemala',
  'Halida',
  'Guntur',
  'Guruh',
  'Megawati',
  'Rachmawati',
  'Sukmawati',
  'Fatmawati',
  'Inggit',
  'Oetari',
  'Utari',
  'Hartini',
  'Dewi',
  'Ratna',
  'Kartika',
  'Taufan',
  'Bayu',
  'Totok',
]);

/**
 * The figure's own earlier names, used in the third person for him as a child ("Koesno kecil
 * sering sakit-sakitan"): when one is the nearest person before a "-nya", the speaker owns it.
 */
const OWN_EARLIER_NAMES: Record<CharacterKey, ReadonlySet<string>> = {
  soekarno: new Set(['Koesno', 'Kusno']),
  hatta: new Set(['Athar']),
};

/** Words that start with "di" without being passive verbs. */
const NOT_PASSIVE = new Set([
  'diri',
  'dirinya',
  'dinas',
  'dini',
  'dialog',
  'diplomat',
  'diplomasi',
  'diploma',
  'direktur',
  'diskusi',
  'disiplin',
  'dinasti',
  'divisi',
  'diktator',
  'diktatur',
  'dipl',
]);

/** Nouns of place written joined to "di" ("diantaranya", "disampingnya"): no passive. */
const PLACE_NOUNS_AFTER_DI = new Set([
  'antara',
  'samping',
  'dalam',
  'atas',
  'bawah',
  'depan',
  'belakang',
  'sekitar',
  'luar',
  'sana',
]);

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
  /^(?:menjadi|jadi|sebagai|bernama|namanya|disebut|dijuluki|julukan|gelar|panggilan|(?:me|di)?(?:m|p)anggil(?:nya)?)$/;

/** The nearest relatives: both a personal noun and a kin noun. */
const CLOSE_KIN = ['ayah', 'ibu', 'kakak', 'adik', 'kakek', 'nenek', 'istri', 'suami'] as const;

/**
 * Personal nouns whose "-nya" becomes " saya" when the speaker is the nearest person before:
 * kin, and what a person has or does ("hukumannya", "perannya", "pidatonya").
 */
const PERSONAL_NOUNS = [
  ...CLOSE_KIN,
  'keluarga',
  'orang tua',
  'putri',
  'putra',
  'anak',
  'mertua',
  'sahabat',
  'teman',
  'kawan',
  'rekan',
  'sekretaris',
  'ajudan',
  'pengikut',
  'guru',
  'peran',
  'pengalaman',
  'kecerdasan',
  'hukuman',
  'masa tahanan',
  'persidangan',
  'pembelaan',
  'studi',
  'pendidikan',
  'kuliah',
  'hidup',
  'kehidupan',
  'jabatan',
  'nama',
  'pidato',
  'tulisan',
  'buku',
  'pemikiran',
  'gagasan',
  'sikap',
  'kesehatan',
  'rumah',
  'pengasingan',
  'penangkapan',
  'pemerintahan',
  'kekuasaan',
  'kedudukan',
  'kepemimpinan',
  'kepresidenan',
  'usaha',
  'hayat',
  'hari-hari',
  // "nama yang menurutnya ...": according to him.
  'menurut',
  'mandat',
  'kabinet',
  'usia',
  'umur',
  'diri',
  'surat',
  'kelahiran',
  'kedatangan',
  'kepulangan',
  'pernikahan',
  'pertemuan',
  'perjuangan',
  'pembuangan',
  'penahanan',
  'biografi',
  'otobiografi',
  'hubungan',
  'perpustakaan',
  'karangan',
  'pergaulan',
  'minat',
  'sekolah',
];

/**
 * Verbs whose object can only be a person, with "-nya" ("mendampinginya", "menjenguknya"). A verb
 * that may take a thing ("menerbitkannya", "memindahkannya") is not here: its "-nya" may be a
 * book or an office.
 */
const PERSON_OBJECT = new RegExp(
  `\\b(${[
    'mendampingi',
    'menemani',
    'mengunjungi',
    'menjenguk',
    'menemui',
    'menjemput',
    'menasihati',
    'menyambut',
    'menangkap',
    'mengasingkan',
    'membebaskan',
    'mewawancarai',
  ].join('|')})nya\\b`,
  'g',
);

/** He opens the clause and acts: "..., saya (datang) " before a verb (not "mencurigai saya dan"). */
const SPEAKER_DOES =
  /(?:^|[,.;:]\s*|\b(?:ketika|lalu|kemudian|maka|tetapi|namun|karena|sehingga|setelah|sebelum)\s+)saya (?:(?!yang\b|dan\b)[a-z]+ ){0,2}$/i;

/**
 * "Pada 1949 Leimena ikut dalam misi yang diutus Bung Karno dan saya ..., dan ia juga menjadi
 * ...": a pronoun opening a joined clause is the sentence's subject, here someone else.
 */
function pointsAtOtherSubject(before: string): boolean {
  if (!/, (?:dan|lalu|kemudian|tetapi|namun) $/.test(before)) return false;
  // The subject: a capitalised word that a verb follows, not a noun that he owns ("Pembebasan
  // saya disambut ...").
  const subject =
    /^(?:Pada (?:[a-z]+ )?(?:\d+ )?(?:[A-Z][a-z]+ )?\d{4},? )?([A-Z][\w.'-]*) (?!saya\b|kami\b)[a-z]/.exec(
      before,
    )?.[1];
  return (
    subject !== undefined &&
    !/^(?:Saya|Pada|Di|Ke|Dari|Setelah|Sebelum|Ketika|Sejak|Selama|Dalam|Karena|Sebagai)$/.test(
      subject,
    ) &&
    !NAMED_AFTER.has(subject)
  );
}

/**
 * A verb of moving someone, with "-nya", going somewhere ("membawanya keluar dari Sumatra",
 * "memindahkannya ke Jawa"). It may move a thing too ("memindahkannya ke Yogyakarta" of a
 * capital): it is his only where the sentence has already held him (HELD_SPEAKER).
 */
const MOVED_AGAIN =
  /\b(memindahkan|membawa|mengirim|mengembalikan|memulangkan)nya\b(?= (?:keluar|kembali|ke|dari)\b)/g;
/** He was moved, held or exiled earlier in the sentence ("memindahkan saya", "pengasingan saya"). */
const HELD_SPEAKER =
  /\b(?:(?:memindahkan|membawa|mengirim|menangkap|mengasingkan|membuang|menahan|menawan) saya|(?:pengasingan|pembuangan|penahanan|penawanan|tahanan) saya)\b/;

/**
 * His parent's child ("Raden Soekemi menitipkan putranya kepada Tjokroaminoto"): him, when the
 * parent is the last person named in the sentence. Not at a grave ("makam istri dan putranya").
 */
function parentsChild(sentence: string, karakter: CharacterKey): string {
  return sentence.replace(PARENTS_CHILD, (whole: string, offset: number) => {
    const before = sentence.slice(0, offset);
    return PARENT_NAMED_LAST[karakter].test(before) &&
      !insideQuotes(sentence, offset) &&
      !/\bmakam\b/i.test(before)
      ? 'saya'
      : whole;
  });
}

/** A parent's son or child ("putranya", "anaknya"; not a plural "anak-anaknya"). */
const PARENTS_CHILD = /(?<!-)\b(?:putranya|anaknya)\b/g;
/** His father or mother named last, only lower-case words after ("Raden Soekemi menitipkan "). */
const PARENT_NAMED_LAST: Record<CharacterKey, RegExp> = {
  soekarno: /\b(?:Soekemi(?: Sosrodihardjo)?|Nyoman Rai)\b[^A-Z]*$/,
  hatta: /\b(?:Djamil|Saleha)\b[^A-Z]*$/,
};

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
  // "kawan-kawan seperjuangannya": his comrades in the struggle.
  'seperjuangan',
];

/** "ayahnya", "kakak perempuannya", "hukumannya" (personal noun, optional qualifier, -nya). */
const PERSONAL_POSSESSIVE = new RegExp(
  `\\b((?:${PERSONAL_NOUNS.join('|')})(?: (?:${KIN_QUALIFIERS.join('|')}))?)nya\\b`,
  'g',
);

export function toFirstPerson(sentence: string, karakter: CharacterKey): string {
  const spoken = relativesListed(speakerToFirstPerson(parentsChild(sentence, karakter), karakter));
  return karakter === 'hatta' ? withBungKarno(spoken) : spoken;
}

/**
 * Hatta speaks of his comrade as "Bung Karno": a bare "Soekarno" (not part of a longer name
 * such as "Soekarno-Hatta" or "Soekarno Putra", not after a title such as "Presiden" or "Ir.",
 * not quoted) becomes "Bung Karno".
 */
export function withBungKarno(sentence: string): string {
  return sentence.replace(/\b(?:Soekarno|Sukarno)\b/g, (whole, offset: number, text: string) => {
    const after = text.slice(offset + whole.length);
    if (after.startsWith('-') || /^ [A-Z]/.test(after) || insideQuotes(text, offset)) {
      return whole;
    }
    const before = text.slice(0, offset);
    const previous = /(\S+) $/.exec(before)?.[1];
    const sentenceStart = previous === undefined || /[.!?:]$/.test(previous);
    // A noun that only starts the sentence ("Pasangan Soekarno dan Hatta"), not a title.
    const opening =
      previous !== undefined &&
      /(?:^|[.!?] )\S+ $/.test(before) &&
      !OFFICE_WORDS.has(previous) &&
      !NAMED_AFTER.has(previous) &&
      !FAMILY_NAMES.has(previous) &&
      !previous.endsWith('.');
    if (!sentenceStart && !opening && /^[A-Z]/.test(previous) && !previous.endsWith(',')) {
      return whole;
    }
    if (previous?.endsWith('-')) return whole;
    return 'Bung Karno';
  });
}

function speakerToFirstPerson(sentence: string, karakter: CharacterKey): string {
  const pattern = new RegExp(NAME_PATTERNS[karakter].source, 'g');
  let changed = false;
  let out = '';
  let last = 0;
  for (let m = pattern.exec(sentence); m !== null; m = pattern.exec(sentence)) {
    const start = m.index;
    const end = start + m[0].length;
    const mention = classifyMention(sentence, start, end);
    if (mention === 'keep') continue;
    if (mention === 'agent') {
      // "dibacakan Soekarno" -> "saya bacakan": the verb loses its "di-" and follows "saya".
      const verb = /(\S+) $/.exec(sentence.slice(0, start))?.[1] as string;
      const verbStart = start - verb.length - 1;
      out += `${sentence.slice(last, verbStart)}${verbStart === 0 ? 'Saya' : 'saya'} ${verb.slice(2)}`;
    } else {
      out += sentence.slice(last, start) + (start === 0 ? 'Saya' : 'saya');
    }
    last = end;
    changed = true;
  }
  if (!changed) return sentence;
  out += sentence.slice(last);
  // "ia", "dia", "beliau" first: a "-nya" after them is read with him already named "saya"
  // ("..., ia memilih tanggal 17, meskipun perasaan itu diakuinya").
  out = out.replace(
    /\b(ia|dia|beliau)\b/g,
    (whole: string, _p: string, offset: number, text: string) =>
      !insideQuotes(text, offset) &&
      nearestPersonIsSpeaker(text.slice(0, offset), karakter) &&
      !pointsAtOtherSubject(text.slice(0, offset))
        ? 'saya'
        : whole,
  );
  out = out.replace(
    PERSONAL_POSSESSIVE,
    (whole: string, noun: string, offset: number, text: string) =>
      !insideQuotes(text, offset) &&
      !lodgesThere(text.slice(0, offset), noun) &&
      (nearestPersonIsSpeaker(text.slice(0, offset), karakter, noun) ||
        opensBeforeSpeaker(text, offset) ||
        becomesHisRelative(text.slice(0, offset), noun))
        ? `${noun} saya`
        : whole,
  );
  // A person as the object of a verb that only takes a person ("Inggit ... setia
  // mengunjunginya"): his, when he is the last person named before it.
  out = out.replace(PERSON_OBJECT, (whole: string, verb: string, offset: number, text: string) =>
    !insideQuotes(text, offset) &&
    // "istri kedua saya yang mendampinginya": the relative does it, to him.
    (!RELATIVE_LAST.test(text.slice(0, offset)) ||
      /\byang (?:[a-z]+ )?$/.test(text.slice(0, offset))) &&
    // ", saya datang menjenguknya": he does it, so the one he visits is someone else.
    !SPEAKER_DOES.test(text.slice(0, offset)) &&
    nearestPersonIsSpeaker(text.slice(0, offset), karakter)
      ? `${verb} saya`
      : whole,
  );
  // Moved on again ("Belanda memindahkan saya ke Padang, tetapi tidak sempat membawanya keluar
  // dari Sumatra"): he, when the same sentence has already moved, held or exiled him.
  out = out.replace(MOVED_AGAIN, (whole: string, verb: string, offset: number, text: string) => {
    const before = text.slice(0, offset);
    const sentence = before.slice(before.search(/[^.!?]*$/));
    return !insideQuotes(text, offset) &&
      HELD_SPEAKER.test(sentence) &&
      nearestPersonIsSpeaker(before, karakter)
      ? `${verb} saya`
      : whole;
  });
  // A passive whose agent is "-nya" ("perhimpunan yang pernah dipimpinnya"): the Indonesian
  // first-person passive when he is that agent ("yang pernah saya pimpin").
  out = out.replace(
    /\bdi([a-z]{3,})nya\b/g,
    (whole: string, verb: string, offset: number, text: string) =>
      !NOT_PASSIVE.has(`di${verb}`) &&
      !PLACE_NOUNS_AFTER_DI.has(verb) &&
      !insideQuotes(text, offset) &&
      // ... or in the opening phrase of a clause he then starts ("Dalam otobiografi yang
      // dituturkannya kepada Cindy Adams, saya mengakui ...").
      (nearestPersonIsSpeaker(text.slice(0, offset), karakter) || opensBeforeSpeaker(text, offset))
        ? `saya ${verb}`
        : whole,
  );
  // "Menjelang akhir hayat saya saya juga menjawab": the opening phrase ends at the first "saya".
  return weTwo(out.replace(/\bsaya saya\b/g, 'saya, saya'));
}

/**
 * A possessive in a sentence's opening phrase whose clause then starts with the speaker ("Dalam
 * suratnya kepada DPR ..., saya menyatakan"): it points forward at him. No person may stand
 * between them.
 */
function opensBeforeSpeaker(text: string, offset: number): boolean {
  if (
    !/^(?:Dalam|Melalui|Lewat|Pada|Di|Selama|Sejak|Sepanjang|Menjelang|Setelah|Sesudah|Sebelum|Ketika|Sewaktu|Karena|Berkat)\b[^,]*$/.test(
      text.slice(0, offset),
    )
  ) {
    return false;
  }
  // The comma may be left out after a short phrase ("Menjelang akhir hayatnya Hatta menulis").
  const phrase = /^([^,]*?),? saya\b/.exec(text.slice(offset))?.[1];
  if (phrase === undefined) return false;
  // Whom it was told or written to ("otobiografinya yang dituturkan kepada Cindy Adams") owns
  // nothing of it.
  const words = phrase.split(' ');
  const toWhom = (i: number): boolean =>
    i > 0 && (words[i - 1] === 'kepada' || (/^[A-Z]/.test(words[i - 1] ?? '') && toWhom(i - 1)));
  return words
    .slice(1)
    .every(
      (w, i) => !/^[A-Z]/.test(w) || OFFICE_WORDS.has(w) || /^[A-Z]{2,}$/.test(w) || toWhom(i + 1),
    );
}

type Mention = 'speaker' | 'agent' | 'keep';

/** What a person is like, named right before him ("ciri khas Hatta", "watak Soekarno"). */
const HIS_TRAITS: ReadonlySet<string> = new Set(['khas', 'ciri', 'watak', 'sifat', 'kebiasaan']);

/** People someone has, named right before him ("dokter pribadi Soekarno", "ajudan Hatta"). */
const HIS_PEOPLE = new Set([
  'dokter',
  'pribadi',
  'sekretaris',
  'ajudan',
  'pengawal',
  'pembantu',
  'pengasuh',
  'penasihat',
  'wakil',
  'istri',
  'anak',
  'putra',
  'putri',
  'guru',
  'kawan',
  'teman',
  'sahabat',
  'menantu',
]);

function classifyMention(sentence: string, start: number, end: number): Mention {
  if (insideQuotes(sentence, start)) return 'keep';
  const after = sentence.slice(end);
  // Part of a longer name or title: "Soekarno-Hatta", "Hatta Rajasa", "Kabinet Hatta II".
  // So is a title that opens with his name ("Sukarno: An Autobiography ...").
  if (after.startsWith('-') || after.startsWith(':') || /^ (?:[A-Z]|[IVX]+\b)/.test(after))
    return 'keep';
  if (start === 0) return 'speaker';
  const before = sentence.slice(0, start);
  if (before.endsWith('-')) return 'keep';
  const previous = /(\S+) $/.exec(before)?.[1];
  if (previous === undefined) return 'keep';
  // A comma before the name: it starts a clause or an item of a list ("Sebagai wakil ketua,
  // Hatta ikut memimpin sidang").
  if (previous.endsWith(',')) return 'speaker';
  // The name used as a name in this clause ("menjadi Soekarno", "dikenal sebagai Ir. Soekarno",
  // "memanggilnya dengan akrab Bung Hatta"): "menjadi saya" would be false. Looks back at most
  // three words, not past a conjunction.
  const window: string[] = [];
  const recent = before.trim().split(/\s+/).reverse();
  for (const w of recent) {
    const bare = w.toLowerCase().replace(/[^a-z]/g, '');
    if (window.length === 3 || /^(?:dan|serta|atau)$/.test(bare)) break;
    window.push(bare);
  }
  // "sebagai keberhasilan diplomasi Soekarno": a lower-case noun after "sebagai" or "menjadi"
  // is the thing named, and the name its possessor (not "sebagai Ir. Soekarno").
  const namingAt = window.findIndex((w) => NAMING_WORD.test(w));
  const possessorAfterNoun =
    /^(?:sebagai|menjadi|jadi)$/.test(window[namingAt] ?? '') &&
    recent.slice(0, namingAt).some((w) => /^[a-z]/.test(w)) &&
    // ... unless it is known by that label ("dikenang sebagai bulan Bung Karno").
    !/^(?:dikenal|dikenang|disebut|dijuluki|digelari)$/i.test(recent[namingAt + 1] ?? '');
  // ... unless a person of his stands between ("menjadi dokter pribadi Soekarno"): his.
  // ... and a name that a verb follows is the subject of its clause ("menjadi alasan utama
  // Soekarno mengeluarkan Dekret"), not a name given.
  const subject = /^ (?:dan [A-Z]\S* )?(?:me|ber|di)[a-z]{3,}/.test(sentence.slice(end));
  if (
    window.some((w) => NAMING_WORD.test(w)) &&
    !HIS_PEOPLE.has(window[0] ?? '') &&
    // ... or a trait of his ("menjadi ciri khas Hatta sebagai pemimpin").
    !HIS_TRAITS.has(window[0] ?? '') &&
    !subject &&
    !possessorAfterNoun
  ) {
    return 'keep';
  }
  // "dikenal dengan nama Mohammad Hatta": a name given, not the person.
  if (/\bdengan nama (?:[A-Z]\S* )?$/.test(before)) return 'keep';
  // The agent of a passive verb: "dibacakan Soekarno" -> "saya bacakan".
  if (/^di[a-z]{3,}$/.test(previous) && !NOT_PASSIVE.has(previous)) return 'agent';
  // A lower-case word or a number before the name: "oleh Hatta", "dan Hatta", "Pada 1933 Hatta".
  if (/^[a-z0-9]/.test(previous)) return 'speaker';
  // After a place ("Di Rotterdam Hatta mempelajari", "dari Bandung Soekarno"): the place ends
  // its phrase and the name starts the clause.
  const place = /(?:^|\s)(?:[Dd]i|[Kk]e|[Dd]ari) ([A-Z][a-z]+) $/.exec(before)?.[1];
  if (place && !NAMED_AFTER.has(place) && !FAMILY_NAMES.has(place)) return 'speaker';
  // At the start of the sentence, after a capitalised noun and only lower-case words: the
  // speaker is its possessor ("Ayah Mohammad Hatta", "Nama kecil Soekarno") or, after a
  // function word, the subject ("Ketika Hatta tiba"). Not after a given name ("Rahmi Hatta") or
  // a word naming something after him ("Universitas Bung Hatta").
  // A plural by reduplication counts as its noun ("Tulisan-tulisan Hatta").
  const head = /^([A-Z][a-z]+)(?:-[a-z]+)?((?: [a-z]+)*) $/.exec(before);
  if (!head) return 'keep';
  const first = head[1] as string;
  if (SENTENCE_INITIAL_FUNCTION_WORDS.has(first) || POSSESSOR_NOUNS.has(first)) return 'speaker';
  return FAMILY_NAMES.has(first) || NAMED_AFTER.has(first) ? 'keep' : 'speaker';
}

/**
 * "Di Bengkulu saya bersahabat dengan Hassan Din, ... yang kelak menjadi ayah mertuanya": the
 * person named becomes someone else's relative, never his own; the speaker's when he is named
 * before in the sentence.
 */
function becomesHisRelative(before: string, noun: string): boolean {
  const clause = /\byang (?:kelak |kemudian |lalu |akhirnya )?menjadi $/.exec(before);
  if (!clause || !(KIN_NOUNS as readonly string[]).includes(noun.split(' ')[0] ?? '')) return false;
  return /\b[Ss]aya\b/.test(before.slice(0, clause.index));
}

/**
 * One lodges in someone else's house ("termasuk Soekarno yang indekos di rumahnya"): that house
 * is never the lodger's, whoever was named last.
 */
function lodgesThere(before: string, noun: string): boolean {
  return noun === 'rumah' && /\b(?:indekos|menumpang|mondok|menginap)\s+di\s+$/i.test(before);
}

/**
 * Whether the last person mentioned before a possessive is the speaker: reading the words
 * before it backwards, "saya" comes before any other candidate possessor (a third-person
 * pronoun, or a capitalised word other than the first of the sentence). Place names are not
 * candidates: a capitalised run right after "di", "ke" or "dari" ("di Mojokerto"), and a run
 * that follows such a place after a comma ("di Blitar, Jawa Timur").
 */
function nearestPersonIsSpeaker(before: string, karakter: CharacterKey, possessed = ''): boolean {
  // "menemui saya di rumahnya": met at home, the home is his.
  if (possessed === 'rumah' && /\bsaya (?:di|ke) $/.test(before)) return true;
  // "ibunya ... keluarganya": the family is the mother's; "ibunya dan ayahnya": both his.
  // "ayahnya mengganti namanya": who gives or changes a name names someone else.
  const relativeCounts =
    possessed !== 'nama' && !KIN_POSSESSED.test(`${possessed.split(' ')[0] ?? ''}nya`);
  // An opening attribution ("Menurut penuturan saya kepada Cindy Adams, ibunya ...") names its
  // source, not the possessor: the listener it names never owns the "-nya"; the speaker does
  // when no one else comes after it.
  const attribution = /^Menurut\b([^,]*),/.exec(before);
  const rest = attribution ? before.slice(attribution[0].length) : before;
  const found = nearestCandidate(rest, !attribution, relativeCounts, OWN_EARLIER_NAMES[karakter]);
  return found ?? (attribution ? /\bsaya\b/i.test(attribution[1] ?? '') : false);
}

/** Reading backwards: true at "saya", false at another candidate possessor, null at neither. */
function nearestCandidate(
  before: string,
  startsSentence: boolean,
  relativeCounts: boolean,
  ownNames: ReadonlySet<string>,
): boolean | null {
  const words = before.split(' ').filter((w) => w !== '');
  const bare = words.map((w) => w.replace(/[^A-Za-z-]/g, ''));
  const capitalised = (i: number) => (i > 0 || !startsSentence) && /^[A-Z]/.test(bare[i] as string);
  const place: boolean[] = [];
  // After a place and a comma, a capitalised run that a verb follows is someone who acts ("di
  // Jakarta, Hatta datang menjenguk ..."), not more of the place ("di Blitar, Jawa Timur").
  const actsNext = (i: number) => {
    let j = i;
    while (j + 1 < words.length && /^[A-Z]/.test(bare[j + 1] as string)) j++;
    return /^(?:(?:me|ber|ter|di)[a-z]{3,}|datang|pergi|tiba|pulang|kembali|lalu|kemudian|juga|pun|adalah)$/.test(
      words[j + 1] ?? '',
    );
  };
  for (let i = 0; i < words.length; i++) {
    if (!capitalised(i)) continue;
    if (capitalised(i - 1) && !(words[i - 1] ?? '').endsWith(',')) {
      place[i] = place[i - 1] === true;
      continue;
    }
    const previous = words[i - 1] ?? '';
    // A place ("di Mojokerto"), or a title given to someone ("dijuluki Bapak Koperasi").
    place[i] =
      /^(?:di|ke|dari|kota|desa|kampung|pulau|provinsi|daerah|wilayah|dijuluki|disebut|digelari|sebagai)$/.test(
        previous,
      ) ||
      (previous.endsWith(',') && place[i - 1] === true && !actsNext(i));
  }
  for (let i = words.length - 1; i >= 0; i--) {
    const word = bare[i] as string;
    // Met, visited or told, he is the object of someone else's clause ("Cindy Adams ... bertemu
    // saya pada 1961, ketika mendampingi suaminya"): that someone owns the "-nya", when named.
    if (word === 'saya' && OBJECT_OF.test(bare[i - 1] ?? '') && namedBefore(bare, i)) continue;
    if (word === 'saya' || word === 'Saya' || ownNames.has(word)) return true;
    if (/^(?:ia|dia|mereka|beliau|keduanya)$/i.test(word)) return false;
    // A relative named before ("ibunya ... keluarganya") is the nearer person.
    if (relativeCounts && KIN_POSSESSED.test(word)) return false;
    // An office or an acronym ("sebagai Wakil Presiden", "kepada DPR") names no possessor.
    if (OFFICE_WORDS.has(word) || /^[A-Z]{2,}$/.test(word)) continue;
    // An idea or a document is no one "ia" could be ("gagasan Pancasila itu ia sampaikan"), nor
    // the owner of a personal noun ("Pancasila, nama yang menurutnya ...").
    if (CONCEPT_WORDS.has(word)) continue;
    if (capitalised(i) && !place[i]) {
      // ... nor a body or a building, named by its first word ("Liga Menentang Imperialisme",
      // "Penjara Sukamiskin"): the whole name is skipped.
      let first = i;
      while (first > 0 && capitalised(first - 1) && !(words[first - 1] ?? '').endsWith(','))
        first--;
      if (BODY_HEADS.has(bare[first] as string)) {
        i = first;
        continue;
      }
      return false;
    }
  }
  return null;
}

/** First words of the names of bodies, meetings and buildings: what they name is no person. */
const BODY_HEADS: ReadonlySet<string> = new Set([
  'Liga',
  'Partai',
  'Kongres',
  'Konferensi',
  'Perhimpunan',
  'Persatuan',
  'Sarekat',
  'Pendidikan',
  'Komite',
  'Badan',
  'Panitia',
  'Dewan',
  'Majelis',
  'Gerakan',
  'Kabinet',
  'Universitas',
  'Sekolah',
  'Penjara',
  'Istana',
  'Gedung',
  'Jalan',
  'Masjid',
  'Museum',
  'Perjanjian',
  'Persetujuan',
  'Pemerintah',
  'Pemerintahan',
]);

/** Capitalised names of ideas, documents and bodies of the period: never a person. */
const CONCEPT_WORDS: ReadonlySet<string> = new Set([
  'Pancasila',
  'Proklamasi',
  'Demokrasi',
  'Terpimpin',
  'Konstituante',
  'Dekret',
  'Manipol',
  'Marhaenisme',
  'Nasakom',
  'Trikora',
  'Supersemar',
  'Dwitunggal',
  'Piagam',
  'Undang-Undang',
  'Dasar',
]);

/** Verbs and prepositions after which "saya" is an object, not the subject of the clause. */
const OBJECT_OF = /^(?:bertemu|menemui|mengunjungi|mewawancarai|menjenguk|kepada|mendampingi)$/;

/**
 * Whether a capitalised word other than the sentence's first (a person named) precedes i; a
 * month ("Pada 22 Desember 1930, hakim ... kepada saya") names no one.
 */
function namedBefore(bare: readonly string[], i: number): boolean {
  return bare.slice(1, i).some((w) => /^[A-Z]/.test(w) && !MONTHS.has(w));
}

const MONTHS: ReadonlySet<string> = new Set(MONTH_NAMES);

/** Words for a relative (a person of his own, not something a person has). */
export const KIN_NOUNS = [
  ...CLOSE_KIN,
  'anak',
  'putra',
  'putri',
  'paman',
  'bibi',
  'mertua',
] as const;

/**
 * The last person named is one of his people ("menghormati ibu saya dan kerap mengunjunginya"):
 * that "saya" only says whose they are.
 */
const RELATIVE_LAST = new RegExp(
  `\\b(?:${[...KIN_NOUNS, 'sahabat', 'teman', 'kawan', 'rekan', 'guru'].join('|')})(?: [a-z]+)? saya\\b(?![^.;]*\\bsaya\\b)[^.;]*$`,
);

/** A relative of someone ("ibunya", "ayahnya"). */
const KIN_POSSESSED = new RegExp(`^(?:${KIN_NOUNS.join('|')})nya$`, 'i');

/** A relative of the speaker named in a list ("bersama istri saya Inggit Garnasih, ..."). */
const SPEAKERS_RELATIVE = new RegExp(`\\b(?:${KIN_NOUNS.join('|')}) saya [A-Z]`);
/** A later item of that list: ", anak angkat mereka X" or ", dan ibu mertuanya". */
const LIST_ITEM_THEIRS = /(, (?:dan )?(?:[a-z]+ ){1,2})mereka\b/g;
const LIST_ITEM_HIS = new RegExp(`(, (?:dan )?(?:[a-z]+ )?)(${KIN_NOUNS.join('|')})nya\\b`, 'g');

/**
 * The further items of a list of the speaker's relatives are his too: "bersama istri saya
 * Inggit, anak angkat mereka Ratna, dan ibu mertuanya" becomes "..., anak angkat kami Ratna,
 * dan ibu mertua saya".
 */
function relativesListed(spoken: string): string {
  const start = SPEAKERS_RELATIVE.exec(spoken)?.index;
  if (start === undefined) return spoken;
  const tail = spoken
    .slice(start)
    .replace(LIST_ITEM_THEIRS, '$1kami')
    .replace(LIST_ITEM_HIS, '$1$2 saya');
  return spoken.slice(0, start) + tail;
}

/**
 * Capitalised words naming no person (offices, institutions, states, months, the places of the
 * two lives): never the possessor of a "-nya".
 */
const OFFICE_WORDS = new Set([
  'Presiden',
  'Wakil',
  'Perdana',
  'Menteri',
  'Ketua',
  'Republik',
  'Indonesia',
  'Serikat',
  'Kabinet',
  'Dewan',
  'Partai',
  'Panitia',
  'Badan',
  // States and nations ("polisi kolonial Hindia Belanda", "pemerintah Jepang") are no persons.
  'Hindia',
  'Belanda',
  'Jepang',
  'Inggris',
  'Amerika',
  'Sekutu',
  // Bodies of the colonial state and of the Republic.
  'Konstituante',
  'Gubernur',
  'Jenderal',
  'Landraad',
  'Volksraad',
  // Months and days ("pada 23 November 1956, ... dirinya", "pada hari Jumat").
  ...'Januari Februari Maret April Mei Juni Juli Agustus September Oktober November Desember'.split(
    ' ',
  ),
  ...'Senin Selasa Rabu Kamis Jumat Sabtu Minggu'.split(' '),
  // Months of the Islamic calendar ("pada bulan suci Ramadan, ... yang menurutnya").
  'Ramadan',
  'Ramadhan',
  'Syawal',
  'Muharram',
  // Places of the two lives, named without "di", "ke" or "dari" ("menyebut Surabaya sebagai").
  'Surabaya',
  'Blitar',
  'Bandung',
  'Batavia',
  'Jakarta',
  'Yogyakarta',
  'Bengkulu',
  'Ende',
  'Flores',
  'Bukittinggi',
  'Padang',
  'Rotterdam',
  'Digul',
  'Banda',
  'Neira',
]);

/**
 * The speaker joined with others ("saya dan Hatta", "Bung Karno dan saya", "Pernikahan saya
 * dengan Inggit", "saya, Nazir Pamontjak, dan Ali", "saya menikah dengan Rahmi"): after it, a
 * "mereka" or "keduanya" includes the speaker and becomes "kami" or "kami berdua".
 */
/** "saya" as the owner of the noun before it ("Ibu saya", "penuturan saya"), not a person joined. */
const OWNED = [...PERSONAL_NOUNS, 'penuturan', 'menurut'];
const NOT_OWNER = `(?<!\\b(?:${[...OWNED, ...OWNED.map(capitalised)].join('|')}) )`;
const SPEAKER_JOINED = new RegExp(
  [
    `${NOT_OWNER}\\b[Ss]aya (?:dan|bersama|beserta) `,
    // "Pernikahan saya dengan Inggit": the two of them, even after a noun he owns.
    '\\b[Ss]aya dengan [A-Z]',
    // Not ", dan saya ...": a new clause, not a pair.
    '(?<!, )\\b(?:dan|dengan) saya\\b',
    // A list of names: "saya, Nazir Pamontjak, Ali Sastroamidjojo, dan Abdul Madjid".
    `${NOT_OWNER}\\b[Ss]aya(?:, [A-Z][\\w.']*(?: [A-Z][\\w.']*)*)+,? dan [A-Z]`,
    '\\b[Ss]aya (?:menikah|bertemu|berkenalan|berunding) dengan [A-Z]',
  ].join('|'),
);

function weTwo(spoken: string): string {
  const joined = SPEAKER_JOINED.exec(spoken);
  if (!joined) return spoken;
  const from = joined.index + joined[0].length;
  const rest = spoken
    .slice(from)
    .replace(/\b(mereka|keduanya)\b/g, (whole: string, _w: string, offset: number) =>
      insideQuotes(spoken, from + offset) ? whole : asWe(whole),
    );
  return spoken.slice(0, from) + rest;
}

/**
 * The sentence after one that joins him with others ("Bung Karno, saya, dan Dr. Radjiman
 * berangkat ke Dalat"): its "mereka" or "keduanya" are the same group, him included ("Di Dalat,
 * ... kami bertemu ..."), unless the sentence names a pair of its own first ("Menurut penuturan
 * Hatta dan Sjahrir, ... di antara mereka").
 */
export function weTwoAfter(previous: string, spoken: string): string {
  if (!SPEAKER_JOINED.test(previous) && !/, saya,? dan [A-Z]/.test(previous)) return spoken;
  return spoken.replace(
    /\b(?:[Mm]ereka|[Kk]eduanya)\b/g,
    (whole: string, offset: number, text: string) =>
      insideQuotes(text, offset) || OWN_PAIR.test(text.slice(0, offset)) ? whole : asWe(whole),
  );
}

/** "mereka" -> "kami", "keduanya" -> "kami berdua", keeping a capital. */
function asWe(word: string): string {
  const we = /^[Mm]ereka$/.test(word) ? 'kami' : 'kami berdua';
  return /^[A-Z]/.test(word) ? capitalised(we) : we;
}

/** A pair or a group the sentence names itself, before its "mereka". */
const OWN_PAIR = /[A-Z][\w.'-]* (?:dan|serta) [A-Z]|\bpara [a-z]/;

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function insideQuotes(sentence: string, index: number): boolean {
  const quotes = (sentence.slice(0, index).match(/["\u201c\u201d]/g) ?? []).length;
  return quotes % 2 === 1;
}
