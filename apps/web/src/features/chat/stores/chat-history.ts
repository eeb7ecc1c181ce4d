import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { ChatSource } from '@dwitunggal/contracts/chat';
import { storageKeys } from '@/config/storage-keys';
import { HISTORY_LIMIT, type ChatModel } from '../config/characters';
import {
  createStoredValue,
  parseJson,
  useStoredValue,
  type StoredValue,
} from '../lib/stored-value';

/** What the figure's answer was made with (shown in the meta line and under the answer). */
export type MessageMeta = {
  model: ChatModel;
  /** Seconds from sending to the answer (absent on turns restored from the server). */
  elapsedSeconds?: number;
  /** tfjs: the predicted tag and its probability (0..1). */
  tag?: string;
  probability?: number;
  /** tfjs: the figure answered with a fallback line (below the model's thresholds). */
  lowConfidence?: boolean;
  /** tfjs: the model version that answered. */
  modelVersion?: number;
  /** rag: the passages the answer is grounded in. */
  sources?: ChatSource[];
  /** The learner's thumbs up or down on this answer, once the server has it. */
  rating?: 'up' | 'down';
};

/** Spec section 3: id, text, sender (user or the character key), timestamp string, isError. */
export type ChatMessage = {
  id: string;
  text: string;
  sender: 'user' | CharacterKey;
  /** ISO 8601; shown as 'HH:MM, day month-name'. */
  timestamp: string;
  isError?: boolean;
  meta?: MessageMeta;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function readSources(value: unknown): ChatSource[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (s): s is ChatSource =>
      isRecord(s) &&
      typeof s.id === 'string' &&
      typeof s.title === 'string' &&
      typeof s.reference === 'string' &&
      typeof s.excerpt === 'string',
  );
}

function readMeta(value: unknown): MessageMeta | undefined {
  if (!isRecord(value) || (value.model !== 'tfjs' && value.model !== 'rag')) return undefined;
  const meta: MessageMeta = {
    model: value.model,
  };
  if (typeof value.elapsedSeconds === 'number') meta.elapsedSeconds = value.elapsedSeconds;
  if (typeof value.tag === 'string') meta.tag = value.tag;
  if (typeof value.probability === 'number') meta.probability = value.probability;
  if (value.lowConfidence === true) meta.lowConfidence = true;
  if (typeof value.modelVersion === 'number') meta.modelVersion = value.modelVersion;
  const sources = readSources(value.sources);
  if (sources) meta.sources = sources;
  if (value.rating === 'up' || value.rating === 'down') meta.rating = value.rating;
  return meta;
}

/** Reads a stored history, dropping entries that are not messages (old or tampered data). */
export function parseHistory(character: CharacterKey, raw: string | null): ChatMessage[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return [];
  const out: ChatMessage[] = [];
  for (const item of value) {
    if (
      !isRecord(item) ||
      typeof item.id !== 'string' ||
      typeof item.text !== 'string' ||
      typeof item.timestamp !== 'string' ||
      (item.sender !== 'user' && item.sender !== character)
    ) {
      continue;
    }
    const message: ChatMessage = {
      id: item.id,
      text: item.text,
      sender: item.sender as ChatMessage['sender'],
      timestamp: item.timestamp,
    };
    if (item.isError === true) message.isError = true;
    const meta = readMeta(item.meta);
    if (meta) message.meta = meta;
    out.push(message);
  }
  return out;
}

const stores = new Map<CharacterKey, StoredValue<ChatMessage[]>>();

/** Spec section 3: the history of one character, at `chat-{character}`. */
export function chatHistory(character: CharacterKey): StoredValue<ChatMessage[]> {
  let store = stores.get(character);
  if (!store) {
    store = createStoredValue(storageKeys.chat(character), (raw) => parseHistory(character, raw));
    stores.set(character, store);
  }
  return store;
}

export function appendMessages(character: CharacterKey, messages: readonly ChatMessage[]): void {
  chatHistory(character).set((previous) => [...previous, ...messages].slice(-HISTORY_LIMIT));
}

/** Keeps the learner's rating with the rated answer (it shows again after a reload). */
export function setRating(character: CharacterKey, id: string, rating: 'up' | 'down'): void {
  chatHistory(character).set((messages) =>
    messages.map((m) => (m.id === id && m.meta ? { ...m, meta: { ...m.meta, rating } } : m)),
  );
}

/** Takes one message out of the conversation (an error answer that a retry replaces). */
export function removeMessage(character: CharacterKey, id: string): void {
  chatHistory(character).set((messages) => messages.filter((m) => m.id !== id));
}

export function clearHistory(character: CharacterKey): void {
  chatHistory(character).remove();
}

export function useChatHistory(character: CharacterKey): ChatMessage[] {
  return useStoredValue(chatHistory(character));
}

let counter = 0;
/** A unique message id (crypto.randomUUID where available). */
export function messageId(): string {
  counter += 1;
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `m-${Date.now().toString(36)}-${counter}`;
}
