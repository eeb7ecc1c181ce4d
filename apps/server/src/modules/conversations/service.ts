import { randomUUID } from 'node:crypto';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import {
  TURN_MAX_AGE_DAYS,
  TURN_TEXT_MAX,
  TURNS_PER_FIGURE_MAX,
} from '@dwitunggal/contracts/learning';
import {
  type HistoryPage,
  type StoredTurn,
  type SyncData,
  type TurnMeta,
} from '@dwitunggal/contracts/schemas/learning';
import type { ChatSource } from '@dwitunggal/contracts/chat';
import { createBatcher } from '../../lib/batcher';
import type { InboxService } from '../inbox/service';
import {
  cursorOf,
  toStoredTurn,
  type ConversationRepository,
  type NewTurn,
  type TurnGroup,
} from './repository';

const MAX_AGE_MS = TURN_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

interface SyncTurn {
  clientId: string;
  role: 'user' | 'figure';
  text: string;
  model: 'tfjs' | 'rag';
  meta?: TurnMeta | undefined;
  createdAt?: string | undefined;
}

/** A new id for a turn whose client sent none (the rag route without turnIds). */
export const serverTurnId = () => `srv_${randomUUID()}`;

/** Characters of a cited passage's excerpt kept with a stored rag answer. */
const EXCERPT_MAX = 1000;

/**
 * Learners' conversations kept on the server. tfjs turns come from the client (idempotent on
 * their client ids); rag turns are stored by the chat route as it answers. A tfjs answer that
 * fell back or was unsure sends the learner's question to the inbox (when they contribute).
 */
export function createConversationService(deps: {
  repo: ConversationRepository;
  inbox: InboxService;
  now: () => number;
}) {
  const { repo, inbox } = deps;
  // Rag exchanges arrive one per chat answer: written together, one statement per batch.
  const ragTurns = createBatcher((groups: TurnGroup[]) => repo.insertMany(groups));

  /** The client's time, clamped to [now - 30 days, now]; now when absent or unreadable. */
  const clampTime = (value: string | undefined, now: number): Date => {
    const t = value ? Date.parse(value) : Number.NaN;
    if (!Number.isFinite(t)) return new Date(now);
    return new Date(Math.min(now, Math.max(now - MAX_AGE_MS, t)));
  };

  return {
    async sync(userId: string, character: CharacterKey, turns: SyncTurn[]): Promise<SyncData> {
      const now = deps.now();
      // A client id sent twice in one batch counts once (the first wins).
      const byId = new Map<string, SyncTurn>();
      for (const t of turns) if (!byId.has(t.clientId)) byId.set(t.clientId, t);
      const rows: NewTurn[] = [...byId.values()].map((t) => ({
        clientId: t.clientId,
        role: t.role,
        text: t.text,
        model: t.model,
        meta: t.meta ?? {},
        createdAt: clampTime(t.createdAt, now),
      }));
      const { inserted, ids } = await repo.insert(userId, character, rows);
      for (const turn of inserted) {
        const meta = turn.meta as TurnMeta;
        if (turn.role !== 'figure' || turn.model !== 'tfjs' || !(meta.fallback || meta.unsure))
          continue;
        const question = await repo.questionBefore(userId, character, turn);
        if (!question) continue;
        await inbox.recordQuietly(userId, {
          character,
          question,
          source: meta.fallback ? 'fallback' : 'unsure',
          suggestedTag: meta.fallback ? null : (meta.tag ?? null),
          suggestedConfidence: meta.confidence ?? null,
        });
      }
      return {
        inserted: inserted.length,
        stored: turns.map((t) => ({ clientId: t.clientId, id: ids.get(t.clientId) ?? 0 })),
      };
    },

    /**
     * Stores a rag exchange (question and answer) as the chat route answers; an answer without
     * sources (the figure declined) sends the question to the inbox, with no client help.
     */
    async storeRagExchange(
      userId: string,
      exchange: {
        character: CharacterKey;
        question: string;
        answer: string;
        sources: readonly ChatSource[];
        turnIds?: { user: string; figure: string } | undefined;
      },
    ): Promise<void> {
      const now = new Date(deps.now());
      const { character } = exchange;
      const ids = exchange.turnIds ?? { user: serverTurnId(), figure: serverTurnId() };
      const cited = exchange.sources.slice(0, 10);
      await ragTurns.add({
        userId,
        character,
        turns: [
          {
            clientId: ids.user,
            role: 'user',
            text: exchange.question,
            model: 'rag',
            meta: {},
            createdAt: now,
          },
          {
            clientId: ids.figure,
            role: 'figure',
            text: exchange.answer.slice(0, TURN_TEXT_MAX),
            model: 'rag',
            meta: {
              sources: cited.map((s) => s.id),
              citations: cited.map((s) => ({ ...s, excerpt: s.excerpt.slice(0, EXCERPT_MAX) })),
            },
            createdAt: now,
          },
        ],
      });
      if (exchange.sources.length === 0)
        await inbox.recordQuietly(userId, {
          character,
          question: exchange.question,
          source: 'declined',
        });
    },

    async page(
      userId: string,
      character: CharacterKey,
      limit: number,
      before?: string,
    ): Promise<HistoryPage> {
      const cursor = before?.split('_').map(Number) as [number, number] | undefined;
      const rows = await repo.page(
        userId,
        character,
        limit,
        cursor ? { createdAt: new Date(cursor[0]), id: cursor[1] } : undefined,
      );
      const last = rows.at(-1);
      return {
        turns: rows.map(toStoredTurn),
        nextBefore: rows.length === limit && last ? cursorOf(last) : null,
      };
    },

    clear: (userId: string, character: CharacterKey) => repo.clear(userId, character),

    /** Every stored turn with the figure, oldest first (bounded by the per-figure cap). */
    async all(userId: string, character: CharacterKey): Promise<StoredTurn[]> {
      const rows = await repo.page(userId, character, TURNS_PER_FIGURE_MAX * 2);
      return rows.reverse().map(toStoredTurn);
    },

    findTurn: repo.findByClientId.bind(repo),
    questionBefore: repo.questionBefore.bind(repo),
  };
}
export type ConversationService = ReturnType<typeof createConversationService>;
