import type { ChatAnswer } from '@dwitunggal/contracts/chat';
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
  answer(
    request: { karakter: CharacterKey; prompt: string },
    options?: GenerateOptions,
  ): Promise<RagAnswer>;
  /** Streaming variant (see StreamEvent): deltas, then the final answer. */
  stream(
    request: { karakter: CharacterKey; prompt: string },
    options?: GenerateOptions,
  ): AsyncIterable<StreamEvent>;
}

export function createRagEngine(options: RagEngineOptions): RagEngine {
  const retriever = createRetriever(options.passages, options.retriever);
  const embedded = createEmbeddedGenerator();
  const generator = options.llm
    ? createOpenAIProvider({ ...options.llm, fallback: options.llm.fallback ?? embedded })
    : embedded;
  const k = options.k ?? 4;
  const input = ({ karakter, prompt }: { karakter: CharacterKey; prompt: string }) => ({
    karakter,
    question: prompt,
    hits: retriever.search(prompt, { karakter, k }),
  });
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
