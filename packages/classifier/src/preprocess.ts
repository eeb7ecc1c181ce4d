/**
 * The single implementation of preprocessing, shared by the browser and the trainer.
 *
 * Pipeline (product spec section 9, plus the extensions the held-out numbers support):
 *   lower-case -> strip punctuation -> split on spaces -> normalise informal spelling
 *   -> word indexes (unknown = 0) -> extra tokens (stems, word bigrams, character n-grams)
 *   -> pad or truncate to the model's input length.
 * Every model stores PREPROCESS_VERSION and its PreprocessOptions in content.json; a browser that
 * sees another version must not use the model with this code.
 */
import { learnerWords } from '@dwitunggal/text/spelling';
import { stem } from '@dwitunggal/text/stem';
import { FUNCTION_WORDS } from '@dwitunggal/text/question';

/**
 * Bump whenever any step below changes the tokens produced for some text, or the model files
 * change in a way older code or older models cannot follow (the server retrains a stored model
 * of another version at start; the browser refuses it). 2: words come from the project's one
 * Indonesian text package (@dwitunggal/text), shared with rag. 3: "y", "wkt", "bu" and "bareng"
 * read as ya, waktu, ibu and bersama. 4: models carry the implicit out-of-scope unit (one output
 * after the tags, `outOfScopeUnit` in content.json); tokens unchanged. 5: a chat word with a
 * possessive reads as its standard form ("critanya" -> "cerita"); "pake", "tetep", "ngekos",
 * "kos", "maskawin" and "autobiografi" read as pakai, tetap, indekos, mahar and otobiografi;
 * "kelompok", "permisi", "diskusi" and "kalimantan" are roots; "jogja" and "yogya" read as
 * yogyakarta; "tahan" and "sepatu" are roots; rs, drpd, kerjasama, tjokro expanded. 6:
 * "maskawin" reads as "mas kawin", as the tags and the knowledge base write it; "merk", "kebeli"
 * and "dipake" read as merek, terbeli and dipakai. 7: "mentri" reads as menteri.
 */
export const PREPROCESS_VERSION = 7;

export interface PreprocessOptions {
  /** Informal spelling, old spelling and repeated letters (@dwitunggal/text/spelling). */
  normalize: boolean;
  /** Append "~stem" for each word whose stem differs from the word. */
  stems: boolean;
  /** Append "a+b" for each pair of neighbouring words. */
  bigrams: boolean;
  /** Append "#gram" character n-grams of each word (with < > as word boundaries). */
  charNgrams: number[];
  /** Keep only the first occurrence of each extra token (a repeated word adds its extras once). */
  uniqueExtras: boolean;
  /** Which end loses tokens when a text is longer than the input length (Keras' "truncating"). */
  truncating: 'pre' | 'post';
  /** Which end receives the padding (Keras' "padding"). */
  padding: 'pre' | 'post';
}

/** The defaults the product uses (chosen by the ablation in the package README / bench). */
export const DEFAULT_PREPROCESS: PreprocessOptions = {
  normalize: true,
  stems: true,
  bigrams: false,
  charNgrams: [3],
  uniqueExtras: true,
  truncating: 'post',
  padding: 'post',
};

/** The original product's preprocessing: spec steps only, Keras' default pre-padding. */
export const ORIGINAL_PREPROCESS: PreprocessOptions = {
  normalize: false,
  stems: false,
  bigrams: false,
  charNgrams: [],
  uniqueExtras: false,
  truncating: 'pre',
  padding: 'pre',
};

/** Maps a token to its index; index 0 is reserved for padding and unknown tokens. */
export type WordIndex = Readonly<Record<string, number>>;

/** Lower-case, strip diacritics and punctuation, split on spaces. */
export function basicTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((t) => t.length > 0);
}

/** The words of a text after the optional normalisation. */
export function words(text: string, options: PreprocessOptions): string[] {
  return options.normalize ? learnerWords(text) : basicTokens(text);
}

/** Extra tokens derived from the words (never collide with words: they carry ~ + or #). */
export function extraTokens(ws: readonly string[], options: PreprocessOptions): string[] {
  const out: string[] = [];
  if (options.stems) {
    for (const w of ws) {
      const s = stem(w);
      if (s !== w) out.push(`~${s}`);
    }
  }
  if (options.bigrams) {
    for (let i = 0; i + 1 < ws.length; i++) out.push(`${ws[i]}+${ws[i + 1]}`);
  }
  if (options.charNgrams.length > 0) {
    for (const w of ws) {
      const padded = `<${w}>`;
      for (const n of options.charNgrams) {
        if (padded.length < n) continue;
        for (let i = 0; i + n <= padded.length; i++) out.push(`#${padded.slice(i, i + n)}`);
      }
    }
  }
  return options.uniqueExtras ? [...new Set(out)] : out;
}

/** Words followed by extra tokens, in a fixed order. */
export function featureTokens(
  text: string,
  options: PreprocessOptions,
): { words: string[]; extras: string[] } {
  const ws = words(text, options);
  return { words: ws, extras: extraTokens(ws, options) };
}

/**
 * Builds the word index from training texts: words first (every word seen), then extra tokens
 * seen in at least `minExtraCount` texts. Order: frequency descending, then alphabetical, so the
 * same texts always give the same index. Indexes start at 1.
 */
export function buildWordIndex(
  texts: readonly string[],
  options: PreprocessOptions,
  minExtraCount = 2,
): Record<string, number> {
  return wordIndexFromFeatures(
    texts.map((t) => featureTokens(t, options)),
    minExtraCount,
  );
}

/**
 * buildWordIndex over texts already split by featureTokens. With `into`, the new tokens are added
 * after the ones it holds (the out-of-scope corpus extends a figure's own index this way).
 */
export function wordIndexFromFeatures(
  features: readonly { words: string[]; extras: string[] }[],
  minExtraCount = 2,
  into?: Readonly<Record<string, number>>,
): Record<string, number> {
  const wordCount = new Map<string, number>();
  const extraDocs = new Map<string, number>();
  for (const { words: ws, extras } of features) {
    for (const w of ws) wordCount.set(w, (wordCount.get(w) ?? 0) + 1);
    for (const e of new Set(extras)) extraDocs.set(e, (extraDocs.get(e) ?? 0) + 1);
  }
  const byFrequency = (a: [string, number], b: [string, number]): number =>
    b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  // No prototype: a word such as "__proto__" or "constructor" must be an ordinary key.
  const index = Object.assign(Object.create(null) as Record<string, number>, into);
  let next = Object.keys(index).length + 1;
  for (const [w] of [...wordCount].sort(byFrequency)) if (index[w] === undefined) index[w] = next++;
  for (const [e, n] of [...extraDocs].sort(byFrequency)) {
    if (n >= minExtraCount && index[e] === undefined) index[e] = next++;
  }
  return index;
}

/** Token indexes before padding: every word (unknown = 0), then the known extra tokens. */
export function tokenIds(text: string, wordIndex: WordIndex, options: PreprocessOptions): number[] {
  return idsFromFeatures(featureTokens(text, options), wordIndex);
}

/** tokenIds over a text already split by featureTokens. */
export function idsFromFeatures(
  features: { words: string[]; extras: string[] },
  wordIndex: WordIndex,
): number[] {
  const { words: ws, extras } = features;
  const ids: number[] = [];
  for (const w of ws) ids.push(Object.hasOwn(wordIndex, w) ? (wordIndex[w] as number) : 0);
  for (const e of extras) {
    if (Object.hasOwn(wordIndex, e)) ids.push(wordIndex[e] as number);
  }
  return ids;
}

/** Pads or truncates indexes to `length` (0 is the padding). */
export function padOrTruncate(
  ids: readonly number[],
  length: number,
  options: PreprocessOptions,
): Int32Array {
  const out = new Int32Array(length);
  const kept =
    ids.length <= length
      ? ids
      : options.truncating === 'pre'
        ? ids.slice(ids.length - length)
        : ids.slice(0, length);
  const offset = options.padding === 'pre' ? length - kept.length : 0;
  for (let i = 0; i < kept.length; i++) out[offset + i] = kept[i] as number;
  return out;
}

/** The model input for one text. */
export function encode(
  text: string,
  wordIndex: WordIndex,
  inputLength: number,
  options: PreprocessOptions,
): Int32Array {
  return padOrTruncate(tokenIds(text, wordIndex, options), inputLength, options);
}

/**
 * Input length chosen from the data: the given percentile of the encoded lengths, rounded up to
 * a multiple of 4, at least 4.
 */
export function chooseInputLength(
  texts: readonly string[],
  wordIndex: WordIndex,
  options: PreprocessOptions,
  percentile = 0.95,
): number {
  return inputLengthFromCounts(
    texts.map((t) => tokenIds(t, wordIndex, options).length),
    percentile,
  );
}

/** chooseInputLength over the lengths of already encoded texts. */
export function inputLengthFromCounts(counts: readonly number[], percentile = 0.95): number {
  if (counts.length === 0) return 4;
  const lengths = [...counts].sort((a, b) => a - b);
  const at = lengths[Math.min(lengths.length - 1, Math.ceil(percentile * lengths.length) - 1)] ?? 4;
  return Math.max(4, Math.ceil(at / 4) * 4);
}

/**
 * How well the word index knows a text, from one pass over its words: the words it knows (extra
 * tokens not counted), and the share of its content words (function words, question words and
 * address left out) it knows: low for a message about something the figure was never taught
 * ("resep nasi goreng dong"), whatever tag the model leans to; 1 for a text with no content word.
 */
export function knownWordStats(
  text: string,
  wordIndex: WordIndex,
  options: PreprocessOptions,
): { knownWords: number; knownShare: number } {
  let knownWords = 0;
  let content = 0;
  let knownContent = 0;
  for (const w of words(text, options)) {
    const known = Object.hasOwn(wordIndex, w);
    if (known) knownWords += 1;
    if (FUNCTION_WORDS.has(w) || w.length <= 2) continue;
    content += 1;
    if (known) knownContent += 1;
  }
  return { knownWords, knownShare: content === 0 ? 1 : knownContent / content };
}
