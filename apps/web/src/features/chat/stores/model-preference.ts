import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { CHARACTERS, DEFAULT_CHAT_MODEL, type ChatModel } from '../config/characters';
import { createStoredValue, useStoredValue, type StoredValue } from '../lib/stored-value';

/**
 * Spec section 3: the selected model per character, at selectedModelSoekarno /
 * selectedModelHatta, as the plain string 'tfjs' or 'rag' (default tfjs).
 */
export function parseModel(raw: string | null): ChatModel {
  const value = raw?.trim().replace(/^"(.*)"$/, '$1');
  return value === 'rag' || value === 'tfjs' ? value : DEFAULT_CHAT_MODEL;
}

const stores = new Map<CharacterKey, StoredValue<ChatModel>>();

export function modelPreference(character: CharacterKey): StoredValue<ChatModel> {
  let store = stores.get(character);
  if (!store) {
    store = createStoredValue(CHARACTERS[character].modelStorageKey, parseModel, (v) => v);
    stores.set(character, store);
  }
  return store;
}

export function useModelPreference(character: CharacterKey): ChatModel {
  return useStoredValue(modelPreference(character));
}
