// How long the product takes to come up: the built server from a cold data directory (fresh
// embedded database: migrations, seed, first model) and from a warm one, until /api/health is 200.
import { rmSync } from 'node:fs';
import { startServer, tmpDir } from './lib';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const dataDir = tmpDir('dw-bench-start-');
  const first = await startServer({ DATA_DIR: dataDir });
  cold.push(first.readyMs);
  await first.stop();
  const second = await startServer({ DATA_DIR: dataDir });
  warm.push(second.readyMs);
  await second.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  JSON.stringify({
    benchmark: 'startup-until-health',
    runs,
    coldDataDirMs: { median: median(cold), all: cold },
    warmDataDirMs: { median: median(warm), all: warm },
  }),
);
