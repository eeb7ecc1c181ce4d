import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server';

/** The newest PostgreSQL server binaries of the machine (Debian layout), or a clear failure. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) {
    throw new Error(
      'The fault suite needs PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin: install the Debian package `postgresql`.',
    );
  }
  return path.join(root, newest, 'bin');
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function postgresUid(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs a PostgreSQL binary, as the postgres user when this process is root (initdb refuses root). */
function runPg(bin: string, args: string[]): void {
  if (isRoot()) {
    const line = [bin, ...args].map(quote).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', line], { stdio: 'pipe' });
  } else {
    execFileSync(bin, args, { stdio: 'pipe' });
  }
}

export interface Cluster {
  url: string;
  port: number;
  dir: string;
  start(): void;
  /** `fast` terminates every session; `immediate` is a crash of the server. */
  stop(mode?: 'fast' | 'immediate'): void;
  destroy(): void;
}

/** A throwaway PostgreSQL cluster on a free port, in its own temporary directory. */
export async function createCluster(): Promise<Cluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dw-fault-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot()) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  runPg(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  let running = false;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    start() {
      runPg(path.join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        'start',
      ]);
      running = true;
    },
    stop(mode = 'fast') {
      runPg(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    destroy() {
      if (running) {
        try {
          cluster.stop('immediate');
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

/** `url` with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Creates a fresh database for one case (dropping a leftover of the same name first), empty or
 * as a copy of `template`.
 */
export async function createDatabase(
  baseUrl: string,
  name: string,
  template?: string,
): Promise<string> {
  for (const n of [name, template ?? 'dw_fault_']) {
    if (!/^dw_fault_[a-z0-9_]*$/.test(n)) throw new Error(`bad database name ${n}`);
  }
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  return withDatabase(baseUrl, name);
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** One query on a database (a test's own look at the rows, outside the servers). */
export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
