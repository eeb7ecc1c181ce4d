import { afterEach, describe, expect, it } from 'vitest';

// This file must not import zod or a contract schema statically: the test below has to be the
// first to load them in its module graph, as the web app's first schema chunk would.
const realFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = realFunction;
});

describe('the contracts zod', () => {
  it('builds and runs object schemas without evaluating code (the CSP has no unsafe-eval)', async () => {
    const compiled: unknown[][] = [];
    globalThis.Function = new Proxy(realFunction, {
      construct(target, args: unknown[]) {
        compiled.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    const { tagBody } = await import('./tags');
    const parsed = tagBody.parse({
      nama: 'hatta',
      tag: 'salam',
      input: [' Halo ', 'halo', 'Apa kabar?'],
      responses: ['Salam kenal.'],
    });
    expect(parsed).toEqual({
      nama: 'Hatta',
      tag: 'salam',
      input: ['Halo', 'Apa kabar?'],
      responses: ['Salam kenal.'],
    });
    expect(compiled).toEqual([]);
  });
});
