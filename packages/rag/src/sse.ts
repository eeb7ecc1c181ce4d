/**
 * A minimal Server-Sent Events parser for streamed chat completions: yields the `data` of each
 * event (multi-line data joined with "\n"), ignoring comments (": ping") and other fields.
 * Works on any async iterable of bytes (a fetch Response body in Node and in browsers).
 */
export async function* parseSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const flushLine = function* (line: string): Generator<string> {
    if (line === '') {
      if (data.length > 0) yield data.join('\n');
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.search(/\r\n|\r|\n/);
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      const width = buffer.startsWith('\r\n', newline) ? 2 : 1;
      // A lone "\r" at the very end may be the first half of "\r\n": wait for more bytes.
      if (buffer[newline] === '\r' && newline === buffer.length - 1) break;
      buffer = buffer.slice(newline + width);
      yield* flushLine(line);
      newline = buffer.search(/\r\n|\r|\n/);
    }
  }
  buffer += decoder.decode();
  if (buffer !== '') yield* flushLine(buffer.replace(/\r$/, ''));
  yield* flushLine('');
}
