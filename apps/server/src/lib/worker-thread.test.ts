import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { FixtureCall } from './worker-service.fixture';
import { startWorkerService, type WorkerEntry, type WorkerService } from './worker-thread';

const FIXTURE: WorkerEntry = {
  name: 'worker-service-fixture',
  bundled: new URL('./worker-service.fixture.js', import.meta.url),
  source: new URL('./worker-service.fixture.ts', import.meta.url),
};

type Reply = { text: string; threadId: number };
const services: WorkerService<FixtureCall, Reply>[] = [];

async function start(opts: { timeoutMs?: number; failSetup?: boolean } = {}) {
  const service = await startWorkerService<{ failSetup?: boolean }, FixtureCall, Reply>(
    FIXTURE,
    { failSetup: opts.failSetup ?? false },
    {
      resourceLimits: { maxOldGenerationSizeMb: 64 },
      timeoutMs: opts.timeoutMs ?? 5_000,
      errors: {
        failed: (message) => new Error(`failed: ${message}`),
        timedOut: () => new Error('timed out'),
        exited: (code) => new Error(`exited ${code}`),
      },
    },
  );
  services.push(service);
  return service;
}

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
});

describe('startWorkerService', () => {
  it('answers many calls, each by its own id, in one thread that is not this one', async () => {
    const service = await start();
    const replies = await Promise.all(
      ['satu', 'dua', 'tiga'].map((text) => service.call({ do: 'echo', text })),
    );
    expect(replies.map((r) => r.text)).toEqual(['satu', 'dua', 'tiga']);
    expect(new Set(replies.map((r) => r.threadId)).size).toBe(1);
    expect(replies[0]?.threadId).not.toBe(threadId);
  });

  it('rejects a call whose handler threw, and goes on answering in the same thread', async () => {
    const service = await start();
    const before = await service.call({ do: 'echo', text: 'a' });
    await expect(service.call({ do: 'throw', message: 'tidak bisa' })).rejects.toThrow(
      'failed: tidak bisa',
    );
    const after = await service.call({ do: 'echo', text: 'b' });
    expect(after.threadId).toBe(before.threadId);
  });

  it('fails the calls in flight when the thread dies, and starts another for the next call', async () => {
    const service = await start();
    const before = await service.call({ do: 'echo', text: 'a' });
    const waiting = service.call({ do: 'wait', ms: 200 });
    const crash = service.call({ do: 'crash' });
    await expect(crash).rejects.toThrow('exited 3');
    // The crash comes after the wait in the thread's queue: the wait had answered first.
    await expect(waiting).resolves.toMatchObject({ text: 'waited' });
    const after = await service.call({ do: 'echo', text: 'b' });
    expect(after.text).toBe('b');
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('stops a thread that outlives the timeout, failing what it held, and starts another', async () => {
    const service = await start({ timeoutMs: 300 });
    const before = await service.call({ do: 'echo', text: 'a' });
    const stuck = service.call({ do: 'wait', ms: 5_000 });
    const queued = service.call({ do: 'echo', text: 'behind the stuck one' });
    await expect(stuck).rejects.toThrow('timed out');
    await expect(queued).rejects.toThrow(/exited|timed out/);
    const after = await service.call({ do: 'echo', text: 'b' });
    expect(after.text).toBe('b');
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('does not start when the set-up fails', async () => {
    await expect(start({ failSetup: true })).rejects.toThrow('failed: set-up failed');
  });

  it('refuses calls once closed', async () => {
    const service = await start();
    await service.close();
    await expect(service.call({ do: 'echo', text: 'a' })).rejects.toThrow('exited 0');
  });
});
