// POST /api/chat (rag model, embedded generator) at 50 connections against the built server on
// a fresh embedded database: throughput and latency percentiles, twice: one fixed prompt, and a
// mix that cycles through every learner question of data/eval/rag-*.json (both figures, with
// typos, slang and off-topic questions), so that nothing keyed by one prompt can flatter the
// figure. One learner account sends everything; its per-user rate limit is raised for the run.
//
// The load generator is autocannon, run in a child process (`--cannon`, this same file) so that
// it does not share an event loop with this script; it rotates the request bodies itself.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, api, registerAndLogin, startServer, tmpDir, type CannonResult } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SINGLE_PROMPT = { karakter: 'hatta', prompt: 'Kapan Bung Hatta lahir?' };

interface CannonJob {
  url: string;
  headers: Record<string, string>;
  bodies: string[];
  seconds: number;
  connections: number;
}

/** Child mode: one autocannon run whose requests cycle through `bodies`; prints a CannonResult. */
async function runCannon(job: CannonJob) {
  const { default: autocannon } = await import('autocannon');
  let next = 0;
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    requests: [
      {
        method: 'POST',
        headers: job.headers,
        setupRequest: (req) => {
          const body = job.bodies[next % job.bodies.length];
          next += 1;
          return { ...req, body };
        },
      },
    ],
  });
  const out: CannonResult = {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  process.stdout.write(JSON.stringify(out));
}

function cannonChild(job: CannonJob): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--cannon'],
      {
        cwd: ROOT,
        env: { ...process.env, BENCH_CANNON_JOB: JSON.stringify(job) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let buf = '';
    child.stdout.on('data', (d) => (buf += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(buf) as CannonResult)
        : reject(new Error(`cannon exited ${code}`)),
    );
  });
}

/** Every evaluation question of data/eval/rag-*.json as a request body, in file order. */
function evalBodies(): string[] {
  const dir = path.join(ROOT, 'data/eval');
  const files = readdirSync(dir)
    .filter((f) => /^rag-.*\.json$/.test(f))
    .sort();
  const questions = files.flatMap(
    (f) =>
      JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Array<{
        karakter: string;
        question: string;
      }>,
  );
  return questions.map((q) => JSON.stringify({ karakter: q.karakter, prompt: q.question }));
}

async function main() {
  const server = await startServer({
    DATA_DIR: tmpDir('dw-bench-chat-'),
    CHAT_MAX_PER_MINUTE: '1000000',
    CHAT_MAX_PER_IP_PER_MINUTE: '1000000000',
    CHAT_MAX_GLOBAL_PER_MINUTE: '1000000000',
    LOGIN_MAX_PER_IP: '1000',
    // Throughput of the rag route itself: load shedding would answer 503 once the loop saturates
    // (BENCH_SHED=1 keeps it on).
    ...(process.env.BENCH_SHED ? {} : { LOAD_SHED_MAX_LAG_MS: '0' }),
  });
  try {
    const creds = { name: 'Bench Chat', email: 'bench.chat@example.com', password: 'Merdeka1945' };
    const session = await registerAndLogin(server.url, creds);
    const headers = { ...session.headers, 'content-type': 'application/json' };
    const url = `${server.url}/api/chat`;
    const single = [JSON.stringify(SINGLE_PROMPT)];
    const mix = evalBodies();
    const sample = await api<{ response: string; sources: unknown[] }>(url, {
      method: 'POST',
      headers,
      body: single[0],
    });
    const run = async (bodies: string[]) => {
      await cannonChild({ url, headers, bodies, seconds: 2, connections: CONNECTIONS }); // warm-up
      return cannonChild({ url, headers, bodies, seconds: SECONDS, connections: CONNECTIONS });
    };
    const chat = await run(single);
    const mixed = await run(mix);
    console.log(
      JSON.stringify({
        benchmark: 'chat-rag-embedded',
        connections: CONNECTIONS,
        seconds: SECONDS,
        prompt: SINGLE_PROMPT.prompt,
        sampleAnswer: sample.response,
        sampleSources: sample.sources.length,
        chat,
        mixedPrompts: mix.length,
        mixed,
        p99UnderBudget: chat.p99 < 50 && mixed.p99 < 50,
      }),
    );
  } finally {
    await server.stop();
  }
}

if (process.argv.includes('--cannon'))
  await runCannon(JSON.parse(process.env.BENCH_CANNON_JOB ?? '{}') as CannonJob);
else await main();
