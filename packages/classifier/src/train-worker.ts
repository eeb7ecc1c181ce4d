/**
 * Node worker_threads entry that runs `train` off the request path. Node-only (the rest of the
 * package is pure). The server starts it with `new Worker(url)` (the bundled .js; in development
 * register tsx inside the worker first, as train-worker.test.ts does), posts one TrainRequest and
 * receives progress messages, then one result (weights.bin transferred, not copied) or an error.
 */
import { parentPort } from 'node:worker_threads';
import type { Dataset } from './dataset';
import { parseDataset } from './dataset';
import type { TrainOptions, TrainResult } from './train';
import { train } from './train';

export interface TrainRequest {
  dataset: Dataset;
  options?: Omit<TrainOptions, 'onProgress'>;
}

export type TrainWorkerMessage =
  | { type: 'progress'; epoch: number; loss: number }
  | {
      type: 'result';
      artifacts: TrainResult['artifacts'];
      history: TrainResult['history'];
      durationMs: number;
    }
  | { type: 'error'; message: string };

const port = parentPort;
if (port) {
  port.once('message', (request: TrainRequest) => {
    try {
      const result = train(parseDataset(request.dataset), {
        ...request.options,
        onProgress: (epoch, loss) =>
          port.postMessage({ type: 'progress', epoch, loss } satisfies TrainWorkerMessage),
      });
      const message: TrainWorkerMessage = {
        type: 'result',
        artifacts: result.artifacts,
        history: result.history,
        durationMs: result.durationMs,
      };
      port.postMessage(message, [result.artifacts.weights]);
    } catch (error) {
      port.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      } satisfies TrainWorkerMessage);
    }
  });
}
