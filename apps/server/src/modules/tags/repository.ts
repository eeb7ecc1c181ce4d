import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { foldPhrase, type TagLink } from '@dwitunggal/contracts/tags';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import type { Db } from '../../db/client';
import { appState, tagInputs, tagResponses, tags } from '../../db/schema';

/** A tag as stored, with its phrases in their stored order. */
export interface TagRecord {
  id: string;
  character: CharacterKey;
  name: string;
  /** The display name for learners, when the tag has one. */
  label?: string;
  input: string[];
  responses: string[];
  /** Inputs linked to the response each asks for (empty when none). */
  links: TagLink[];
}

/** The optional fields of a tag besides its name and phrases, as written. */
export interface TagExtras {
  label?: string | undefined;
  links?: TagLink[] | undefined;
}

/** What the merge rules need to know about an existing tag. */
export interface TagState {
  id: string;
  name: string;
  nameKey: string;
  inputKeys: Set<string>;
  responseKeys: Set<string>;
  links: TagLink[];
  nextInputPosition: number;
  nextResponsePosition: number;
}

/** Advisory lock class of the per-figure tag lock (the object id is the figure's index). */
const TAGS_LOCK_CLASS = 727_100_002;
const LOCK_INDEX: Record<CharacterKey, number> = { soekarno: 1, hatta: 2 };

/**
 * The list query: every tag of a figure with its inputs and responses aggregated in order, in
 * ONE statement (no N+1). Exported so that the benchmark runs exactly the same SQL.
 */
export function listTagsSql(character: CharacterKey): SQL {
  return tagsSelect(sql`t.character = ${character} order by t.seq`);
}

function tagsSelect(where: SQL): SQL {
  return sql`
    select t.id, t.character, t.name, t.label, t.links,
      coalesce((select json_agg(i.text order by i.position) from tag_inputs i where i.tag_id = t.id), '[]'::json) as input,
      coalesce((select json_agg(r.text order by r.position) from tag_responses r where r.tag_id = t.id), '[]'::json) as responses
    from tags t
    where ${where}`;
}

type Row = Record<string, unknown>;
async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute<Row>(query)) as { rows: Row[] };
  return result.rows;
}

const asArray = (value: unknown): unknown[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[];
const asStrings = (value: unknown): string[] => asArray(value).map(String);
const asLinks = (value: unknown): TagLink[] =>
  asArray(value).map((l) => {
    const { input, response } = l as TagLink;
    return { input: String(input), response: String(response) };
  });

function toRecord(row: Row): TagRecord {
  return {
    id: String(row.id),
    character: row.character as CharacterKey,
    name: String(row.name),
    ...(typeof row.label === 'string' ? { label: row.label } : {}),
    input: asStrings(row.input),
    responses: asStrings(row.responses),
    links: asLinks(row.links),
  };
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTagRepository(db: Db) {
  return {
    db,

    async list(character: CharacterKey): Promise<TagRecord[]> {
      return (await rows(db, listTagsSql(character))).map(toRecord);
    },

    /** One tag, or undefined; an id that is not a uuid is simply not found. */
    async findById(id: string, executor: Db = db): Promise<TagRecord | undefined> {
      if (!UUID_PATTERN.test(id)) return undefined;
      const found = await rows(executor, tagsSelect(sql`t.id = ${id}`));
      return found[0] ? toRecord(found[0]) : undefined;
    },

    /** Runs `fn` in one transaction holding the figure's lock (all writes of a figure serialize). */
    async withCharacterLock<T>(
      character: CharacterKey,
      fn: (tx: TagWriter) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await lockCharacter(tx, character);
        return fn(createTagWriter(tx));
      });
    },

    /** The figure of a tag, read without a lock (to know which lock to take). */
    async characterOf(id: string): Promise<CharacterKey | undefined> {
      if (!UUID_PATTERN.test(id)) return undefined;
      const found = await db
        .select({ character: tags.character })
        .from(tags)
        .where(eq(tags.id, id))
        .limit(1);
      return found[0]?.character;
    },
  };
}
export type TagRepository = ReturnType<typeof createTagRepository>;

export async function lockCharacter(tx: Db, character: CharacterKey): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${TAGS_LOCK_CLASS}::int, ${LOCK_INDEX[character]}::int)`,
  );
}

async function insertPhrases(
  tx: Db,
  tagId: string,
  input: string[],
  inputFrom: number,
  responses: string[],
  responsesFrom: number,
): Promise<void> {
  const rowsOf = (texts: string[], from: number) =>
    texts.map((text, i) => ({ tagId, text, textKey: foldPhrase(text), position: from + i }));
  if (input.length > 0) await tx.insert(tagInputs).values(rowsOf(input, inputFrom));
  if (responses.length > 0) await tx.insert(tagResponses).values(rowsOf(responses, responsesFrom));
}

/** Writes inside a transaction that holds the figure's lock. */
export function createTagWriter(tx: Db) {
  return {
    tx,

    findById(id: string): Promise<TagRecord | undefined> {
      return createTagRepository(tx).findById(id, tx);
    },

    /** Every tag of the figure with what the merge rules compare against. */
    async loadStates(character: CharacterKey): Promise<TagState[]> {
      const found = await tx
        .select({ id: tags.id, name: tags.name, nameKey: tags.nameKey, links: tags.links })
        .from(tags)
        .where(eq(tags.character, character))
        .orderBy(tags.seq);
      if (found.length === 0) return [];
      const ids = found.map((t) => t.id);
      const [inputs, responses] = [
        await tx
          .select({ tagId: tagInputs.tagId, key: tagInputs.textKey, position: tagInputs.position })
          .from(tagInputs)
          .where(inArray(tagInputs.tagId, ids)),
        await tx
          .select({
            tagId: tagResponses.tagId,
            key: tagResponses.textKey,
            position: tagResponses.position,
          })
          .from(tagResponses)
          .where(inArray(tagResponses.tagId, ids)),
      ];
      const states = new Map<string, TagState>(
        found.map((t) => [
          t.id,
          {
            ...t,
            inputKeys: new Set(),
            responseKeys: new Set(),
            nextInputPosition: 0,
            nextResponsePosition: 0,
          },
        ]),
      );
      for (const row of inputs) {
        const state = states.get(row.tagId);
        if (!state) continue;
        state.inputKeys.add(row.key);
        state.nextInputPosition = Math.max(state.nextInputPosition, row.position + 1);
      }
      for (const row of responses) {
        const state = states.get(row.tagId);
        if (!state) continue;
        state.responseKeys.add(row.key);
        state.nextResponsePosition = Math.max(state.nextResponsePosition, row.position + 1);
      }
      return [...states.values()];
    },

    async insertTag(
      character: CharacterKey,
      name: string,
      { label, links }: TagExtras,
      input: string[],
      responses: string[],
    ): Promise<string> {
      const [row] = await tx
        .insert(tags)
        .values({
          character,
          name,
          nameKey: foldPhrase(name),
          label: label ?? null,
          links: links ?? [],
        })
        .returning({ id: tags.id });
      if (!row) throw new Error('insert into tags returned no row');
      await insertPhrases(tx, row.id, input, 0, responses, 0);
      return row.id;
    },

    /**
     * Appends phrases at the given positions (after the tag's last ones), sets the display name
     * and the links when given, and touches the tag.
     */
    async appendPhrases(
      tagId: string,
      { label, links }: TagExtras,
      input: string[],
      inputFrom: number,
      responses: string[],
      responsesFrom: number,
    ): Promise<void> {
      await insertPhrases(tx, tagId, input, inputFrom, responses, responsesFrom);
      await tx
        .update(tags)
        .set({ updatedAt: sql`now()`, ...(label ? { label } : {}), ...(links ? { links } : {}) })
        .where(eq(tags.id, tagId));
    },

    /** Another tag of the figure with this name (any case), if there is one. */
    async findNameClash(
      character: CharacterKey,
      name: string,
      exceptId: string,
    ): Promise<string | undefined> {
      const found = await tx
        .select({ name: tags.name })
        .from(tags)
        .where(
          and(
            eq(tags.character, character),
            eq(tags.nameKey, foldPhrase(name)),
            ne(tags.id, exceptId),
          ),
        )
        .limit(1);
      return found[0]?.name;
    },

    /** Full replace of a tag's name, display name and links (none when absent) and phrases. */
    async replaceTag(
      id: string,
      name: string,
      { label, links }: TagExtras,
      input: string[],
      responses: string[],
    ): Promise<void> {
      await tx
        .update(tags)
        .set({
          name,
          nameKey: foldPhrase(name),
          label: label ?? null,
          links: links ?? [],
          updatedAt: sql`now()`,
        })
        .where(eq(tags.id, id));
      await tx.delete(tagInputs).where(eq(tagInputs.tagId, id));
      await tx.delete(tagResponses).where(eq(tagResponses.tagId, id));
      await insertPhrases(tx, id, input, 0, responses, 0);
    },

    /** Deletes one tag; its inputs and responses cascade. False when it did not exist. */
    async deleteById(id: string): Promise<boolean> {
      const deleted = await tx.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
      return deleted.length > 0;
    },

    async deleteAllOf(character: CharacterKey): Promise<number> {
      const deleted = await tx
        .delete(tags)
        .where(eq(tags.character, character))
        .returning({ id: tags.id });
      return deleted.length;
    },

    async getState(key: string): Promise<unknown> {
      const found = await tx
        .select({ value: appState.value })
        .from(appState)
        .where(eq(appState.key, key))
        .limit(1);
      return found[0]?.value;
    },

    async setState(key: string, value: unknown): Promise<void> {
      await tx
        .insert(appState)
        .values({ key, value })
        .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}
export type TagWriter = ReturnType<typeof createTagWriter>;
