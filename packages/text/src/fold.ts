/**
 * Low-level text helpers shared by the retriever and the generators. Pure functions, no I/O:
 * this module runs in Node and in a browser alike.
 */

/**
 * Folds text for matching (never for display): lower case, diacritics removed, and the old
 * Indonesian spellings that appear in names and titles (Soewandi and van Ophuijsen: oe, tj, dj,
 * sj) mapped to today's spelling, so that "Tjokroaminoto" meets "Cokroaminoto" and "Soekarno"
 * meets "Sukarno". Only digraphs that do not occur in modern words are mapped (nj, j and ch are
 * left alone: "menjadi", "jakarta" and "achmad" must stay stable).
 */
export function foldForMatch(text: string): string {
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\u0000-\u007f]*$/.test(text);
  return (
    (ascii ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
      .toLowerCase()
      // Dotted initials become one word: "H.O.S." -> "hos", "K.H." -> "kh".
      .replace(/\b(?:[a-z]\.){2,}/g, (m) => `${m.replace(/\./g, '')} `)
      .replace(/oe/g, 'u')
      .replace(/tj/g, 'c')
      .replace(/dj/g, 'j')
      .replace(/sj/g, 'sy')
      // A fixed compound written as two words or one: "ibu kota" (capital city) is not "ibu" + "kota".
      .replace(/\bibu kota\b/g, 'ibukota')
  );
}

/** Splits folded text into word tokens: runs of letters and digits ("g30s", "1945", "ri"). */
export function wordsOf(folded: string): string[] {
  return folded.match(/[a-z0-9]+/g) ?? [];
}

/**
 * Abbreviations that end with a period but never end a sentence in our texts (titles and
 * honorifics). Single letters (initials such as "J.E.W." or "K.H.") are handled separately.
 */
const NON_FINAL_ABBREVIATIONS = new Set([
  'dr',
  'drs',
  'ir',
  'mr',
  'prof',
  'h',
  'hj',
  'k.h',
  'st',
  'jl',
  'no',
  'nr',
  'dll',
  'dsb',
  'tn',
  'ny',
  'sdr',
  'kh',
]);

/**
 * Splits a passage into sentences. A sentence ends at ".", "!" or "?" (optionally followed by a
 * closing quote or parenthesis) when the next non-space character starts a new sentence
 * (an upper-case letter, a digit or an opening quote), the word before the period is not an
 * initial ("J.E.W.") or a known title ("Dr.", "Mr.", "Ir."), and no double quotation is open
 * (a quoted text of several sentences stays in one sentence). Sentences are returned trimmed and
 * in order; joining them with single spaces gives back the passage with normalised spacing.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const normalised = text.replace(/\s+/g, ' ').trim();
  let start = 0;
  const boundary = /[.!?]["'\u201d\u2019)]*(?= +["'\u201c\u2018(]?[A-Z0-9\u00c0-\u024f])/g;
  for (let m = boundary.exec(normalised); m !== null; m = boundary.exec(normalised)) {
    const end = m.index + m[0].length;
    if (m[0][0] === '.' && isAbbreviationBefore(normalised, m.index)) continue;
    // Never inside a quotation: "... berbunyi: "Proklamasi. Kami bangsa Indonesia ..."".
    if (countQuotes(normalised.slice(start, end)) % 2 === 1) continue;
    const sentence = normalised.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = normalised.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

function countQuotes(text: string): number {
  return (text.match(/["\u201c\u201d]/g) ?? []).length;
}

function isAbbreviationBefore(text: string, periodIndex: number): boolean {
  // The "word" before the period, including inner periods of initials ("K.H", "J.E.W").
  const before = text.slice(Math.max(0, periodIndex - 24), periodIndex);
  const match = /([A-Za-z.]+)$/.exec(before);
  if (!match) return false;
  const word = (match[1] ?? '').replace(/^\.+/, '');
  if (/^[A-Za-z]$/.test(word)) return true; // a single initial: "A." in "A.H. Nasution"
  if (/^([A-Za-z]\.)+[A-Za-z]$/.test(word)) return true; // "J.E.W", "H.O.S"
  return NON_FINAL_ABBREVIATIONS.has(word.toLowerCase());
}

/** A small, stable 32-bit FNV-1a hash: used to pick persona lines deterministically. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A lookup table keyed by words a learner typed: no prototype, so that a word such as
 * "constructor" or "__proto__" finds nothing instead of a property of Object.prototype.
 */
export function lookupTable<T>(entries: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}
