import type { CharacterKey } from '@dwitunggal/contracts/characters';
import {
  ACHIEVEMENT_TAGS_MAX,
  TURNS_PER_SYNC_MAX,
  type TurnInput,
} from '@dwitunggal/contracts/learning';
import { storageKeys } from '@/config/storage-keys';
import { toApiFailure } from '@/lib/api-error';
import { createStoredValue, parseJson, type StoredValue } from '../lib/stored-value';
import { clearServerHistory, sendAchievements, sendTurns } from './api';

/**
 * What a learner's device still has to tell the server, in order: turns answered in the browser
 * (tfjs), reached achievement tags, and history clears. Kept in localStorage under the account's
 * own key (`dw-sync-queue-{userId}`), so it survives a reload, an offline spell and a logout
 * that could not send it, and is only ever sent with that account's session. Sending is
 * idempotent on the server (turns by client id, tags as a union), so a replay is harmless.
 */
export type QueueEntry =
  | { q: string; figure: CharacterKey; kind: 'turn'; turn: TurnInput }
  | { q: string; figure: CharacterKey; kind: 'tag'; tag: string }
  | { q: string; figure: CharacterKey; kind: 'clear' };

/** The most entries kept on a device: past it the oldest turns go (the server caps them too). */
export const QUEUE_MAX = 2000;

const isEntry = (v: unknown): v is QueueEntry =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as QueueEntry).q === 'string' &&
  ((v as QueueEntry).figure === 'soekarno' || (v as QueueEntry).figure === 'hatta') &&
  ['turn', 'tag', 'clear'].includes((v as QueueEntry).kind);

function parseQueue(raw: string | null): QueueEntry[] {
  const value = parseJson(raw);
  // The server validates what is sent; an entry it refuses is dropped then.
  return Array.isArray(value) ? value.filter(isEntry) : [];
}

const stores = new Map<string, StoredValue<QueueEntry[]>>();

function queue(userId: string): StoredValue<QueueEntry[]> {
  let store = stores.get(userId);
  if (!store) {
    store = createStoredValue(storageKeys.syncQueue(userId), parseQueue);
    stores.set(userId, store);
  }
  return store;
}

export const queuedEntries = (userId: string): QueueEntry[] => queue(userId).get();

function append(userId: string, entries: QueueEntry[], drop?: (e: QueueEntry) => boolean) {
  queue(userId).set((previous) => {
    const next = [...(drop ? previous.filter((e) => !drop(e)) : previous), ...entries];
    let excess = next.length - QUEUE_MAX;
    return excess <= 0 ? next : next.filter((e) => e.kind !== 'turn' || excess-- <= 0);
  });
}

let counter = 0;
const queueId = () => `q${Date.now().toString(36)}${(counter++).toString(36)}`;

export function enqueueTurns(userId: string, figure: CharacterKey, turns: TurnInput[]): void {
  append(
    userId,
    turns.map((turn) => ({ q: turn.clientId, figure, kind: 'turn', turn })),
  );
}

export function enqueueTags(userId: string, figure: CharacterKey, tags: string[]): void {
  append(
    userId,
    tags.map((tag) => ({ q: queueId(), figure, kind: 'tag', tag })),
  );
}

/** A clear replaces the figure's turns still waiting (they would be deleted anyway). */
export function enqueueClear(userId: string, figure: CharacterKey): void {
  append(
    userId,
    [{ q: queueId(), figure, kind: 'clear' }],
    (e) => e.figure === figure && e.kind === 'turn',
  );
}

/** True while the turn with this client id still waits to be sent. */
export const isQueued = (userId: string, clientId: string): boolean =>
  queuedEntries(userId).some((e) => e.kind === 'turn' && e.turn.clientId === clientId);

/** Removes the queue of an account (it was sent, or the account is gone). */
export const dropQueue = (userId: string): void => queue(userId).remove();

/**
 * The next request: the head entry and those of the same kind and figure after it, up to the
 * request's limit. Turns stop at a clear of their figure (a clear must come after them).
 */
function nextBatch(entries: readonly QueueEntry[]): QueueEntry[] {
  const head = entries[0];
  if (!head || head.kind === 'clear') return head ? [head] : [];
  const max = head.kind === 'turn' ? TURNS_PER_SYNC_MAX : ACHIEVEMENT_TAGS_MAX;
  const batch: QueueEntry[] = [];
  for (const e of entries) {
    if (e.figure !== head.figure) continue;
    if (e.kind === 'clear' && head.kind === 'turn') break;
    if (e.kind !== head.kind) continue;
    batch.push(e);
    if (batch.length === max) break;
  }
  return batch;
}

function send(batch: QueueEntry[]): Promise<unknown> {
  const head = batch[0] as QueueEntry;
  if (head.kind === 'clear') return clearServerHistory(head.figure);
  if (head.kind === 'tag')
    return sendAchievements(head.figure, [
      ...new Set(batch.map((e) => (e.kind === 'tag' ? e.tag : ''))),
    ]);
  return sendTurns(
    head.figure,
    batch.flatMap((e) => (e.kind === 'turn' ? [e.turn] : [])),
  );
}

/** A refusal that sending again cannot fix (bad input): the batch is dropped, not retried. */
const unsendable = (status: number | null) =>
  status !== null && status >= 400 && status < 500 && status !== 401 && status !== 429;

const flights = new Map<string, Promise<boolean>>();

async function drain(userId: string): Promise<boolean> {
  for (;;) {
    const batch = nextBatch(queuedEntries(userId));
    if (batch.length === 0) {
      flights.delete(userId); // synchronously: a later flush starts a new pass
      return true;
    }
    try {
      await send(batch);
    } catch (error) {
      if (!unsendable(toApiFailure(error).status)) {
        flights.delete(userId);
        return false;
      }
    }
    const sent = new Set(batch.map((e) => e.q));
    queue(userId).set((entries) => entries.filter((e) => !sent.has(e.q)));
  }
}

/**
 * Sends what the account's queue holds, batch by batch, oldest first. Answers true when the
 * queue is empty afterwards, false when something is still waiting (offline, server busy, the
 * session ended). One pass per account at a time; a call during a pass joins it, and the pass
 * picks up what was queued meanwhile. The caller makes sure `userId` is the signed-in account.
 */
export function flushQueue(userId: string): Promise<boolean> {
  const running = flights.get(userId);
  if (running) return running;
  if (queuedEntries(userId).length === 0) return Promise.resolve(true);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve(false);
  const flight = drain(userId);
  flights.set(userId, flight);
  return flight;
}
