import { and, desc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import type { ChatSource } from '@dwitunggal/contracts/chat';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { TURNS_PER_FIGURE_MAX } from '@dwitunggal/contracts/learning';
import { type StoredTurn, type TurnMeta } from '@dwitunggal/contracts/schemas/learning';
import type { Db } from '../../db/client';
import { conversationTurns, feedback } from '../../db/schema';

export interface NewTurn {
  clientId: string;
  role: 'user' | 'figure';
  text: string;
  model: 'tfjs' | 'rag';
  meta: StoredMeta;
  createdAt: Date;
}

type TurnRow = typeof conversationTurns.$inferSelect;
/** A turn as read back: with the learner's rating of it, when there is one. */
type ReadTurn = TurnRow & { rating: 'up' | 'down' | null };

/**
 * What the server keeps in a rag answer's meta besides the client-visible fields: the cited
 * passages as the chat showed them (never sent by a client: `turnMeta` refuses unknown keys).
 */
export type StoredMeta = TurnMeta & { citations?: ChatSource[] };

export function toStoredTurn(row: ReadTurn): StoredTurn {
  const { citations, ...meta } = row.meta as StoredMeta;
  return {
    id: row.id,
    clientId: row.clientId,
    role: row.role,
    text: row.text,
    model: row.model,
    meta,
    createdAt: row.createdAt.toISOString(),
    ...(citations ? { sources: citations } : {}),
    ...(row.rating ? { rating: row.rating } : {}),
  };
}

/** A page cursor: the creation time (ms) and id of a turn; older turns come after it. */
export const cursorOf = (row: { createdAt: Date; id: number }) =>
  `${row.createdAt.getTime()}_${row.id}`;

const mine = (userId: string, character: CharacterKey) =>
  and(eq(conversationTurns.userId, userId), eq(conversationTurns.character, character));

/** Turns before the given one in (created_at, id) order. */
const olderThan = (turn: { createdAt: Date; id: number }) =>
  or(
    lt(conversationTurns.createdAt, turn.createdAt),
    and(eq(conversationTurns.createdAt, turn.createdAt), lt(conversationTurns.id, turn.id)),
  );

/** The new turns of one learner with one figure. */
export interface TurnGroup {
  userId: string;
  character: CharacterKey;
  turns: NewTurn[];
}

/**
 * Turns a learner may add with a figure between two prunes by this process (decision 026): the
 * stored history may exceed the cap by less than this, per server process.
 */
export const PRUNE_EVERY = 64;
/** Learner-figure pairs whose insert count this process keeps; past it the counts restart. */
const PRUNE_COUNTS_MAX = 50_000;

/** Storage of learners' turns. Ordered by (created_at, id): a synced offline turn lands in place. */
export function createConversationRepository(
  db: Db,
  opts: { keep?: number; pruneEvery?: number } = {},
) {
  const keep = opts.keep ?? TURNS_PER_FIGURE_MAX;
  const pruneEvery = opts.pruneEvery ?? PRUNE_EVERY;
  /**
   * Turns inserted per learner and figure since this process last pruned them. A pair it has
   * not seen is pruned at its first insert, so the count is exact from then on.
   */
  const sincePrune = new Map<string, number>();

  return {
    /**
     * Inserts the turns of several learners in one statement (a known client id is skipped:
     * resending is a no-op) and answers each group's newly inserted rows. Prunes the history of
     * a learner and figure once PRUNE_EVERY turns were added since the last prune.
     */
    async insertMany(groups: TurnGroup[]): Promise<TurnRow[][]> {
      const rows = groups.flatMap((g) =>
        g.turns.map((t) => ({
          user_id: g.userId,
          character: g.character,
          client_id: t.clientId,
          role: t.role,
          text: t.text,
          model: t.model,
          meta: t.meta,
          created_at: t.createdAt.toISOString(),
        })),
      );
      if (rows.length === 0) return groups.map(() => []);
      // One jsonb parameter for the whole batch: building and binding a statement with eight
      // parameters per turn cost more than the insert itself (decision 031). Only the new ids
      // come back; the rest of each row is what was sent.
      const inserted = (
        (await db.execute<Record<string, unknown>>(sql`
        insert into conversation_turns
          (user_id, character, client_id, role, text, model, meta, created_at)
        select t.user_id, t.character, t.client_id, t.role, t.text, t.model, t.meta, t.created_at
        from jsonb_to_recordset(${JSON.stringify(rows.map((row, ord) => ({ ...row, ord })))}::jsonb) as t(
          user_id uuid, character text, client_id text, role text, text text, model text,
          meta jsonb, created_at timestamptz, ord int)
        order by t.ord
        on conflict do nothing
        returning id, user_id, client_id`)) as {
          rows: { id: number | string | bigint; user_id: string; client_id: string }[];
        }
      ).rows;
      // (user, client id) is unique, so it finds each row's group.
      const byTurn = new Map(
        inserted.map((row) => [`${row.user_id}\u0001${row.client_id}`, Number(row.id)]),
      );
      const perGroup = groups.map((g) =>
        g.turns.flatMap((t): TurnRow[] => {
          const key = `${g.userId}\u0001${t.clientId}`;
          const id = byTurn.get(key);
          byTurn.delete(key); // a client id sent twice in one batch was inserted once
          return id === undefined ? [] : [{ ...t, id, userId: g.userId, character: g.character }];
        }),
      );
      const added = new Map<string, { userId: string; character: CharacterKey; n: number }>();
      groups.forEach((g, i) => {
        const key = `${g.userId}\u0001${g.character}`;
        const entry = added.get(key) ?? { userId: g.userId, character: g.character, n: 0 };
        entry.n += perGroup[i]?.length ?? 0;
        added.set(key, entry);
      });
      for (const [key, { userId, character, n }] of added) {
        if (n === 0) continue;
        const count = (sincePrune.get(key) ?? pruneEvery) + n;
        if (count < pruneEvery) {
          sincePrune.set(key, count);
          continue;
        }
        if (sincePrune.size >= PRUNE_COUNTS_MAX) sincePrune.clear();
        sincePrune.set(key, 0);
        await this.prune(userId, character, keep);
      }
      return perGroup;
    },

    /**
     * Inserts one learner's turns with a figure (see insertMany) and returns the newly inserted
     * rows and the stored id of every sent client id.
     */
    async insert(
      userId: string,
      character: CharacterKey,
      turns: NewTurn[],
    ): Promise<{ inserted: TurnRow[]; ids: Map<string, number> }> {
      const [inserted = []] = await this.insertMany([{ userId, character, turns }]);
      const ids = new Map(inserted.map((r) => [r.clientId, r.id]));
      // Turns stored before (a resend) were skipped: look their ids up.
      const known = turns.map((t) => t.clientId).filter((id) => !ids.has(id));
      if (known.length > 0) {
        const rows = await db
          .select({ clientId: conversationTurns.clientId, id: conversationTurns.id })
          .from(conversationTurns)
          .where(
            and(eq(conversationTurns.userId, userId), inArray(conversationTurns.clientId, known)),
          );
        for (const r of rows) ids.set(r.clientId, r.id);
      }
      return { inserted, ids };
    },

    /** Deletes the learner's turns with the figure beyond the newest TURNS_PER_FIGURE_MAX. */
    async prune(userId: string, character: CharacterKey, keep = TURNS_PER_FIGURE_MAX) {
      await db.execute(sql`
        delete from conversation_turns
        where user_id = ${userId} and character = ${character}
          and (created_at, id) < (
            select created_at, id from conversation_turns
            where user_id = ${userId} and character = ${character}
            order by created_at desc, id desc offset ${keep - 1} limit 1
          )`);
    },

    /** Newest first, older than the cursor when given; each with the learner's rating of it. */
    async page(
      userId: string,
      character: CharacterKey,
      limit: number,
      before?: { createdAt: Date; id: number },
    ): Promise<ReadTurn[]> {
      return db
        .select({ ...getTableColumns(conversationTurns), rating: feedback.rating })
        .from(conversationTurns)
        .leftJoin(
          feedback,
          and(
            eq(feedback.userId, conversationTurns.userId),
            eq(feedback.messageId, conversationTurns.clientId),
          ),
        )
        .where(and(mine(userId, character), before ? olderThan(before) : undefined))
        .orderBy(desc(conversationTurns.createdAt), desc(conversationTurns.id))
        .limit(limit);
    },

    async clear(userId: string, character: CharacterKey): Promise<number> {
      const rows = await db
        .delete(conversationTurns)
        .where(mine(userId, character))
        .returning({ id: conversationTurns.id });
      return rows.length;
    },

    async findByClientId(
      userId: string,
      character: CharacterKey,
      clientId: string,
    ): Promise<TurnRow | undefined> {
      const [row] = await db
        .select()
        .from(conversationTurns)
        .where(and(mine(userId, character), eq(conversationTurns.clientId, clientId)))
        .limit(1);
      return row;
    },

    /** The text of the learner's last question before the given turn (null when there is none). */
    async questionBefore(
      userId: string,
      character: CharacterKey,
      turn: { createdAt: Date; id: number },
    ): Promise<string | null> {
      const [row] = await db
        .select({ text: conversationTurns.text })
        .from(conversationTurns)
        .where(and(mine(userId, character), eq(conversationTurns.role, 'user'), olderThan(turn)))
        .orderBy(desc(conversationTurns.createdAt), desc(conversationTurns.id))
        .limit(1);
      return row?.text ?? null;
    },
  };
}
export type ConversationRepository = ReturnType<typeof createConversationRepository>;
