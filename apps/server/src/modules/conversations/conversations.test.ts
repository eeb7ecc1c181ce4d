import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatAnswer } from '@dwitunggal/contracts/chat';
import type { HistoryPage, SyncData } from '@dwitunggal/contracts/schemas/learning';
import { createTestContext, signUp, useTestContext } from '../../../test/helpers';
import { bearer, client } from '../../../test/client';
import { createConversationRepository } from './repository';

const ctx = useTestContext({ CHAT_MAX_PER_MINUTE: 1000 });
let token: string;

beforeAll(async () => {
  const learner = await signUp(ctx.app);
  token = learner.token;
});

const uid = () => `c_${randomBytes(6).toString('hex')}`;
const sync = (figure: string, turns: object[], auth = token) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/conversations/${figure}/turns`,
    headers: bearer(auth),
    payload: { turns },
  });
const history = async (figure: string, query = '', auth = token) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/conversations/${figure}${query}`,
    headers: bearer(auth),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: HistoryPage }>().data;
};
const turn = (text: string, extra: object = {}) => ({
  clientId: uid(),
  role: 'user',
  text,
  model: 'tfjs',
  ...extra,
});

describe('conversation sync', () => {
  it('stores a batch and answers the stored ids; resending it is a no-op', async () => {
    const turns = [
      turn('Halo Bung Hatta'),
      turn('Halo juga, Nak.', { role: 'figure', meta: { tag: 'salam', confidence: 0.92 } }),
    ];
    const first = await sync('hatta', turns);
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json<{ data: SyncData }>().data;
    expect(data.inserted).toBe(2);
    expect(data.stored.map((s) => s.clientId)).toEqual(turns.map((t) => t.clientId));
    expect(data.stored.every((s) => s.id > 0)).toBe(true);
    const again = (await sync('hatta', turns)).json<{ data: SyncData }>().data;
    expect(again).toEqual({ ...data, inserted: 0 });
    const page = await history('hatta');
    expect(page.turns.filter((t) => turns.some((s) => s.clientId === t.clientId))).toHaveLength(2);
    expect(page.turns[0]).toMatchObject({
      clientId: turns[1]?.clientId,
      role: 'figure',
      model: 'tfjs',
      meta: { tag: 'salam', confidence: 0.92 },
    });
  });

  it('clamps client times to the last 30 days and orders an offline turn in its place', async () => {
    const now = Date.now();
    const old = turn('sangat lama', { createdAt: new Date(now - 400 * 86_400_000).toISOString() });
    const future = turn('dari masa depan', { createdAt: new Date(now + 86_400_000).toISOString() });
    expect((await sync('soekarno', [old, future])).statusCode).toBe(200);
    const page = await history('soekarno');
    const at = (id: string) =>
      Date.parse(page.turns.find((t) => t.clientId === id)?.createdAt ?? '');
    expect(at(old.clientId)).toBeGreaterThanOrEqual(now - 30 * 86_400_000 - 1000);
    expect(at(future.clientId)).toBeLessThanOrEqual(Date.now());
    expect(page.turns.at(-1)?.clientId).toBe(old.clientId);
  });

  it('pages newest first with a cursor', async () => {
    const learner = await signUp(ctx.app);
    const base = Date.now() - 60_000;
    const turns = Array.from({ length: 7 }, (_, i) =>
      turn(`pesan ${i}`, { createdAt: new Date(base + i * 1000).toISOString() }),
    );
    expect((await sync('hatta', turns, learner.token)).statusCode).toBe(200);
    const first = await history('hatta', '?limit=3', learner.token);
    expect(first.turns.map((t) => t.text)).toEqual(['pesan 6', 'pesan 5', 'pesan 4']);
    const second = await history('hatta', `?limit=3&before=${first.nextBefore}`, learner.token);
    expect(second.turns.map((t) => t.text)).toEqual(['pesan 3', 'pesan 2', 'pesan 1']);
    const last = await history('hatta', `?limit=3&before=${second.nextBefore}`, learner.token);
    expect(last.turns.map((t) => t.text)).toEqual(['pesan 0']);
    expect(last.nextBefore).toBeNull();
  });

  it('never shows one learner the turns of another', async () => {
    const other = await signUp(ctx.app);
    const secret = turn('rahasia saya');
    expect((await sync('hatta', [secret])).statusCode).toBe(200);
    const page = await history('hatta', '', other.token);
    expect(page.turns.some((t) => t.text === 'rahasia saya')).toBe(false);
    // Sending another learner's client id stores the sender's own turn; nothing leaks back.
    const res = await sync('hatta', [{ ...secret, text: 'punya saya' }], other.token);
    expect(res.json<{ data: SyncData }>().data.inserted).toBe(1);
    expect((await history('hatta')).turns.find((t) => t.clientId === secret.clientId)?.text).toBe(
      'rahasia saya',
    );
  });

  it('clears one figure only, and keeps the achievements', async () => {
    const learner = await signUp(ctx.app);
    await sync('hatta', [turn('untuk Hatta')], learner.token);
    await sync('soekarno', [turn('untuk Soekarno')], learner.token);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/achievements/hatta',
      headers: bearer(learner.token),
      payload: { tags: ['salam'] },
    });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/conversations/hatta',
      headers: bearer(learner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { deleted: number } }>().data.deleted).toBe(1);
    expect((await history('hatta', '', learner.token)).turns).toEqual([]);
    expect((await history('soekarno', '', learner.token)).turns).toHaveLength(1);
    const ach = await ctx.app.inject({
      method: 'GET',
      url: '/api/achievements',
      headers: bearer(learner.token),
    });
    expect(ach.json<{ data: { hatta: { tags: string[] } } }>().data.hatta.tags).toEqual(['salam']);
  });

  it('keeps at most the newest turns per figure (the oldest are pruned)', async () => {
    const learner = await signUp(ctx.app);
    const base = Date.now() - 60_000;
    const turns = Array.from({ length: 6 }, (_, i) =>
      turn(`t${i}`, { createdAt: new Date(base + i * 1000).toISOString() }),
    );
    await sync('hatta', turns, learner.token);
    await sync('soekarno', [turn('lain')], learner.token);
    await createConversationRepository(ctx.database.db).prune(learner.user.id, 'hatta', 4);
    const page = await history('hatta', '', learner.token);
    expect(page.turns.map((t) => t.text)).toEqual(['t5', 't4', 't3', 't2']);
    expect((await history('soekarno', '', learner.token)).turns).toHaveLength(1);
  });

  it("inserts several learners' turns in one statement and prunes each history every few turns", async () => {
    const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
    const repo = createConversationRepository(ctx.database.db, { keep: 3, pruneEvery: 4 });
    const base = Date.now() - 60_000;
    let n = 0;
    const row = (text: string, clientId = uid()) => ({
      clientId,
      role: 'user' as const,
      text,
      model: 'rag' as const,
      meta: {},
      createdAt: new Date(base + (n += 1) * 1000),
    });
    const twice = uid();
    const [ofA, ofB, again] = await repo.insertMany([
      { userId: a.user.id, character: 'hatta', turns: [row('a1'), row('a2', twice)] },
      { userId: b.user.id, character: 'hatta', turns: [row('b1')] },
      { userId: a.user.id, character: 'hatta', turns: [row('a2 again', twice)] },
    ]);
    expect(ofA?.map((r) => r.text)).toEqual(['a1', 'a2']);
    expect(ofB?.map((r) => r.text)).toEqual(['b1']);
    expect(again).toEqual([]);
    const texts = async (learner: { token: string }) =>
      (await history('hatta', '', learner.token)).turns.map((t) => t.text);
    // The first insert of a history in this process pruned it (nothing to prune yet).
    expect(await texts(a)).toEqual(['a2', 'a1']);
    // Three more turns: 3 since the last prune, under pruneEvery: kept for now.
    for (const text of ['a3', 'a4', 'a5'])
      await repo.insertMany([{ userId: a.user.id, character: 'hatta', turns: [row(text)] }]);
    expect(await texts(a)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    // The fourth since the last prune prunes down to the newest three.
    await repo.insertMany([{ userId: a.user.id, character: 'hatta', turns: [row('a6')] }]);
    expect(await texts(a)).toEqual(['a6', 'a5', 'a4']);
    expect(await texts(b)).toEqual(['b1']);
  });

  it('answers 400 in the envelope for bad input', async () => {
    const bad: [string, object][] = [
      ['/api/conversations/sukarno/turns', { turns: [turn('x')] }],
      ['/api/conversations/hatta/turns', { turns: [] }],
      ['/api/conversations/hatta/turns', { turns: Array.from({ length: 51 }, () => turn('x')) }],
      ['/api/conversations/hatta/turns', { turns: [turn('x', { clientId: 'a b' })] }],
      ['/api/conversations/hatta/turns', { turns: [turn('x', { role: 'admin' })] }],
      ['/api/conversations/hatta/turns', { turns: [turn('x'.repeat(4001))] }],
      ['/api/conversations/hatta/turns', { turns: [turn('x', { meta: { secret: 1 } })] }],
      ['/api/conversations/hatta/turns', { turns: [turn('x', { meta: { confidence: 2 } })] }],
      ['/api/conversations/hatta/turns', { turns: [turn('x', { createdAt: 'kemarin' })] }],
      ['/api/conversations/hatta/turns', { turns: [turn('a\u0000b')] }],
    ];
    for (const [url, payload] of bad) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, status: 'error' });
    }
    for (const query of ['?limit=0', '?limit=201', '?before=abc', '?before=1_x']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/conversations/hatta${query}`,
        headers: bearer(token),
      });
      expect(res.statusCode, query).toBe(400);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/conversations/hatta' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('rag answers are stored by the server', () => {
  it('stores the question and the answer under the client ids sent with the question', async () => {
    const ids = { user: uid(), figure: uid() };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: bearer(token),
      payload: { karakter: 'hatta', prompt: 'Kapan Bung Hatta lahir?', turnIds: ids },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<ChatAnswer>();
    expect(answer.sources.length).toBeGreaterThan(0);
    let page = await history('hatta');
    const [figureTurn, userTurn] = page.turns;
    expect(userTurn).toMatchObject({ clientId: ids.user, role: 'user', model: 'rag' });
    expect(userTurn?.text).toBe('Kapan Bung Hatta lahir?');
    expect(figureTurn).toMatchObject({ clientId: ids.figure, role: 'figure', model: 'rag' });
    expect(figureTurn?.text).toBe(answer.response);
    expect(figureTurn?.meta.sources).toEqual(answer.sources.map((s) => s.id));
    // Read back on any device with its citations as the chat showed them, and not yet rated.
    expect(figureTurn?.sources).toEqual(answer.sources);
    expect(figureTurn?.rating).toBeUndefined();
    expect(userTurn?.sources).toBeUndefined();
    // A rating is read back with the answer it rates.
    const rating = { character: 'hatta', messageId: ids.figure, rating: 'up' };
    expect((await client(ctx.app, token).post('/api/feedback', rating)).statusCode).toBe(200);
    page = await history('hatta');
    expect(page.turns[0]).toMatchObject({ clientId: ids.figure, rating: 'up' });
    expect(page.turns[1]?.rating).toBeUndefined();
    // A client that also syncs these ids changes nothing.
    const resend = await sync('hatta', [turn('lagi', { clientId: ids.user })]);
    expect(resend.json<{ data: SyncData }>().data.inserted).toBe(0);
  });

  it('stores a streamed answer too, and refuses bad turn ids', async () => {
    const ids = { user: uid(), figure: uid() };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { ...bearer(token), accept: 'text/event-stream' },
      payload: { karakter: 'soekarno', prompt: 'Di mana Bung Karno dibuang?', turnIds: ids },
    });
    expect(res.statusCode).toBe(200);
    const page = await history('soekarno');
    expect(page.turns.slice(0, 2).map((t) => t.clientId)).toEqual([ids.figure, ids.user]);
    for (const turnIds of [{ user: 'a b', figure: 'c' }, { user: 'same', figure: 'same' }, 'x']) {
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: bearer(token),
        payload: { karakter: 'hatta', prompt: 'Halo', turnIds },
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('limits writes per learner per minute (429 with Retry-After)', async () => {
    const limited = await createTestContext({ LEARNING_WRITES_PER_MINUTE: 2 });
    try {
      const learner = await signUp(limited.app);
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/conversations/hatta/turns',
          headers: bearer(learner.token),
          payload: { turns: [turn('x')] },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
