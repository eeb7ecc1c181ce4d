import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, inject } from 'vitest';
import { createDatabase, dropDatabase } from './postgres';
import { killAll } from './server';

export type Cleanup = (() => Promise<void> | void)[];

/**
 * The file's cleanup list: after each test every server it started is killed, then what the
 * test registered is undone, last first.
 */
export function cleanupAfterEach(): Cleanup {
  const cleanup: Cleanup = [];
  afterEach(async () => {
    await killAll();
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });
  return cleanup;
}

/** A case's own copy of the template data directory (removed by `cleanup`). */
export function freshDataDir(cleanup: Cleanup): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dw-fault-case-'));
  const dataDir = path.join(dir, 'data');
  cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dataDir;
}

/** An empty directory (for DATA_DIR of a server on PostgreSQL: only its generated files go there). */
export function emptyDir(cleanup: Cleanup): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dw-fault-case-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A case's own PostgreSQL database, dropped by `cleanup`: a copy of the template (migrated,
 * seeded, both models trained), or `empty` for a case that starts from nothing.
 */
export async function freshPostgres(
  name: string,
  cleanup: Cleanup,
  opts: { empty?: boolean } = {},
): Promise<string> {
  const base = inject('postgresUrl');
  const dbName = `dw_fault_${name}_${process.pid}`;
  const url = await createDatabase(
    base,
    dbName,
    opts.empty ? undefined : inject('postgresTemplate'),
  );
  cleanup.push(() => dropDatabase(base, dbName));
  return url;
}

export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = ['pglite', 'postgres'];

/**
 * Where a case's server keeps its data on each engine: a copy of the trained template data
 * directory, or an empty DATA_DIR and its own copy of the trained template database.
 */
export async function freshStorage(
  engine: Engine,
  name: string,
  cleanup: Cleanup,
): Promise<{ dataDir: string; databaseUrl?: string }> {
  if (engine === 'pglite') return { dataDir: freshDataDir(cleanup) };
  return { dataDir: emptyDir(cleanup), databaseUrl: await freshPostgres(name, cleanup) };
}
