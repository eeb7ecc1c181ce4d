import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, freshDataDir } from './lib/cases';
import { call, startServer, stop } from './lib/server';

const cleanup = cleanupAfterEach();

describe('two server processes on one embedded database', () => {
  it('refuses the second one instead of letting both write the same files', async () => {
    const dataDir = freshDataDir(cleanup);
    const first = await startServer({ dataDir });
    await expect(startServer({ dataDir, readyTimeoutMs: 60_000 })).rejects.toThrow(
      /in use by another server process \(pid \d+\)/,
    );
    expect((await call(first, 'GET', '/api/health')).status).toBe(200);
    expect(await stop(first)).toBe(0);
    expect(existsSync(`${dataDir}/pgdata.lock`)).toBe(false); // released on a clean stop

    // Once the owner has stopped, the next one opens it.
    const next = await startServer({ dataDir });
    expect((await call(next, 'GET', '/api/health')).status).toBe(200);
    expect(await stop(next)).toBe(0);
  });
});
