/**
 * An in-process sliding-window limiter (per key). Used where a per-process limit is acceptable
 * and the hot path must not touch the database (chat). With N processes the effective limit is
 * at most N times the configured one; login throttling, which must be exact, uses the database.
 */
export function createWindowLimiter(limit: number, windowMs: number) {
  const hits = new Map<string, number[]>();
  let lastSweep = Date.now();
  return {
    /** Records a hit; returns null when allowed, else the seconds until the next slot frees. */
    take(key: string, now = Date.now()): number | null {
      if (now - lastSweep > windowMs) {
        for (const [k, times] of hits) if ((times.at(-1) ?? 0) <= now - windowMs) hits.delete(k);
        lastSweep = now;
      }
      const times = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
      if (times.length >= limit) {
        hits.set(key, times);
        return Math.max(1, Math.ceil(((times[0] ?? now) + windowMs - now) / 1000));
      }
      times.push(now);
      hits.set(key, times);
      return null;
    },
  };
}
