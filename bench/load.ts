// `npm run bench:load`: a realistic mixed workload against the built server (apps/server/dist/
// server.js) on a fresh embedded data directory, then a soak at half the measured peak rate while
// the server's resident memory is sampled. Prints one JSON object.
//
//   LOAD_SECONDS  peak phase length (default 60), at LOAD_CONNECTIONS (default 50) connections
//   SOAK_SECONDS  soak phase length (default 600), at half the peak rate; 0 skips the soak
//   LOAD_PORT     server port (default 3601)
//
// Mix per connection (a repeating sequence of 50 requests): 1 login (2 %), 15 GET /api/auth/me,
// 12 tag lists, 10 rag chats, 12 downloads of the active soekarno model's weights.bin.
// Login, registration and chat limits are raised for the run (LOGIN_MAX_PER_IP,
// REGISTER_MAX_*, CHAT_MAX_*): every request comes from one address.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { api, registerAndLogin, startServer, tmpDir } from './lib';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const PORT = process.env.LOAD_PORT ?? '3601';
const USERS = 20;
const RSS_EVERY_MS = 5_000;

type Route = 'login' | 'me' | 'tags' | 'chat' | 'weights';
// Login last in the sequence, so that 50 connections do not all start with an argon2 hash.
const MIX: [Route, number][] = [
  ['me', 15],
  ['tags', 12],
  ['chat', 10],
  ['weights', 12],
  ['login', 1],
];
const PROMPTS = [
  'Kapan Bung Hatta lahir?',
  'Apa itu koperasi?',
  'Di mana proklamasi dibacakan?',
  'Ceritakan masa pembuangan Anda di Boven Digoel.',
  'Apa arti Pancasila bagi Bung Karno?',
  'Siapa yang mengetik naskah proklamasi?',
];

const loadAverage = () => os.loadavg().map((v) => Math.round(v * 100) / 100);

function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] as number) * 100) / 100;
}

interface RouteStats {
  count: number;
  errors: number;
  statuses: Record<number, number>;
  latencies: number[];
}

/** One phase: the mixed sequence on every connection, optionally rate-limited overall. */
async function phase(opts: {
  url: string;
  seconds: number;
  overallRate?: number;
  tokens: string[];
  credentials: { email: string; password: string }[];
  weightsPath: string;
  onTick?: () => void;
}) {
  const stats = new Map<Route, RouteStats>(
    MIX.map(([r]) => [r, { count: 0, errors: 0, statuses: {}, latencies: [] }]),
  );
  let answered: Route | null = null;
  let n = 0;
  const pick = <T>(xs: T[]): T => xs[(n += 1) % xs.length] as T;
  const auth = (req: autocannon.Request) => ({
    ...req,
    headers: { ...req.headers, authorization: `Bearer ${pick(opts.tokens)}` },
  });
  const make = (route: Route): autocannon.Request => {
    const onResponse = () => {
      answered = route;
    };
    const json = { 'content-type': 'application/json' };
    switch (route) {
      case 'login':
        return {
          method: 'POST',
          path: '/api/auth/login',
          headers: json,
          setupRequest: (req) => ({ ...req, body: JSON.stringify(pick(opts.credentials)) }),
          onResponse,
        };
      case 'me':
        return { method: 'GET', path: '/api/auth/me', setupRequest: auth, onResponse };
      case 'tags':
        return {
          method: 'GET',
          path: '/api/chatbot/tags/nama/Soekarno',
          setupRequest: (req) => ({
            ...auth(req),
            path: `/api/chatbot/tags/nama/${n % 2 ? 'Soekarno' : 'Hatta'}`,
          }),
          onResponse,
        };
      case 'chat':
        return {
          method: 'POST',
          path: '/api/chat',
          headers: json,
          setupRequest: (req) => ({
            ...auth(req),
            body: JSON.stringify({ karakter: n % 2 ? 'hatta' : 'soekarno', prompt: pick(PROMPTS) }),
          }),
          onResponse,
        };
      case 'weights':
        return { method: 'GET', path: opts.weightsPath, onResponse };
    }
  };
  // Interleave the mix so that every connection keeps a steady blend rather than bursts.
  const sequence: autocannon.Request[] = [];
  const left = new Map(MIX);
  while ([...left.values()].some((v) => v > 0)) {
    for (const [route] of MIX) {
      const k = left.get(route) ?? 0;
      if (k > 0) {
        sequence.push(make(route));
        left.set(route, k - 1);
      }
    }
  }

  let finish: (err: Error | null, result: autocannon.Result) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (err, result) => (err ? reject(err) : resolve(result));
  });
  const instance = autocannon(
    {
      url: opts.url,
      connections: CONNECTIONS,
      duration: opts.seconds,
      requests: sequence,
      ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
      timeout: 10,
    },
    (err: Error | null, result) => finish(err, result),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    const route = answered;
    answered = null;
    if (!route) return;
    const s = stats.get(route) as RouteStats;
    s.count += 1;
    s.statuses[statusCode] = (s.statuses[statusCode] ?? 0) + 1;
    if (statusCode >= 400) s.errors += 1;
    s.latencies.push(responseTime);
  });
  const tick = opts.onTick ? setInterval(opts.onTick, RSS_EVERY_MS) : undefined;
  const result = await finished;
  clearInterval(tick);

  const routes: Record<string, unknown> = {};
  let all: number[] = [];
  for (const [route, s] of stats) {
    const sorted = Float64Array.from(s.latencies).sort();
    routes[route] = {
      count: s.count,
      errors: s.errors,
      statuses: s.statuses,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
    };
    all = all.concat(s.latencies);
  }
  const sortedAll = Float64Array.from(all).sort();
  const total = [...stats.values()].reduce((a, s) => a + s.count, 0);
  const httpErrors = [...stats.values()].reduce((a, s) => a + s.errors, 0);
  return {
    seconds: opts.seconds,
    connections: CONNECTIONS,
    ...(opts.overallRate ? { targetRps: opts.overallRate } : {}),
    rps: Math.round(total / opts.seconds),
    requests: total,
    p50: percentile(sortedAll, 50),
    p99: percentile(sortedAll, 99),
    httpErrors,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    routes,
  };
}

const loadAtStart = loadAverage();
const server = await startServer({
  PORT,
  DATA_DIR: tmpDir('dw-bench-load-'),
  LOGIN_MAX_PER_IP: '1000000000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
  CHAT_MAX_PER_MINUTE: '1000000000',
  CHAT_MAX_PER_IP_PER_MINUTE: '1000000000',
  CHAT_MAX_GLOBAL_PER_MINUTE: '1000000000',
  REGISTER_MAX_PER_IP: '1000000',
  REGISTER_MAX_GLOBAL: '1000000',
  NODE_ENV: 'production',
  JWT_SECRET: 'load-bench-secret-load-bench-secret-0123456789',
  LOG_LEVEL: 'warn',
});
const pid = server.child.pid as number;
try {
  const credentials = Array.from({ length: USERS }, (_, i) => ({
    email: `beban${i}@example.com`,
    password: 'Merdeka1945',
  }));
  const tokens: string[] = [];
  for (const [i, c] of credentials.entries()) {
    const { token } = await registerAndLogin(server.url, { name: `Pelajar Beban ${i}`, ...c });
    tokens.push(token);
  }
  const active = await api<{ data: { version: number } }>(
    `${server.url}/api/models/soekarno/active`,
  );
  const weightsPath = `/api/models/soekarno/v/${active.data.version}/weights.bin`;
  const weightsBytes = (await (await fetch(`${server.url}${weightsPath}`)).arrayBuffer())
    .byteLength;

  const base = { url: server.url, tokens, credentials, weightsPath };
  await phase({ ...base, seconds: 5 }); // warm-up, not reported
  const rssAfterWarmup = rssMb(pid);
  const peak = await phase({ ...base, seconds: LOAD_SECONDS });

  let soak: Record<string, unknown> | null = null;
  if (SOAK_SECONDS > 0) {
    const samples: { t: number; mb: number }[] = [];
    const started = Date.now();
    const sample = () => {
      const mb = rssMb(pid);
      if (mb !== null) samples.push({ t: Math.round((Date.now() - started) / 1000), mb });
    };
    sample();
    const result = await phase({
      ...base,
      seconds: SOAK_SECONDS,
      overallRate: Math.max(1, Math.floor(peak.rps / 2)),
      onTick: sample,
    });
    sample();
    // Growth between the first and the last minute (or fifth, for a soak shorter than 5 minutes).
    const window = Math.min(60, SOAK_SECONDS / 5);
    const mean = (xs: { mb: number }[]) =>
      xs.length ? xs.reduce((a, s) => a + s.mb, 0) / xs.length : 0;
    const first = mean(samples.filter((s) => s.t <= window));
    const last = mean(samples.filter((s) => s.t >= SOAK_SECONDS - window));
    const growthPct = first ? Math.round(((last - first) / first) * 1000) / 10 : null;
    soak = {
      ...result,
      rss: {
        windowSeconds: window,
        firstWindowMb: Math.round(first * 10) / 10,
        lastWindowMb: Math.round(last * 10) / 10,
        growthPct,
        maxMb: Math.max(...samples.map((s) => s.mb)),
        samples: samples.length,
        series: samples.filter((_, i) => i % 6 === 0).map((s) => [s.t, s.mb]),
      },
      memoryGrowthUnder10Pct: growthPct !== null && growthPct < 10,
    };
  }
  const errorsOf = (
    p: { httpErrors: number; connectionErrors: number; timeouts: number } | null,
  ) => (p ? p.httpErrors + p.connectionErrors + p.timeouts : 0);
  console.log(
    JSON.stringify({
      benchmark: 'load-and-soak',
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadAverage(),
      },
      mix: Object.fromEntries(MIX.map(([r, k]) => [r, `${(k / 50) * 100}%`])),
      weightsBytes,
      rssAfterWarmupMb: rssAfterWarmup,
      peak,
      soak,
      zeroErrors:
        errorsOf(peak) +
          errorsOf(
            soak as { httpErrors: number; connectionErrors: number; timeouts: number } | null,
          ) ===
        0,
    }),
  );
} finally {
  await server.stop();
}
