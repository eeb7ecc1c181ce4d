import { useSyncExternalStore } from 'react';
import { useHydrated } from '@/prerender/hydration';

/**
 * A value kept in localStorage under a plain key (the spec's keys hold plain JSON, not a
 * zustand envelope), readable from React with useSyncExternalStore. Reads go to localStorage
 * every time (cheap) and the parsed value is cached per raw string, so a key removed elsewhere
 * (logout clears the chat keys) or changed in another tab is seen at once.
 */
export type StoredValue<T> = {
  get: () => T;
  /**
   * The value with nothing stored. A prerendered page shows it (the build knows no visitor's
   * storage), so React hydrates with it and renders the stored value right after.
   */
  empty: () => T;
  set(next: T | ((previous: T) => T)): void;
  remove(): void;
  subscribe: (listener: () => void) => () => void;
};

const listeners = new Map<string, Set<() => void>>();
let listeningToOtherTabs = false;

function notify(key: string) {
  listeners.get(key)?.forEach((l) => l());
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage unavailable (private mode, blocked)
  }
}

/** Writes (or removes, for null); false when storage refused. */
function writeRaw(key: string, value: string | null): boolean {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch {
    return false; // quota exceeded or storage blocked
  }
}

export function createStoredValue<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string = (v) => JSON.stringify(v),
): StoredValue<T> {
  let cachedRaw: string | null | undefined;
  let cachedValue: T;
  // The value last written when storage refused it: kept in memory for this page's life.
  let memory: string | null = null;
  let emptyValue: { value: T } | undefined;

  const get = (): T => {
    const raw = memory ?? readRaw(key);
    if (raw !== cachedRaw || cachedRaw === undefined) {
      cachedRaw = raw;
      cachedValue = parse(raw);
    }
    return cachedValue;
  };

  return {
    get,
    empty() {
      emptyValue ??= { value: parse(null) };
      return emptyValue.value;
    },
    set(next) {
      const value = typeof next === 'function' ? (next as (p: T) => T)(get()) : next;
      const raw = serialize(value);
      memory = writeRaw(key, raw) ? null : raw;
      notify(key);
    },
    remove() {
      memory = null;
      writeRaw(key, null);
      notify(key);
    },
    subscribe(listener) {
      if (!listeningToOtherTabs && typeof window !== 'undefined') {
        listeningToOtherTabs = true;
        window.addEventListener('storage', (event) => {
          if (event.key === null) listeners.forEach((_, k) => notify(k));
          else notify(event.key);
        });
      }
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

/**
 * The stored value; on a prerendered page, until hydrated, the empty value that the page was
 * built with (lib/hydration.tsx).
 */
export function useStoredValue<T>(store: StoredValue<T>): T {
  const value = useSyncExternalStore(store.subscribe, store.get, store.get);
  return useHydrated() ? value : store.empty();
}

/** JSON.parse that answers undefined instead of throwing. */
export function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
