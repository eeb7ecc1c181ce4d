/**
 * Colloquial (Jakarta-style) verb forms learners type, and the standard words they may stand for:
 * the suffix -in for -kan/-i ("dibacain" for "dibacakan"), the bare nasal prefixes ng-, nge-,
 * ny-, n-, m- for meN- ("ngibarin", "nyulik", "nulis", "makai"), and the final syllable's e for a
 * ("dapet", "hadep", "pake").
 *
 * Without a dictionary these rules cannot tell "dipimpin" (a standard word ending in -in) from
 * "dibacain", so they only propose candidates, most likely first; the caller keeps the first one
 * whose stem its own vocabulary knows (rag: the knowledge base's roots) and otherwise the word as
 * typed. Pure string functions: the same in the browser and on the server.
 */

const VOWEL = /[aiueo]/;

/** Prefix readings of a word: the word itself first, then the roots a bare nasal may hide. */
function prefixReadings(word: string): string[] {
  const out = [word];
  const rest = (n: number) => word.slice(n);
  if (word.startsWith('nge') && word.length > 5 && !VOWEL.test(word.charAt(3))) {
    out.push(rest(3)); // ngerebut -> rebut, ngelamar -> lamar
  }
  if (word.startsWith('ng') && VOWEL.test(word.charAt(2))) {
    out.push(`k${rest(2)}`, `h${rest(2)}`, rest(2)); // ngibar -> kibar, ngadep -> hadep, ngaku -> aku
  }
  if (/^ng[rl][aiueo]/.test(word)) {
    out.push(`k${rest(2)}`); // ngritik -> kritik
  }
  if (word.startsWith('ny') && VOWEL.test(word.charAt(2))) {
    out.push(`c${rest(2)}`, `s${rest(2)}`); // nyulik -> culik, nyerah -> serah
  }
  if (/^n[aiueo]/.test(word)) out.push(`t${rest(1)}`); // nulis -> tulis
  if (/^m[aiueo]/.test(word)) out.push(`p${rest(1)}`); // makai -> pakai
  return out;
}

/** The final syllable's e read as a: "dapet" -> "dapat", "pake" -> "pakai". */
function vowelReadings(word: string): string[] {
  const out: string[] = [];
  const closed = /^(.*[^aiueo])e([^aiueo])$/.exec(word);
  if (closed) out.push(`${closed[1]}a${closed[2]}`);
  if (/[^aiueo]e$/.test(word)) out.push(`${word.slice(0, -1)}ai`);
  return out;
}

/**
 * Standard words a colloquial word may stand for, most likely first, without the word itself.
 * Empty for short words and numbers.
 */
export function colloquialForms(word: string): string[] {
  if (word.length < 5 || /\d/.test(word)) return [];
  const bases = [word];
  // A possessive after the colloquial form ("ditangkepnya", "dibacainnya") is read without it.
  const core = word.endsWith('nya') && word.length >= 8 ? word.slice(0, -3) : word;
  if (core !== word) bases.push(core);
  if (core.endsWith('in') && core.length >= 6) {
    const base = core.slice(0, -2);
    bases.push(`${base}kan`, `${base}i`, base);
  }
  const out = new Set<string>();
  for (const base of bases) {
    for (const reading of prefixReadings(base)) {
      out.add(reading);
      for (const vowel of vowelReadings(reading)) out.add(vowel);
    }
  }
  out.delete(word);
  return [...out];
}
