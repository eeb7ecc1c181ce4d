import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { parseDataset } from './dataset';
import { train } from './train';
import type { TrainRequest, TrainWorkerMessage } from './train-worker';

const dataset = parseDataset(
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL('../../../data/seed/tags/hatta.json', import.meta.url)),
      'utf8',
    ),
  ),
);

function runInWorker(request: TrainRequest): Promise<TrainWorkerMessage[]> {
  // The entry is TypeScript: register tsx inside the worker, then load it (a bundled server
  // passes the compiled .js instead).
  const entry = new URL('./train-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  const worker = new Worker(boot, { eval: true });
  const messages: TrainWorkerMessage[] = [];
  return new Promise((resolve, reject) => {
    worker.on('message', (m: TrainWorkerMessage) => {
      messages.push(m);
      if (m.type !== 'progress') void worker.terminate().then(() => resolve(messages));
    });
    worker.on('error', reject);
    worker.postMessage(request);
  });
}

describe('train in a worker thread', () => {
  it('returns the same artifacts as training in-process', async () => {
    const messages = await runInWorker({ dataset, options: { seed: 4 } });
    const result = messages.at(-1);
    if (result?.type !== 'result')
      throw new Error(`expected a result, got ${JSON.stringify(result)}`);
    expect(messages.some((m) => m.type === 'progress')).toBe(true);
    const local = train(dataset, { seed: 4 });
    expect(new Uint8Array(result.artifacts.weights)).toEqual(
      new Uint8Array(local.artifacts.weights),
    );
    expect(result.artifacts.content).toEqual(local.artifacts.content);
  });

  it('reports invalid data as an error message', async () => {
    const messages = await runInWorker({ dataset: { tags: [] } });
    expect(messages.at(-1)).toEqual({
      type: 'error',
      message: 'at least two tags are needed to train a classifier',
    });
  });
});
