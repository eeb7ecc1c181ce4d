import { FUNCTION_WORDS } from '@dwitunggal/text/question';
import { learnerWords } from '@dwitunggal/text/spelling';
import { stem } from '@dwitunggal/text/stem';

/** Words of a question read for its group key (a longer question is cut). */
const KEY_WORDS_MAX = 40;
/** Bytes of a group key at most (well inside a btree entry). */
const KEY_LENGTH_MAX = 300;

/**
 * The key that groups similar learner questions in the inbox: the question folded and in
 * standard spelling, its words stemmed, function words dropped, the remaining distinct words
 * sorted. "Kapan Bung Karno lahir?" and "bung karno lahirnya kapan" share a key. A question of
 * function words only keeps all its (stemmed) words; one without any word has no key (null).
 */
export function groupKeyOf(question: string): string | null {
  const words = learnerWords(question, KEY_WORDS_MAX);
  const content = words.filter((w) => !FUNCTION_WORDS.has(w));
  const chosen = (content.length > 0 ? content : words).map(stem).filter((w) => w.length > 0);
  const unique = [...new Set(chosen)].sort();
  if (unique.length === 0) return null;
  return unique.join(' ').slice(0, KEY_LENGTH_MAX);
}
