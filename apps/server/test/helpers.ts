import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppConfig } from '../src/app';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../src/db/client';
import { createUserRepository } from '../src/modules/auth/repository';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  jwtSecret: new TextEncoder().encode(TEST_SECRET),
  JWT_TTL_SECONDS: 3600,
  LOGIN_MAX_PER_IP: 1000,
  LOGIN_MAX_FAILURES_PER_ACCOUNT: 5,
  LOGIN_WINDOW_SECONDS: 900,
  TRUST_PROXY: false,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  // Tests register and ask a lot from one address; the files testing these limits lower them.
  REGISTER_MAX_PER_IP: 100_000,
  REGISTER_MAX_GLOBAL: 100_000,
  CHAT_MAX_PER_IP_PER_MINUTE: 100_000,
  CHAT_MAX_GLOBAL_PER_MINUTE: 100_000,
  // Off: a busy test machine must not shed requests; load-shedding.test.ts injects the lag.
  LOAD_SHED_MAX_LAG_MS: 0,
  ...overrides,
});

/**
 * A real database for one test file: a copy of the migrated PGlite snapshot, or, when
 * TEST_DATABASE_URL is set, a fresh PostgreSQL database created for the file and dropped after.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const snapshot = readFileSync(inject('pgliteSnapshot'));
    return createPgliteDatabase({ loadDataDir: new Blob([snapshot]), migrate: false });
  }
  const name = `dw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await createPostgresDatabase(dbUrl.toString(), { poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function createTestContext(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json<T>();

let counter = 0;
/** A unique valid registration body. */
export function newUser(
  overrides: Partial<{ name: string; email: string; password: string }> = {},
) {
  counter += 1;
  return {
    name: `Pelajar ${counter}`,
    email: `pelajar${counter}.${randomBytes(3).toString('hex')}@example.com`,
    password: 'Merdeka1945',
    ...overrides,
  };
}

/** Registers and logs in a learner; returns the token and the user. */
export async function signUp(app: FastifyInstance, overrides = {}) {
  const body = newUser(overrides);
  const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: body.email, password: body.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const data = json<{ data: { token: string; user: { id: string; email: string } } }>(login).data;
  return { ...data, credentials: body };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a user, makes it an admin in the database, and logs it in. */
export async function signUpAdmin(
  ctx: { app: FastifyInstance; database: Database },
  overrides = {},
) {
  const learner = await signUp(ctx.app, overrides);
  await createUserRepository(ctx.database.db).setRole(learner.user.id, 'admin');
  return learner;
}

/** POST /api/auth/login from a given client address. */
export const loginFrom = (
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
