import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';

/**
 * In-process caches of hot, rarely changing reads (the tag list of a figure), invalidated by
 * every write in every server process.
 *
 * - `CacheBus` carries "key changed" messages. Inside a process, `publish` reaches the local
 *   subscribers synchronously, before it returns, so a write that awaits its invalidation never
 *   answers before the next read in the same process misses the cache. Across processes it
 *   sends a PostgreSQL NOTIFY on `CACHE_CHANNEL`, received by every other process's LISTEN
 *   connection. On PGlite (one process by construction) the database's in-process emitter
 *   plays that part, which also connects two apps built on the same PGlite in one process.
 * - When the LISTEN connection is down, notifications can be missed: the bus then reports
 *   `live === false` and delivers `ALL_KEYS` to its subscribers on loss and on reconnection;
 *   caches neither serve nor keep values while the bus is not live.
 * - `createCache` keeps values per key with a TTL as a last safety net, drops a key on its
 *   message, never stores a value loaded before an invalidation it raced with (per-key
 *   generations), and shares one load between concurrent misses of the same key.
 */

export const CACHE_CHANNEL = 'dwitunggal_cache';
/** Delivered to subscribers when messages may have been missed: drop everything. */
export const ALL_KEYS = '*';

export interface CacheBus {
  /** Announces that `key` changed: local subscribers at once, other processes by NOTIFY. Never throws. */
  publish(key: string): Promise<void>;
  /** Calls `fn` with every changed key (or `ALL_KEYS`); returns the unsubscribe function. */
  subscribe(fn: (key: string) => void): () => void;
  /** True while changes made by other processes are guaranteed to be heard. */
  readonly live: boolean;
  close(): Promise<void>;
}

const SEPARATOR = '\u0001';

export async function createCacheBus(
  database: Pick<Database, 'listen' | 'notify'>,
  opts: { onError?: (err: unknown) => void } = {},
): Promise<CacheBus> {
  const origin = randomUUID();
  const subscribers = new Set<(key: string) => void>();
  const deliver = (key: string) => {
    for (const fn of subscribers) fn(key);
  };

  // Without a notification channel this process can only trust itself: fine for a single
  // process, which is the only way such a database is used.
  const listener = database.listen
    ? await database.listen(
        CACHE_CHANNEL,
        (payload) => {
          const at = payload.indexOf(SEPARATOR);
          if (at < 0 || payload.slice(0, at) === origin) return;
          deliver(payload.slice(at + 1));
        },
        { onLost: () => deliver(ALL_KEYS), onReconnect: () => deliver(ALL_KEYS) },
      )
    : null;

  return {
    async publish(key) {
      deliver(key);
      if (!database.notify) return;
      try {
        await database.notify(CACHE_CHANNEL, `${origin}${SEPARATOR}${key}`);
      } catch (err) {
        // The write itself succeeded; other processes catch up when their entries expire.
        opts.onError?.(err);
      }
    },
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    get live() {
      return listener ? listener.connected : true;
    },
    async close() {
      subscribers.clear();
      await listener?.close();
    },
  };
}

export interface Cache<T> {
  /** The cached value of `key`, or the result of `load` (kept if nothing changed meanwhile). */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops `key` here and in every other process; resolves once the local copy is gone. */
  invalidate(key: string): Promise<void>;
  /** Counters for tests and diagnostics. */
  readonly stats: { hits: number; misses: number };
}

export function createCache<T>(
  bus: CacheBus,
  opts: {
    ttlMs?: number;
    now?: () => number;
    /** At most this many values are kept; the least recently used goes first. */
    maxEntries?: number;
    /**
     * The key whose change message drops this key (default: the key itself). Keys of one group
     * are dropped together, e.g. every file of a figure's models when its active model changes.
     */
    groupOf?: (key: string) => string;
    /** With `sizeOf`: at most this many bytes are kept, least recently used going first. */
    maxBytes?: number;
    sizeOf?: (value: T) => number;
  } = {},
): Cache<T> {
  const ttlMs = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 10_000;
  const groupOf = opts.groupOf ?? ((key: string) => key);
  const maxBytes = opts.maxBytes ?? Infinity;
  const sizeOf = opts.sizeOf ?? (() => 0);
  const entries = new Map<string, { value: T; expiresAt: number; bytes: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const clear = () => {
    entries.clear();
    bytes = 0;
  };
  const generations = new Map<string, number>();
  const inflight = new Map<string, { generation: string; promise: Promise<T> }>();
  let epoch = 0;
  const stats = { hits: 0, misses: 0 };

  const generationOf = (key: string) => `${epoch}/${generations.get(groupOf(key)) ?? 0}`;

  bus.subscribe((key) => {
    if (key === ALL_KEYS) {
      epoch += 1;
      clear();
      inflight.clear();
      return;
    }
    if (generations.size >= maxEntries * 2) {
      // Too many remembered generations: forget them all by starting a new epoch, which also
      // drops every value (as if every key changed), so no load in flight can store a stale one.
      epoch += 1;
      generations.clear();
      clear();
      inflight.clear();
      return;
    }
    generations.set(key, (generations.get(key) ?? 0) + 1);
    if (!opts.groupOf) {
      drop(key);
      inflight.delete(key);
      return;
    }
    for (const k of [...entries.keys()]) if (groupOf(k) === key) drop(k);
    for (const k of [...inflight.keys()]) if (groupOf(k) === key) inflight.delete(k);
  });

  return {
    stats,
    async get(key, load) {
      if (!bus.live) {
        stats.misses += 1;
        return load();
      }
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) {
        stats.hits += 1;
        // Most recently used last (a Map keeps insertion order).
        entries.delete(key);
        entries.set(key, entry);
        return entry.value;
      }
      if (entry) drop(key);
      stats.misses += 1;
      const generation = generationOf(key);
      const pending = inflight.get(key);
      if (pending && pending.generation === generation) return pending.promise;
      const promise = load().then(
        (value) => {
          if (inflight.get(key)?.promise === promise) inflight.delete(key);
          const size = sizeOf(value);
          if (bus.live && generationOf(key) === generation && size <= maxBytes) {
            drop(key);
            entries.set(key, { value, expiresAt: now() + ttlMs, bytes: size });
            bytes += size;
            while (entries.size > maxEntries || bytes > maxBytes)
              drop(entries.keys().next().value as string);
          }
          return value;
        },
        (err: unknown) => {
          if (inflight.get(key)?.promise === promise) inflight.delete(key);
          throw err;
        },
      );
      inflight.set(key, { generation, promise });
      return promise;
    },
    async invalidate(key) {
      await bus.publish(key);
    },
  };
}

/**
 * Announces a change from code that has no bus of its own (seeding, the reset command run in
 * another process): every server process listening on the database drops `key`.
 */
export async function announceChange(
  database: Pick<Database, 'notify'>,
  key: string,
): Promise<void> {
  await database.notify?.(CACHE_CHANNEL, `external${SEPARATOR}${key}`);
}
