/**
 * The classifier engine: loads a figure's model with TF.js and answers predictions. It runs
 * inside the classifier Web Worker (lazy-classifier.worker.ts), so that parsing TF.js, fetching
 * and decoding the weights and predicting never block the page; where no Worker exists (tests under jsdom)
 * the host runs this same module in the page. Messages are plain data: no functions, no
 * tensors, errors as { name, message }.
 */
import {
  fetchArtifacts,
  type ArtifactUrls,
  type ModelContent,
} from '@dwitunggal/classifier/artifacts';
import type { ChatPrediction } from '@dwitunggal/classifier/infer';
import { loadClassifier, type LoadedClassifier } from './tf-runtime';

export type EngineRequest =
  | { op: 'load'; urls: ArtifactUrls }
  | { op: 'classify'; handle: number; text: string }
  | { op: 'dispose'; handle: number };

/** A model the engine loaded: its handle, and the texts the page answers with. */
export interface LoadedModelInfo {
  handle: number;
  content: ModelContent;
}

/** What each request answers: a loaded model, a prediction, or nothing. */
export type EngineResult<R extends EngineRequest> = R extends { op: 'load' }
  ? LoadedModelInfo
  : R extends { op: 'classify' }
    ? ChatPrediction
    : null;

export type EngineError = { name: string; message: string };

/** One request with its id (the host matches answers to requests by id). */
export type EngineMessage = { id: number; request: EngineRequest };
/** `ms`: the time the engine spent on the request (for classify: one prediction, measured where it runs). */
export type EngineReply =
  | { id: number; ok: true; result: unknown; ms: number }
  | { id: number; ok: false; error: EngineError };

const models = new Map<number, LoadedClassifier>();
let nextHandle = 1;

function loaded(handle: number): LoadedClassifier {
  const model = models.get(handle);
  if (!model) throw new Error(`no loaded model ${handle}`);
  return model;
}

/**
 * Runs one request. A model is fetched, verified and decoded here, in the worker: reading a
 * weights file of some megabytes is long work that the page's first render must not wait on.
 */
export async function runRequest(request: EngineRequest): Promise<unknown> {
  switch (request.op) {
    case 'load': {
      const artifacts = await fetchArtifacts(request.urls);
      const model = await loadClassifier(artifacts);
      const handle = nextHandle++;
      models.set(handle, model);
      return { handle, content: artifacts.content } satisfies LoadedModelInfo;
    }
    case 'classify':
      return loaded(request.handle).classifier.classify(request.text);
    case 'dispose':
      models.get(request.handle)?.dispose();
      models.delete(request.handle);
      return null;
  }
}

/** Runs a request and wraps its outcome as a reply message. */
export async function answer({ id, request }: EngineMessage): Promise<EngineReply> {
  try {
    const started = performance.now();
    const result = await runRequest(request);
    return { id, ok: true, result, ms: performance.now() - started };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return { id, ok: false, error: { name: e.name, message: e.message } };
  }
}
