import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LIMIT_DEFAULTS } from '../env';
import { createTestContext, newUser, signUp, testConfig, useTestContext } from '../../test/helpers';
import { body, client } from '../../test/client';

const register = (app: FastifyInstance, remoteAddress = '127.0.0.1') =>
  client(app).post('/api/auth/register', newUser(), { remoteAddress });

const ask = (app: FastifyInstance, token: string, remoteAddress = '127.0.0.1') =>
  client(app, token).post(
    '/api/chat',
    { karakter: 'hatta', prompt: 'Kapan Bung Hatta lahir?' },
    { remoteAddress },
  );

function expectTooMany(res: Awaited<ReturnType<typeof register>>) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(body(res)).toMatchObject({ code: 429, status: 'error' });
}

describe('registration limits', () => {
  it('refuses a flood of 120 registrations from one address well before the 120th, with Retry-After', async () => {
    const ctx = await createTestContext({
      REGISTER_MAX_PER_IP: LIMIT_DEFAULTS.REGISTER_MAX_PER_IP,
      REGISTER_MAX_GLOBAL: LIMIT_DEFAULTS.REGISTER_MAX_GLOBAL,
    });
    try {
      const statuses: number[] = [];
      let firstRefused: Awaited<ReturnType<typeof register>> | undefined;
      for (let i = 0; i < 120; i += 1) {
        const res = await register(ctx.app, '198.51.100.7');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) firstRefused ??= res;
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT_DEFAULTS.REGISTER_MAX_PER_IP);
      expect(statuses.indexOf(429)).toBe(LIMIT_DEFAULTS.REGISTER_MAX_PER_IP);
      expect(statuses.slice(LIMIT_DEFAULTS.REGISTER_MAX_PER_IP).every((s) => s === 429)).toBe(true);
      expectTooMany(firstRefused as Awaited<ReturnType<typeof register>>);
      // Another address is not affected.
      expect((await register(ctx.app, '198.51.100.8')).statusCode).toBe(201);
    } finally {
      await ctx.close();
    }
  });

  it('caps registrations from all addresses together, and refused ones do not use up that cap', async () => {
    const ctx = await createTestContext({ REGISTER_MAX_PER_IP: 2, REGISTER_MAX_GLOBAL: 4 });
    try {
      // One address over its own limit: 2 accepted, 5 refused; the refused ones are not counted
      // globally, so a second address still gets its 2.
      const first = [];
      for (let i = 0; i < 7; i += 1)
        first.push((await register(ctx.app, '203.0.113.1')).statusCode);
      expect(first).toEqual([201, 201, 429, 429, 429, 429, 429]);
      expect((await register(ctx.app, '203.0.113.2')).statusCode).toBe(201);
      expect((await register(ctx.app, '203.0.113.2')).statusCode).toBe(201);
      // The global budget (4) is spent: a fresh address is refused too.
      expectTooMany(await register(ctx.app, '203.0.113.3'));
    } finally {
      await ctx.close();
    }
  });

  it('is counted in the database: two server instances on one database share the counts', async () => {
    const ctx = await createTestContext({ REGISTER_MAX_PER_IP: 4 });
    const second = await buildApp({
      config: testConfig({ REGISTER_MAX_PER_IP: 4, LOAD_SHED_MAX_LAG_MS: 0 }),
      database: ctx.database,
      logger: false,
    });
    try {
      await second.ready();
      for (const app of [ctx.app, second, ctx.app, second])
        expect((await register(app, '192.0.2.10')).statusCode).toBe(201);
      expectTooMany(await register(ctx.app, '192.0.2.10'));
      expectTooMany(await register(second, '192.0.2.10'));
    } finally {
      await second.close();
      await ctx.close();
    }
  });
});

describe('chat limits', () => {
  const ctx = useTestContext({
    CHAT_MAX_PER_MINUTE: 100,
    CHAT_MAX_PER_IP_PER_MINUTE: 3,
    CHAT_MAX_GLOBAL_PER_MINUTE: 5,
  });

  it('limits questions per address and for everyone, beside the per-learner limit', async () => {
    const a = (await signUp(ctx.app)).token;
    const b = (await signUp(ctx.app)).token;
    // Two learners behind one address share its 3 questions a minute.
    expect((await ask(ctx.app, a, '198.51.100.20')).statusCode).toBe(200);
    expect((await ask(ctx.app, b, '198.51.100.20')).statusCode).toBe(200);
    expect((await ask(ctx.app, a, '198.51.100.20')).statusCode).toBe(200);
    const refused = await ask(ctx.app, b, '198.51.100.20');
    expectTooMany(refused);
    expect(body(refused).message).toMatch(/Terlalu banyak pertanyaan/);
    // Another address still has its own; the global 5 a minute then stops everyone.
    expect((await ask(ctx.app, b, '198.51.100.21')).statusCode).toBe(200);
    expect((await ask(ctx.app, b, '198.51.100.21')).statusCode).toBe(200);
    expectTooMany(await ask(ctx.app, b, '198.51.100.22'));
  });
});

describe('per-learner chat limit', () => {
  it('is shared by server instances on one database', async () => {
    const ctx = await createTestContext({ CHAT_MAX_PER_MINUTE: 2 });
    const second = await buildApp({
      config: testConfig({ CHAT_MAX_PER_MINUTE: 2 }),
      database: ctx.database,
      logger: false,
    });
    try {
      await second.ready();
      const { token } = await signUp(ctx.app);
      expect((await ask(ctx.app, token)).statusCode).toBe(200);
      expect((await ask(second, token)).statusCode).toBe(200);
      expectTooMany(await ask(ctx.app, token));
      expectTooMany(await ask(second, token));
    } finally {
      await second.close();
      await ctx.close();
    }
  });
});
