import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { TurnInput } from '@dwitunggal/contracts/learning';
import { enqueueClear, enqueueTags, enqueueTurns, flushQueue } from './sync-queue';

/**
 * What the chat tells the server, through the signed-in account's queue: queued first (so
 * nothing is lost offline or on a failed request), then sent at once when online. Without an
 * account (a prerendered page before its session is known) nothing is recorded.
 */
function queued(userId: string | undefined, step: (userId: string) => void): void {
  if (!userId) return;
  step(userId);
  void flushQueue(userId).catch(() => false);
}

/** Turns answered in the browser (tfjs); rag turns are stored by the server itself. */
export const recordTurns = (userId: string | undefined, figure: CharacterKey, turns: TurnInput[]) =>
  queued(userId, (id) => enqueueTurns(id, figure, turns));

export const recordTags = (userId: string | undefined, figure: CharacterKey, tags: string[]) =>
  queued(userId, (id) => enqueueTags(id, figure, tags));

/** "Hapus riwayat": the server's copy goes too (achievements stay). */
export const recordClear = (userId: string | undefined, figure: CharacterKey) =>
  queued(userId, (id) => enqueueClear(id, figure));
