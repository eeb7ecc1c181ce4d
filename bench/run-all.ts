// `npm run bench`: runs every benchmark in this folder (each a standalone script printing one
// JSON object), one after another so they do not disturb each other, and prints them together.
// `npm run bench -- auth startup` runs only the named ones. The load and soak run (load.ts, 11
// minutes by default) runs only when named, or with `npm run bench:load`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
// Lighthouse has its own script (`npm run bench:lighthouse`); chat-browser runs with the rest.
const ON_DEMAND = ['load', 'lighthouse'];
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !['lib.ts', 'run-all.ts'].includes(f) && !f.endsWith('.d.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => (wanted.length === 0 ? !ON_DEMAND.includes(name) : wanted.includes(name)))
  .sort();

const results: Record<string, unknown> = {};
let failed = false;
for (const name of scripts) {
  process.stderr.write(`bench: ${name}...\n`);
  const res = spawnSync('npx', ['tsx', path.join(here, `${name}.ts`)], {
    cwd: path.resolve(here, '..'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = res.stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (res.status !== 0 || !line) {
    failed = true;
    results[name] = { error: `exit ${res.status}` };
    continue;
  }
  results[name] = JSON.parse(line);
}
const out = {
  machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
  date: new Date().toISOString(),
  results,
};
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'latest.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
process.exit(failed ? 1 : 0);
