import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Lock id for migrations, so that several processes starting at once migrate one at a time. */
const MIGRATION_LOCK = 727_100_001;

/** Finds the migrations folder from the source tree and from the bundled dist alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder not found');
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}) {
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { client, db };
}

export async function createPgliteDatabase(
  options: { dataDir?: string; loadDataDir?: Blob | File; migrate?: boolean } = {},
): Promise<Database & { client: PGlite }> {
  const { client, db } = await openPglite(options);
  if (options.migrate !== false) {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
  }
  return {
    db,
    client,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export async function createPostgresDatabase(
  url: string,
  options: { poolSize?: number; migrate?: boolean } = {},
): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    // A query that hangs (database stopped mid-flight) must not hang the request forever.
    query_timeout: 10_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  if (options.migrate !== false) {
    const conn = await pool.connect();
    try {
      await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      conn.release();
    }
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    pool,
    kind: 'postgres',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

export async function createDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_SIZE: number;
  dataDir: string;
}): Promise<Database> {
  if (config.DATABASE_URL) {
    return createPostgresDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  }
  return createPgliteDatabase({ dataDir: path.join(config.dataDir, 'pgdata') });
}
