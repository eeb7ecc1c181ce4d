// The admin data-quality report (GET /api/chatbot/quality/{nama}) at the largest data a figure
// may hold (15 tags x 200 inputs of 200 characters x 50 responses of 1,000 characters), seeded
// through the real app on the embedded database. For each request the event loop's longest
// delay while it was in flight (perf_hooks.monitorEventLoopDelay) and its latency:
// - `changed`: the data changes (one input of one tag) before every request, so the report is
//   computed afresh each time; the change itself is outside the measured window;
// - `repeated`: the same data asked again;
// - `concurrent`: after a change, CONCURRENT requests at once.
// Prints one JSON object. BENCH_RUNS (default 4) requests per phase.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { analyzeQuality } from '../apps/server/src/modules/tags/quality';
import { largestFigureData } from '../apps/server/src/modules/tags/testing';
import type { Envelope } from '../apps/server/test/client';
import { api, signIn, startBenchApp } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const CONCURRENT = 4;
const FIGURE = 'Soekarno';

interface TagDto {
  id: string;
  tag: string;
  input: string[];
  responses: string[];
}

const bench = await startBenchApp('quality');
const { address } = bench;
const { headers } = await signIn(bench, 'admin@example.com', { admin: true, name: 'Bench Admin' });

for (const t of largestFigureData()) {
  await api(`${address}/api/chatbot/tags`, {
    method: 'POST',
    headers,
    json: { nama: FIGURE, ...t },
  });
}
const stored = (
  await api<Envelope<TagDto[]>>(`${address}/api/chatbot/tags/nama/${FIGURE}`, { headers })
).data;
const inputs = stored.reduce((n, t) => n + t.input.length, 0);
const responses = stored.reduce((n, t) => n + t.responses.length, 0);
if (stored.length !== 15 || inputs !== 15 * 200 || responses !== 15 * 50)
  throw new Error(
    `expected 15 tags, 3000 inputs, 750 responses; got ${stored.length}, ${inputs}, ${responses}`,
  );

const reportUrl = `${address}/api/chatbot/quality/${FIGURE}`;
const report = () => api<Envelope<unknown>>(reportUrl, { headers });

// The route must answer what the analysis answers in-process.
const expected = JSON.stringify(analyzeQuality(stored));
if (JSON.stringify((await report()).data) !== expected)
  throw new Error('the route answered a different report than analyzeQuality');

// Changes one input of the first tag, alternately, so the next report has new data.
const first = stored[0] as TagDto;
let flip = 0;
async function changeData() {
  flip += 1;
  const input = [...first.input];
  input[input.length - 1] = `${(first.input.at(-1) as string).slice(0, 190)} ubah${flip}`;
  await api(`${address}/api/chatbot/update/${first.id}`, {
    method: 'PUT',
    headers,
    json: { nama: FIGURE, tag: first.tag, input, responses: first.responses },
  });
}

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
const ms = (ns: number) => Math.round(ns / 1e4) / 100;
const round = (x: number) => Math.round(x * 100) / 100;

/** Runs `work` with a fresh histogram: its latency and the loop's longest delay meanwhile. */
async function measure(work: () => Promise<unknown>) {
  // Let the loop settle. After a reset the histogram's timer records nothing on its first
  // tick (it only notes the time): give it a few ticks before the work starts.
  await new Promise((r) => setTimeout(r, 50));
  histogram.reset();
  await new Promise((r) => setTimeout(r, 20));
  const started = performance.now();
  await work();
  const latencyMs = performance.now() - started;
  // One more turn so that a delay that ended with the request is recorded.
  await new Promise((r) => setTimeout(r, 10));
  return { latencyMs, loopMaxMs: ms(histogram.max) };
}

function summary(samples: { latencyMs: number; loopMaxMs: number }[]) {
  const sorted = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
  return {
    requests: samples.length,
    latencyP50Ms: round(sorted[Math.floor((sorted.length - 1) / 2)] as number),
    latencyMaxMs: round(sorted.at(-1) as number),
    eventLoopMaxDelayMs: Math.max(...samples.map((s) => s.loopMaxMs)),
    eventLoopMaxDelayPerRequestMs: samples.map((s) => s.loopMaxMs),
  };
}

const changed: { latencyMs: number; loopMaxMs: number }[] = [];
for (let i = 0; i < RUNS; i += 1) {
  await changeData();
  changed.push(await measure(report));
}
const repeated: { latencyMs: number; loopMaxMs: number }[] = [];
for (let i = 0; i < RUNS; i += 1) repeated.push(await measure(report));
const concurrent: { latencyMs: number; loopMaxMs: number }[] = [];
for (let i = 0; i < Math.max(1, Math.floor(RUNS / 2)); i += 1) {
  await changeData();
  concurrent.push(await measure(() => Promise.all(Array.from({ length: CONCURRENT }, report))));
}
histogram.disable();

// The in-process analysis alone, for reference (this is what blocked the loop before).
const analysis: number[] = [];
for (let i = 0; i < 3; i += 1) {
  const started = performance.now();
  analyzeQuality(stored);
  analysis.push(performance.now() - started);
}

await bench.finish('quality-report-largest-figure', {
  data: { tags: stored.length, inputs, responses },
  changed: summary(changed),
  repeated: summary(repeated),
  concurrent: { ...summary(concurrent), requestsAtOnce: CONCURRENT },
  analyzeQualityInProcessMs: analysis.map(round),
});
