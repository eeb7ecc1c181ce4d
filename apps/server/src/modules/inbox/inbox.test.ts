import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage } from '@dwitunggal/contracts/schemas/learning';
import { buildApp } from '../../app';
import { signUp, signUpAdmin, startApp, testConfig, useTestContext } from '../../../test/helpers';
import { bearer, client } from '../../../test/client';
import { SUGGEST_MIN_CONFIDENCE } from './suggest';

const DAY = 24 * 60 * 60 * 1000;
/** The first row of a query on the test database. */
const firstRow = async (query: string) =>
  (
    (await ctx.database.db.execute<Record<string, unknown>>(sql.raw(query))) as {
      rows: Record<string, unknown>[];
    }
  ).rows[0];
/** A GET of the inbox API as the admin. */
const adminGet = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(admin) });
const ctx = useTestContext({ CHAT_MAX_PER_MINUTE: 1000 });
let clock = Date.now();
let admin: string;
let learner: string;

beforeAll(async () => {
  // A second app on the same database with an injected clock (retention), built after the
  // first so that both share the migrated schema.
  admin = (await signUpAdmin(ctx)).token;
  learner = (await signUp(ctx.app)).token;
});

let seq = 0;
const id = () => `t${(seq += 1)}_${randomBytes(3).toString('hex')}`;

/** A tfjs exchange synced by the client: the question, then a figure turn with the meta. */
async function syncExchange(
  token: string,
  figure: string,
  question: string,
  meta: Record<string, unknown>,
  app: FastifyInstance = ctx.app,
) {
  const figureId = id();
  const res = await app.inject({
    method: 'POST',
    url: `/api/conversations/${figure}/turns`,
    headers: bearer(token),
    payload: {
      turns: [
        { clientId: id(), role: 'user', text: question, model: 'tfjs' },
        { clientId: figureId, role: 'figure', text: 'Maaf, saya belum tahu.', model: 'tfjs', meta },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return figureId;
}

const listInbox = async (figure: string, app: FastifyInstance = ctx.app, query = '') => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/inbox/${figure}${query}`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: InboxPage }>().data;
};
const groupOf = async (figure: string, example: string | ((e: string) => boolean)) =>
  (await listInbox(figure, ctx.app, '?limit=100')).groups.find((g) =>
    g.examples.some(typeof example === 'string' ? (e) => e === example : example),
  );
/** Creates a tag of the figure through the tag API. */
async function createTag(nama: 'Soekarno' | 'Hatta', tag: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/chatbot/tags',
    headers: bearer(admin),
    payload: { nama, tag, input: [`tanya ${tag}`], responses: [`Jawab ${tag}.`] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { tag: { id: string; tag: string } } }>().data.tag;
}
const act = (figure: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/inbox/${figure}/actions`,
    headers: bearer(admin),
    payload,
  });

describe('the inbox collects what the figures could not answer', () => {
  it('groups fallback and unsure tfjs questions, with counts, examples and the suggested tag', async () => {
    await syncExchange(learner, 'hatta', 'Apa hobi Bung Hatta waktu kecil?', { fallback: true });
    await syncExchange(learner, 'hatta', 'hobi bung hatta waktu kecil apa', { fallback: true });
    await syncExchange(learner, 'hatta', 'Siapa istri Bung Hatta?', {
      unsure: true,
      tag: 'keluarga',
      confidence: 0.31,
    });
    // A confident answer is no signal.
    await syncExchange(learner, 'hatta', 'Kapan Hatta lahir?', { tag: 'lahir', confidence: 0.9 });
    const hobby = await groupOf('hatta', 'hobi bung hatta waktu kecil apa');
    expect(hobby?.count).toBe(2);
    expect(hobby?.examples).toEqual(
      expect.arrayContaining([
        'Apa hobi Bung Hatta waktu kecil?',
        'hobi bung hatta waktu kecil apa',
      ]),
    );
    const wife = await groupOf('hatta', 'Siapa istri Bung Hatta?');
    expect(wife).toMatchObject({
      count: 1,
      sources: ['unsure'],
      suggestedTag: 'keluarga',
      suggestedConfidence: 0.31,
    });
    expect(hobby?.sources).toEqual(['fallback']);
    expect(await groupOf('hatta', 'Kapan Hatta lahir?')).toBeUndefined();
    // Sorted by count first.
    const page = await listInbox('hatta');
    expect(page.groups[0]?.count).toBeGreaterThanOrEqual(page.groups.at(-1)?.count ?? 0);
    // The answer names no learner.
    expect(JSON.stringify(page)).not.toMatch(/pelajar|@example\.com/);
  });

  it('receives a question rag declined, written by the server without client help', async () => {
    const question = `Siapa juara piala dunia sepak bola tahun 2022 ${randomBytes(2).toString('hex')}?`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: bearer(learner),
      payload: { karakter: 'soekarno', prompt: question },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ sources: unknown[] }>().sources).toEqual([]);
    expect(await groupOf('soekarno', question)).toMatchObject({
      count: 1,
      sources: ['declined'],
      suggestedTag: null, // no tag of his is near a football question
    });
    // An answered question does not reach the inbox.
    const answered = 'Di mana Bung Karno dibuang pada tahun 1934?';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: bearer(learner),
      payload: { karakter: 'soekarno', prompt: answered },
    });
    expect(await groupOf('soekarno', answered)).toBeUndefined();
  });

  it('suggests the nearest tag for a thumbs down on a rag answer (no model tag to go on)', async () => {
    for (const [tag, input] of [
      ['koperasi_rakyat', ['apa itu koperasi menurut Bapak?', 'kenapa koperasi penting?']],
      ['istri_bapak', ['siapa istri Bung Hatta?', 'kapan Bapak menikah?']],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/chatbot/tags',
        headers: bearer(admin),
        payload: { nama: 'Hatta', tag, input, responses: [`Jawaban ${tag}.`] },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const question = 'koperasi itu sebenernya buat apa sih pak';
    const turnIds = { user: id(), figure: id() };
    const asLearner = client(ctx.app, learner);
    const asked = await asLearner.post('/api/chat', {
      karakter: 'hatta',
      prompt: question,
      turnIds,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const rating = { character: 'hatta', messageId: turnIds.figure, rating: 'down' };
    expect((await asLearner.post('/api/feedback', rating)).statusCode).toBe(200);
    const group = await groupOf('hatta', question);
    expect(group).toMatchObject({ suggestedTag: 'koperasi_rakyat' });
    expect(group!.sources).toContain('thumbs_down');
    expect(group!.suggestedConfidence).toBeGreaterThanOrEqual(SUGGEST_MIN_CONFIDENCE);
  });

  it('counts open groups for the archive badge', async () => {
    const res = await adminGet('/api/inbox/hatta/summary');
    expect(res.statusCode).toBe(200);
    const { open } = res.json<{ data: { open: number } }>().data;
    expect(open).toBe((await listInbox('hatta')).total);
    expect(open).toBeGreaterThanOrEqual(2);
  });

  it('keeps everything from a learner who opted out', async () => {
    const shy = (await signUp(ctx.app)).token;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/settings',
      headers: bearer(shy),
      payload: { contribute: false },
    });
    expect(put.statusCode).toBe(200);
    const question = 'Apakah Hatta suka bermain sepak bola rahasia?';
    await syncExchange(shy, 'hatta', question, { fallback: true });
    expect(await groupOf('hatta', question)).toBeUndefined();
  });
});

describe('declines written together', () => {
  it('counts the questions of learners asking at once, and none of one who opted out', async () => {
    const [a, b, shy] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/settings',
      headers: bearer(shy.token),
      payload: { contribute: false },
    });
    expect(put.statusCode).toBe(200);
    // The same unanswerable question, asked at the same moment: one group, counted once per
    // contributing learner; the opted-out learner's question is not stored at all.
    const question = `Siapa pemenang lomba layang-layang antariksa ${randomBytes(2).toString('hex')}?`;
    const asks = [a, a, b, shy, shy].map((user) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: bearer(user.token),
        payload: { karakter: 'hatta', prompt: question },
      }),
    );
    for (const res of await Promise.all(asks)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ sources: unknown[] }>().sources).toEqual([]);
    }
    expect(await groupOf('hatta', question)).toMatchObject({ count: 3, sources: ['declined'] });
    const row = await firstRow(
      `select count(*)::int as n from inbox_items where question = '${question}'`,
    );
    expect(row?.n).toBe(3);
  });
});

describe('inbox actions', () => {
  it('ignores groups, and an ignored group stays out when its question comes back', async () => {
    const question = 'Bung Hatta suka makan rendang?';
    await syncExchange(learner, 'hatta', question, { fallback: true });
    const group = await groupOf('hatta', question);
    if (!group) throw new Error('group missing');
    const res = await act('hatta', { groupIds: [group.id], action: 'ignore' });
    expect(res.statusCode, res.body).toBe(200);
    await syncExchange(learner, 'hatta', 'bung hatta suka makan rendang', { fallback: true });
    expect(await groupOf('hatta', question)).toBeUndefined();
    const row = await firstRow(`select status, count from inbox_groups where id = ${group.id}`);
    expect(row).toEqual({ status: 'ignored', count: 2 });
  });

  it('adds a group to an existing tag through the tag rules, and records the regression set', async () => {
    const question = 'Apa makanan kesukaan Bung Hatta di Bukittinggi?';
    await syncExchange(learner, 'hatta', question, { fallback: true });
    const group = await groupOf('hatta', question);
    const target = await createTag('Hatta', 'makanan');
    if (!group) throw new Error('setup failed');
    const res = await act('hatta', { groupIds: [group.id], action: 'add', tagId: target.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { questionsAdded: number } }>().data.questionsAdded).toBe(1);
    const after = await adminGet(`/api/chatbot/tags/${target.id}`);
    expect(after.json<{ data: { input: string[] } }>().data.input).toContain(question);
    expect(await groupOf('hatta', question)).toBeUndefined();
    const reg = await adminGet('/api/inbox/hatta/regression');
    expect(reg.statusCode).toBe(200);
    expect(
      reg.json<{ data: { items: { question: string; tag: string }[] } }>().data.items,
    ).toContainEqual(expect.objectContaining({ question, tag: target.tag }));
  });

  it('creates a new tag from groups (responses required), and refuses a taken name', async () => {
    const question = 'Apa warna favorit Bung Karno?';
    await syncExchange(learner, 'soekarno', question, { fallback: true });
    const group = await groupOf('soekarno', question);
    if (!group) throw new Error('group missing');
    const missing = await act('soekarno', {
      groupIds: [group.id],
      action: 'create',
      tagName: 'warna',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string> }>().errors).toHaveProperty('responses');
    const taken = (await createTag('Soekarno', 'kesukaan')).tag;
    const clash = await act('soekarno', {
      groupIds: [group.id],
      action: 'create',
      tagName: taken.toUpperCase(),
      responses: ['Merah putih.'],
    });
    expect(clash.statusCode).toBe(409);
    const created = await act('soekarno', {
      groupIds: [group.id],
      action: 'create',
      tagName: `warna_${randomBytes(2).toString('hex')}`,
      responses: ['Saya suka merah putih.'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await groupOf('soekarno', question)).toBeUndefined();
  });

  it('refuses unknown groups, groups of the other figure and a tag of the other figure', async () => {
    const question = 'Hatta pernah naik kapal selam?';
    await syncExchange(learner, 'hatta', question, { fallback: true });
    const group = await groupOf('hatta', question);
    if (!group) throw new Error('group missing');
    expect((await act('hatta', { groupIds: [999_999_999], action: 'ignore' })).statusCode).toBe(
      404,
    );
    expect((await act('soekarno', { groupIds: [group.id], action: 'ignore' })).statusCode).toBe(
      404,
    );
    const other = (await createTag('Soekarno', 'lain')).id;
    const res = await act('hatta', { groupIds: [group.id], action: 'add', tagId: other });
    expect(res.statusCode).toBe(400);
    expect((await act('hatta', { groupIds: [group.id], action: 'add' })).statusCode).toBe(400);
    expect((await act('hatta', { groupIds: [], action: 'ignore' })).statusCode).toBe(400);
  });

  it('is for admins only: a learner gets 403, no token 401', async () => {
    for (const url of [
      '/api/inbox/hatta',
      '/api/inbox/hatta/summary',
      '/api/inbox/hatta/regression',
    ]) {
      const asLearner = await ctx.app.inject({ method: 'GET', url, headers: bearer(learner) });
      expect(asLearner.statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/inbox/hatta/actions',
      headers: bearer(learner),
      payload: { groupIds: [1], action: 'ignore' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 in the envelope for a bad figure or page', async () => {
    for (const url of [
      '/api/inbox/sukarno',
      '/api/inbox/hatta?limit=0',
      '/api/inbox/hatta?offset=-1',
    ]) {
      const res = await adminGet(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, status: 'error' });
    }
  });
});

describe('consistency and retention', () => {
  it('keeps one group and an exact count when two app instances write the same group at once', async () => {
    const second = await startApp(ctx.database);
    try {
      const base = 'Bung Hatta bermain catur dengan siapa';
      const writes = Array.from({ length: 8 }, (_, i) =>
        syncExchange(
          learner,
          'hatta',
          `${base}${'?'.repeat(i + 1)}`,
          { fallback: true },
          i % 2 ? second : ctx.app,
        ),
      );
      await Promise.all(writes);
      const group = await groupOf('hatta', (e) => e.startsWith(base));
      expect(group?.count).toBe(8);
      const row = await firstRow(
        `select count(*)::int as n from inbox_items where group_id = ${group?.id}`,
      );
      expect(row?.n).toBe(8);
    } finally {
      await second.close();
    }
  });

  it('expires items after the retention (injected clock) and keeps the counts equal to the items', async () => {
    const timed = await buildApp({
      config: testConfig({ INBOX_RETENTION_DAYS: 30 }),
      database: ctx.database,
      logger: false,
      clock: () => clock,
    });
    await timed.ready();
    try {
      const question = 'Hatta ke Belanda naik apa dulu?';
      clock = Date.now() - 40 * DAY;
      await syncExchange(learner, 'hatta', question, { fallback: true }, timed);
      clock = Date.now() - 10 * DAY;
      await syncExchange(
        learner,
        'hatta',
        'dulu hatta ke belanda naik apa',
        { fallback: true },
        timed,
      );
      clock = Date.now();
      expect((await groupOf('hatta', question))?.count).toBe(2);
      expect(await timed.inbox.expire()).toBeGreaterThanOrEqual(1);
      const group = await groupOf('hatta', 'dulu hatta ke belanda naik apa');
      expect(group?.count).toBe(1);
      expect(group?.examples).toEqual(['dulu hatta ke belanda naik apa']);
      clock = Date.now() + 31 * DAY;
      await timed.inbox.expire();
      expect(await groupOf('hatta', 'dulu hatta ke belanda naik apa')).toBeUndefined();
      const row = await firstRow(
        `select count(*)::int as n from inbox_groups g where g.count <> (select count(*) from inbox_items i where i.group_id = g.id)`,
      );
      expect(row?.n).toBe(0);
    } finally {
      clock = Date.now();
      await timed.close();
    }
  });
});
