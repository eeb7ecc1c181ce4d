// Issue 15's server half: listing the curators' inbox with 100,000 stored questions, syncing
// 1,000 history turns (20 batches of 50), and the cost that storing turns adds to POST /api/chat
// (two apps on one database, with and without storing, measured alternately in the same run).
// Embedded database (PGlite). Prints one JSON object.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { createPgliteDatabase } from '../apps/server/src/db/client';
import { createUserRepository } from '../apps/server/src/modules/auth/repository';
import { BENCH_APP_CONFIG, tmpDir } from './lib';

const ITEMS = Number(process.env.BENCH_INBOX_ITEMS ?? 100_000);
const GROUPS = Math.max(1, Math.floor(ITEMS / 10));
const LIST_RUNS = 50;
const CHAT_RUNS = Number(process.env.BENCH_CHAT_RUNS ?? 200);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n: number) => Math.round(n * 100) / 100;
const summary = (ms: number[]) => ({
  p50: round(percentile(ms, 50)),
  p95: round(percentile(ms, 95)),
});

const database = await createPgliteDatabase({ dataDir: tmpDir('dw-bench-learning-') });
const config = {
  ...BENCH_APP_CONFIG,
  CHAT_MAX_PER_MINUTE: 1_000_000,
  LEARNING_WRITES_PER_MINUTE: 1_000_000,
  // A busy machine must not shed the measured requests.
  LOAD_SHED_MAX_LAG_MS: 0,
};
const app = await buildApp({ config, database, logger: false });
const bare = await buildApp({ config, database, logger: false, storeRagTurns: false });

async function signIn(target: FastifyInstance, admin = false) {
  const body = {
    name: 'Bench User',
    email: `bench.${randomBytes(4).toString('hex')}@example.com`,
    password: 'Merdeka1945',
  };
  await target.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  const login = await target.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: body.email, password: body.password },
  });
  const data = login.json<{ data: { token: string; user: { id: string } } }>().data;
  if (admin) await createUserRepository(database.db).setRole(data.user.id, 'admin');
  return { authorization: `Bearer ${data.token}` };
}

async function timed(run: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
  const start = performance.now();
  const res = await run();
  const ms = performance.now() - start;
  if (res.statusCode !== 200)
    throw new Error(`unexpected ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return ms;
}

// 1. Inbox listing: ITEMS questions in GROUPS groups (counts skewed), written in bulk by SQL.
const fillStart = performance.now();
await database.db.execute(sql`
  insert into inbox_groups (character, group_key, count, first_seen, last_seen)
  select 'hatta', 'kunci ' || g, 0, now() - interval '30 days', now() - (g || ' seconds')::interval
  from generate_series(1, ${GROUPS}) g`);
await database.db.execute(sql`
  insert into inbox_items (group_id, question, source, created_at)
  select (select min(id) from inbox_groups) + (floor(power(random(), 2) * ${GROUPS}))::int,
    'pertanyaan nomor ' || i, 'fallback', now() - (i || ' seconds')::interval
  from generate_series(1, ${ITEMS}) i`);
await database.db.execute(sql`
  update inbox_groups g set count = c.n
  from (select group_id, count(*)::int as n from inbox_items group by group_id) c
  where c.group_id = g.id`);
const fillMs = performance.now() - fillStart;
const admin = await signIn(app, true);
const listUrl = '/api/inbox/hatta?limit=20';
await app.inject({ method: 'GET', url: listUrl, headers: admin });
const listMs: number[] = [];
for (let i = 0; i < LIST_RUNS; i += 1)
  listMs.push(await timed(() => app.inject({ method: 'GET', url: listUrl, headers: admin })));
const deepMs: number[] = [];
for (let i = 0; i < 10; i += 1)
  deepMs.push(
    await timed(() =>
      app.inject({ method: 'GET', url: '/api/inbox/hatta?limit=20&offset=5000', headers: admin }),
    ),
  );

// 2. History sync: 1,000 turns in 20 batches of 50.
const learner = await signIn(app);
const batchMs: number[] = [];
const syncStart = performance.now();
for (let b = 0; b < 20; b += 1) {
  const turns = Array.from({ length: 50 }, (_, i) => ({
    clientId: `b${b}_${i}`,
    role: i % 2 ? 'figure' : 'user',
    text: `Pesan ${b}-${i}: Bung Hatta, ceritakan tentang koperasi dan ekonomi rakyat.`,
    model: 'tfjs',
    ...(i % 2 ? { meta: { tag: 'koperasi', confidence: 0.9 } } : {}),
  }));
  batchMs.push(
    await timed(() =>
      app.inject({
        method: 'POST',
        url: '/api/conversations/hatta/turns',
        headers: learner,
        payload: { turns },
      }),
    ),
  );
}
const syncTotalMs = performance.now() - syncStart;
const resendMs = await timed(() =>
  app.inject({
    method: 'POST',
    url: '/api/conversations/hatta/turns',
    headers: learner,
    payload: { turns: [{ clientId: 'b0_0', role: 'user', text: 'lagi', model: 'tfjs' }] },
  }),
);

// 3. POST /api/chat with and without storing the turns, alternately, same questions.
const asker = await signIn(app);
const questions = [
  'Kapan Bung Hatta lahir?',
  'Apa itu koperasi?',
  'Di mana Bung Hatta kuliah?',
  'Siapa juara piala dunia 2022?',
];
const ask = (target: FastifyInstance, i: number) =>
  target.inject({
    method: 'POST',
    url: '/api/chat',
    headers: asker,
    payload: { karakter: 'hatta', prompt: questions[i % questions.length] },
  });
for (let i = 0; i < 20; i += 1) {
  await ask(app, i);
  await ask(bare, i);
}
const withMs: number[] = [];
const withoutMs: number[] = [];
for (let i = 0; i < CHAT_RUNS; i += 1) {
  if (i % 2) {
    withMs.push(await timed(() => ask(app, i)));
    withoutMs.push(await timed(() => ask(bare, i)));
  } else {
    withoutMs.push(await timed(() => ask(bare, i)));
    withMs.push(await timed(() => ask(app, i)));
  }
}

await app.close();
await bare.close();
await database.close();

console.log(
  JSON.stringify({
    inbox: {
      items: ITEMS,
      groups: GROUPS,
      fillMs: Math.round(fillMs),
      firstPageMs: summary(listMs),
      offset5000Ms: summary(deepMs),
      targetP50Ms: 200,
    },
    historySync: {
      turns: 1000,
      batches: 20,
      totalMs: Math.round(syncTotalMs),
      batchMs: summary(batchMs),
      resendMs: round(resendMs),
    },
    chat: {
      runs: CHAT_RUNS,
      withStoringMs: summary(withMs),
      withoutStoringMs: summary(withoutMs),
      p50Ratio: round(percentile(withMs, 50) / percentile(withoutMs, 50)),
    },
  }),
);
