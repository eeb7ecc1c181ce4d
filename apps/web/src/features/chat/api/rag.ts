import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { ChatSource, ChatTurn } from '@dwitunggal/contracts/chat';
import { api, getAuthToken } from '@/lib/api-client';
import { readRetryAfter } from '@/lib/api-error';

/**
 * The rag model: `POST /api/chat` {karakter, prompt, history?, turnIds?} -> {karakter, response,
 * sources}; with turnIds the server keeps both turns in the learner's history. Asked
 * with `Accept: text/event-stream`, the server streams `delta` events ({text}) and one `done`
 * event ({karakter, response, sources, replace}); a plain JSON answer is read too. fetch rather
 * than the axios client because axios cannot stream in the browser.
 */
export type RagAnswer = { response: string; sources: ChatSource[] };

export class RagError extends Error {
  override name = 'RagError';
  constructor(
    message: string,
    readonly status: number | null = null,
    /** Seconds the server asked to wait before asking again (Retry-After), when it said. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

type AskOptions = {
  karakter: CharacterKey;
  prompt: string;
  /** Recent turns of this conversation, oldest first, for follow-up questions. */
  history?: ChatTurn[];
  /** Client ids of the question and the answer: the server stores both under them. */
  turnIds?: { user: string; figure: string };
  /** Called with the whole text received so far, as it streams. */
  onText?: (text: string) => void;
  signal?: AbortSignal;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The answer checked against the contract (`chatAnswer`, loaded with the first question). */
async function readAnswer(value: unknown): Promise<RagAnswer> {
  const { chatAnswer } = await import('@dwitunggal/contracts/schemas/chat');
  const parsed = chatAnswer.safeParse(value);
  if (!parsed.success || !parsed.data.response.trim()) throw new RagError('malformed answer');
  return { response: parsed.data.response, sources: parsed.data.sources };
}

type SseEvent = { event: string; data: string };

/** Splits a server-sent events stream into events (spec: blank line ends an event). */
async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (block: string): SseEvent | null => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return data.length > 0 ? { event, data: data.join('\n') } : null;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      let boundary = buffer.search(/\r?\n\r?\n/);
      while (boundary !== -1) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary).replace(/^\r?\n\r?\n/, '');
        const parsed = parse(block);
        if (parsed) yield parsed;
        boundary = buffer.search(/\r?\n\r?\n/);
      }
      if (done) break;
    }
    const last = parse(buffer);
    if (last) yield last;
  } finally {
    reader.releaseLock();
  }
}

/** Asks the rag model; throws RagError (or a network error) on any failure. */
export async function askRag({
  karakter,
  prompt,
  history,
  turnIds,
  onText,
  signal,
}: AskOptions): Promise<RagAnswer> {
  const token = getAuthToken();
  const res = await fetch(new URL('/api/chat', window.location.href), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream, application/json;q=0.9',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      karakter,
      prompt,
      ...(history?.length ? { history } : {}),
      ...(turnIds ? { turnIds } : {}),
    }),
    credentials: 'same-origin',
    signal: signal ?? null,
  });

  if (!res.ok) {
    // A revoked or expired token: let the API client re-check the session (it clears the
    // session on 401, and the route guard sends the learner to /login).
    if (res.status === 401) void api.get('/auth/me').catch(() => {});
    throw new RagError(
      `chat failed with ${res.status}`,
      res.status,
      readRetryAfter(res.headers.get('retry-after')),
    );
  }

  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !res.body) {
    return readAnswer(await res.json());
  }

  let text = '';
  for await (const { event, data } of sseEvents(res.body)) {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      throw new RagError('malformed event');
    }
    if (event === 'delta') {
      if (isRecord(payload) && typeof payload.text === 'string') {
        text += payload.text;
        onText?.(text);
      }
    } else if (event === 'done') {
      const answer = await readAnswer(
        isRecord(payload) && typeof payload.response !== 'string'
          ? { ...payload, response: text }
          : payload,
      );
      // replace=true: the server's final text supersedes what was streamed.
      const replace = isRecord(payload) && payload.replace === true;
      return {
        response: replace || !text.trim() ? answer.response : text,
        sources: answer.sources,
      };
    } else if (event === 'error') {
      throw new RagError('stream error');
    }
  }
  throw new RagError('stream ended without an answer');
}
