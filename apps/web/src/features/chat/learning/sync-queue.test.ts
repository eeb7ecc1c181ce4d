import type { TurnInput } from '@dwitunggal/contracts/learning';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '@/lib/api-client';
import { failure, learner, server, tokens } from '@/testing/server';
import {
  enqueueClear,
  enqueueTags,
  enqueueTurns,
  flushQueue,
  isQueued,
  queuedEntries,
} from './sync-queue';
import { learningApi } from './testing/learning-api';

const turn = (i: number, role: 'user' | 'figure' = 'user'): TurnInput => ({
  clientId: `t-${i}`,
  role,
  text: `pesan ${i}`,
  model: 'tfjs',
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString(),
});
const turns = (n: number) => Array.from({ length: n }, (_, i) => turn(i));
const posts = () => learningApi.state.calls.filter((c) => c.startsWith('POST'));

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  setAuthToken(tokens.learner);
});
afterEach(() => setAuthToken(null));

describe('the sync queue', () => {
  it('sends turns in batches of at most 50 and empties the queue', async () => {
    enqueueTurns(learner.id, 'soekarno', turns(120));
    expect(await flushQueue(learner.id)).toBe(true);
    expect(posts()).toEqual(Array(3).fill('POST /api/conversations/soekarno/turns'));
    expect(learningApi.turnsFor(learner.id, 'soekarno')).toHaveLength(120);
    expect(queuedEntries(learner.id)).toEqual([]);
  });

  it('keeps what was queued offline and sends it once the browser is back online', async () => {
    online = false;
    enqueueTurns(learner.id, 'hatta', turns(3));
    enqueueTags(learner.id, 'hatta', ['kelahiran']);
    expect(await flushQueue(learner.id)).toBe(false);
    expect(learningApi.state.calls).toEqual([]);

    // Online again, but the request itself fails (the connection drops): still kept.
    online = true;
    learningApi.state.online = false;
    expect(await flushQueue(learner.id)).toBe(false);
    expect(queuedEntries(learner.id)).toHaveLength(4);
    expect(isQueued(learner.id, 't-1')).toBe(true);

    learningApi.state.online = true;
    expect(await flushQueue(learner.id)).toBe(true);
    expect(learningApi.turnsFor(learner.id, 'hatta').map((t) => t.clientId)).toEqual([
      't-0',
      't-1',
      't-2',
    ]);
    expect([...learningApi.tagsFor(learner.id, 'hatta')]).toEqual(['kelahiran']);
    expect(isQueued(learner.id, 't-1')).toBe(false);
  });

  it('is idempotent: a replayed batch and a concurrent flush store each turn once', async () => {
    enqueueTurns(learner.id, 'soekarno', turns(4));
    // Two flushes at once (the online event and a new answer) make one pass.
    const [a, b] = await Promise.all([flushQueue(learner.id), flushQueue(learner.id)]);
    expect([a, b]).toEqual([true, true]);
    expect(posts()).toHaveLength(1);
    // The answer was lost after the server stored it: the same turns are sent again.
    enqueueTurns(learner.id, 'soekarno', turns(4));
    expect(await flushQueue(learner.id)).toBe(true);
    expect(learningApi.turnsFor(learner.id, 'soekarno')).toHaveLength(4);
  });

  it('sends a clear after the turns before it and drops the turns it replaces', async () => {
    enqueueTurns(learner.id, 'hatta', [turn(1)]);
    expect(await flushQueue(learner.id)).toBe(true);
    online = false;
    enqueueTurns(learner.id, 'hatta', [turn(2)]);
    enqueueClear(learner.id, 'hatta');
    enqueueTurns(learner.id, 'hatta', [turn(3)]);
    expect(queuedEntries(learner.id).map((e) => e.kind)).toEqual(['clear', 'turn']);
    online = true;
    expect(await flushQueue(learner.id)).toBe(true);
    expect(learningApi.turnsFor(learner.id, 'hatta').map((t) => t.clientId)).toEqual(['t-3']);
  });

  it('drops a batch the server refuses as invalid, and keeps one it could not take now', async () => {
    server.use(
      http.post('*/api/achievements/:figure', () => failure(429, 'Terlalu banyak permintaan.')),
    );
    enqueueTags(learner.id, 'soekarno', ['proklamasi']);
    expect(await flushQueue(learner.id)).toBe(false);
    expect(queuedEntries(learner.id)).toHaveLength(1);

    server.use(http.post('*/api/achievements/:figure', () => failure(400, 'Validation failed')));
    enqueueTurns(learner.id, 'soekarno', [turn(1)]);
    expect(await flushQueue(learner.id)).toBe(true);
    expect(queuedEntries(learner.id)).toEqual([]);
    expect(learningApi.turnsFor(learner.id, 'soekarno')).toHaveLength(1);
  });
});
