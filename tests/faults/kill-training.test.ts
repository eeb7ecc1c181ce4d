import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, ENGINES, freshStorage } from './lib/cases';
import {
  activeModel,
  bytesOf,
  getRun,
  login,
  retrain,
  sleep,
  startServer,
  startTraining,
  stop,
  waitForRun,
} from './lib/server';

const cleanup = cleanupAfterEach();

describe.each(ENGINES)('kill -9 during a training run (%s)', (engine) => {
  it('marks the run failed, keeps serving the previous model, and a new run succeeds', async () => {
    const setup = await freshStorage(engine, 'training', cleanup);
    const server = await startServer(setup);
    const token = await login(server);
    const before = await activeModel(server, 'soekarno');
    const modelBefore = await bytesOf(server, before.modelUrl);
    const weightsUrl = before.modelUrl.replace(/model\.json$/, 'weights.bin');
    const weightsBefore = await bytesOf(server, weightsUrl);
    expect(modelBefore.status).toBe(200);
    expect(weightsBefore.status).toBe(200);

    const started = await startTraining(server, token, 'soekarno');
    expect(started.status).toBe(202);
    const runId = started.body.data.runId;
    // Kill while the worker is training (not before it started, not after it saved).
    for (;;) {
      const run = await getRun(server, token, runId);
      expect(
        run.status === 'queued' || run.status === 'running',
        `run ended before the kill: ${run.status}`,
      ).toBe(true);
      if (run.status === 'running' && run.progress.phase === 'training') break;
      await sleep(20);
    }
    server.kill('SIGKILL');
    await server.exited;

    const again = await startServer(setup);
    const token2 = await login(again);
    // On PGlite the restart fails it at once; on PostgreSQL (another process might own it) as
    // soon as its heartbeat is older than 10 s, when anyone looks at it.
    const failed = await waitForRun(again, token2, runId, 30_000);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('Server restarted during training');

    const after = await activeModel(again, 'soekarno');
    expect(after.version).toBe(before.version);
    const modelAfter = await bytesOf(again, after.modelUrl);
    const weightsAfter = await bytesOf(again, weightsUrl);
    expect(modelAfter.status).toBe(200);
    expect(modelAfter.body.equals(modelBefore.body)).toBe(true);
    expect(weightsAfter.body.equals(weightsBefore.body)).toBe(true);
    // The unversioned file names (the spec's client) serve it too.
    expect(
      (await bytesOf(again, '/api/models/soekarno/model.json')).body.equals(modelBefore.body),
    ).toBe(true);

    const done = await retrain(again, token2, 'soekarno');
    expect(done.version).toBeGreaterThan(before.version);
    expect((await activeModel(again, 'soekarno')).version).toBe(done.version);
    expect(await stop(again)).toBe(0);
  });
});
