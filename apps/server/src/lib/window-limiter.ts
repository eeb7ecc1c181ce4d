/**
 * An in-process sliding-window limiter (per key). Used where a per-process limit is acceptable
 * and the hot path must not touch the database (chat). With N processes the effective limit is
 * at most N times the configured one; login throttling, which must be exact, uses the database.
 *
 * Each key keeps the times of its hits in the window as a queue (oldest first): a hit drops the
 * expired times from the front and appends, so a call costs O(1) amortised however high the
 * limit is (no copy of the whole window per call).
 */
interface Window {
  times: number[];
  /** Index of the oldest time still in the window. */
  head: number;
}

export function createWindowLimiter(limit: number, windowMs: number) {
  const hits = new Map<string, Window>();
  let lastSweep = Date.now();
  return {
    /** Records a hit; returns null when allowed, else the seconds until the next slot frees. */
    take(key: string, now = Date.now()): number | null {
      if (now - lastSweep > windowMs) {
        for (const [k, w] of hits) if ((w.times.at(-1) ?? 0) <= now - windowMs) hits.delete(k);
        lastSweep = now;
      }
      let w = hits.get(key);
      if (!w) {
        w = { times: [], head: 0 };
        hits.set(key, w);
      }
      const { times } = w;
      while (w.head < times.length && (times[w.head] as number) <= now - windowMs) w.head += 1;
      // Compact once the expired prefix is at least half of the array.
      if (w.head > 0 && w.head * 2 >= times.length) {
        times.splice(0, w.head);
        w.head = 0;
      }
      if (times.length - w.head >= limit) {
        return Math.max(1, Math.ceil(((times[w.head] as number) + windowMs - now) / 1000));
      }
      times.push(now);
      return null;
    },
  };
}
