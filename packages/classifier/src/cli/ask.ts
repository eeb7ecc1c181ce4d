/**
 * npm run classifier:ask -- --figure soekarno|hatta --questions FILE [--data FILE] [--seed N]
 *
 * Trains exactly as the server does (the same trainer and defaults) from the figure's seed tags
 * (data/seed/tags/{figure}.json) or --data, then answers each non-empty line of FILE exactly as
 * the browser does: the same preprocessing, model (the pure-TS forward pass, which matches TF.js),
 * thresholds and response choice. Prints one JSON object per line: question, tag, confidence
 * (the top probability), fallback (true when the figure answers with a fallback line) and
 * response. Reviewers and benchmarks measure the tfjs answers with it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseDataset } from '../dataset';
import type { Figure } from '../fallbacks';
import { TRAINING_SEED } from '@dwitunggal/contracts/models';
import { createAsker } from '../ask';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      figure: { type: 'string' },
      questions: { type: 'string' },
      data: { type: 'string' },
      seed: { type: 'string', default: String(TRAINING_SEED) },
    },
    strict: true,
  });
  const figure = values.figure as Figure | undefined;
  if (figure !== 'soekarno' && figure !== 'hatta')
    throw new Error('--figure soekarno|hatta is required');
  if (!values.questions) throw new Error('--questions FILE is required');
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const dataFile = values.data ?? path.join(root, 'data/seed/tags', `${figure}.json`);
  const dataset = parseDataset(JSON.parse(readFileSync(dataFile, 'utf8')));
  const ask = createAsker(dataset, figure, seed);
  const lines = readFileSync(values.questions, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  for (const question of lines) process.stdout.write(`${JSON.stringify(await ask(question))}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
