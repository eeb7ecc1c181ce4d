import { describe, expect, it } from 'vitest';
import { parseSse } from './sse';

async function collect(chunks: string[]): Promise<string[]> {
  const encoder = new TextEncoder();
  async function* body() {
    for (const c of chunks) yield encoder.encode(c);
  }
  const out: string[] = [];
  for await (const data of parseSse(body())) out.push(data);
  return out;
}

describe('parseSse', () => {
  it('yields the data of each event, across chunk boundaries', async () => {
    expect(await collect(['data: {"a"', ':1}\n\ndata: [DO', 'NE]\n\n'])).toEqual([
      '{"a":1}',
      '[DONE]',
    ]);
  });

  it('handles CRLF, comments, other fields and multi-line data', async () => {
    expect(
      await collect([': ping\r\n\r\n', 'event: x\r\nid: 1\r\ndata: one\r\ndata: two\r', '\n\r\n']),
    ).toEqual(['one\ntwo']);
  });

  it('flushes a last event without a trailing blank line', async () => {
    expect(await collect(['data: last'])).toEqual(['last']);
  });

  it('decodes multi-byte characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: Kemerdekaan “Indonesia”\n\n');
    async function* body() {
      yield bytes.slice(0, 25);
      yield bytes.slice(25);
    }
    const out: string[] = [];
    for await (const d of parseSse(body())) out.push(d);
    expect(out).toEqual(['Kemerdekaan “Indonesia”']);
  });
});
