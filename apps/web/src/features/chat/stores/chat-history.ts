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
  /**
   * tfjs close call ("Maksud Anda ...?"): the two tags offered as buttons, the question they
   * answer, and the tag the learner chose once chosen.
   */
  choices?: TagChoice[];
  questionId?: string;
  chosen?: string;
};

/** A tag offered by a close call, with its display name and probability then. */
export type TagChoice = { tag: string; label: string; probability: number };

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

/** The items of a stored list that have the given field types (undefined when not a list). */
function readList<T>(value: unknown, fields: Record<string, 'string' | 'number'>): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const keys = Object.entries(fields);
  return value.filter(
    (item): item is T => isRecord(item) && keys.every(([k, type]) => typeof item[k] === type),
  );
}

const readSources = (value: unknown) =>
  readList<ChatSource>(value, {
    id: 'string',
    title: 'string',
    reference: 'string',
    excerpt: 'string',
  });

const readChoices = (value: unknown) =>
  readList<TagChoice>(value, { tag: 'string', label: 'string', probability: 'number' });

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
  const choices = readChoices(value.choices);
  if (choices) meta.choices = choices;
  if (typeof value.questionId === 'string') meta.questionId = value.questionId;
  if (typeof value.chosen === 'string') meta.chosen = value.chosen;
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

/** Changes part of one message's meta (kept across reloads). */
export function patchMeta(character: CharacterKey, id: string, patch: Partial<MessageMeta>): void {
  chatHistory(character).set((messages) =>
    messages.map((m) => (m.id === id && m.meta ? { ...m, meta: { ...m.meta, ...patch } } : m)),
  );
}

/** Keeps the learner's rating with the rated answer (it shows again after a reload). */
export function setRating(character: CharacterKey, id: string, rating: 'up' | 'down'): void {
  patchMeta(character, id, { rating });
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
