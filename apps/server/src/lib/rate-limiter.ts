import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

export interface Hit {
  count: number;
  resetInSeconds: number;
}

/** One counter of a chain: its key and how many hits a window allows. */
export interface Step {
  key: string;
  max: number;
}

/** The outcome of a chain: the first step over its limit (null when all allowed) and its hit. */
export interface ChainResult {
  blocked: { index: number; key: string; retryAfterSeconds: number } | null;
}

/** The outcome of `reserve`: whether a slot was taken, and the window it was taken in. */
export interface Reservation extends Hit {
  allowed: boolean;
  /** The window's start as the database wrote it (opaque), for `refund`. */
  window: string;
}

/** The counter's window has ended: the next hit starts a new one. */
const expiredWindow = (windowSeconds: number) =>
  sql`rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds})`;

/** Seconds until the counter's window ends. */
const resetIn = (windowSeconds: number) =>
  sql`extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now()))`;

/** One store per embedded database: every app built on it in this process shares its counters. */
const embeddedStores = new WeakMap<object, RateLimiter>();

/**
 * The fixed-window counters of a database (decision 026). On PostgreSQL they are rows, shared by
 * every server process behind a proxy (an in-memory counter would multiply the limit by the
 * number of processes). The embedded database can only be opened by one process, so there the
 * same counters live in that process's memory: the same answers, without a write per request.
 */
export function createRateLimiter(database: Pick<Database, 'db' | 'kind'>): RateLimiter {
  if (database.kind === 'postgres') return createSqlRateLimiter(database.db);
  let store = embeddedStores.get(database.db);
  if (!store) {
    store = createMemoryRateLimiter();
    embeddedStores.set(database.db, store);
  }
  return store;
}

/** Counters kept in the `rate_limits` table (what PostgreSQL uses). */
export function createSqlRateLimiter(db: Db) {
  const toHit = (row: Record<string, unknown> | undefined): Hit => ({
    count: Number(row?.count ?? 0),
    resetInSeconds: Math.max(1, Math.ceil(Number(row?.reset_in ?? 1))),
  });
  const rows = async (query: SQL) =>
    (await db.execute<Record<string, unknown>>(query)) as {
      rows: Record<string, unknown>[];
    };
  /** About one call in a hundred deletes the counters of windows that ended a day ago. */
  const pruneSometimes = async () => {
    if (Math.random() < 0.01) {
      await db.execute(
        sql`delete from rate_limits where window_started_at < now() - interval '1 day'`,
      );
    }
  };
  return {
    async hit(key: string, windowSeconds: number): Promise<Hit> {
      const expired = expiredWindow(windowSeconds);
      const result = await rows(sql`
        insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${expired} then 1 else rate_limits.count + 1 end,
          window_started_at = case when ${expired} then now() else rate_limits.window_started_at end
        returning count,
          ${resetIn(windowSeconds)} as reset_in`);
      await pruneSometimes();
      return toHit(result.rows[0]);
    },
    /**
     * Counts one request against several limits in one statement (one round trip), in order:
     * a step is counted only while every step before it is within its limit, so a client over
     * its own limit does not use up a wider one (one address cannot exhaust the global budget
     * of everyone). Rows are always locked in the same order (the steps' order), so that
     * concurrent chains sharing a key cannot deadlock.
     */
    async hitChain(steps: Step[], windowSeconds: number): Promise<ChainResult> {
      if (steps.length === 0) return { blocked: null };
      const expired = expiredWindow(windowSeconds);
      const upsert = (key: string, guard: SQL | null) => sql`
        insert into rate_limits (key, count, window_started_at)
        select ${key}, 1, now() ${guard ? sql`where ${guard}` : sql``}
        on conflict (key) do update set
          count = case when ${expired} then 1 else rate_limits.count + 1 end,
          window_started_at = case when ${expired} then now() else rate_limits.window_started_at end
        returning count,
          ${resetIn(windowSeconds)} as reset_in`;
      const ctes: SQL[] = [];
      const within: SQL[] = [];
      steps.forEach((step, i) => {
        const name = sql.raw(`s${i}`);
        const guard = within.length > 0 ? sql.join(within, sql` and `) : null;
        ctes.push(sql`${name} as (${upsert(step.key, guard)})`);
        within.push(sql`coalesce((select count from ${name}), 0) <= ${step.max}`);
      });
      const selects = steps.map(
        (_step, i) => sql`select ${i}::int as step, count, reset_in from ${sql.raw(`s${i}`)}`,
      );
      const result = await rows(
        sql`with ${sql.join(ctes, sql`, `)} ${sql.join(selects, sql` union all `)}`,
      );
      await pruneSometimes();
      for (const row of result.rows) {
        const index = Number(row.step);
        const step = steps[index] as Step;
        const hit = toHit(row);
        if (hit.count > step.max) {
          return { blocked: { index, key: step.key, retryAfterSeconds: hit.resetInSeconds } };
        }
      }
      return { blocked: null };
    },
    async peek(key: string, windowSeconds: number): Promise<Hit> {
      const result = await rows(sql`
        select count,
          ${resetIn(windowSeconds)} as reset_in
        from rate_limits
        where key = ${key} and window_started_at > now() - make_interval(secs => ${windowSeconds})`);
      return toHit(result.rows[0]);
    },
    /**
     * Takes one of `max` slots of `key`'s current window in a single statement, so that
     * concurrent callers can never take more than `max` between them (a read followed by a
     * later write would let every caller in flight see the same count). The count stops at
     * `max + 1`: a refused call does not push the window further away.
     */
    async reserve(key: string, windowSeconds: number, max: number): Promise<Reservation> {
      const expired = expiredWindow(windowSeconds);
      const result = await rows(sql`
        insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          count = case
            when ${expired} then 1
            when rate_limits.count <= ${max} then rate_limits.count + 1
            else rate_limits.count end,
          window_started_at = case when ${expired} then now() else rate_limits.window_started_at end
        returning count, window_started_at::text as window,
          ${resetIn(windowSeconds)} as reset_in`);
      const row = result.rows[0];
      const hit = toHit(row);
      return {
        ...hit,
        allowed: hit.count <= max,
        window: typeof row?.window === 'string' ? row.window : '',
      };
    },
    /** Gives back a slot taken by `reserve`, unless its window has ended meanwhile. */
    async refund(key: string, reservation: Pick<Reservation, 'window'>): Promise<void> {
      await db.execute(sql`
        update rate_limits set count = greatest(count - 1, 0)
        where key = ${key} and window_started_at = ${reservation.window}::timestamptz`);
    },
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    /** Deletes every counter whose key starts with `prefix`. */
    async resetPrefix(prefix: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where starts_with(key, ${prefix})`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createSqlRateLimiter>;

interface Counter {
  count: number;
  /** When the window started (ms) and how long it lasts. */
  startedAt: number;
  windowMs: number;
  /** Distinguishes windows that start in the same millisecond (the `window` of `reserve`). */
  serial: number;
}

/** Counters kept at most: past it, the counters whose windows ended go first, then the oldest. */
export const MEMORY_COUNTERS_MAX = 200_000;

/**
 * The same fixed-window counters in this process's memory, answer for answer as the SQL store
 * (the shared tests in rate-limiter.test.ts run both). Windows are measured with `now`.
 */
export function createMemoryRateLimiter(
  opts: { now?: () => number; maxCounters?: number } = {},
): RateLimiter {
  const now = opts.now ?? Date.now;
  const maxCounters = opts.maxCounters ?? MEMORY_COUNTERS_MAX;
  // Insertion order is the order windows started in: a new window re-inserts its key.
  const counters = new Map<string, Counter>();
  let serial = 0;

  /** The key's counter while its window (of the caller's length, as in SQL) has not ended. */
  const live = (key: string, windowSeconds: number, t: number): Counter | undefined => {
    const c = counters.get(key);
    return c && t < c.startedAt + windowSeconds * 1000 ? c : undefined;
  };
  const resetIn = (c: Counter | undefined, t: number) =>
    c ? Math.max(1, Math.ceil((c.startedAt + c.windowMs - t) / 1000)) : 1;
  const startWindow = (key: string, windowSeconds: number, t: number): Counter => {
    counters.delete(key);
    if (counters.size >= maxCounters) evict(t);
    const c = { count: 0, startedAt: t, windowMs: windowSeconds * 1000, serial: ++serial };
    counters.set(key, c);
    return c;
  };
  /** Drops the ended windows; if that is not enough, the oldest ones, down to 90% of the cap. */
  const evict = (t: number) => {
    for (const [key, c] of counters) if (t >= c.startedAt + c.windowMs) counters.delete(key);
    if (counters.size < maxCounters) return;
    for (const key of counters.keys()) {
      if (counters.size < maxCounters * 0.9) break;
      counters.delete(key);
    }
  };
  const increment = (key: string, windowSeconds: number, t: number): Counter => {
    const c = live(key, windowSeconds, t) ?? startWindow(key, windowSeconds, t);
    c.count += 1;
    return c;
  };

  return {
    async hit(key, windowSeconds) {
      const t = now();
      const c = increment(key, windowSeconds, t);
      return { count: c.count, resetInSeconds: resetIn(c, t) };
    },
    async hitChain(steps, windowSeconds) {
      const t = now();
      for (const [index, step] of steps.entries()) {
        const c = increment(step.key, windowSeconds, t);
        if (c.count > step.max)
          return { blocked: { index, key: step.key, retryAfterSeconds: resetIn(c, t) } };
      }
      return { blocked: null };
    },
    async peek(key, windowSeconds) {
      const t = now();
      const c = live(key, windowSeconds, t);
      return { count: c?.count ?? 0, resetInSeconds: resetIn(c, t) };
    },
    async reserve(key, windowSeconds, max) {
      const t = now();
      const c = live(key, windowSeconds, t) ?? startWindow(key, windowSeconds, t);
      if (c.count <= max) c.count += 1;
      return {
        count: c.count,
        resetInSeconds: resetIn(c, t),
        allowed: c.count <= max,
        window: `${c.startedAt}:${c.serial}`,
      };
    },
    async refund(key, reservation) {
      const c = counters.get(key);
      if (c && `${c.startedAt}:${c.serial}` === reservation.window)
        c.count = Math.max(c.count - 1, 0);
    },
    async reset(key) {
      counters.delete(key);
    },
    async resetPrefix(prefix) {
      for (const key of counters.keys()) if (key.startsWith(prefix)) counters.delete(key);
    },
  };
}
