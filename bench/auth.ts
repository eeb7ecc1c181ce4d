// GET /api/auth/me against a bare route running the same primary-key query on the same database,
// same process, same run: the ratio is the cost of our validation, auth and envelope.
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { createPgliteDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { api, cannon, tmpDir } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const database = await createPgliteDatabase({ dataDir: tmpDir('dw-bench-auth-') });
const app = await buildApp({
  config: {
    jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret-0123'),
    JWT_TTL_SECONDS: 3600,
    LOGIN_MAX_PER_IP: 1000,
    LOGIN_MAX_FAILURES_PER_ACCOUNT: 10,
    LOGIN_WINDOW_SECONDS: 900,
    TRUST_PROXY: false,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
  },
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
const login = await api<{ data: { token: string; user: { id: string } } }>(`${address}/api/auth/login`, {
  method: 'POST',
  json: { email: creds.email, password: creds.password },
});
const { token, user } = login.data;

// Warm both paths, then measure them back to back.
await cannon({ url: `${address}/api/auth/me`, headers: { authorization: `Bearer ${token}` }, seconds: 2 });
await cannon({ url: `${address}/bench/bare-me/${user.id}`, seconds: 2 });
const me = await cannon({ url: `${address}/api/auth/me`, headers: { authorization: `Bearer ${token}` }, seconds: SECONDS });
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
