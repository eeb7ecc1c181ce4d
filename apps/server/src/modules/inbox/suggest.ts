import { groupKeyOf } from './grouping';

/** Below this share of the question's (weighted) words, no tag is suggested. */
export const SUGGEST_MIN_CONFIDENCE = 0.4;

interface TagInputs {
  tag: string;
  input: string[];
}

const wordsOf = (text: string): string[] => groupKeyOf(text)?.split(' ') ?? [];

/** The key words of each input of each tag, kept while the tag list is the same array. */
const read = new WeakMap<readonly TagInputs[], Set<string>[][]>();
const inputWords = (tags: readonly TagInputs[]): Set<string>[][] => {
  let words = read.get(tags);
  if (!words) {
    words = tags.map((t) => t.input.map((i) => new Set(wordsOf(i))));
    read.set(tags, words);
  }
  return words;
};

/**
 * The figure's tag whose inputs best cover a learner's question, for inbox items that came with
 * no tag of their own (rag declined it, or the thumbs down was on a rag answer). The server runs
 * no classifier, so this is lexical: the question's key words (folded, standard spelling,
 * stemmed, function words dropped) are weighed by how few tags use them (a word most tags have,
 * like the figure's name, is left out), and the score of a tag is the weighted share of the
 * question that one of its inputs holds. Returns null below `SUGGEST_MIN_CONFIDENCE`.
 */
export function suggestTag(
  question: string,
  tags: readonly TagInputs[],
): { tag: string; confidence: number } | null {
  if (tags.length === 0) return null;
  const tagWords = inputWords(tags);
  const weight = new Map<string, number>();
  for (const word of new Set(wordsOf(question))) {
    const inTags = tagWords.filter((inputs) => inputs.some((w) => w.has(word))).length;
    // A word more than half of the tags use (the figure's name, "bapak") tells no tag apart (of
    // three or more); a
    // word no tag uses ("sebenernya", "piala") counts as much as a common one: it lowers the
    // share of every tag a little, and a question of such words alone finds none.
    if (tags.length > 2 && inTags > tags.length / 2) continue;
    weight.set(word, inTags === 0 ? Math.log(2) : Math.log(1 + tags.length / inTags));
  }
  const asked = [...weight.keys()];
  if (asked.length === 0) return null;
  const total = asked.reduce((sum, w) => sum + weight.get(w)!, 0);
  let best: { tag: string; confidence: number } | null = null;
  tags.forEach((t, i) => {
    for (const input of tagWords[i]!) {
      const held = asked.reduce((sum, w) => sum + (input.has(w) ? weight.get(w)! : 0), 0);
      const confidence = Math.round((held / total) * 1000) / 1000;
      if (!best || confidence > best.confidence) best = { tag: t.tag, confidence };
    }
  });
  const found = best as { tag: string; confidence: number } | null;
  return found && found.confidence >= SUGGEST_MIN_CONFIDENCE ? found : null;
}
