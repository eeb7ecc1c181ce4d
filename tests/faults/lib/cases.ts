import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from './postgres';

/** A case's own copy of the template data directory (removed by `cleanup`). */
export function freshDataDir(cleanup: (() => void)[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dw-fault-case-'));
  const dataDir = path.join(dir, 'data');
  cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dataDir;
}

/** An empty directory (for DATA_DIR of a server on PostgreSQL: only its generated files go there). */
export function emptyDir(cleanup: (() => void)[]): string {
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
  cleanup: (() => Promise<void> | void)[],
  opts: { empty?: boolean } = {},
): Promise<string> {
  const base = inject('postgresUrl');
  const dbName = `dw_fault_${name}_${process.pid}`;
  const url = await createDatabase(base, dbName, opts.empty ? undefined : inject('postgresTemplate'));
  cleanup.push(() => dropDatabase(base, dbName));
  return url;
}

export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = ['pglite', 'postgres'];
