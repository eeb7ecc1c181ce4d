import { CHARACTER_KEYS, type CharacterKey } from '@dwitunggal/contracts/characters';
import { HISTORY_PAGE_MAX, type StoredTurn } from '@dwitunggal/contracts/learning';
import { HISTORY_LIMIT } from '../config/characters';
import { achievements } from '../stores/achievements';
import { chatHistory, type ChatMessage, type MessageMeta } from '../stores/chat-history';
import { fetchAchievements, fetchHistoryPage } from './api';
import { flushQueue, queuedEntries } from './sync-queue';

/** A clear of the figure still waits to be sent: the server's copy is about to go. */
const clearPending = (userId: string, figure: CharacterKey) =>
  queuedEntries(userId).some((e) => e.kind === 'clear' && e.figure === figure);

/** A turn kept on the server as the chat shows it (its client id is the message id). */
export function toChatMessage(figure: CharacterKey, turn: StoredTurn): ChatMessage {
  const message: ChatMessage = {
    id: turn.clientId,
    text: turn.text,
    sender: turn.role === 'user' ? 'user' : figure,
    timestamp: turn.createdAt,
  };
  if (turn.role === 'figure') {
    const meta: MessageMeta = { model: turn.model };
    if (turn.meta.tag !== undefined) meta.tag = turn.meta.tag;
    if (turn.meta.confidence !== undefined) meta.probability = turn.meta.confidence;
    if (turn.meta.fallback || turn.meta.unsure) meta.lowConfidence = true;
    if (turn.sources) meta.sources = turn.sources;
    if (turn.rating) meta.rating = turn.rating;
    message.meta = meta;
  }
  return message;
}

/** The device's messages and the server's, each once (by id), in time order, capped. */
export function mergeMessages(
  local: readonly ChatMessage[],
  server: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of server) byId.set(m.id, m);
  for (const m of local) {
    // The device's copy has the richer meta; a rating given on another device comes along.
    const rating = byId.get(m.id)?.meta?.rating;
    byId.set(m.id, rating && m.meta && !m.meta.rating ? { ...m, meta: { ...m.meta, rating } } : m);
  }
  return [...byId.values()]
    .map((m, i) => ({ m, i, t: Date.parse(m.timestamp) || 0 }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map(({ m }) => m)
    .slice(-HISTORY_LIMIT);
}

/** Puts the server's latest turns with `figure` (up to the spec's local cap) into the chat. */
export async function restoreHistory(figure: CharacterKey): Promise<void> {
  const page = await fetchHistoryPage(figure, Math.min(HISTORY_LIMIT, HISTORY_PAGE_MAX));
  // Newest first on the server; oldest first here (a question and its answer share a time).
  const server = page.turns.map((t) => toChatMessage(figure, t)).reverse();
  if (server.length === 0) return;
  chatHistory(figure).set((local) => mergeMessages(local, server));
}

/** The server's achievements (the union of every device) joined with this device's. */
export async function restoreAchievements(): Promise<void> {
  const data = await fetchAchievements();
  for (const figure of CHARACTER_KEYS) {
    const store = achievements(figure);
    const local = store.get();
    const missing = data[figure].tags.filter((tag) => !local.includes(tag));
    // Nothing new: the device's copy stays as it is (nothing written).
    if (missing.length > 0) store.set([...local, ...missing]);
  }
}

const restored = new Set<string>();
/** Figures whose chat was opened empty, per account: their restore is under way or done. */
const opened = new Set<string>();
const openedKey = (userId: string, figure: CharacterKey) => `${userId}:${figure}`;
/** Bumped at sign-out: a restore still waiting for the page to settle then does nothing. */
let era = 0;

/**
 * After sign-in or a confirmed session at start: the device sends what it still holds for this
 * account at once, then, once `settled` resolves (the app waits until the page has loaded and
 * gone quiet: no screen waits on it), shows the server's achievements and, for each figure whose
 * chat is empty here (and not being restored by an opened chat), the server's history.
 * Once per account and page load; failures leave the device copy as is.
 */
export async function restoreLearning(
  userId: string,
  settled: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  if (restored.has(userId)) return;
  restored.add(userId);
  const started = era;
  await flushQueue(userId).catch(() => false);
  await settled();
  if (started !== era) return;
  const figures = CHARACTER_KEYS.filter(
    (f) =>
      chatHistory(f).get().length === 0 &&
      !clearPending(userId, f) &&
      !opened.has(openedKey(userId, f)),
  );
  const results = await Promise.allSettled([
    restoreAchievements(),
    ...figures.map((f) => restoreHistory(f)),
  ]);
  if (results.some((r) => r.status === 'rejected')) restored.delete(userId);
}

/**
 * Opening a figure's chat with nothing stored here: its history and the achievements come from
 * the server, once `settled` resolves (the app's `pageSettled`: at once on an in-app navigation;
 * on a freshly loaded page once it has gone quiet, so that loading the schemas and checking the
 * answer stay out of the page's first render).
 */
export async function restoreOnOpen(
  userId: string,
  figure: CharacterKey,
  settled: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const key = openedKey(userId, figure);
  if (opened.has(key) || chatHistory(figure).get().length > 0) return;
  opened.add(key);
  const started = era;
  await flushQueue(userId).catch(() => false);
  await settled();
  if (started !== era || clearPending(userId, figure)) return;
  const results = await Promise.allSettled([restoreHistory(figure), restoreAchievements()]);
  if (results[0].status === 'rejected') opened.delete(key);
}

/** Forgets what was restored in this page (sign-out: the next sign-in restores again). */
export function forgetRestored(): void {
  era += 1;
  restored.clear();
  opened.clear();
}
