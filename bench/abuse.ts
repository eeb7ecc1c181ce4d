// Abuse limits (decision 014): a registration flood from one address against the default
// limits, and the cost of the chat limit check (three counters), alone and with 50 checks in
// flight, in both stores (decision 026): the SQL one PostgreSQL uses (one statement, measured
// here on the embedded database) and the in-memory one the embedded database uses.
import { LIMIT_DEFAULTS } from '../apps/server/src/env';
import {
  createRateLimiter,
  createSqlRateLimiter,
  type RateLimiter,
} from '../apps/server/src/lib/rate-limiter';
import { startBenchApp } from './lib';

const FLOOD = Number(process.env.BENCH_FLOOD ?? 120);
const CHECKS = Number(process.env.BENCH_CHECKS ?? 3000);

const bench = await startBenchApp('abuse', {
  // The shipped registration limits; load shedding off so that only the limits answer.
  config: {
    REGISTER_MAX_PER_IP: LIMIT_DEFAULTS.REGISTER_MAX_PER_IP,
    REGISTER_MAX_GLOBAL: LIMIT_DEFAULTS.REGISTER_MAX_GLOBAL,
    LOAD_SHED_MAX_LAG_MS: 0,
  },
});
const { address, database } = bench;

// 1. Registration flood from one address, 10 requests in flight.
const statuses: number[] = new Array<number>(FLOOD);
const retryAfter = new Set<string>();
let next = 0;
const floodStarted = performance.now();
await Promise.all(
  Array.from({ length: 10 }, async () => {
    while (next < FLOOD) {
      const i = next++;
      const res = await fetch(`${address}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Banjir ${i}`,
          email: `banjir${i}@example.com`,
          password: 'Merdeka1945',
        }),
      });
      statuses[i] = res.status;
      if (res.status === 429) retryAfter.add(res.headers.get('retry-after') ?? '(none)');
      await res.arrayBuffer();
    }
  }),
);
const floodMs = performance.now() - floodStarted;
const count = (s: number) => statuses.filter((x) => x === s).length;

// 2. The chat limit check alone: sequential latency, then throughput with 50 in flight.
const round = (n: number) => Math.round(n * 100) / 100;
async function measureCheck(limiter: RateLimiter) {
  const check = (i: number) =>
    limiter.hitChain(
      [
        { key: `chat:user:bench-${i % 200}`, max: 1e9 },
        { key: `chat:ip:10.0.${i % 50}.1`, max: 1e9 },
        { key: 'chat:global', max: 1e9 },
      ],
      60,
    );
  const latencies: number[] = [];
  for (let i = 0; i < 500; i += 1) {
    const t = performance.now();
    await check(i);
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  let issued = 0;
  const concurrentStarted = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (issued < CHECKS) await check(issued++);
    }),
  );
  const concurrentMs = performance.now() - concurrentStarted;
  return {
    counters: 3,
    sequentialMs: {
      p50: round(latencies[Math.floor(latencies.length * 0.5)] ?? 0),
      p99: round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    },
    concurrent50PerSecond: Math.round(CHECKS / (concurrentMs / 1000)),
  };
}
const sqlStore = await measureCheck(createSqlRateLimiter(database.db));
const embeddedStore = await measureCheck(createRateLimiter(database));

await bench.finish('abuse-limits', {
  registrationFlood: {
    requests: FLOOD,
    fromOneAddress: true,
    limitPerAddress: LIMIT_DEFAULTS.REGISTER_MAX_PER_IP,
    created: count(201),
    refused429: count(429),
    other: FLOOD - count(201) - count(429),
    first429AtRequest: statuses.indexOf(429) + 1,
    retryAfterSeconds: [...retryAfter],
    ms: Math.round(floodMs),
  },
  chatLimitCheck: { sqlStore, embeddedStore },
});
