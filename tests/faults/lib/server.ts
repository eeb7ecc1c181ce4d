import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, onTestFailed } from 'vitest';
import type { Envelope } from '../../../apps/server/test/client';

/** Repository root (tests/faults/lib -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The built server these tests run: `npm run build` writes it; FAULT_SERVER_ENTRY overrides. */
export function serverEntry(): string {
  const entry = path.resolve(
    process.env.FAULT_SERVER_ENTRY ?? path.join(REPO_ROOT, 'apps/server/dist/server.js'),
  );
  if (!existsSync(entry)) {
    throw new Error(
      `Built server not found at ${entry}: run \`npm run build\` first (npm run test:faults does).`,
    );
  }
  return entry;
}

export const ADMIN = { email: 'admin.fault@dwitunggal.test', password: 'Fault-Admin-2025' };
/** Every process of a scale-out deployment shares the signing secret. */
export const JWT_SECRET = 'fault-suite-secret-0123456789-abcdefghijklmnop';

/** A free TCP port on the loopback interface, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** How long to wait for /api/health to answer 200 (ms). */
  readyTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  /** Everything the process printed so far. */
  output(): string;
  /** Lines of structured log whose `msg` equals `msg`. */
  logCount(msg: string): number;
  kill(signal: NodeJS.Signals): void;
}

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

/** Stops every server this worker started that is still running (afterAll safety net). */
export async function killAll(): Promise<void> {
  const waits = [...live].map(
    (p) =>
      new Promise<void>((resolve) => {
        p.once('exit', () => resolve());
        p.kill('SIGKILL');
      }),
  );
  await Promise.all(waits);
}

/** Starts the real built server as a child process and waits until it answers /api/health. */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    JWT_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
    // The cases send bursts of right logins from one address: no limit may refuse them. A login
    // holds a place under the failure limit of its (address, account) pair while its password is
    // checked, so a burst of more than 10 at once was refused when it arrived faster than
    // argon2 freed the places (sigterm.test.ts failed so once).
    LOGIN_MAX_PER_IP: '10000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '10000',
    CHAT_MAX_PER_MINUTE: '10000',
    CHAT_MAX_PER_IP_PER_MINUTE: '100000',
    CHAT_MAX_GLOBAL_PER_MINUTE: '100000',
    REGISTER_MAX_PER_IP: '10000',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl, DATABASE_POOL_SIZE: '5' } : {}),
    ...opts.env,
  };
  const proc = spawn(process.execPath, [serverEntry()], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(proc);
  let out = '';
  const counts = new Map<string, number>();
  let partial = '';
  proc.stdout?.setEncoding('utf8');
  proc.stderr?.setEncoding('utf8');
  // FAULT_LOG_DIR: keep every server's whole output there (for investigating a failure).
  const logFile = process.env.FAULT_LOG_DIR
    ? path.join(process.env.FAULT_LOG_DIR, `server-${port}.log`)
    : null;
  proc.stdout?.on('data', (chunk: string) => {
    out += chunk;
    if (logFile) appendFileSync(logFile, chunk);
    partial += chunk;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const msg = (JSON.parse(line) as { msg?: unknown }).msg;
        if (typeof msg === 'string') counts.set(msg, (counts.get(msg) ?? 0) + 1);
      } catch {
        // not a log line
      }
    }
  });
  proc.stderr?.on('data', (chunk: string) => {
    out += chunk;
    if (logFile) appendFileSync(logFile, chunk);
  });
  const exited = new Promise<number | string>((resolve) => {
    proc.once('exit', (code, signal) => {
      live.delete(proc);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    proc,
    exited,
    output: () => out,
    logCount: (msg) => counts.get(msg) ?? 0,
    kill: (signal) => {
      proc.kill(signal);
    },
  };
  try {
    // Inside a test: show what the server printed when the test fails.
    onTestFailed(() => {
      const lines = out.split('\n');
      const errors = lines.filter((line) => !line.startsWith('{') || /"level":(50|60),/.test(line));
      const warnings = lines.filter((line) => /"level":40,/.test(line));
      console.error(
        `--- server on port ${port}: ${errors.length} errors, ${warnings.length} warnings ---\n` +
          `${errors.join('\n').slice(-12_000)}\n--- last warning ---\n${warnings.at(-1)?.slice(0, 3000) ?? ''}`,
      );
    });
  } catch {
    // not inside a test (global setup)
  }
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 90_000);
  let gone: number | string | null = null;
  void exited.then((c) => (gone = c));
  for (;;) {
    if (gone !== null)
      throw new Error(`server exited (${String(gone)}) before it was ready:\n${out.slice(-4000)}`);
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${out.slice(-4000)}`);
    }
    await sleep(150);
  }
}

/** SIGKILL and wait for the process to be gone. */
export async function kill9(server: RunningServer): Promise<void> {
  server.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM and wait for a clean exit; returns the exit code. */
export async function stop(server: RunningServer): Promise<number | string> {
  server.kill('SIGTERM');
  return server.exited;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON request; network failures reject (the caller decides what they mean). */
export async function call<T = Envelope>(
  server: Pick<RunningServer, 'url'>,
  method: string,
  pathname: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

export type { Envelope };

export async function login(server: Pick<RunningServer, 'url'>, who = ADMIN): Promise<string> {
  const res = await call<Envelope<{ token: string }>>(server, 'POST', '/api/auth/login', {
    body: who,
  });
  if (res.status !== 200 || !res.body.data?.token) {
    throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data.token;
}

export interface TagRecord {
  id: string;
  nama: string;
  tag: string;
  input: string[];
  responses: string[];
}

export async function listTags(
  server: Pick<RunningServer, 'url'>,
  token: string,
  nama: 'Soekarno' | 'Hatta',
) {
  const res = await call<Envelope<TagRecord[]>>(server, 'GET', `/api/chatbot/tags/nama/${nama}`, {
    token,
  });
  if (res.status !== 200 || !Array.isArray(res.body.data)) {
    throw new Error(`tag list failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data;
}

export interface RunState {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  progress: { phase: string; epoch: number; epochs: number };
  error: string | null;
  version: number | null;
  activated: boolean | null;
}

/** The data of a GET that must answer 200 with data; anything else throws, named by `what`. */
async function dataOf<T>(
  server: Pick<RunningServer, 'url'>,
  pathname: string,
  what: string,
  token?: string,
): Promise<T> {
  const res = await call<Envelope<T>>(server, 'GET', pathname, token ? { token } : {});
  if (res.status !== 200 || !res.body.data)
    throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export const getRun = (server: Pick<RunningServer, 'url'>, token: string, id: string) =>
  dataOf<RunState>(server, `/api/training-runs/${id}`, `run ${id}`, token);

/** Asks for a training run of `figure` (`force`: also when its data did not change). */
export const startTraining = (
  server: Pick<RunningServer, 'url'>,
  token: string,
  figure: 'soekarno' | 'hatta',
  force = false,
) =>
  call<Envelope<{ runId: string }>>(server, 'POST', `/api/etl-run-model1-${figure}`, {
    token,
    body: force ? { force: true } : {},
  });

/** Polls a run until it has finished (or the deadline passes: then the last state). */
export async function waitForRun(
  server: Pick<RunningServer, 'url'>,
  token: string,
  id: string,
  timeoutMs = 60_000,
): Promise<RunState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await getRun(server, token, id);
    if (run.status === 'succeeded' || run.status === 'failed' || Date.now() > deadline) return run;
    await sleep(100);
  }
}

/**
 * Retrains `figure` (forced) and waits for the run, read through `watch` (another process may
 * report it): the run must be accepted and succeed. Returns the finished run.
 */
export async function retrain(
  server: Pick<RunningServer, 'url'>,
  token: string,
  figure: 'soekarno' | 'hatta',
  watch: Pick<RunningServer, 'url'> = server,
): Promise<RunState> {
  const started = await startTraining(server, token, figure, true);
  expect(started.status).toBe(202);
  const run = await waitForRun(watch, token, started.body.data.runId);
  expect(run.status).toBe('succeeded');
  return run;
}

export interface ActiveModel {
  version: number;
  modelUrl: string;
  wordIndexUrl: string;
  contentUrl: string;
}

export const activeModel = (server: Pick<RunningServer, 'url'>, figure: 'soekarno' | 'hatta') =>
  dataOf<ActiveModel>(server, `/api/models/${figure}/active`, `active ${figure}`);

/** The raw bytes of a URL of the server. */
export async function bytesOf(
  server: Pick<RunningServer, 'url'>,
  pathname: string,
): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(`${server.url}${pathname}`, { signal: AbortSignal.timeout(15_000) });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}
