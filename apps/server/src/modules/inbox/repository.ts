import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { INBOX_EXAMPLES, type InboxSource } from '@dwitunggal/contracts/learning';
import { type InboxGroup } from '@dwitunggal/contracts/schemas/learning';
import { foldPhrase } from '@dwitunggal/contracts/tags';
import type { Db } from '../../db/client';
import { inboxGroups, regressionQuestions } from '../../db/schema';

export type { InboxSource };

export interface NewInboxItem {
  character: CharacterKey;
  groupKey: string;
  question: string;
  source: InboxSource;
  suggestedTag: string | null;
  suggestedConfidence: number | null;
  at: Date;
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute<Record<string, unknown>>(query)) as { rows: T[] }).rows;

/** The number of rows of `table` matching `where`. */
async function countWhere(
  db: Db,
  table: typeof inboxGroups | typeof regressionQuestions,
  where: SQL | undefined,
) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** Groups a curator still has to look at: open, with items not yet expired. */
const openOf = (character: CharacterKey) =>
  and(
    eq(inboxGroups.character, character),
    eq(inboxGroups.status, 'open'),
    sql`${inboxGroups.count} > 0`,
  );

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/**
 * Storage of the inbox. Every write that changes a group's count is one statement (an upsert
 * with a data-modifying CTE), so that several processes writing the same group at once keep the
 * count equal to its stored items. New items are written in batches (addFromLearners).
 */
export function createInboxRepository(db: Db) {
  return {
    /**
     * Adds the items of several learners at once, in one statement, each only when its learner
     * contributes (the `users.contribute` setting, read in the same statement; a learner who no
     * longer exists does not). Items of one group are counted together, so the group is upserted
     * once; its suggestion is the last item's that has one.
     */
    async addFromLearners(items: readonly (NewInboxItem & { userId: string })[]): Promise<void> {
      if (items.length === 0) return;
      const rows = items.map((item, ord) => ({
        ord,
        user_id: item.userId,
        character: item.character,
        group_key: item.groupKey,
        question: item.question,
        source: item.source,
        at: item.at.toISOString(),
        suggested_tag: item.suggestedTag,
        suggested_confidence: item.suggestedConfidence,
      }));
      await db.execute(sql`
        with input as (
          select i.* from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i(
            ord int, user_id uuid, character text, group_key text, question text, source text,
            at timestamptz, suggested_tag text, suggested_confidence double precision)
          join users u on u.id = i.user_id and u.contribute
        ), per_group as (
          select character, group_key, count(*)::int as n, min(at) as first_seen,
            max(at) as last_seen,
            (array_agg(suggested_tag order by ord desc)
              filter (where suggested_tag is not null))[1] as suggested_tag,
            (array_agg(suggested_confidence order by ord desc)
              filter (where suggested_tag is not null))[1] as suggested_confidence
          from input group by character, group_key
        ), g as (
          insert into inbox_groups
            (character, group_key, count, first_seen, last_seen, suggested_tag, suggested_confidence)
          select character, group_key, n, first_seen, last_seen, suggested_tag,
            suggested_confidence
          from per_group
          on conflict (character, group_key) do update set
            count = inbox_groups.count + excluded.count,
            last_seen = greatest(inbox_groups.last_seen, excluded.last_seen),
            suggested_tag = coalesce(excluded.suggested_tag, inbox_groups.suggested_tag),
            suggested_confidence = case when excluded.suggested_tag is null
              then inbox_groups.suggested_confidence else excluded.suggested_confidence end
          returning id, character, group_key
        )
        insert into inbox_items (group_id, question, source, created_at)
        select g.id, input.question, input.source, input.at
        from input join g on g.character = input.character and g.group_key = input.group_key
        order by input.ord`);
    },

    /**
     * Deletes the items older than `cutoff` and takes them off their groups' counts in the same
     * statement; then drops open groups left empty (ignored and added groups stay, so that their
     * questions stay ignored or handled when they come back). Returns the items deleted.
     */
    async expire(cutoff: Date): Promise<number> {
      const [row] = await rowsOf<{ deleted: number | string }>(
        db,
        sql`
        with gone as (
          delete from inbox_items where created_at < ${cutoff} returning group_id
        ), per as (
          select group_id, count(*)::int as n from gone group by group_id
        ), updated as (
          update inbox_groups g set count = g.count - per.n from per
          where g.id = per.group_id returning g.id
        )
        select (select count(*) from gone)::int as deleted`,
      );
      await db.execute(sql`
        delete from inbox_groups g where g.status = 'open' and g.count <= 0
          and not exists (select 1 from inbox_items i where i.group_id = g.id)`);
      return Number(row?.deleted ?? 0);
    },

    /** Open groups of a figure, by count then recency, each with its latest distinct examples. */
    async listOpen(
      character: CharacterKey,
      limit: number,
      offset: number,
    ): Promise<{ groups: InboxGroup[]; total: number }> {
      const open = openOf(character);
      const groups = await db
        .select()
        .from(inboxGroups)
        .where(open)
        .orderBy(desc(inboxGroups.count), desc(inboxGroups.lastSeen), desc(inboxGroups.id))
        .limit(limit)
        .offset(offset);
      const examples = new Map<number, string[]>();
      const sources = new Map<number, InboxSource[]>();
      if (groups.length > 0) {
        const ids = groups.map((g) => g.id);
        const idList = sql.raw(`array[${ids.map(Number).join(',')}]::bigint[]`);
        const kinds = await rowsOf<{ group_id: number | string; source: InboxSource }>(
          db,
          sql`
          select distinct group_id, source from inbox_items
          where group_id = any(${idList}) order by group_id, source`,
        );
        for (const row of kinds) {
          const id = Number(row.group_id);
          sources.set(id, [...(sources.get(id) ?? []), row.source]);
        }
        const rows = await rowsOf<{ group_id: number | string; question: string }>(
          db,
          sql`
          select g.id as group_id, e.question
          from unnest(${idList}) as g(id)
          cross join lateral (
            select question from (
              select distinct on (question) question, created_at from (
                select question, created_at from inbox_items
                where group_id = g.id order by created_at desc limit 50
              ) recent order by question, created_at desc
            ) d order by created_at desc limit ${INBOX_EXAMPLES}
          ) e`,
        );
        for (const row of rows) {
          const id = Number(row.group_id);
          examples.set(id, [...(examples.get(id) ?? []), row.question]);
        }
      }
      return {
        total: await countWhere(db, inboxGroups, open),
        groups: groups.map((g) => ({
          id: g.id,
          count: g.count,
          firstSeen: iso(g.firstSeen),
          lastSeen: iso(g.lastSeen),
          examples: examples.get(g.id) ?? [],
          sources: sources.get(g.id) ?? [],
          suggestedTag: g.suggestedTag,
          suggestedConfidence: g.suggestedConfidence,
        })),
      };
    },

    async openCount(character: CharacterKey): Promise<number> {
      return countWhere(db, inboxGroups, openOf(character));
    },

    /** The ids among `ids` that are groups of the figure. */
    async existing(character: CharacterKey, ids: number[]): Promise<number[]> {
      const rows = await db
        .select({ id: inboxGroups.id })
        .from(inboxGroups)
        .where(and(eq(inboxGroups.character, character), inArray(inboxGroups.id, ids)));
      return rows.map((r) => r.id);
    },

    /** The distinct questions of the groups (latest first), at most `max`. */
    async questionsOf(ids: number[], max: number): Promise<string[]> {
      const rows = await rowsOf<{ question: string }>(
        db,
        sql`
        select question from inbox_items
        where group_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by question order by max(created_at) desc limit ${max}`,
      );
      return rows.map((r) => r.question);
    },

    async setStatus(ids: number[], status: 'added' | 'ignored'): Promise<void> {
      await db.update(inboxGroups).set({ status }).where(inArray(inboxGroups.id, ids));
    },

    /** Records annotated questions in the figure's frozen regression set (first one wins). */
    async addRegression(
      character: CharacterKey,
      questions: string[],
      tagName: string,
      at: Date,
    ): Promise<void> {
      if (questions.length === 0) return;
      await db
        .insert(regressionQuestions)
        .values(
          questions.map((question) => ({
            character,
            question,
            questionKey: foldPhrase(question),
            tagName,
            createdAt: at,
          })),
        )
        .onConflictDoNothing();
    },

    async regression(character: CharacterKey, limit: number, offset: number) {
      const where = eq(regressionQuestions.character, character);
      const rows = await db
        .select()
        .from(regressionQuestions)
        .where(where)
        .orderBy(asc(regressionQuestions.id))
        .limit(limit)
        .offset(offset);
      return {
        total: await countWhere(db, regressionQuestions, where),
        items: rows.map((r) => ({
          question: r.question,
          tag: r.tagName,
          createdAt: iso(r.createdAt),
        })),
      };
    },
  };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
