// GET /api/auth/me against a bare route running the same primary-key query on the same database,
// same process, same run: the ratio is the cost of our validation, auth and envelope.
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { createPgliteDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { api, BENCH_APP_CONFIG, cannon, tmpDir } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const database = await createPgliteDatabase({ dataDir: tmpDir('dw-bench-auth-') });
const app = await buildApp({
  config: BENCH_APP_CONFIG,
  database,
  logger: false,
});
// The bare route: the same single primary-key query, no auth, no validation, no envelope.
app.get('/bench/bare-me/:id', async (request) => {
  const { id } = request.params as { id: string };
  const rows = await database.db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const creds = { name: 'Bench User', email: 'bench@example.com', password: 'Merdeka1945' };
await api(`${address}/api/auth/register`, { method: 'POST', json: creds });
const login = await api<{ data: { token: string; user: { id: string } } }>(
  `${address}/api/auth/login`,
  {
    method: 'POST',
    json: { email: creds.email, password: creds.password },
  },
);
const { token, user } = login.data;

// Warm both paths, then measure them back to back.
await cannon({
  url: `${address}/api/auth/me`,
  headers: { authorization: `Bearer ${token}` },
  seconds: 2,
});
await cannon({ url: `${address}/bench/bare-me/${user.id}`, seconds: 2 });
const me = await cannon({
  url: `${address}/api/auth/me`,
  headers: { authorization: `Bearer ${token}` },
  seconds: SECONDS,
});
const bare = await cannon({ url: `${address}/bench/bare-me/${user.id}`, seconds: SECONDS });

await app.close();
await database.close();
console.log(
  JSON.stringify({
    benchmark: 'auth-me-vs-bare-query',
    database: 'pglite',
    connections: 50,
    seconds: SECONDS,
    me,
    bare,
    throughputRatio: Math.round((me.rps / bare.rps) * 1000) / 1000,
  }),
);
