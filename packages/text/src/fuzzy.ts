/**
 * Spelling correction against a known vocabulary, with bounded work. A learner's unknown word is
 * replaced by the closest vocabulary word (Levenshtein distance 1 for words of 6-8 letters, 2 for
 * longer ones; same first letter; ties broken by frequency, then alphabetically). Shorter words
 * are never corrected: one edit turns too many of them into another real word ("enak" -> "enam").
 *
 * Cost is bounded twice: candidates are bucketed by first letter and length, so a word is only
 * compared with words it could be within reach of; and callers spend a fixed budget of
 * corrections per question (see createCorrectionBudget), whatever the question's words.
 */

export const MIN_FUZZY_LENGTH = 6;

/** Results kept per corrector; a full cache starts over (its words come back on next use). */
export const MAX_CACHED_CORRECTIONS = 10_000;

// Two reusable rows: the distance allocates nothing per call.
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/** Levenshtein distance, or max + 1 as soon as it must exceed `max`. */
export function boundedLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (b.length + 1 > previousRow.length) {
    previousRow = new Int32Array(b.length + 1);
    currentRow = new Int32Array(b.length + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[b.length] as number;
}

/**
 * A lower bound of the edit distance from letter counts: one edit changes the counts by at most
 * two (a substitution takes one letter away and adds another). Cheap enough to skip most
 * candidates before the dynamic programme.
 */
function letterCounts(word: string): Int8Array {
  const counts = new Int8Array(37);
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    counts[c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : 36]! += 1;
  }
  return counts;
}

function countsDistance(a: Int8Array, b: Int8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return Math.ceil(sum / 2);
}

export interface Corrector {
  /** The closest vocabulary word within reach, or undefined. */
  closest(word: string): string | undefined;
}

/** A corrector over a vocabulary given as word -> frequency. */
export function createCorrector(frequency: ReadonlyMap<string, number>): Corrector {
  const buckets = new Map<string, { word: string; counts: Int8Array }[]>();
  for (const word of [...frequency.keys()].sort()) {
    const key = `${word[0] ?? ''}${word.length}`;
    const entry = { word, counts: letterCounts(word) };
    const list = buckets.get(key);
    if (list) list.push(entry);
    else buckets.set(key, [entry]);
  }
  const cache = new Map<string, string | undefined>();
  return {
    closest(word) {
      if (word.length < MIN_FUZZY_LENGTH) return undefined;
      if (cache.has(word)) return cache.get(word);
      const maxDistance = word.length >= 9 ? 2 : 1;
      let best: string | undefined;
      let bestDistance = maxDistance + 1;
      let bestFrequency = 0;
      const counts = letterCounts(word);
      for (let length = word.length - maxDistance; length <= word.length + maxDistance; length++) {
        for (const entry of buckets.get(`${word[0] ?? ''}${length}`) ?? []) {
          const reach = Math.min(maxDistance, bestDistance);
          if (countsDistance(counts, entry.counts) > reach) continue;
          const candidate = entry.word;
          const d = boundedLevenshtein(word, candidate, reach);
          if (d > maxDistance) continue;
          const f = frequency.get(candidate) ?? 0;
          if (
            d < bestDistance ||
            (d === bestDistance &&
              (f > bestFrequency || (f === bestFrequency && candidate < (best ?? ''))))
          ) {
            best = candidate;
            bestDistance = d;
            bestFrequency = f;
          }
        }
      }
      if (cache.size >= MAX_CACHED_CORRECTIONS) cache.clear();
      cache.set(word, best);
      return best;
    },
  };
}
