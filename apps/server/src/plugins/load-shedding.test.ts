import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { monitorEventLoopLag } from '../lib/event-loop-lag';
import { createTestDatabase, newUser, signUpAdmin, testConfig } from '../../test/helpers';
import type { Database } from '../db/client';
import type { FastifyInstance } from 'fastify';
import { OVERLOADED_MESSAGE } from './load-shedding';
import { body, client } from '../../test/client';

describe('load shedding', () => {
  let database: Database;
  let app: FastifyInstance;
  let lag = 0;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ LOAD_SHED_MAX_LAG_MS: 200, LOAD_SHED_RETRY_AFTER_SECONDS: 7 }),
      database,
      logger: false,
      eventLoopLag: () => lag,
    });
    await app.ready();
    admin = await signUpAdmin({ app, database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const expensive = () => [
    client(app).post('/api/auth/register', newUser()),
    client(app).post('/api/auth/login', {
      email: admin.credentials.email,
      password: admin.credentials.password,
    }),
    client(app, admin.token).post('/api/chat', { karakter: 'hatta', prompt: 'Halo Bung' }),
    client(app, admin.token).post('/api/etl-run-model1-hatta', {}),
  ];

  it('answers 503 with Retry-After on the expensive routes while the event loop lags, and serves cheap reads', async () => {
    lag = 250;
    for (const res of await Promise.all(expensive())) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('7');
      expect(res.headers['content-security-policy']).toBeDefined();
      expect(body(res)).toEqual({ code: 503, status: 'error', message: OVERLOADED_MESSAGE });
    }
    const health = await client(app).get('/api/health');
    expect(health.statusCode).toBe(200);
    const me = await client(app, admin.token).get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    const tags = await client(app, admin.token).get('/api/chatbot/tags/nama/Hatta');
    expect(tags.statusCode).toBe(200);
  });

  it('serves the expensive routes again once the lag is back under the threshold', async () => {
    lag = 200;
    const [register, login, chat] = await Promise.all(expensive().slice(0, 3));
    expect(register?.statusCode).toBe(201);
    expect(login?.statusCode).toBe(200);
    expect(chat?.statusCode).toBe(200);
  });
});

describe('event loop lag monitor', () => {
  /**
   * A monitor on fake timers and a clock of the test's own: `idle(ms)` lets time pass with the
   * timers firing when due; `busy(ms)` lets time pass with the loop kept busy (no timer fires
   * until it is free again).
   */
  function simulatedLoop() {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let clock = 0;
    const monitor = monitorEventLoopLag({ tickMs: 10, windowMs: 100, now: () => clock });
    return {
      monitor,
      idle(ms: number) {
        for (let i = 0; i < ms; i += 1) {
          clock += 1;
          vi.advanceTimersByTime(1);
        }
      },
      busy(ms: number) {
        clock += ms;
      },
    };
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a loop kept busy as lagging', () => {
    const loop = simulatedLoop();
    try {
      // 40 ms of work at a time, with only the timers in between, for 500 ms: every tick is
      // 40 ms late.
      for (let i = 0; i < 10; i += 1) {
        loop.busy(40);
        loop.idle(10);
      }
      expect(loop.monitor.read()).toBe(40);
    } finally {
      loop.monitor.stop();
    }
  });

  it('does not read one isolated stall as lag', () => {
    const loop = simulatedLoop();
    try {
      loop.idle(60);
      loop.busy(150); // the tick after it closes the window that holds it
      loop.idle(40);
      expect(loop.monitor.read()).toBe(0);
    } finally {
      loop.monitor.stop();
    }
  });
});
