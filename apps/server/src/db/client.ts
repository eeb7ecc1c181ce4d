import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
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
import { ensureDir, restrictToOwner } from '../lib/private-files';
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
  /**
   * Receives the notifications of a channel: LISTEN on a dedicated PostgreSQL connection that
   * reconnects after errors, or an in-process emitter on PGlite (one process owns it).
   * `onLost` runs when the connection drops and `onReconnect` when it is back: notifications
   * sent in between are lost, so whoever caches must drop everything.
   */
  listen?(channel: string, fn: (payload: string) => void, hooks?: ListenHooks): Promise<Listener>;
  /** Sends a notification to every listener of the channel, in every process. */
  notify?: (channel: string, payload: string) => Promise<void>;
}

export interface ListenHooks {
  onLost?(): void;
  onReconnect?(): void;
}

export interface Listener {
  /** True while notifications are being received. */
  readonly connected: boolean;
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
  // PGlite creates only the last folder of the path: a DATA_DIR that does not exist yet (with
  // JWT_SECRET set nothing else creates it) must not stop the server. The database is readable
  // by this user only: pgdata 0700 (PGlite itself creates pgdata 0755); DATA_DIR is made private
  // by the configuration (env.ts), and any other parent folder is only created when missing.
  if (options.dataDir) {
    ensureDir(path.dirname(options.dataDir));
    if (!existsSync(options.dataDir)) mkdirSync(options.dataDir, { mode: 0o700 });
    restrictToOwner(options.dataDir, 0o700);
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { client, db };
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is Postgres in single-user mode: two processes opening the same data directory would
 * each write it as if alone and corrupt it. A lock file beside the directory holds the owner's
 * pid; a lock whose process is gone (killed, crashed) is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, `${mine}\n`, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === mine) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: number;
    try {
      holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      continue; // released meanwhile: try again
    }
    if (
      Number.isInteger(holder) &&
      holder > 0 &&
      holder !== process.pid &&
      processIsAlive(holder)
    ) {
      throw new Error(
        `The embedded database in ${dir} is in use by another server process (pid ${holder}). ` +
          `Stop that process first or give this one its own DATA_DIR (if no such process exists, delete ${file}).`,
      );
    }
    try {
      unlinkSync(file); // its process is gone
    } catch {
      // someone else took it over: try again
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}`);
}

export async function createPgliteDatabase(
  options: { dataDir?: string; loadDataDir?: Blob | File; migrate?: boolean } = {},
): Promise<Database & { client: PGlite }> {
  if (options.dataDir) ensureDir(path.dirname(options.dataDir));
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let opened: Awaited<ReturnType<typeof openPglite>>;
  try {
    opened = await openPglite(options);
    if (options.migrate !== false) {
      await migratePglite(drizzlePglite(opened.client, { schema }), {
        migrationsFolder: migrationsFolder(),
      });
    }
  } catch (err) {
    unlock();
    throw err;
  }
  const { client, db } = opened;
  // PGlite lives inside this process, so every user of it is here too: an emitter suffices.
  const channels = new EventEmitter();
  channels.setMaxListeners(0);
  return {
    db,
    client,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async close() {
      channels.removeAllListeners();
      if (!client.closed) await client.close();
      unlock();
    },
    async listen(channel, fn) {
      const handler = (payload: string) => fn(payload);
      channels.on(channel, handler);
      let open = true;
      return {
        get connected() {
          return open;
        },
        async close() {
          open = false;
          channels.off(channel, handler);
        },
      };
    },
    async notify(channel, payload) {
      channels.emit(channel, payload);
    },
  };
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries). On any
 * error or end it reconnects with capped exponential back-off until closed.
 */
async function listenPostgres(
  url: string,
  channel: string,
  fn: (payload: string) => void,
  hooks: ListenHooks,
): Promise<Listener> {
  const state = {
    client: null as pg.Client | null,
    connected: false,
    everConnected: false,
    closed: false,
    failures: 0,
    timer: undefined as NodeJS.Timeout | undefined,
  };
  const reconnectLater = () => {
    if (state.closed || state.timer) return;
    const delay = Math.min(5000, 100 * 2 ** state.failures);
    state.failures += 1;
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void open();
    }, delay);
    state.timer.unref();
  };
  const lost = (client: pg.Client) => {
    if (state.client !== client) return;
    state.client = null;
    if (state.connected) {
      state.connected = false;
      hooks.onLost?.();
    }
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    reconnectLater();
  };
  const open = async () => {
    if (state.closed) return;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 3000,
      keepAlive: true,
    });
    state.client = client;
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (msg) => {
      if (msg.channel === channel) fn(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      return;
    }
    if (state.closed || state.client !== client) {
      client.end().catch(() => {});
      return;
    }
    const reconnected = state.everConnected;
    state.connected = true;
    state.everConnected = true;
    state.failures = 0;
    if (reconnected) hooks.onReconnect?.();
  };
  await open();
  return {
    get connected() {
      return state.connected;
    },
    async close() {
      state.closed = true;
      state.connected = false;
      clearTimeout(state.timer);
      const client = state.client;
      state.client = null;
      if (client) {
        client.removeAllListeners('notification');
        await client.end().catch(() => {});
      }
    },
  };
}

/**
 * Drizzle's pool transaction checks a client out and sends `begin` before its try/finally, so a
 * `begin` that fails (the database went away) never releases the client: each one leaked is a
 * pool slot lost for good (after `poolSize` of them every request waits for a connection and
 * fails, even once the database is back) and `pool.end()` waits for it forever. This hands the
 * client back, marked broken, when its `begin` fails; nothing else releases it in that case.
 */
function releaseWhenBeginFails(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const isBegin = (arg: unknown) => {
    const text = typeof arg === 'string' ? arg : (arg as { text?: unknown } | null)?.text;
    return typeof text === 'string' && /^\s*begin\b/i.test(text);
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    ...args: unknown[]
  ) => {
    const result = query(...args);
    if (!isBegin(args[0]) || typeof (result as Promise<unknown> | undefined)?.then !== 'function')
      return result;
    return (result as Promise<unknown>).catch((err: unknown) => {
      try {
        client.release(err instanceof Error ? err : new Error(String(err)));
      } catch {
        // already released
      }
      throw err;
    });
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
  // Neither may a checked-out one (a transaction between two statements, the migration lock):
  // the pool listens for errors only on idle clients, and an 'error' event nobody listens to
  // ends the process. The failure still reaches the query that was running, or the next one,
  // and the pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    releaseWhenBeginFails(client);
  });
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
      try {
        conn.release();
      } catch {
        // already handed back, broken, by releaseWhenBeginFails: the migration error stands
      }
    }
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<Listener>();
  return {
    db,
    pool,
    kind: 'postgres',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.close()));
      await pool.end();
    },
    async listen(channel, fn, hooks = {}) {
      const listener = await listenPostgres(url, channel, fn, hooks);
      listeners.add(listener);
      return {
        get connected() {
          return listener.connected;
        },
        async close() {
          listeners.delete(listener);
          await listener.close();
        },
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
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
