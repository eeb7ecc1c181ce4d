import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createPostgresDatabase, type Database } from '../db/client';
import {
  createTestDatabase,
  scratchPostgres,
  signUp,
  signUpAdmin,
  testConfig,
} from '../../test/helpers';
import { tagsClient } from '../modules/tags/testing';
import { ALL_KEYS, CACHE_CHANNEL, createCache, createCacheBus, type CacheBus } from './cache';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

/** Resolves when `bus` next delivers `key` to its subscribers (subscribe before the cause). */
function heard(bus: CacheBus, key: string): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = bus.subscribe((k) => {
      if (k !== key) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Retries a read until it sees the change (what a client of the other app sees). Only for two
 * apps, whose buses are their own: the buses themselves are awaited with `heard`.
 */
async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('createCache (one process)', () => {
  it('drops a whole group on its key, and keeps at most maxBytes', async () => {
    const bus = await createCacheBus({});
    const cache = createCache<string>(bus, {
      groupOf: (key) => key.slice(0, key.indexOf('/')),
      maxBytes: 5,
      sizeOf: (value) => value.length,
    });
    const loads: string[] = [];
    const get = (key: string, value: string) =>
      cache.get(key, async () => {
        loads.push(key);
        return value;
      });
    await get('a/1', 'xx');
    await get('a/2', 'yy');
    await get('b/1', 'z');
    await get('a/1', 'xx');
    expect(loads).toEqual(['a/1', 'a/2', 'b/1']);
    await cache.invalidate('a'); // both keys of group a go, b stays
    await get('a/1', 'xx');
    await get('a/2', 'yy');
    await get('b/1', 'z');
    expect(loads).toEqual(['a/1', 'a/2', 'b/1', 'a/1', 'a/2']);
    await get('b/2', 'www'); // 2 + 2 + 1 + 3 bytes: the least recently used go (a/1, a/2)
    await get('b/1', 'z');
    await get('a/2', 'yy');
    expect(loads.slice(5)).toEqual(['b/2', 'a/2']);
    await get('c/1', 'too large'); // larger than maxBytes: answered, never kept
    await get('c/1', 'too large');
    expect(loads.slice(7)).toEqual(['c/1', 'c/1']);
  });

  it('loads once, serves hits, and reloads after an invalidation', async () => {
    const cache = createCache<number>(await createCacheBus({}));
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });
    await cache.invalidate('k');
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('keeps at most maxEntries values, dropping the least recently used', async () => {
    const cache = createCache<string>(await createCacheBus({}), { maxEntries: 2 });
    const loads: string[] = [];
    const get = (key: string) =>
      cache.get(key, async () => {
        loads.push(key);
        return key;
      });
    await get('a');
    await get('b');
    await get('a'); // a hit: now the most recently used
    await get('c'); // drops b
    await get('a');
    await get('c');
    expect(loads).toEqual(['a', 'b', 'c']);
    await get('b'); // reloaded, drops a
    await get('a');
    expect(loads).toEqual(['a', 'b', 'c', 'b', 'a']);
  });

  it('stays correct when the bookkeeping of many invalidated keys is reset', async () => {
    const cache = createCache<string>(await createCacheBus({}), { maxEntries: 3 });
    for (let i = 0; i < 1000; i += 1) await cache.invalidate(`k${i}`);
    // A load that raced with an invalidation is still never kept after the bookkeeping reset.
    const gate = deferred<string>();
    const stale = cache.get('x', () => gate.promise);
    await cache.invalidate('x');
    for (let i = 0; i < 10; i += 1) await cache.invalidate(`y${i}`);
    gate.resolve('old');
    expect(await stale).toBe('old');
    expect(await cache.get('x', async () => 'new')).toBe('new');
  });

  it('never keeps a value whose load raced with an invalidation', async () => {
    const cache = createCache<string>(await createCacheBus({}));
    const gate = deferred<string>();
    const stale = cache.get('k', () => gate.promise);
    await cache.invalidate('k'); // a write commits while the old value is being read
    gate.resolve('old');
    expect(await stale).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createCache<number>(await createCacheBus({}));
    let loads = 0;
    const gate = deferred<void>();
    const load = async () => {
      loads += 1;
      await gate.promise;
      return loads;
    };
    const all = Promise.all(Array.from({ length: 10 }, () => cache.get('k', load)));
    gate.resolve();
    expect(await all).toEqual(Array(10).fill(1));
    expect(loads).toBe(1);
  });

  it('does not keep a failed load, and expires entries after the TTL', async () => {
    let now = 0;
    const cache = createCache<number>(await createCacheBus({}), { ttlMs: 1000, now: () => now });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', async () => 1)).toBe(1);
    now = 999;
    expect(await cache.get('k', async () => 2)).toBe(1);
    now = 1000;
    expect(await cache.get('k', async () => 3)).toBe(3);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Two connection pools (two server processes) on one scratch PostgreSQL database; they and the
 * database go at `cleanup`.
 */
async function twoPools(serverUrl: string, poolSize: number, cleanup: (() => Promise<void>)[]) {
  const scratch = await scratchPostgres(serverUrl, 'dw_cache');
  cleanup.push(scratch.drop);
  const a = await createPostgresDatabase(scratch.url, { poolSize });
  const b = await createPostgresDatabase(scratch.url, { poolSize, migrate: false });
  cleanup.push(
    () => a.close(),
    () => b.close(),
  );
  return [a, b] as const;
}

/**
 * Two server processes behind a proxy, each with its own cache: the PostgreSQL run builds two
 * apps on two connection pools to one database (LISTEN/NOTIFY between them); the PGlite run
 * two apps on one embedded database (its in-process channel).
 */
describe('two app instances on one database', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it("see each other's writes; the cache really caches in between", async () => {
    let databases: [Database, Database];
    if (pgUrl) {
      databases = [...(await twoPools(pgUrl, 3, cleanup))];
    } else {
      const shared = await createTestDatabase();
      cleanup.push(() => shared.close());
      databases = [shared, shared];
    }
    const apps: FastifyInstance[] = [];
    for (const database of databases) {
      const app = await buildApp({ config: testConfig(), database, logger: false });
      await app.ready();
      cleanup.push(() => app.close());
      apps.push(app);
    }
    const [appA, appB] = apps as [FastifyInstance, FastifyInstance];
    const adminA = tagsClient(
      appA,
      (await signUpAdmin({ app: appA, database: databases[0] })).token,
    );
    const learnerB = tagsClient(appB, (await signUp(appB)).token);

    await adminA.create({ nama: 'Hatta', tag: 'sapaan', input: ['halo'], responses: ['hai'] });
    await until(async () => (await learnerB.list('Hatta')).length === 1);
    const cached = await learnerB.list('Hatta');

    // A row written behind the apps' backs is not seen: B serves its cached list.
    await databases[1].db.execute(
      sql`insert into tags (character, name, name_key) values ('hatta', 'diam', 'diam')`,
    );
    expect(await learnerB.list('Hatta')).toEqual(cached);

    // A write through A reaches B's cache; B then sees everything.
    await adminA.create({
      nama: 'Hatta',
      tag: 'perpisahan',
      input: ['dadah'],
      responses: ['sampai jumpa'],
    });
    await until(async () => (await learnerB.list('Hatta')).length === 3);
    expect((await learnerB.list('Hatta')).map((t) => t.tag)).toEqual([
      'sapaan',
      'diam',
      'perpisahan',
    ]);

    // And the other way round: B deletes, A sees it.
    const learnerA = tagsClient(appA, (await signUp(appA)).token);
    expect(await learnerA.list('Hatta')).toHaveLength(3);
    const adminB = tagsClient(
      appB,
      (await signUpAdmin({ app: appB, database: databases[1] })).token,
    );
    await adminB.clear('Hatta');
    await until(async () => (await learnerA.list('Hatta')).length === 0);
  });
});

if (pgUrl) {
  describe('the PostgreSQL bus', () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const fn of cleanup.reverse()) await fn();
    });

    it('is not live while its LISTEN connection is down, flushes on reconnection, and hears again', async () => {
      const [a, b] = await twoPools(pgUrl, 2, cleanup);
      const busA = await createCacheBus(a);
      const busB = await createCacheBus(b);
      cleanup.push(
        () => busA.close(),
        () => busB.close(),
      );
      expect(busA.live && busB.live).toBe(true);

      const cache = createCache<number>(busB);
      let loads = 0;
      const load = async () => ++loads;
      expect(await cache.get('k', load)).toBe(1);
      expect(await cache.get('k', load)).toBe(1);

      const changed = heard(busB, 'k');
      await busA.publish('k');
      await changed;
      expect(await cache.get('k', load)).toBe(2);

      // Kill B's LISTEN connection from the server side: B delivers ALL_KEYS on the loss...
      const lost = heard(busB, ALL_KEYS);
      await a.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      await lost;
      const reconnected = heard(busB, ALL_KEYS);
      expect(busB.live).toBe(false);
      // Not live: every read goes to the database, nothing is kept.
      expect(await cache.get('k', load)).toBe(3);
      // ...and again once it has reconnected.
      await reconnected;
      expect(busB.live).toBe(true);
      const again = heard(busB, 'again');
      await busA.publish('again');
      await again;
      expect(await cache.get('k', load)).toBe(4);
      expect(await cache.get('k', load)).toBe(4);
    });

    it('ignores its own notifications and foreign payloads on the channel', async () => {
      const scratch = await scratchPostgres(pgUrl, 'dw_cache');
      cleanup.push(scratch.drop);
      const a = await createPostgresDatabase(scratch.url, { poolSize: 2 });
      cleanup.push(() => a.close());
      const bus = await createCacheBus(a);
      cleanup.push(() => bus.close());
      const keys: string[] = [];
      bus.subscribe((key) => keys.push(key));
      const theirs = heard(bus, 'theirs');
      await bus.publish('mine');
      await a.notify?.(CACHE_CHANNEL, 'no separator');
      await a.notify?.(CACHE_CHANNEL, 'external\u0001theirs');
      await theirs;
      expect(keys).toEqual(['mine', 'theirs']);
    });
  });
}
