import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabase, createPgliteDatabase } from '../db/client';
import { loadConfig } from '../env';
import { ensureAdmin } from '../modules/auth/bootstrap';
import { createUserRepository } from '../modules/auth/repository';

const mode = (file: string) => statSync(file).mode & 0o777;

/** Opens the server's database as a start does, hands `fn` its user repository, then closes it. */
async function withUsers(
  config: Parameters<typeof createDatabase>[0],
  fn: (users: ReturnType<typeof createUserRepository>) => Promise<void>,
): Promise<void> {
  const database = await createDatabase(config);
  try {
    await fn(createUserRepository(database.db));
  } finally {
    await database.close();
  }
}

describe('the data folder is private to the server’s user', { timeout: 120_000 }, () => {
  it('creates DATA_DIR and pgdata 0700 and the generated secrets 0600', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'dw-modes-')), 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    await withUsers(config, async (users) => {
      await ensureAdmin(users, { name: 'Admin Dwitunggal', dataDir });
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'pgdata'))).toBe(0o700);
      expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
      expect(mode(path.join(dataDir, 'admin-credentials.txt'))).toBe(0o600);
    });
  });

  it('tightens a world-readable data folder left by an earlier version', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dw-modes-old-'));
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'pgdata'), { mode: 0o755 });
    chmodSync(path.join(dataDir, 'pgdata'), 0o755);
    for (const name of ['jwt-secret', 'admin-credentials.txt']) {
      writeFileSync(path.join(dataDir, name), 'x'.repeat(48), { mode: 0o644 });
      chmodSync(path.join(dataDir, name), 0o644);
    }
    loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    await withUsers({ dataDir, DATABASE_POOL_SIZE: 1 }, async (users) => {
      expect(mode(path.join(dataDir, 'pgdata'))).toBe(0o700);
      await ensureAdmin(users, { name: 'Admin Dwitunggal', dataDir }); // creates the demo admin
      chmodSync(path.join(dataDir, 'admin-credentials.txt'), 0o644);
      await ensureAdmin(users, { name: 'Admin Dwitunggal', dataDir }); // a later start
      expect(mode(path.join(dataDir, 'admin-credentials.txt'))).toBe(0o600);
    });
  });

  it('never changes a shared folder (sticky bit) that pgdata or DATA_DIR sits in', async () => {
    const shared = mkdtempSync(path.join(os.tmpdir(), 'dw-modes-shared-'));
    chmodSync(shared, 0o1777);
    loadConfig({ DATA_DIR: shared });
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    const database = await createDatabase({ dataDir: shared, DATABASE_POOL_SIZE: 1 });
    await database.close();
    const direct = await createPgliteDatabase({ dataDir: path.join(shared, 'pg') });
    await direct.close();
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
  });
});
