import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, freshDataDir } from './lib/cases';
import {
  ADMIN,
  call,
  getRun,
  login,
  sleep,
  startServer,
  startTraining,
  stop,
  type Answer,
  type Envelope,
} from './lib/server';

const cleanup = cleanupAfterEach();

async function until(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('SIGTERM with requests in flight', () => {
  it('finishes the requests in flight, refuses new ones, and exits 0', async () => {
    const dataDir = freshDataDir(cleanup);
    const server = await startServer({ dataDir });
    const token = await login(server);

    // A training run in the background (it gets a grace period), then a burst of logins: each
    // hashes a password (argon2id), so they queue up inside the server.
    const started = await startTraining(server, token, 'hatta');
    expect(started.status).toBe(202);
    const seen = server.logCount('incoming request');
    const burst = 30;
    const inFlight: Promise<Answer<Envelope> | Error>[] = Array.from({ length: burst }, () =>
      call<Envelope>(server, 'POST', '/api/auth/login', { body: ADMIN, timeoutMs: 30_000 }).catch(
        (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
      ),
    );
    // Every one of them has reached the server before the signal.
    await until(() => server.logCount('incoming request') >= seen + burst, 'the burst to arrive');
    server.kill('SIGTERM');
    await until(
      () => server.logCount('shutting down: finishing requests in flight') > 0,
      'the server to start shutting down',
    );

    // New requests are refused: no connection, or a 503 on a connection that was already open.
    const late = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<Envelope>(server, 'GET', '/api/health', { timeoutMs: 10_000 }).then(
          (res) => res.status,
          () => 'refused' as const,
        ),
      ),
    );
    for (const outcome of late) expect([503, 'refused']).toContain(outcome);

    const answers = await Promise.all(inFlight);
    const statuses = answers.map((a) => (a instanceof Error ? a.message : a.status));
    expect(statuses).toEqual(Array.from({ length: burst }, () => 200));
    for (const a of answers) if (!(a instanceof Error)) expect(a.body.data).toHaveProperty('token');

    expect(await server.exited).toBe(0);

    // The training run was finished or failed, never left "running" for the next start.
    const again = await startServer({ dataDir });
    const token2 = await login(again);
    const run = await getRun(again, token2, started.body.data.runId);
    expect(['succeeded', 'failed']).toContain(run.status);
    if (run.status === 'failed') expect(run.error).toBe('Server stopped during training');
    expect(await stop(again)).toBe(0);
  });
});
