import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/helpers';
import {
  createMemoryRateLimiter,
  createRateLimiter,
  createSqlRateLimiter,
  type RateLimiter,
} from './rate-limiter';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let prefix = 0;
/** Keys of their own for each test: the SQL store's counters outlive a test. */
const keys = () => {
  prefix += 1;
  return (name: string) => `t${prefix}:${name}`;
};

// The two stores must give the same answers: every test here runs on both.
const stores: Array<[string, () => RateLimiter]> = [
  ['the SQL store', () => createSqlRateLimiter(database.db)],
  ['the memory store', () => createMemoryRateLimiter()],
];

describe.each(stores)('%s', (_name, make) => {
  it('counts hits in a window and says when it ends', async () => {
    const limiter = make();
    const k = keys();
    expect((await limiter.hit(k('a'), 60)).count).toBe(1);
    const second = await limiter.hit(k('a'), 60);
    expect(second.count).toBe(2);
    expect(second.resetInSeconds).toBeGreaterThan(55);
    expect(second.resetInSeconds).toBeLessThanOrEqual(60);
    expect(await limiter.peek(k('a'), 60)).toMatchObject({ count: 2 });
    expect(await limiter.peek(k('unknown'), 60)).toEqual({ count: 0, resetInSeconds: 1 });
  });

  it('counts a chain narrowest first and stops at the first counter over its limit', async () => {
    const limiter = make();
    const k = keys();
    const chain = (user: string) => [
      { key: k(user), max: 2 },
      { key: k('ip'), max: 3 },
      { key: k('global'), max: 100 },
    ];
    expect((await limiter.hitChain(chain('u1'), 60)).blocked).toBeNull();
    expect((await limiter.hitChain(chain('u1'), 60)).blocked).toBeNull();
    const over = await limiter.hitChain(chain('u1'), 60);
    expect(over.blocked).toMatchObject({ index: 0, key: k('u1') });
    expect(over.blocked?.retryAfterSeconds).toBeGreaterThan(0);
    // The learner over their own limit used up neither the address nor everyone's budget.
    expect((await limiter.peek(k('ip'), 60)).count).toBe(2);
    expect((await limiter.peek(k('global'), 60)).count).toBe(2);
    expect((await limiter.hitChain(chain('u2'), 60)).blocked).toBeNull();
    expect((await limiter.hitChain(chain('u2'), 60)).blocked).toMatchObject({ index: 1 });
    expect((await limiter.peek(k('global'), 60)).count).toBe(3);
    expect((await limiter.hitChain([], 60)).blocked).toBeNull();
  });

  it('reserves at most max slots, gives one back on refund, and forgets on reset', async () => {
    const limiter = make();
    const k = keys();
    const first = await limiter.reserve(k('pair'), 60, 2);
    expect(first).toMatchObject({ count: 1, allowed: true });
    expect(await limiter.reserve(k('pair'), 60, 2)).toMatchObject({ count: 2, allowed: true });
    const refused = await limiter.reserve(k('pair'), 60, 2);
    expect(refused).toMatchObject({ count: 3, allowed: false });
    // A refused call does not count further.
    expect(await limiter.reserve(k('pair'), 60, 2)).toMatchObject({ count: 3, allowed: false });
    await limiter.refund(k('pair'), first);
    expect((await limiter.peek(k('pair'), 60)).count).toBe(2);
    // A reservation of another window gives nothing back here.
    await limiter.refund(k('pair'), await limiter.reserve(k('other'), 60, 2));
    expect((await limiter.peek(k('pair'), 60)).count).toBe(2);
    await limiter.reset(k('pair'));
    expect((await limiter.peek(k('pair'), 60)).count).toBe(0);
  });

  it('resets every counter of a prefix and no other', async () => {
    const limiter = make();
    const k = keys();
    await limiter.hit(k('pair:budi@example.com:1'), 60);
    await limiter.hit(k('pair:budi@example.com:2'), 60);
    await limiter.hit(k('pair:siti@example.com:1'), 60);
    await limiter.resetPrefix(k('pair:budi@example.com:'));
    expect((await limiter.peek(k('pair:budi@example.com:1'), 60)).count).toBe(0);
    expect((await limiter.peek(k('pair:budi@example.com:2'), 60)).count).toBe(0);
    expect((await limiter.peek(k('pair:siti@example.com:1'), 60)).count).toBe(1);
  });
});

describe('createRateLimiter', () => {
  it('keeps counters in the table on PostgreSQL, in memory shared by its apps on PGlite', async () => {
    const limiter = createRateLimiter(database);
    await limiter.hit('shared:check', 60);
    const inTable = (await createSqlRateLimiter(database.db).peek('shared:check', 60)).count;
    // Each test run covers one driver: CI runs this file on both.
    if (database.kind === 'postgres') {
      expect(inTable).toBe(1);
      return;
    }
    expect(inTable).toBe(0);
    expect(createRateLimiter({ ...database })).toBe(limiter);
    expect((await createRateLimiter({ ...database }).peek('shared:check', 60)).count).toBe(1);
  });
});

describe('the memory store', () => {
  it('starts a new window once the last one has ended', async () => {
    let t = 1_000_000;
    const limiter = createMemoryRateLimiter({ now: () => t });
    await limiter.hit('k', 60);
    await limiter.hit('k', 60);
    t += 59_000;
    expect(await limiter.hit('k', 60)).toEqual({ count: 3, resetInSeconds: 1 });
    t += 1_000;
    expect(await limiter.hit('k', 60)).toEqual({ count: 1, resetInSeconds: 60 });
    const reservation = await limiter.reserve('r', 60, 5);
    t += 60_000;
    await limiter.reserve('r', 60, 5);
    // A slot of an ended window is not given back to the new one.
    await limiter.refund('r', reservation);
    expect((await limiter.peek('r', 60)).count).toBe(1);
  });

  it('keeps at most its cap of counters, dropping ended windows first, then the oldest', async () => {
    let t = 0;
    const limiter = createMemoryRateLimiter({ now: () => t, maxCounters: 10 });
    await limiter.hit('short', 1);
    for (let i = 0; i < 8; i++) await limiter.hit(`long${i}`, 3600);
    t += 2_000;
    await limiter.hit('long8', 3600);
    // Full: the ended window goes, and nothing else needed to.
    await limiter.hit('long9', 3600);
    expect((await limiter.peek('long0', 3600)).count).toBe(1);
    expect((await limiter.peek('short', 1)).count).toBe(0);
    // Still full of live windows: the oldest go, down to 90% of the cap.
    await limiter.hit('long10', 3600);
    expect((await limiter.peek('long0', 3600)).count).toBe(0);
    expect((await limiter.peek('long10', 3600)).count).toBe(1);
    let kept = 0;
    for (let i = 0; i <= 10; i++) kept += (await limiter.peek(`long${i}`, 3600)).count;
    expect(kept).toBeLessThanOrEqual(10);
  });
});
