import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { storageKeys } from '@/config/storage-keys';
import {
  createStoredValue,
  parseJson,
  useStoredValue,
  type StoredValue,
} from '../lib/stored-value';

/** Spec section 3: per character, the list of tag names reached, at `achievement-{character}`. */
const stores = new Map<CharacterKey, StoredValue<string[]>>();

function parseAchievements(raw: string | null): string[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((t): t is string => typeof t === 'string' && t.length > 0))];
}

export function achievements(character: CharacterKey): StoredValue<string[]> {
  let store = stores.get(character);
  if (!store) {
    store = createStoredValue(storageKeys.achievement(character), parseAchievements);
    stores.set(character, store);
  }
  return store;
}

/**
 * Spec section 4: a predicted tag not yet in the list is added and saved. Answers true when the
 * tag is new (the caller plays the sound), false when it was already reached.
 */
export function unlockAchievement(character: CharacterKey, tag: string): boolean {
  const store = achievements(character);
  if (store.get().includes(tag)) return false;
  store.set((previous) => [...previous, tag]);
  return true;
}

export function useAchievements(character: CharacterKey): string[] {
  return useStoredValue(achievements(character));
}
