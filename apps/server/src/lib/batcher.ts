/**
 * Group commit: callers add items one at a time and each waits for the write that carries its
 * item; the writes themselves take every item that arrived meanwhile at once. While a write is
 * running, new items wait for the next one, so under load one statement serves many requests and
 * when idle an item is written on the next turn of the event loop.
 *
 * `write` gets the items of one batch and answers one result per item, in order. When a batch of
 * several fails, each of its items is written again on its own, so one bad item only fails its
 * own caller.
 */
export function createBatcher<T, R>(
  write: (items: T[]) => Promise<R[]>,
  opts: { maxItems?: number } = {},
) {
  const maxItems = opts.maxItems ?? 100;
  interface Pending {
    item: T;
    resolve(result: R): void;
    reject(err: unknown): void;
  }
  let queue: Pending[] = [];
  let running: Promise<void> | null = null;

  const settle = async (batch: Pending[]) => {
    try {
      const results = await write(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i] as R));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const p of batch) await settle([p]);
    }
  };

  const drain = async () => {
    // Let the requests that arrive in this same turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const batch = queue.slice(0, maxItems);
      queue = queue.slice(batch.length);
      await settle(batch);
    }
    running = null;
  };

  return {
    add(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        running ??= drain();
      });
    },
    /** Resolves once every item added so far has been written (or has failed). */
    async flushed(): Promise<void> {
      while (running) await running;
    },
  };
}
export type Batcher<T, R> = ReturnType<typeof createBatcher<T, R>>;
