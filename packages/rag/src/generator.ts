import type { ChatSource } from '@dwitunggal/contracts/chat';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { SearchHit } from './retriever';

/** What every answer generator receives: the figure, the learner's question, the retrieval. */
export interface GenerateInput {
  karakter: CharacterKey;
  question: string;
  /** Passages from Retriever.search, best first; empty when nothing relevant was found. */
  hits: readonly SearchHit[];
  /** What the figure said in the previous turn: a follow-up goes on instead of repeating it. */
  alreadySaid?: string;
  /**
   * The question asks for a cause in other words than "mengapa" ("gmn ceritanya bapak bisa
   * dibuang ke digul?"): it is answered as a "mengapa" is.
   */
  causeAsked?: boolean;
  /**
   * "tan malaka itu siapa?": the passage about that person leads (hits[0]), and its title's
   * description ("Tan Malaka, tokoh revolusioner ...") says who he or she is.
   */
  whoIs?: { name: string; description: string };
  /**
   * What the figure's replies in the conversation told: their text, and the knowledge sentences
   * found in it (./dialog). The next question asks something new: another sentence that answers
   * it as well goes first, and none of these comes back beside the main fact.
   */
  repeated?: {
    text: string;
    sentences: readonly { passage: string; index: number }[];
  };
}

export interface GenerateOptions {
  /** Aborts the generation (for example when the browser disconnects). */
  signal?: AbortSignal;
}

export interface GeneratedAnswer {
  /** The answer, in Indonesian, in the figure's voice. */
  text: string;
  /** The passages the answer rests on (empty for "I do not know"). */
  sources: ChatSource[];
  /** Which generator produced `text`. */
  generator: 'embedded' | 'openai';
  /** Set when a provider failed and the embedded generator answered instead. */
  fallback?: FallbackReason;
}

export type FallbackReason =
  | 'timeout'
  | 'http-error'
  | 'network-error'
  | 'malformed-response'
  | 'empty-answer'
  | 'unsafe-answer'
  | 'aborted';

/**
 * Streaming events. `delta` appends text; `done` carries the final answer. When `replace` is
 * true the text streamed so far must be replaced by `answer.text` (the provider failed half-way
 * and the embedded generator answered instead). A client can always render `answer.text` last.
 */
export type StreamEvent =
  { type: 'delta'; text: string } | { type: 'done'; answer: GeneratedAnswer; replace: boolean };

export interface Generator {
  readonly name: string;
  generate(input: GenerateInput, options?: GenerateOptions): Promise<GeneratedAnswer>;
  stream(input: GenerateInput, options?: GenerateOptions): AsyncIterable<StreamEvent>;
}
