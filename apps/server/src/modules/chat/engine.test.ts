import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRagEngine, type RagEngine, type RagRequest } from '@dwitunggal/rag/engine';
import type { StreamEvent } from '@dwitunggal/rag/generator';
import { loadKnowledge } from '@dwitunggal/rag/load-knowledge';
import { findRepoPath } from '../../lib/paths';
import { createChatEngine, type ChatEngine } from './engine';

const REQUESTS: RagRequest[] = [
  { karakter: 'hatta', prompt: 'Kapan Bung Hatta lahir?' },
  { karakter: 'soekarno', prompt: 'knp bapak dibuang ke ende?' },
  { karakter: 'soekarno', prompt: 'siapa presiden indonesia yg ketujuh?' },
  {
    karakter: 'hatta',
    prompt: 'terus abis itu gmn?',
    history: [
      { role: 'user', text: 'bapak pernah dibuang ke digul?' },
      {
        role: 'figure',
        text: 'Ya. Pada 1935 saya dibuang ke Boven Digoel bersama Sutan Sjahrir.',
      },
    ],
  },
];

let threaded: ChatEngine;
let inProcess: RagEngine;

beforeAll(async () => {
  threaded = await createChatEngine({});
  const dir = path.join(findRepoPath('data/seed'), 'knowledge');
  inProcess = createRagEngine({ passages: await loadKnowledge(dir) });
});

afterAll(async () => {
  await threaded.close();
});

async function events(stream: AsyncIterable<StreamEvent>) {
  const out: StreamEvent[] = [];
  for await (const event of stream) out.push(event);
  return out;
}

describe('the chat engine without a provider (answers in a worker thread)', () => {
  it('answers as the rag engine does in this thread, with and without history', async () => {
    for (const request of REQUESTS) {
      const [got, want] = await Promise.all([threaded.answer(request), inProcess.answer(request)]);
      expect(got).toEqual(want);
      expect(got.response.length).toBeGreaterThan(0);
    }
  });

  it('streams the same events as the rag engine does in this thread', async () => {
    for (const request of REQUESTS) {
      expect(await events(threaded.stream(request))).toEqual(
        await events(inProcess.stream(request)),
      );
    }
  });

  it('stops streaming once the request is aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    expect(
      await events(threaded.stream(REQUESTS[0] as RagRequest, { signal: abort.signal })),
    ).toEqual([]);
  });
});
