/**
 * worker_threads entry of the data-quality report: runs `analyzeQuality` (an O(n^2) comparison
 * of a figure's inputs, seconds at the largest data) off the server's event loop. Bundled as its
 * own file (dist/quality-worker.js); from the source tree the host bundles it on first use.
 *
 * Protocol: the worker job of lib/worker-thread.ts (one QualityWorkerRequest in, one
 * QualityReport or one error out).
 */
import type { QualityReport } from '@dwitunggal/contracts/tags';
import { serveWorkerJob } from '../../lib/worker-thread';
import { analyzeQuality } from './quality';

export interface QualityWorkerRequest {
  tags: { tag: string; input: string[] }[];
}

serveWorkerJob<QualityWorkerRequest, never, QualityReport>((request) =>
  analyzeQuality(request.tags),
);
