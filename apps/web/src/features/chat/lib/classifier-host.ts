/**
 * The page's side of the classifier engine. In a browser the engine runs in a module Web
 * Worker (TF.js and every prediction off the main thread); where `Worker` does not exist
 * (jsdom in tests) the same engine module runs in the page. Either way the chat awaits the
 * same requests and answers.
 */
import type {
  EngineError,
  EngineMessage,
  EngineReply,
  EngineRequest,
  EngineResult,
} from './classifier-engine';

type Pending = {
  op: EngineRequest['op'];
  resolve(value: unknown): void;
  reject(error: Error): void;
};

/**
 * Records how long the engine itself took for a prediction, as the `dw:predict-engine`
 * performance measure (read by bench/chat-browser.ts next to the page's round trip, `dw:predict`).
 */
function recordEngineTime(op: EngineRequest['op'], reply: EngineReply) {
  if (op !== 'classify' || !reply.ok) return;
  const end = performance.now();
  performance.measure('dw:predict-engine', { start: Math.max(0, end - reply.ms), end });
}

let worker: Worker | null = null;
/** Counts discarded workers: a model loaded by an earlier worker is gone with it. */
let generation = 0;
const pending = new Map<number, Pending>();
let nextId = 1;

function toError(e: EngineError): Error {
  const error = new Error(e.message);
  error.name = e.name;
  return error;
}

function failAll(error: Error) {
  const waiting = [...pending.values()];
  pending.clear();
  for (const p of waiting) p.reject(error);
}

function startWorker(): Worker {
  const w = new Worker(new URL('./lazy-classifier.worker.ts', import.meta.url), {
    type: 'module',
    name: 'dw-classifier',
  });
  w.addEventListener('message', (event: MessageEvent<EngineReply>) => {
    const reply = event.data;
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    recordEngineTime(p.op, reply);
    if (reply.ok) p.resolve(reply.result);
    else p.reject(toError(reply.error));
  });
  // The worker script could not load or run (e.g. offline before it was ever cached): fail
  // what waits, and start a fresh worker on the next request. Its models are gone with it.
  w.addEventListener('error', (event) => {
    event.preventDefault();
    if (worker === w) {
      worker = null;
      generation++;
    }
    w.terminate();
    failAll(new Error(`classifier worker failed: ${event.message || 'script error'}`));
  });
  return w;
}

/** Which engine instance is current (models keep the generation that loaded them). */
export function engineGeneration(): number {
  return generation;
}

/** Sends one request to the engine and resolves with its answer. */
export async function engineCall<R extends EngineRequest>(request: R): Promise<EngineResult<R>> {
  if (typeof Worker === 'undefined') {
    const engine = await import('./classifier-engine');
    const reply = await engine.answer({ id: 0, request });
    recordEngineTime(request.op, reply);
    if (!reply.ok) throw toError(reply.error);
    return reply.result as EngineResult<R>;
  }
  worker ??= startWorker();
  const id = nextId++;
  const message: EngineMessage = { id, request };
  return new Promise<EngineResult<R>>((resolve, reject) => {
    pending.set(id, { op: request.op, resolve: resolve, reject });
    worker?.postMessage(message);
  });
}
