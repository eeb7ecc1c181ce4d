import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createCluster, type Cluster } from './lib/postgres';
import { serverEntry, startServer, stop } from './lib/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped server's DATA_DIR (seeded, both models trained): copy it, never use it in place. */
    pgliteTemplate: string;
    /** A PostgreSQL whose user may create databases: TEST_DATABASE_URL, or a throwaway cluster. */
    postgresUrl: string;
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
  let cluster: Cluster | null = null;
  try {
    const [server, pgUrl] = await Promise.all([
      startServer({ dataDir }),
      process.env.TEST_DATABASE_URL
        ? Promise.resolve(process.env.TEST_DATABASE_URL)
        : createCluster().then((c) => {
            cluster = c;
            return c.url;
          }),
    ]);
    const code = await stop(server);
    if (code !== 0) throw new Error(`template server exited with ${code}:\n${server.output().slice(-3000)}`);
    project.provide('pgliteTemplate', dataDir);
    project.provide('postgresUrl', pgUrl);
  } catch (err) {
    (cluster as Cluster | null)?.destroy();
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return () => {
    (cluster as Cluster | null)?.destroy();
    rmSync(root, { recursive: true, force: true });
  };
}
