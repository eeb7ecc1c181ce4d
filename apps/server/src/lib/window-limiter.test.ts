import { describe, expect, it } from 'vitest';
import { createWindowLimiter } from './window-limiter';

describe('createWindowLimiter', () => {
  it('allows `limit` hits per key in any window and says when the next slot frees', () => {
    const limiter = createWindowLimiter(3, 60_000);
    expect(limiter.take('a', 0)).toBeNull();
    expect(limiter.take('a', 10_000)).toBeNull();
    expect(limiter.take('a', 20_000)).toBeNull();
    expect(limiter.take('a', 30_000)).toBe(30); // the hit at 0 expires at 60 000
    expect(limiter.take('b', 30_000)).toBeNull(); // keys are independent
    expect(limiter.take('a', 59_999)).toBe(1);
    expect(limiter.take('a', 60_000)).toBeNull(); // the first hit left the window
    expect(limiter.take('a', 60_001)).toBe(10);
  });

  it('keeps exact counts over many windows with a high limit', () => {
    const limiter = createWindowLimiter(1000, 1000);
    let allowed = 0;
    // 4 hits per millisecond for 5 s: 1000 per sliding second are allowed, the rest refused.
    for (let t = 0; t < 5000; t++)
      for (let i = 0; i < 4; i++) if (limiter.take('k', t) === null) allowed += 1;
    expect(allowed).toBe(5000);
  });
});
