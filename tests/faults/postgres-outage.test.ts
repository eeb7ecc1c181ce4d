import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach, emptyDir } from './lib/cases';
import { createCluster, createDatabase, type Cluster } from './lib/postgres';
import {
  call,
  login,
  sleep,
  startServer,
  stop,
  type Envelope,
  type RunningServer,
} from './lib/server';

const cleanup = cleanupAfterEach();
let cluster: Cluster;
beforeAll(async () => {
  // Its own cluster: this case stops and starts PostgreSQL, which must not hit anyone else.
  cluster = await createCluster();
});
afterAll(() => cluster?.destroy());

// Seeded tags of Hatta: the load spreads its writes over them (each tag holds 200 inputs at most).
const HATTA_TAGS = [
  'sapaan',
  'perpisahan',
  'identitas',
  'masa_kecil',
  'pendidikan',
  'pergerakan',
  'proklamasi',
];

type Outcome = { status: number; body: unknown } | { error: string };

/** Keeps a mixed load of reads and writes going until stopped; records every outcome by phase. */
function load(server: RunningServer, token: string, phase: () => string) {
  const outcomes = new Map<string, Outcome[]>();
  let running = true;
  let n = 0;
  const requests = [
    () => call(server, 'GET', '/api/chatbot/tags/nama/Soekarno', { token, timeoutMs: 5000 }),
    () => call(server, 'GET', '/api/auth/me', { token, timeoutMs: 5000 }),
    () =>
      call(server, 'POST', '/api/chatbot/tags', {
        token,
        timeoutMs: 5000,
        body: {
          nama: 'Hatta',
          tag: HATTA_TAGS[(n += 1) % HATTA_TAGS.length],
          input: [`beban ${n}`],
          responses: ['Baik.'],
        },
      }),
    () => call(server, 'GET', '/api/models/hatta/active', { timeoutMs: 5000 }),
  ];
  const worker = async (k: number) => {
    while (running) {
      const startPhase = phase();
      let outcome: Outcome;
      try {
        const res = await requests[k % requests.length]!();
        outcome = { status: res.status, body: res.body };
      } catch (err) {
        // A timeout (hang past 5 s) or a dropped connection (crash): both are failures.
        outcome = { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
      }
      // A request that straddles two phases counts for neither (it may go either way).
      const p = phase() === startPhase ? startPhase : 'transition';
      if (!outcomes.has(p)) outcomes.set(p, []);
      outcomes.get(p)!.push(outcome);
      await sleep(20);
    }
  };
  const done = Promise.all(Array.from({ length: 8 }, (_, k) => worker(k)));
  return {
    outcomes,
    async stop() {
      running = false;
      await done;
    },
  };
}

describe('PostgreSQL stopped in the middle of load', () => {
  it('answers 503 in the envelope, reports it in /api/health, and recovers by itself', async () => {
    const url = await createDatabase(cluster.url, 'dw_fault_outage');
    // A small pool: a connection leaked by a request that failed during the outage would
    // leave the server unable to recover.
    const server = await startServer({
      dataDir: emptyDir(cleanup),
      databaseUrl: url,
      env: { DATABASE_POOL_SIZE: '2' },
    });
    const token = await login(server);
    let phase = 'warm-up';
    const traffic = load(server, token, () => phase);
    await sleep(1000);

    // A clean stop (sessions terminated by the server), then a crash (sockets just die).
    for (const mode of ['fast', 'immediate'] as const) {
      phase = `${mode}:before`;
      await sleep(1000);
      phase = `${mode}:stopping`;
      await cluster.stop(mode);
      phase = `${mode}:down`;
      await sleep(3000);

      // While it is down, health says so (and answers promptly).
      const health = await call<{ status: string; database: { up: boolean } }>(
        server,
        'GET',
        '/api/health',
        {
          timeoutMs: 5000,
        },
      );
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'degraded', database: { up: false } });

      phase = `${mode}:restarting`;
      await cluster.start();
      const back = Date.now();
      phase = `${mode}:recovering`;
      // Recovery without any help: within 10 s every kind of request succeeds again.
      let recovered = false;
      while (!recovered && Date.now() - back < 10_000) {
        const answers = await Promise.all([
          call(server, 'GET', '/api/auth/me', { token, timeoutMs: 5000 }),
          call(server, 'GET', '/api/chatbot/tags/nama/Hatta', { token, timeoutMs: 5000 }),
          call(server, 'GET', '/api/health', { timeoutMs: 5000 }),
        ]);
        recovered = answers.every((a) => a.status === 200);
        if (!recovered) await sleep(100);
      }
      expect(recovered, `${mode}: recovered within 10 s of the database returning`).toBe(true);
      phase = `${mode}:after`;
      await sleep(1000);
    }
    await traffic.stop();

    const all = [...traffic.outcomes.values()].flat();
    // Never a hang or a dropped connection, never a 500.
    expect(all.filter((o) => 'error' in o)).toEqual([]);
    for (const o of all) if ('status' in o) expect(o.status).not.toBe(500);
    for (const mode of ['fast', 'immediate']) {
      for (const p of [`${mode}:before`, `${mode}:after`]) {
        const outcomes = traffic.outcomes.get(p) ?? [];
        expect(outcomes.length, p).toBeGreaterThan(0);
        expect(
          outcomes.filter((o) => !('status' in o) || o.status >= 300),
          p,
        ).toEqual([]);
      }
      const down = traffic.outcomes.get(`${mode}:down`) ?? [];
      // Reads of the public model may still come from the cache; everything else is a 503.
      expect(down.filter((o) => 'status' in o && o.status === 503).length, mode).toBeGreaterThan(0);
      for (const o of down) {
        if (!('status' in o)) continue;
        expect([200, 201, 503]).toContain(o.status);
        if (o.status === 503) {
          const body = o.body as Envelope;
          expect(body).toMatchObject({ code: 503, status: 'error' });
          expect(typeof body.message).toBe('string');
        }
      }
    }
    expect(server.proc.exitCode).toBeNull(); // still running
    expect(await stop(server)).toBe(0);
  });
});
