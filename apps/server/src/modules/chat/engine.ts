import path from 'node:path';
import { createRagEngine, type RagEngine } from '@dwitunggal/rag/engine';
import { loadKnowledge } from '@dwitunggal/rag/load-knowledge';
import { openAIConfigFromEnv } from '@dwitunggal/rag/openai-provider';
import type { Config } from '../../env';
import { findRepoPath } from '../../lib/paths';

/** The settings the chat engine reads: the LLM provider's, each optional. */
export type ChatEngineConfig = Partial<Pick<Config, Extract<keyof Config, `LLM_${string}`>>>;

/**
 * The rag model: the knowledge base in data/seed/knowledge indexed once at start, and the
 * OpenAI-compatible provider when LLM_BASE_URL and LLM_MODEL are set (else the embedded,
 * offline generator).
 */
export async function createChatEngine(config: ChatEngineConfig): Promise<RagEngine> {
  const passages = await loadKnowledge(path.join(findRepoPath('data/seed'), 'knowledge'));
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
  return createRagEngine({ passages, llm });
}
