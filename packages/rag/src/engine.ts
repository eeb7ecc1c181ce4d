import type { ChatAnswer, ChatTurn } from '@dwitunggal/contracts/chat';
import { analyzeQuestion } from '@dwitunggal/text/question';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { createEmbeddedGenerator } from './embedded-generator';
import type { FallbackReason, GenerateOptions, Generator, StreamEvent } from './generator';
import type { Passage } from './knowledge';
import { createOpenAIProvider, type OpenAIProviderConfig } from './openai-provider';
import { createRetriever, type Retriever, type RetrieverOptions } from './retriever';

/**
 * The whole rag chat model behind one object, for the server route POST /api/chat: retrieval
 * (built once, at start) then generation. The route validates, authenticates and rate-limits;
 * the engine only answers.
 */

export interface RagEngineOptions {
  passages: readonly Passage[];
  /** The OpenAI-compatible provider; null or absent: the embedded generator only. */
  llm?: OpenAIProviderConfig | null;
  retriever?: RetrieverOptions;
  /** Passages retrieved per question. Default 4. */
  k?: number;
}

export interface RagAnswer extends ChatAnswer {
  generator: 'embedded' | 'openai';
  fallback?: FallbackReason;
}

export interface RagEngine {
  readonly retriever: Retriever;
  readonly generator: Generator;
  answer(request: RagRequest, options?: GenerateOptions): Promise<RagAnswer>;
  /** Streaming variant (see StreamEvent): deltas, then the final answer. */
  stream(request: RagRequest, options?: GenerateOptions): AsyncIterable<StreamEvent>;
}

export interface RagRequest {
  karakter: CharacterKey;
  prompt: string;
  /** Recent turns, oldest first (validated by the route). */
  history?: readonly ChatTurn[];
}

/**
 * How a question is searched, given the conversation. A clear follow-up ("lalu?", "kenapa
 * begitu?", "beliau menikah dengan siapa?", "hasilnya apa?") is searched with the learner's
 * previous question (and the figure's reply) as context: the question asked now leads, the
 * context says what "itu", "beliau" or "di sana" point at (see SearchOptions.context). Any other
 * question is searched alone first, and with the previous question as context only when alone it
 * finds nothing ("jurusan apa pak?" after "Bapak kuliah di mana?"). "And then?" goes on from the
 * figure's previous reply instead of repeating it.
 */
export function resolveFollowUp({ prompt, history }: RagRequest): {
  query: string;
  /** What the question refers to, searched with a reduced weight (SearchOptions.context). */
  context?: string;
  /** Searched when `query` alone finds nothing relevant. */
  fallbackContext?: string;
  alreadySaid?: string;
} {
  const lastUser = history && [...history].reverse().find((t) => t.role === 'user');
  if (!lastUser) return { query: prompt };
  const question = analyzeQuestion(prompt);
  if (!question.followUp) return { query: prompt, fallbackContext: lastUser.text };
  const lastFigure = history && [...history].reverse().find((t) => t.role === 'figure');
  return {
    query: prompt,
    // The figure's reply names what "beliau", "itu" or "-nya" point at ("Istri saya Rahmi").
    context:
      lastFigure && !question.continuation ? `${lastUser.text} ${lastFigure.text}` : lastUser.text,
    // Only "and then?" goes on past what was said; "in which year was that?" may be answered
    // by a sentence already said.
    ...(lastFigure && question.continuation ? { alreadySaid: lastFigure.text } : {}),
  };
}

export function createRagEngine(options: RagEngineOptions): RagEngine {
  const retriever = createRetriever(options.passages, options.retriever);
  const embedded = createEmbeddedGenerator();
  const generator = options.llm
    ? createOpenAIProvider({ ...options.llm, fallback: options.llm.fallback ?? embedded })
    : embedded;
  const k = options.k ?? 4;
  const input = (request: RagRequest) => {
    const { query, context, fallbackContext, alreadySaid } = resolveFollowUp(request);
    const search = (about?: string) =>
      retriever.search(query, {
        karakter: request.karakter,
        k,
        ...(about ? { context: about } : {}),
      });
    let hits = search(context);
    if (hits.length === 0 && fallbackContext) hits = search(fallbackContext);
    return {
      karakter: request.karakter,
      question: request.prompt,
      hits,
      ...(alreadySaid ? { alreadySaid } : {}),
    };
  };
  return {
    retriever,
    generator,
    async answer(request, generateOptions) {
      const answer = await generator.generate(input(request), generateOptions);
      return {
        karakter: request.karakter,
        response: answer.text,
        sources: answer.sources,
        generator: answer.generator,
        ...(answer.fallback ? { fallback: answer.fallback } : {}),
      };
    },
    stream(request, generateOptions) {
      return generator.stream(input(request), generateOptions);
    },
  };
}
