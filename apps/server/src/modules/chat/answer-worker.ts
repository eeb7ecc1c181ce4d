/**
 * worker_threads entry of the rag model's embedded answers: the knowledge base indexed once,
 * then every question answered here, off the server's event loop (decision 033). Bundled as its
 * own file (dist/answer-worker.js); from the source tree the host bundles it on first use.
 *
 * Protocol: the worker service of lib/worker-thread.ts (set up with AnswerWorkerInit, then one
 * RagRequest in, its stream events out, per call).
 */
import { createRagEngine, type RagRequest } from '@dwitunggal/rag/engine';
import type { StreamEvent } from '@dwitunggal/rag/generator';
import { loadKnowledge } from '@dwitunggal/rag/load-knowledge';
import { serveWorkerCalls } from '../../lib/worker-thread';

export interface AnswerWorkerInit {
  knowledgeDir: string;
}

serveWorkerCalls<AnswerWorkerInit, RagRequest, StreamEvent[]>(async ({ knowledgeDir }) => {
  const engine = createRagEngine({ passages: await loadKnowledge(knowledgeDir) });
  return async (request) => {
    // The embedded generator's events are ready at once: they travel together.
    const events: StreamEvent[] = [];
    for await (const event of engine.stream(request)) events.push(event);
    return events;
  };
});
