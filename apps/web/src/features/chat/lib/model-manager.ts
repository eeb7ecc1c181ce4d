import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { ModelContent } from '@dwitunggal/classifier/artifacts';
import type { Classifier } from '@dwitunggal/classifier/infer';
import { withResponses } from '@dwitunggal/classifier/respond';
import { tagDisplayName } from '@dwitunggal/classifier/fallbacks';
import { useCallback, useSyncExternalStore } from 'react';
import { fetchActiveModel, type ActiveModel } from '../api/active-model';
import { engineCall, engineGeneration } from './classifier-host';

/**
 * The in-browser models (tfjs), one per figure, kept for the page's life. Before each message
 * the chat asks `classifierFor`, which checks the figure's active version (one small request)
 * and loads a new version when it changed, so that a retrained model reaches an open chat on
 * its next message. The last good model stays in use when the check or the load fails (offline,
 * server error, broken artifacts).
 */
export type LoadedModel = {
  version: number;
  classifier: Classifier;
  content: ModelContent;
};

export type ModelStatus =
  | { state: 'idle' }
  | { state: 'loading'; version: number | null }
  | { state: 'ready'; version: number; tags: number }
  | { state: 'missing' }
  | { state: 'error' };

/** The figure has no trained model yet (the API answered 404). */
export class NoModelError extends Error {
  override name = 'NoModelError';
}

type Loaded = LoadedModel & { dispose(): void; generation: number };

type Slot = {
  current: Loaded | null;
  /** The check-and-load in progress, shared by concurrent callers. */
  pending: Promise<LoadedModel> | null;
  status: ModelStatus;
  listeners: Set<() => void>;
};

const slots = new Map<CharacterKey, Slot>();

function slot(figure: CharacterKey): Slot {
  let s = slots.get(figure);
  if (!s) {
    s = { current: null, pending: null, status: { state: 'idle' }, listeners: new Set() };
    slots.set(figure, s);
  }
  return s;
}

function setStatus(figure: CharacterKey, status: ModelStatus) {
  const s = slot(figure);
  s.status = status;
  s.listeners.forEach((l) => l());
}

const absolute = (url: string) => new URL(url, window.location.href).href;

/**
 * Loads a version into the classifier engine (a Web Worker: fetching and verifying the four
 * files, TF.js and every prediction stay off the main thread); the page keeps the replies.
 */
async function load(active: ActiveModel): Promise<Loaded> {
  const generation = engineGeneration();
  const { handle, content } = await engineCall({
    op: 'load',
    urls: {
      modelUrl: absolute(active.modelUrl),
      wordIndexUrl: absolute(active.wordIndexUrl),
      contentUrl: absolute(active.contentUrl),
    },
  });
  const dispose = () => {
    engineCall({ op: 'dispose', handle }).catch(() => {});
  };
  const classifier = withResponses((text) => engineCall({ op: 'classify', handle, text }), content);
  // A model whose weights decode but are not numbers (damaged bytes of the right size) would
  // answer nonsense: one probe prediction must give a real probability before it replaces
  // the model in use.
  try {
    const probe = await classifier.classify(content.tags[0] ?? 'halo');
    if (!Number.isFinite(probe.probability) || !Number.isFinite(probe.margin)) {
      throw new Error(`model version ${active.version} predicts no valid probability`);
    }
  } catch (error) {
    dispose();
    throw error;
  }
  return { version: active.version, classifier, content, dispose, generation };
}

async function refresh(figure: CharacterKey): Promise<LoadedModel> {
  const s = slot(figure);
  let active: ActiveModel | null;
  try {
    active = await fetchActiveModel(figure);
  } catch (error) {
    // No connection or a server error: carry on with the model we have.
    if (s.current) return s.current;
    setStatus(figure, { state: 'error' });
    throw error;
  }
  if (!active) {
    if (s.current) return s.current;
    setStatus(figure, { state: 'missing' });
    throw new NoModelError(`${figure} has no active model`);
  }
  // A model of a worker that died (its script failed) is gone: load it again.
  if (s.current && s.current.generation !== engineGeneration()) s.current = null;
  if (s.current?.version === active.version) return s.current;

  if (!s.current) setStatus(figure, { state: 'loading', version: active.version });
  try {
    const next = await load(active);
    const previous = s.current;
    s.current = next;
    previous?.dispose();
    setStatus(figure, { state: 'ready', version: next.version, tags: next.content.tags.length });
    return next;
  } catch (error) {
    if (s.current) return s.current; // keep the last good model
    // The version may have been replaced while it loaded (a retraining finished): its files are
    // then private to signed-in requests and fail here. Load the new active version once.
    const latest = await fetchActiveModel(figure).catch(() => null);
    if (latest && latest.version !== active.version) {
      try {
        const next = await load(latest);
        s.current = next;
        setStatus(figure, {
          state: 'ready',
          version: next.version,
          tags: next.content.tags.length,
        });
        return next;
      } catch {
        // fall through: report the first failure
      }
    }
    setStatus(figure, { state: 'error' });
    throw error;
  }
}

/**
 * The figure's classifier at its active version, loading it (and TF.js, in the worker) when needed. Throws
 * NoModelError when the figure has no model, or the load error when no model could be loaded.
 */
export function classifierFor(figure: CharacterKey): Promise<LoadedModel> {
  const s = slot(figure);
  s.pending ??= refresh(figure).finally(() => {
    s.pending = null;
  });
  return s.pending;
}

/** Starts loading ahead of the first message (errors surface on send, not here). */
export function prepareModel(figure: CharacterKey): void {
  classifierFor(figure).catch(() => {});
}

export function getModelStatus(figure: CharacterKey): ModelStatus {
  return slot(figure).status;
}

/** Reads something of the figure's slot, re-rendering whenever its status changes. */
function useSlot<T>(figure: CharacterKey, read: (s: ReturnType<typeof slot>) => T): T {
  return useSyncExternalStore(
    (listener) => {
      const s = slot(figure);
      s.listeners.add(listener);
      return () => s.listeners.delete(listener);
    },
    () => read(slot(figure)),
    () => read(slot(figure)),
  );
}

export function useModelStatus(figure: CharacterKey): ModelStatus {
  return useSlot(figure, (s) => s.status);
}

/**
 * The display name of one of the figure's tags, from its loaded model (learners never see a raw
 * tag id): the tag's label, else its id with spaces, until a model with labels is loaded.
 */
export function useTagName(figure: CharacterKey): (tag: string) => string {
  const labels = useSlot(figure, (s) => s.current?.content.labels);
  return useCallback((tag: string) => tagDisplayName(tag, labels), [labels]);
}

/** Forgets every loaded model (tests; a new session). */
export function forgetModels(): void {
  for (const s of slots.values()) s.current?.dispose();
  slots.clear();
}
