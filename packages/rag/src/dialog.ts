import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { ANSWER_SHAPES } from '@dwitunggal/text/question';
import { withoutToday } from './embedded-generator';
import { periodRange, type Passage } from './knowledge';
import type { IndexedSentence, Retriever, SearchHit } from './retriever';
import { toFirstPerson } from './voice';

/**
 * Where a conversation stands in the knowledge base, for follow-ups that lean on the previous
 * reply: the sentence the figure last said (its anchor), what came next in time, and what must
 * not be said again.
 *
 * The knowledge files tell each figure's life in order (one story per file, passages by id), so
 * "what came next" is either a later sentence of the anchor's passage that moves the story on
 * ("..., berakhir setelah Soebardjo datang menjemput mereka") or the next passage of the same
 * file about the figure that does not start before it.
 */

/** The sentence of the knowledge base a reply said, found by the words they share. */
export interface Anchor {
  hit: SearchHit;
  sentence: IndexedSentence;
}

/** A reply shares at least this share of its content words with its anchor sentence. */
const MIN_ANCHOR_OVERLAP = 0.5;
/** How many later passages of a story are looked through for the next event. */
const LOOKAHEAD = 6;

/** Words with which a later sentence of a passage moves its story on. */
const MOVES_ON =
  /\b(?:kemudian|akhirnya|berakhir|setelah itu|sesudah itu|sejak itu|dipindahkan|memindahkan|dibebaskan|kembali ke)\b/i;
/** A move to a place ("ke Bengkulu"): the answer to "and where to then?". */
const TO_PLACE = /\bke ((?:[A-Z][\w'-]*)(?: [A-Z][\w'-]*)*)/g;

interface StoryPlace {
  order: number;
  story: string;
  start: number;
}

export interface Dialog {
  /**
   * The sentence the reply repeats most closely, or null when none shares more than `minShare`
   * (default MIN_ANCHOR_OVERLAP) of its content words.
   */
  anchor(
    reply: string,
    karakter: CharacterKey,
    question?: string,
    minShare?: number,
  ): Anchor | null;
  /**
   * The next event after the anchor: a hit and the index of its first sentence not yet told. With
   * `newPlace`, the event must take the figure to a place not named in `said` ("ke mana lagi?").
   */
  next(
    anchor: Anchor,
    karakter: CharacterKey,
    said: string,
    newPlace: boolean,
  ): { hit: SearchHit; from: number } | null;
  /**
   * For "kenapa begitu?": the anchor's passage searched for its later sentences that give a reason
   * ("Saya berpendapat ...", "Di balik alasan resmi itu, ..."), the others to skip; null when it
   * gives none.
   */
  reason(
    anchor: Anchor,
    karakter: CharacterKey,
  ): { hit: SearchHit; skipped: IndexedSentence[] } | null;
  /** Whether a passage tells of something before the anchor in its own story. */
  before(passage: Passage, anchor: Anchor): boolean;
  /**
   * The sentences of `hit` up to the one that repeats the anchor (the reply, or the knowledge
   * sentence it repeated); none when no sentence shares enough of their words. Another passage
   * telling the same story: its part up to there was said, and is not what came next.
   */
  toldIn(hit: SearchHit, anchor: Anchor, reply: string, karakter: CharacterKey): IndexedSentence[];
}

export function createDialog(passages: readonly Passage[], retriever: Retriever): Dialog {
  const places = new Map<string, StoryPlace>();
  passages.forEach((p, order) => {
    places.set(p.id, {
      order,
      story: p.id.replace(/-\d+$/, ''),
      start: periodRange(p.period)?.[0] ?? 0,
    });
  });
  const placeOf = (p: Passage) => places.get(p.id) as StoryPlace;
  const hitFor = (passage: Passage, karakter: CharacterKey) =>
    retriever
      .search(passage.title, { karakter, k: 10, includeWeak: true })
      .find((h) => h.passage.id === passage.id) ?? null;
  const contentTerms = (text: string, karakter: CharacterKey) =>
    new Set(
      retriever
        .analyze(text, karakter)
        .filter((t) => !t.isName && t.kind !== 'unknown')
        .map((t) => t.term),
    );
  const spoken = (s: IndexedSentence, karakter: CharacterKey) =>
    toFirstPerson(withoutToday(s.text), karakter);
  /** The sentence tells of the figure himself, in his voice: it names him. */
  const aboutSpeaker = (s: IndexedSentence, karakter: CharacterKey) =>
    /\b(?:saya|kami)\b/i.test(spoken(s, karakter));
  const newPlaceIn = (s: IndexedSentence, said: string) =>
    [...s.text.matchAll(TO_PLACE)].some((m) => !said.includes(m[1] as string));

  /** The sentence of `sentences` sharing most (over the threshold) of `words`. */
  const repeating = (sentences: readonly IndexedSentence[], words: Set<string>) => {
    let best: IndexedSentence | null = null;
    let bestShare = MIN_ANCHOR_OVERLAP;
    for (const sentence of sentences) {
      let shared = 0;
      for (const w of words) if (sentence.terms.has(w)) shared += 1;
      const share = shared / words.size;
      if (share > bestShare) {
        best = sentence;
        bestShare = share;
      }
    }
    return { sentence: best, share: bestShare };
  };

  return {
    anchor(reply, karakter, question, minShare = MIN_ANCHOR_OVERLAP) {
      const words = contentTerms(reply, karakter);
      if (words.size === 0) return null;
      const hits = retriever.search(reply, {
        karakter,
        k: 3,
        includeWeak: true,
        ...(question ? { context: question } : {}),
      });
      let best: Anchor | null = null;
      let bestShare = minShare;
      for (const hit of hits) {
        const { sentence, share } = repeating(hit.sentences, words);
        if (sentence && share > bestShare) {
          best = { hit, sentence };
          bestShare = share;
        }
      }
      return best;
    },
    next(anchor, karakter, said, newPlace) {
      const fits = (s: IndexedSentence) =>
        newPlace ? newPlaceIn(s, said) && aboutSpeaker(s, karakter) : true;
      const rest = anchor.hit.sentences.filter((s) => s.index > anchor.sentence.index);
      const onward = rest.find((s) => MOVES_ON.test(s.text) && fits(s));
      if (onward) return { hit: anchor.hit, from: onward.index };
      const here = placeOf(anchor.hit.passage);
      const later = passages
        .filter((p) => {
          const at = placeOf(p);
          return (
            at.story === here.story &&
            at.order > here.order &&
            at.start >= here.start &&
            p.figures.includes(karakter)
          );
        })
        .slice(0, LOOKAHEAD);
      for (const passage of later) {
        const hit = hitFor(passage, karakter);
        if (!hit) continue;
        const first = hit.sentences.find(fits);
        if (first) return { hit, from: first.index };
      }
      return null;
    },
    reason(anchor, karakter) {
      const gives = (s: IndexedSentence) =>
        s.index > anchor.sentence.index && ANSWER_SHAPES.why.test(s.text);
      const reasons = anchor.hit.sentences.filter(gives);
      if (reasons.length === 0) return null;
      // The reasons are what the question points at: they are what is searched for.
      const query = retriever.analyze(reasons.map((s) => s.text).join(' '), karakter);
      return {
        hit: { ...anchor.hit, query },
        skipped: anchor.hit.sentences.filter((s) => !gives(s)),
      };
    },
    toldIn(hit, anchor, reply, karakter) {
      let last = -1;
      for (const text of [reply, anchor.sentence.text]) {
        const words = contentTerms(text, karakter);
        if (words.size === 0) continue;
        const { sentence } = repeating(hit.sentences, words);
        if (sentence) last = Math.max(last, sentence.index);
      }
      return hit.sentences.filter((s) => s.index <= last);
    },
    before(passage, anchor) {
      const at = placeOf(passage);
      const here = placeOf(anchor.hit.passage);
      return at.story === here.story && at.order < here.order && at.start <= here.start;
    },
  };
}

/** What a follow-up must not repeat: the reply and the given sentences as the figure says them. */
export function toldBefore(
  reply: string,
  sentences: readonly IndexedSentence[],
  karakter: CharacterKey,
): string {
  return [reply, ...sentences.map((s) => toFirstPerson(withoutToday(s.text), karakter))].join(' ');
}
