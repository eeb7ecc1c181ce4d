import path from 'node:path';
import { createRagEngine, type RagEngine, type RagRequest } from '@dwitunggal/rag/engine';
import type { StreamEvent } from '@dwitunggal/rag/generator';
import { loadKnowledge } from '@dwitunggal/rag/load-knowledge';
import { openAIConfigFromEnv } from '@dwitunggal/rag/openai-provider';
import type { Config } from '../../env';
import { findRepoPath } from '../../lib/paths';
import { startWorkerService, type WorkerEntry } from '../../lib/worker-thread';
import type { AnswerWorkerInit } from './answer-worker';

/** The settings the chat engine reads: the LLM provider's, each optional. */
export type ChatEngineConfig = Partial<Pick<Config, Extract<keyof Config, `LLM_${string}`>>>;

/** What the chat route asks of the rag model, and its end when the server closes. */
export type ChatEngine = Pick<RagEngine, 'answer' | 'stream'> & { close(): Promise<void> };

const ANSWER_WORKER: WorkerEntry = {
  name: 'answer-worker',
  bundled: new URL('./answer-worker.js', import.meta.url),
  source: new URL('./answer-worker.ts', import.meta.url),
};

/**
 * An embedded answer takes well under a millisecond (bench/rag-worst-case.ts bounds the worst
 * prompt far below this): a worker this late is stuck, and is replaced.
 */
export const ANSWER_TIMEOUT_MS = 5_000;

/**
 * The rag model on the knowledge base in data/seed/knowledge. With an OpenAI-compatible provider
 * (LLM_BASE_URL and LLM_MODEL set) it answers in this thread: the time goes in waiting for the
 * provider. Else the embedded generator answers in a worker thread (decision 033), so that
 * composing answers does not hold up the event loop that serves every other request.
 */
export async function createChatEngine(config: ChatEngineConfig): Promise<ChatEngine> {
  const knowledgeDir = path.join(findRepoPath('data/seed'), 'knowledge');
  const llm = openAIConfigFromEnv({
    LLM_BASE_URL: config.LLM_BASE_URL,
    LLM_MODEL: config.LLM_MODEL,
    LLM_API_KEY: config.LLM_API_KEY,
    LLM_TIMEOUT_MS: config.LLM_TIMEOUT_MS === undefined ? undefined : String(config.LLM_TIMEOUT_MS),
    LLM_MAX_TOKENS: config.LLM_MAX_TOKENS === undefined ? undefined : String(config.LLM_MAX_TOKENS),
    LLM_MAX_RESPONSE_BYTES:
      config.LLM_MAX_RESPONSE_BYTES === undefined
        ? undefined
        : String(config.LLM_MAX_RESPONSE_BYTES),
  });
  if (llm) {
    const engine = createRagEngine({ passages: await loadKnowledge(knowledgeDir), llm });
    return {
      answer: (request, options) => engine.answer(request, options),
      stream: (request, options) => engine.stream(request, options),
      close: async () => {},
    };
  }
  const worker = await startWorkerService<AnswerWorkerInit, RagRequest, StreamEvent[]>(
    ANSWER_WORKER,
    { knowledgeDir },
    {
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      timeoutMs: ANSWER_TIMEOUT_MS,
      errors: {
        failed: (message) => new Error(message),
        timedOut: () => new Error('The answer worker did not answer in time'),
        exited: (code) => new Error(`The answer worker stopped (exit code ${code})`),
      },
    },
  );
  return {
    async answer(request) {
      const done = (await worker.call(request)).at(-1);
      if (done?.type !== 'done') throw new Error('The answer worker gave no answer');
      return {
        karakter: request.karakter,
        response: done.answer.text,
        sources: done.answer.sources,
        generator: done.answer.generator,
      };
    },
    async *stream(request, options) {
      for (const event of await worker.call(request)) {
        if (options?.signal?.aborted) return;
        yield event;
      }
    },
    close: () => worker.close(),
  };
}
