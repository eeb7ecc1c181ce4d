import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface Hit {
  count: number;
  resetInSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so that every server process behind a proxy
 * shares them (an in-memory counter would multiply the limit by the number of processes).
 */
export function createRateLimiter(db: Db) {
  const toHit = (row: Record<string, unknown> | undefined): Hit => ({
    count: Number(row?.count ?? 0),
    resetInSeconds: Math.max(1, Math.ceil(Number(row?.reset_in ?? 1))),
  });
  const rows = async (query: SQL) => (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return {
    async hit(key: string, windowSeconds: number): Promise<Hit> {
      const expired = sql`rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds})`;
      const result = await rows(sql`
        insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${expired} then 1 else rate_limits.count + 1 end,
          window_started_at = case when ${expired} then now() else rate_limits.window_started_at end
        returning count,
          extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())) as reset_in`);
      if (Math.random() < 0.01) {
        await db.execute(sql`delete from rate_limits where window_started_at < now() - interval '1 day'`);
      }
      return toHit(result.rows[0]);
    },
    async peek(key: string, windowSeconds: number): Promise<Hit> {
      const result = await rows(sql`
        select count,
          extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())) as reset_in
        from rate_limits
        where key = ${key} and window_started_at > now() - make_interval(secs => ${windowSeconds})`);
      return toHit(result.rows[0]);
    },
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
