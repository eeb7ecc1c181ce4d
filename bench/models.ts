// Retraining as an admin sees it, on the built server (`npm start`'s code path, worker in
// dist/train-worker.js) with a fresh embedded database and the seed tags:
// - cold start until /api/health, and how much of it the first training of both figures took;
// - POST /api/etl-run-model1-{figure} until the run has succeeded and /active serves it
//   (polled every 50 ms), for each figure's seed tags and for 15 tags x 50 synthetic inputs;
// - the bytes of a model version's files.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { syntheticTags } from '../apps/server/src/modules/models/testing';
import type { Envelope } from '../apps/server/test/client';
import { ROOT, SERVER_ENTRY, tmpDir } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-2024' };

const build = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/scripts/build.mjs')], {
  cwd: path.join(ROOT, 'apps/server'),
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('server build failed');

interface Started {
  child: ChildProcess;
  url: string;
  readyMs: number;
  logs: Record<string, unknown>[];
  stop(): Promise<void>;
}

async function start(dataDir: string): Promise<Started> {
  const port = String(40000 + Math.floor(Math.random() * 10000));
  const began = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Record<string, unknown>[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    child,
    url,
    readyMs: Math.round(performance.now() - began),
    logs,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function call<T>(
  url: string,
  init: RequestInit & { json?: unknown; token?: string } = {},
): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: {
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = (await res.json()) as Envelope<T>;
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} -> ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const summary = (xs: number[]) => ({ median: median(xs), max: Math.max(...xs), all: xs });

/**
 * POST to succeeded-and-served, as the admin's click would: returns ms and the run. `force`
 * skips the quality gate, so the run must then be the active version.
 */
async function retrain(base: string, token: string, figure: string, force = false) {
  const began = performance.now();
  const { runId } = await call<{ runId: string }>(`${base}/api/etl-run-model1-${figure}`, {
    method: 'POST',
    token,
    json: force ? { force: true } : { etl_key: 'ignored' },
  });
  for (;;) {
    const run = await call<{
      status: string;
      version: number;
      durationMs: number;
      error: string | null;
      activated: boolean;
    }>(`${base}/api/training-runs/${runId}`, { token });
    if (run.status === 'failed') throw new Error(`run failed: ${run.error}`);
    if (run.status === 'succeeded') {
      const active = await call<{ version: number }>(`${base}/api/models/${figure}/active`);
      if ((force || run.activated) && active.version !== run.version)
        throw new Error('active version not switched');
      return {
        ms: Math.round(performance.now() - began),
        runMs: run.durationMs,
        version: run.version,
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const dataDir = tmpDir('dw-bench-models-');
const cold = await start(dataDir);
const firstModels = cold.logs
  .filter((l) => typeof l.msg === 'string' && l.msg.startsWith('first '))
  .map((l) => ({ figure: l.figure, durationMs: l.durationMs }));
const login = await call<{ token: string }>(`${cold.url}/api/auth/login`, {
  method: 'POST',
  json: ADMIN,
});
const token = login.token;

const seed: Record<string, { ms: ReturnType<typeof summary>; runMs: ReturnType<typeof summary> }> =
  {};
for (const figure of ['soekarno', 'hatta']) {
  const ms: number[] = [];
  const runMs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const r = await retrain(cold.url, token, figure);
    ms.push(r.ms);
    runMs.push(r.runMs);
  }
  seed[figure] = { ms: summary(ms), runMs: summary(runMs) };
}

// Artifact sizes of the active seed models.
const artifacts: Record<string, Record<string, number>> = {};
for (const figure of ['soekarno', 'hatta']) {
  const active = await call<{ version: number }>(`${cold.url}/api/models/${figure}/active`);
  const sizes: Record<string, number> = {};
  for (const file of ['model.json', 'weights.bin', 'word_index.json', 'content.json']) {
    const res = await fetch(`${cold.url}/api/models/${figure}/v/${active.version}/${file}`);
    sizes[file] = (await res.arrayBuffer()).byteLength;
  }
  sizes.total = Object.values(sizes).reduce((a, b) => a + b, 0);
  artifacts[figure] = sizes;
}

// 15 tags x 50 inputs, replacing Soekarno's tags through the API.
const current = await call<{ id: string }[]>(`${cold.url}/api/chatbot/tags/nama/Soekarno`, {
  token,
});
for (const t of current)
  await call(`${cold.url}/api/chatbot/tags/${t.id}`, { method: 'DELETE', token });
await call(`${cold.url}/api/chatbot/import/Soekarno`, {
  method: 'POST',
  token,
  json: { version: 1, nama: 'Soekarno', tags: syntheticTags(15, 50) },
});
const synth: number[] = [];
const synthRun: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  // force: the synthetic data may be gated against the seed model; the time is the same.
  const r = await retrain(cold.url, token, 'soekarno', true);
  synth.push(r.ms);
  synthRun.push(r.runMs);
}
const synthSizes = await call<{ bytes: number }[]>(`${cold.url}/api/models/soekarno/versions`, {
  token,
});
await cold.stop();

// Warm start: same data directory, models present, nothing to train.
const warm = await start(dataDir);
await warm.stop();
rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    benchmark: 'models-retrain',
    runsPerCase: RUNS,
    note: 'ms = POST etl-run until the run succeeded and /active serves it (50 ms polling); runMs = server-side run duration',
    startup: {
      coldReadyMs: cold.readyMs,
      warmReadyMs: warm.readyMs,
      firstModels,
    },
    seedTags: seed,
    synthetic15x50: { ms: summary(synth), runMs: summary(synthRun), bytes: synthSizes[0]?.bytes },
    artifactBytes: artifacts,
  }),
);
