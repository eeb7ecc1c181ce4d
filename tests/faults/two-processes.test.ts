import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, emptyDir, freshPostgres } from './lib/cases';
import {
  activeModel,
  bytesOf,
  call,
  listTags,
  login,
  retrain,
  startServer,
  startTraining,
  stop,
  waitForRun,
  type Envelope,
  type RunningServer,
} from './lib/server';

const cleanup = cleanupAfterEach();

/**
 * Two servers started at once on one empty PostgreSQL database: migrations, seeding, the admin
 * and the first models are each done once.
 */
async function startPair(name: string): Promise<[RunningServer, RunningServer]> {
  const databaseUrl = await freshPostgres(name, cleanup, { empty: true });
  return Promise.all([
    startServer({ dataDir: emptyDir(cleanup), databaseUrl }),
    startServer({ dataDir: emptyDir(cleanup), databaseUrl }),
  ]);
}

interface InboxGroup {
  id: number;
  count: number;
  examples: string[];
  sources: string[];
}

const PASSWORD = 'Belajar-Sejarah-1945';

async function learner(server: RunningServer, n: number): Promise<string> {
  const who = { name: `Pelajar ${n}`, email: `pelajar${n}@dwitunggal.test`, password: PASSWORD };
  const res = await call(server, 'POST', '/api/auth/register', { body: who });
  expect(res.status).toBe(201);
  return login(server, { email: who.email, password: PASSWORD });
}

async function openGroups(server: RunningServer, admin: string): Promise<InboxGroup[]> {
  const res = await call<Envelope<{ groups: InboxGroup[]; total: number }>>(
    server,
    'GET',
    '/api/inbox/hatta?limit=100',
    { token: admin },
  );
  expect(res.status).toBe(200);
  return res.body.data.groups;
}

async function openCount(server: RunningServer, admin: string): Promise<number> {
  const res = await call<Envelope<{ open: number }>>(server, 'GET', '/api/inbox/hatta/summary', {
    token: admin,
  });
  expect(res.status).toBe(200);
  return res.body.data.open;
}

/** The group whose examples hold `question` (the inbox folds spelling, so match loosely). */
const groupOf = (groups: InboxGroup[], question: string) =>
  groups.find((g) => g.examples.some((e) => e.toLowerCase() === question.toLowerCase()));

/** A tfjs exchange the browser answered with the fallback: the question must reach the inbox. */
const fallbackExchange = (prefix: string, question: string) => ({
  turns: [
    { clientId: `${prefix}-q`, role: 'user', text: question, model: 'tfjs' },
    {
      clientId: `${prefix}-a`,
      role: 'figure',
      text: 'Maaf, soal itu belum bisa saya jawab.',
      model: 'tfjs',
      meta: { tag: 'fallback', confidence: 0.2, fallback: true },
    },
  ],
});

describe('two server processes on one PostgreSQL (the scale-out shape)', () => {
  it('share revocation, models, the one-run lock and the 15-tag limit', async () => {
    const [a, b] = await startPair('scaleout');

    // 1. A logout on one process makes the token fail on the other at once.
    const token = await login(a);
    expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200); // B has it cached now
    expect((await call(a, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await call<Envelope>(b, 'GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 401, status: 'error' });

    // 2. A retrain started on A is served by B.
    const admin = await login(b);
    const before = await activeModel(b, 'soekarno');
    const run = await retrain(a, admin, 'soekarno', b);
    const onB = await activeModel(b, 'soekarno');
    expect(onB.version).toBe(run.version);
    expect(onB.version).toBeGreaterThan(before.version);
    const [fileA, fileB] = await Promise.all([bytesOf(a, onB.modelUrl), bytesOf(b, onB.modelUrl)]);
    expect(fileB.status).toBe(200);
    expect(fileB.body.equals(fileA.body)).toBe(true);
    expect((await bytesOf(b, '/api/models/soekarno/model.json')).body.equals(fileA.body)).toBe(
      true,
    );

    // 3. Retrains started on both at the same moment: one run and one 409.
    const both = await Promise.all([a, b].map((s) => startTraining(s, admin, 'hatta')));
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ code: 409, status: 'error' });
    const winner = both.find((r) => r.status === 202)!;
    expect((await waitForRun(a, admin, winner.body.data.runId)).status).toBe('succeeded');

    // 4. Tag writes through both keep the 15-tag limit (13 seeded: 2 more fit).
    const seeded = (await listTags(a, admin, 'Soekarno')).length;
    expect(seeded).toBe(13);
    const creates = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<Envelope>(i % 2 === 0 ? a : b, 'POST', '/api/chatbot/tags', {
          token: admin,
          body: {
            nama: 'Soekarno',
            tag: `tag_baru_${i}`,
            input: [`masukan baru ${i}`],
            responses: [`jawaban ${i}`],
          },
        }),
      ),
    );
    const statuses = creates.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(15 - seeded);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10 - (15 - seeded));
    for (const s of [a, b]) expect(await listTags(s, admin, 'Soekarno')).toHaveLength(15);

    expect(await stop(a)).toBe(0);
    expect(await stop(b)).toBe(0);
  });
});

describe('learning data written through two server processes on one PostgreSQL', () => {
  it('keeps history, inbox counts, feedback and achievements consistent', async () => {
    const [a, b] = await startPair('learning2');
    const both = [a, b];
    const admin = await login(a);
    const learners = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => learner(both[n % 2]!, n)));

    // 1. Each learner's device sends the same queued batch to both processes at once (a retry
    // racing the original): every turn is stored once, and each fallback reaches the inbox once.
    const synced = 'apa makanan kesukaan bapak waktu kecil';
    const syncs = await Promise.all(
      learners.flatMap((token, i) =>
        both.map((s) =>
          call<Envelope<{ inserted: number }>>(s, 'POST', '/api/conversations/hatta/turns', {
            token,
            body: fallbackExchange(`l${i}`, synced),
          }),
        ),
      ),
    );
    expect(syncs.map((r) => r.status)).toEqual(syncs.map(() => 200));
    const insertedPerLearner = learners.map(
      (_, i) => syncs[2 * i]!.body.data.inserted + syncs[2 * i + 1]!.body.data.inserted,
    );
    expect(insertedPerLearner).toEqual(learners.map(() => 2));
    for (const [i, token] of learners.entries()) {
      const history = await call<Envelope<{ turns: { clientId: string }[] }>>(
        both[(i + 1) % 2]!,
        'GET',
        '/api/conversations/hatta',
        { token },
      );
      expect(history.body.data.turns.map((t) => t.clientId).sort()).toEqual([`l${i}-a`, `l${i}-q`]);
    }
    let groups = await openGroups(b, admin);
    expect(groupOf(groups, synced)?.count).toBe(learners.length);

    // 2. Each learner rates the answer down through both processes at once (a double click that
    // went to two servers): one rating each, and the question counted once more per learner.
    const ratings = await Promise.all(
      learners.flatMap((token, i) =>
        both.map((s) =>
          call<Envelope<{ replaced: boolean }>>(s, 'POST', '/api/feedback', {
            token,
            body: { character: 'hatta', messageId: `l${i}-a`, rating: 'down' },
          }),
        ),
      ),
    );
    expect(ratings.map((r) => r.status)).toEqual(ratings.map(() => 200));
    groups = await openGroups(a, admin);
    const afterRatings = groupOf(groups, synced)!;
    expect(afterRatings.count).toBe(2 * learners.length);
    expect(afterRatings.sources.sort()).toEqual(['fallback', 'thumbs_down']);
    for (const [i, token] of learners.entries()) {
      const exported = await call<Envelope<{ feedback: { messageId: string }[] }>>(
        both[i % 2]!,
        'GET',
        '/api/me/export',
        { token },
      );
      expect(exported.body.data.feedback.map((f) => f.messageId)).toEqual([`l${i}-a`]);
    }

    // 3. Rag declines (the chat answer is not enveloped, per the API contract) of one question asked on both processes at once: one group counts them all,
    // and both processes report the same open count.
    const declined = 'siapa juara piala dunia sepak bola tahun 2022';
    const asks = await Promise.all(
      learners.flatMap((token) =>
        both.map((s) =>
          call<{ sources: unknown[] }>(s, 'POST', '/api/chat', {
            token,
            body: { karakter: 'hatta', prompt: declined },
          }),
        ),
      ),
    );
    expect(asks.map((r) => r.status)).toEqual(asks.map(() => 200));
    expect(asks.every((r) => r.body.sources.length === 0)).toBe(true);
    groups = await openGroups(b, admin);
    const declinedGroup = groupOf(groups, declined)!;
    expect(declinedGroup.count).toBe(2 * learners.length);
    expect(declinedGroup.sources).toEqual(['declined']);
    const [openA, openB] = await Promise.all([openCount(a, admin), openCount(b, admin)]);
    expect(openA).toBe(groups.length);
    expect(openB).toBe(groups.length);

    // 4. The admin ignores the declined group on A while the same question keeps arriving on B:
    // the group stays ignored (out of the open list) and its count takes every question.
    const [ignore] = await Promise.all([
      call<Envelope<{ groups: number }>>(a, 'POST', '/api/inbox/hatta/actions', {
        token: admin,
        body: { groupIds: [declinedGroup.id], action: 'ignore' },
      }),
      ...learners.map((token) =>
        call(b, 'POST', '/api/chat', {
          token,
          body: { karakter: 'hatta', prompt: declined },
        }),
      ),
    ]);
    expect(ignore.status).toBe(200);
    for (const s of both) {
      expect(groupOf(await openGroups(s, admin), declined)).toBeUndefined();
      expect(await openCount(s, admin)).toBe(groups.length - 1);
    }

    // 5. Achievements reached on two devices at once, each through its own process: the union.
    const token = learners[0]!;
    const reached = await Promise.all(
      [
        [a, ['proklamasi', 'masa_kecil']],
        [b, ['pendidikan', 'masa_kecil']],
        [a, ['pembuangan']],
        [b, ['koperasi', 'proklamasi']],
      ].map(([s, tags]) =>
        call(s as RunningServer, 'POST', '/api/achievements/hatta', { token, body: { tags } }),
      ),
    );
    expect(reached.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const s of both) {
      const res = await call<Envelope<{ hatta: { tags: string[]; count: number } }>>(
        s,
        'GET',
        '/api/achievements',
        { token },
      );
      expect(res.body.data.hatta.tags.sort()).toEqual([
        'koperasi',
        'masa_kecil',
        'pembuangan',
        'pendidikan',
        'proklamasi',
      ]);
      expect(res.body.data.hatta.count).toBe(5);
    }

    expect(await stop(a)).toBe(0);
    expect(await stop(b)).toBe(0);
  });
});
