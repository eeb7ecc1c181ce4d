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
 * begitu?", "beliau menikah dengan siapa?", "hasilnya apa?") is searched together with the
 * learner's previous question. Any other question is searched alone first, and together with
 * the previous question only when alone it finds nothing ("jurusan apa pak?" after "Bapak kuliah
 * di mana?"). "And then?" goes on from the figure's previous reply instead of repeating it.
 */
export function resolveFollowUp({ prompt, history }: RagRequest): {
  query: string;
  /** Searched when `query` finds nothing relevant. */
  fallbackQuery?: string;
  alreadySaid?: string;
} {
  const lastUser = history && [...history].reverse().find((t) => t.role === 'user');
  if (!lastUser) return { query: prompt };
  const question = analyzeQuestion(prompt);
  const combined = `${lastUser.text} ${prompt}`;
  if (!question.followUp) return { query: prompt, fallbackQuery: combined };
  const lastFigure = history && [...history].reverse().find((t) => t.role === 'figure');
  return {
    // The figure's reply names what "beliau", "itu" or "-nya" point at ("Istri saya Rahmi").
    query: lastFigure && !question.continuation ? `${combined} ${lastFigure.text}` : combined,
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
    const { query, fallbackQuery, alreadySaid } = resolveFollowUp(request);
    const search = (q: string) => retriever.search(q, { karakter: request.karakter, k });
    let hits = search(query);
    if (hits.length === 0 && fallbackQuery) hits = search(fallbackQuery);
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
