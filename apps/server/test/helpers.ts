import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp, type AppConfig } from '../src/app';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../src/db/client';
import { createUserRepository } from '../src/modules/auth/repository';
import { body, client } from './client';

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
  const scratch = await scratchPostgres(url);
  const database = await createPostgresDatabase(scratch.url, { poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * An empty database created on the PostgreSQL server of `serverUrl`: its URL, and `drop` to
 * remove it (connections still open are closed).
 */
export async function scratchPostgres(serverUrl: string, prefix = 'dw_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  return { url, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** Another app on `database`, ready to serve: a second process behind the proxy. */
export async function startApp(
  database: Database,
  overrides: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  await app.ready();
  return app;
}

export async function createTestContext(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await startApp(database, overrides);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The test context of the file (or of the describe block that calls it): created before its
 * tests and closed after them. The object is filled in by `beforeAll`, so read it inside tests
 * and hooks only.
 */
export function useTestContext(overrides: Partial<AppConfig> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(overrides));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

/** The answer is `status` with exactly the error envelope of `message` (no field errors). */
export function expectError(res: LightMyRequestResponse, status: number, message: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(body(res)).toEqual({ code: status, status: 'error', message });
}

/**
 * Checks that every call is kept from a non-admin: 401 in the error envelope for the anonymous
 * client, 403 for the learner's. Each call is labelled in the failure message.
 */
export async function expectAdminOnly<C>(
  calls: readonly (readonly [string, (c: C) => Promise<LightMyRequestResponse>])[],
  anonymous: C,
  learner: C,
): Promise<void> {
  for (const [label, call] of calls) {
    for (const [caller, code] of [
      [anonymous, 401],
      [learner, 403],
    ] as const) {
      const res = await call(caller);
      expect(res.statusCode, label).toBe(code);
      expect(body(res), label).toMatchObject({ code, status: 'error' });
    }
  }
}

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
  const credentials = newUser(overrides);
  const reg = await client(app).post('/api/auth/register', credentials);
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const login = await loginFrom(app, credentials.email, credentials.password);
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const data = body<{ token: string; user: { id: string; email: string } }>(login).data;
  return { ...data, credentials };
}

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
) => client(app).post('/api/auth/login', { email, password }, { remoteAddress });
