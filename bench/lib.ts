import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppConfig } from '../apps/server/src/app';
import { createPgliteDatabase, type Database } from '../apps/server/src/db/client';
import { createUserRepository } from '../apps/server/src/modules/auth/repository';
import type { Envelope } from '../apps/server/test/client';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built server, relative to a project tree. */
const BUILT_SERVER = 'apps/server/dist/server.js';
export const SERVER_ENTRY = path.join(ROOT, BUILT_SERVER);

/** The app configuration of in-process benchmarks: silent, no web build, limits out of the way. */
export const BENCH_APP_CONFIG: AppConfig = {
  jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret-0123'),
  JWT_TTL_SECONDS: 3600,
  LOGIN_MAX_PER_IP: 1000,
  LOGIN_MAX_FAILURES_PER_ACCOUNT: 10,
  LOGIN_WINDOW_SECONDS: 900,
  TRUST_PROXY: false,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  REGISTER_MAX_PER_IP: 1_000_000,
  REGISTER_MAX_GLOBAL: 1_000_000,
  CHAT_MAX_PER_IP_PER_MINUTE: 1_000_000_000,
  CHAT_MAX_GLOBAL_PER_MINUTE: 1_000_000_000,
};

export const tmpDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

export interface CannonResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/**
 * Runs autocannon in its own process (so that it does not steal the server's event loop) and
 * returns requests per second and latency percentiles in ms.
 */
export async function cannon(opts: {
  url: string;
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
}): Promise<CannonResult> {
  const args = [
    'autocannon',
    '-j',
    '-c',
    String(opts.connections ?? 50),
    '-d',
    String(opts.seconds ?? 10),
  ];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (opts.method) args.push('-m', opts.method);
  if (opts.body) args.push('-b', opts.body);
  args.push(opts.url);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('npx', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let buf = '';
    child.stdout.on('data', (d) => (buf += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(buf) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
  const r = JSON.parse(out) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/**
 * Starts the built server as a child process; resolves when /api/health answers 200. `root` is
 * the project tree whose build runs (another one is a baseline tree, see baseline-tree.ts).
 */
export async function startServer(
  env: Record<string, string>,
  root = ROOT,
): Promise<{
  child: ChildProcess;
  url: string;
  readyMs: number;
  stop(): Promise<void>;
}> {
  const port = env.PORT ?? String(40000 + Math.floor(Math.random() * 10000));
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS passes flags to the server's Node only (e.g. `--cpu-prof`).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, BUILT_SERVER)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: port },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = Math.round(performance.now() - started);
  return {
    child,
    url,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function api<T = unknown>(
  url: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
  const body = (await res.json()) as T;
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} -> ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The app of an in-process benchmark, listening on a free port of 127.0.0.1. */
export interface BenchApp {
  app: FastifyInstance;
  database: Database;
  /** http://127.0.0.1:<port> */
  address: string;
  /**
   * Closes the app and its database, then prints the result as one JSON line (the bench's
   * output): `{ benchmark, database: 'pglite', ...result }`.
   */
  finish(benchmark: string, result: Record<string, unknown>): Promise<void>;
}

/**
 * Builds the app on a fresh embedded database in a temporary folder and listens. `before` runs
 * on the database before the app is built (seeding); `routes` adds the bench's own bare routes
 * before it listens.
 */
export async function startBenchApp(
  name: string,
  options: {
    config?: Partial<AppConfig>;
    before?: (database: Database) => Promise<void>;
    routes?: (app: FastifyInstance, database: Database) => void;
  } = {},
): Promise<BenchApp> {
  const database = await createPgliteDatabase({ dataDir: tmpDir(`dw-bench-${name}-`) });
  await options.before?.(database);
  const app = await buildApp({
    config: { ...BENCH_APP_CONFIG, ...options.config },
    database,
    logger: false,
  });
  options.routes?.(app, database);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    address,
    async finish(benchmark, result) {
      await app.close();
      await database.close();
      console.log(JSON.stringify({ benchmark, database: 'pglite', ...result }));
    },
  };
}

/** Registers an account through the API, runs `registered` on its id, then logs it in. */
export async function registerAndLogin(
  address: string,
  creds: { name: string; email: string; password: string },
  registered?: (userId: string) => Promise<unknown>,
) {
  const account = await api<Envelope<{ user: { id: string } }>>(`${address}/api/auth/register`, {
    method: 'POST',
    json: creds,
  });
  await registered?.(account.data.user.id);
  const login = await api<Envelope<{ token: string; user: { id: string } }>>(
    `${address}/api/auth/login`,
    { method: 'POST', json: { email: creds.email, password: creds.password } },
  );
  const { token, user } = login.data;
  return { token, user, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Registers an account of an in-process bench and logs it in; with `admin`, promotes it in the
 * database first (the token is issued after, so it carries the role).
 */
export function signIn(
  bench: Pick<BenchApp, 'address' | 'database'>,
  email: string,
  options: { admin?: boolean; name?: string } = {},
) {
  const creds = { name: options.name ?? 'Bench User', email, password: 'Merdeka1945' };
  return registerAndLogin(
    bench.address,
    creds,
    options.admin
      ? (id) => createUserRepository(bench.database.db).setRole(id, 'admin')
      : undefined,
  );
}
