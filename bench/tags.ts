// GET /api/chatbot/tags/nama/Soekarno (auth, validation, envelope, list cache) against a bare
// route running the same list SQL with none of that, on the same app, database and run; plus
// the time of a data-quality report. Prints one JSON object.
import { sql } from 'drizzle-orm';
import { analyzeQuality } from '../apps/server/src/modules/tags/quality';
import { listTagsSql } from '../apps/server/src/modules/tags/repository';
import { seedIfNeeded } from '../apps/server/src/modules/tags/seed';
import type { SeedOutcome } from '../apps/server/src/modules/tags/seed';
import { api, cannon, signIn, startBenchApp } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

let seeded: SeedOutcome[] = [];
const bench = await startBenchApp('tags', {
  before: async (database) => {
    seeded = await seedIfNeeded(database);
  },
  // The bare route: the same one-statement list query, no auth, no validation, no envelope, no cache.
  routes: (app, database) =>
    app.get('/bench/bare-tags', async () => {
      const result = (await database.db.execute<Record<string, unknown>>(
        listTagsSql('soekarno'),
      )) as {
        rows: unknown[];
      };
      return result.rows;
    }),
});
const { address, database } = bench;
const learner = await signIn(bench, 'pelajar@example.com');
const admin = await signIn(bench, 'admin@example.com', { admin: true });

const routeUrl = `${address}/api/chatbot/tags/nama/Soekarno`;
const bareUrl = `${address}/bench/bare-tags`;
const auth = learner.headers;

// Same data on both paths (the bench is meaningless otherwise).
const viaRoute = await api<{ data: { input: string[] }[] }>(routeUrl, { headers: auth });
const viaBare = await api<{ input: string[] }[]>(bareUrl);
if (viaRoute.data.length !== 13 || viaBare.length !== 13)
  throw new Error('expected 13 seeded tags on both paths');

// Warm both paths, then measure them back to back.
await cannon({ url: routeUrl, headers: auth, seconds: 2, connections: CONNECTIONS });
await cannon({ url: bareUrl, seconds: 2, connections: CONNECTIONS });
const route = await cannon({
  url: routeUrl,
  headers: auth,
  seconds: SECONDS,
  connections: CONNECTIONS,
});
const bare = await cannon({ url: bareUrl, seconds: SECONDS, connections: CONNECTIONS });

// The quality report: pure analysis over the seeded figure, and the whole HTTP round trip.
const tags = viaRoute.data as { tag: string; input: string[] }[];
const analysisMs: number[] = [];
for (let i = 0; i < 20; i += 1) {
  const started = performance.now();
  analyzeQuality(tags);
  analysisMs.push(performance.now() - started);
}
const httpMs: number[] = [];
for (let i = 0; i < 10; i += 1) {
  const started = performance.now();
  await api(`${address}/api/chatbot/quality/Soekarno`, {
    headers: admin.headers,
  });
  httpMs.push(performance.now() - started);
}
const inputs = tags.reduce((n, t) => n + t.input.length, 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.floor(s.length / 2)] as number) * 100) / 100;
};
const rows = (await database.db.execute<{ n: number }>(
  sql`select count(*)::int as n from tag_inputs`,
)) as {
  rows: { n: number }[];
};

await bench.finish('tags-list-vs-bare-query', {
  seeded: seeded.map((s) => `${s.character}:${s.action}:${s.tags}`),
  storedInputs: rows.rows[0]?.n,
  connections: CONNECTIONS,
  seconds: SECONDS,
  route: {
    rps: route.rps,
    p99: route.p99,
    p50: route.p50,
    non2xx: route.non2xx,
    errors: route.errors,
  },
  bare: { rps: bare.rps, p99: bare.p99, p50: bare.p50, non2xx: bare.non2xx, errors: bare.errors },
  ratio: Math.round((route.rps / bare.rps) * 1000) / 1000,
  quality: {
    inputs,
    analysisMedianMs: median(analysisMs),
    analysisFirstMs: Math.round((analysisMs[0] as number) * 100) / 100,
    httpMedianMs: median(httpMs),
  },
});
