// GET /api/auth/me against a bare route running the same primary-key query on the same database,
// same process, same run: the ratio is the cost of our validation, auth and envelope.
import { eq } from 'drizzle-orm';
import { users } from '../apps/server/src/db/schema';
import { cannon, signIn, startBenchApp } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const bench = await startBenchApp('auth', {
  // The bare route: the same single primary-key query, no auth, no validation, no envelope.
  routes: (app, database) =>
    app.get('/bench/bare-me/:id', async (request) => {
      const { id } = request.params as { id: string };
      const rows = await database.db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    }),
});
const { address } = bench;

const { headers, user } = await signIn(bench, 'bench@example.com');

// Warm both paths, then measure them back to back.
await cannon({
  url: `${address}/api/auth/me`,
  headers,
  seconds: 2,
});
await cannon({ url: `${address}/bench/bare-me/${user.id}`, seconds: 2 });
const me = await cannon({
  url: `${address}/api/auth/me`,
  headers,
  seconds: SECONDS,
});
const bare = await cannon({ url: `${address}/bench/bare-me/${user.id}`, seconds: SECONDS });

await bench.finish('auth-me-vs-bare-query', {
  connections: 50,
  seconds: SECONDS,
  me,
  bare,
  throughputRatio: Math.round((me.rps / bare.rps) * 1000) / 1000,
});
