/**
 * npm run classifier:eval -- --data FILE [--folds 5] [--seed 1] [--heldout FILE] [--baseline]
 *
 * FILE is the archive export format or {"tags":[{"tag","input":[],"responses":[]}]}; the held-out
 * file is {"items":[{"text","tag"}]}. Prints the evaluation report as JSON on stdout only.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseDataset, parseLabelled } from '../dataset';
import { evaluationReport } from '../report';

function main(): void {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      folds: { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      heldout: { type: 'string' },
      baseline: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.data) throw new Error('--data FILE is required');
  const folds = Number(values.folds);
  const seed = Number(values.seed);
  if (!Number.isInteger(folds) || folds < 2) throw new Error('--folds must be an integer >= 2');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const dataset = parseDataset(JSON.parse(readFileSync(values.data, 'utf8')));
  const heldOut = values.heldout
    ? parseLabelled(JSON.parse(readFileSync(values.heldout, 'utf8')))
    : undefined;
  const started = performance.now();
  const report = evaluationReport(dataset, {
    folds,
    seed,
    baseline: values.baseline,
    ...(heldOut ? { heldOut } : {}),
  });
  process.stdout.write(
    `${JSON.stringify({ data: values.data, ...report, durationMs: Math.round(performance.now() - started) }, null, 2)}\n`,
  );
}

try {
  main();
} catch (error) {
  process.stderr.write(
    `classifier:eval: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
