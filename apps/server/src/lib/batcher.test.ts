import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

describe('createBatcher', () => {
  it('writes the items added in one turn of the event loop together, each caller getting its result', async () => {
    const writes: number[][] = [];
    const batcher = createBatcher(async (items: number[]) => {
      writes.push(items);
      return items.map((n) => n * 10);
    });
    const results = await Promise.all([1, 2, 3].map((n) => batcher.add(n)));
    expect(results).toEqual([10, 20, 30]);
    expect(writes).toEqual([[1, 2, 3]]);
  });

  it('gathers what arrives during a write into the next one, at most maxItems at a time', async () => {
    const writes: number[][] = [];
    let release: () => void = () => {};
    const batcher = createBatcher(
      async (items: number[]) => {
        writes.push(items);
        if (writes.length === 1) await new Promise<void>((r) => (release = r));
        return items;
      },
      { maxItems: 2 },
    );
    const first = batcher.add(0);
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual([[0]]);
    const later = [1, 2, 3].map((n) => batcher.add(n));
    release();
    expect(await Promise.all([first, ...later])).toEqual([0, 1, 2, 3]);
    expect(writes).toEqual([[0], [1, 2], [3]]);
    await batcher.flushed();
    // Idle again: the next item starts a write of its own.
    expect(await batcher.add(4)).toBe(4);
    expect(writes.at(-1)).toEqual([4]);
  });

  it('retries a failed batch item by item, so only the bad item fails its caller', async () => {
    const writes: string[][] = [];
    const batcher = createBatcher(async (items: string[]) => {
      writes.push(items);
      if (items.includes('bad')) throw new Error('bad item');
      return items.map((s) => s.toUpperCase());
    });
    const settled = await Promise.allSettled(['a', 'bad', 'c'].map((s) => batcher.add(s)));
    expect(settled.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      'A',
      'failed',
      'C',
    ]);
    expect(writes).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });
});
