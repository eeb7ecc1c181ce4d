/**
 * worker_threads entry of the data-quality report: runs `analyzeQuality` (an O(n^2) comparison
 * of a figure's inputs, seconds at the largest data) off the server's event loop. Bundled as its
 * own file (dist/quality-worker.js); from the source tree the host bundles it on first use.
 *
 * Protocol: the host posts one QualityWorkerRequest; the worker posts exactly one
 * QualityWorkerMessage (the report, or an error) and the host ends it.
 */
import { parentPort } from 'node:worker_threads';
import type { QualityReport } from '@dwitunggal/contracts/tags';
import { analyzeQuality } from './quality';

export interface QualityWorkerRequest {
  tags: { tag: string; input: string[] }[];
}

export type QualityWorkerMessage =
  { type: 'result'; report: QualityReport } | { type: 'error'; message: string };

const port = parentPort;
if (port) {
  port.once('message', (request: QualityWorkerRequest) => {
    try {
      port.postMessage({
        type: 'result',
        report: analyzeQuality(request.tags),
      } satisfies QualityWorkerMessage);
    } catch (error) {
      port.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      } satisfies QualityWorkerMessage);
    }
  });
}
