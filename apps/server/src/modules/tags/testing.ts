import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MAX_TAGS_PER_CHARACTER } from '@dwitunggal/contracts/characters';
import {
  INPUT_LENGTH_MAX,
  INPUTS_MAX,
  RESPONSE_LENGTH_MAX,
  RESPONSES_MAX,
  TAG_NAME_MAX,
} from '@dwitunggal/contracts/tags';
import type { Db } from '../../db/client';
import { body, client } from '../../../test/client';

/** Test support for the tag suites (never imported by the server). */

export interface TagDto {
  id: string;
  nama: 'Soekarno' | 'Hatta';
  tag: string;
  label?: string;
  input: string[];
  responses: string[];
  links?: { input: string; response: string }[];
}

/** The test client with the tag suites' shortcuts (they throw unless the request succeeds). */
export function tagsClient(app: FastifyInstance, token?: string) {
  const api = client(app, token);
  return {
    ...api,
    async list(nama: string): Promise<TagDto[]> {
      const res = await api.get(`/api/chatbot/tags/nama/${nama}`);
      if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
      return body<TagDto[]>(res).data;
    },
    /** Deletes every tag of a figure through the API (so the cache sees it). */
    async clear(nama: string): Promise<void> {
      for (const t of await this.list(nama)) {
        const res = await api.del(`/api/chatbot/tags/${t.id}`);
        if (res.statusCode !== 200) throw new Error(`delete failed: ${res.body}`);
      }
    },
    async create(tag: {
      nama: string;
      tag: string;
      label?: string;
      input: string[];
      responses: string[];
      links?: { input: string; response: string }[];
    }): Promise<TagDto> {
      const res = await api.post('/api/chatbot/tags', tag);
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return body<{ tag: TagDto }>(res).data.tag;
    },
  };
}
export type TagsClient = ReturnType<typeof tagsClient>;

/** A valid tag body with `n` distinct inputs. */
export function sampleTag(nama: string, tag: string, n = 3) {
  return {
    nama,
    tag,
    input: Array.from({ length: n }, (_, i) => `${tag} pertanyaan ${i + 1}`),
    responses: [`Jawaban tentang ${tag}.`],
  };
}

/** Every row of the training-data tables, in a stable order. */
export async function snapshotTables(db: Db): Promise<unknown> {
  const read = async (query: ReturnType<typeof sql>) =>
    ((await db.execute<Record<string, unknown>>(query)) as { rows: unknown[] }).rows;
  return {
    tags: await read(
      sql`select id, seq, character, name, name_key, updated_at from tags order by seq`,
    ),
    inputs: await read(
      sql`select id, tag_id, text, text_key, position from tag_inputs order by id`,
    ),
    responses: await read(
      sql`select id, tag_id, text, text_key, position from tag_responses order by id`,
    ),
    state: await read(sql`select key, value from app_state order by key`),
  };
}

/**
 * The largest training data one figure may hold: 15 tags (the spec's limit), each with as many
 * inputs and responses as validation allows, every text at its maximum length. Inputs are
 * distinct random word sequences of about the same word count, so the quality report compares
 * every pair of them (its worst case) yet finds no near duplicates. Deterministic for a seed.
 */
export function largestFigureData(
  seed = 1,
): { tag: string; input: string[]; responses: string[] }[] {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: enough for made-up words.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const syllables = ['ka', 'ma', 'ra', 'di', 'su', 'to', 'ne', 'lo', 'pa', 'bi', 'ga', 'hu'];
  const vocabulary = Array.from({ length: 3000 }, () => {
    const n = 2 + Math.floor(next() * 3);
    return Array.from({ length: n }, () => syllables[Math.floor(next() * syllables.length)]).join(
      '',
    );
  });
  const text = (max: number) => {
    let out = vocabulary[Math.floor(next() * vocabulary.length)] as string;
    for (;;) {
      const word = vocabulary[Math.floor(next() * vocabulary.length)] as string;
      if (out.length + 1 + word.length > max) return out.padEnd(max, 'a');
      out = `${out} ${word}`;
    }
  };
  return Array.from({ length: MAX_TAGS_PER_CHARACTER }, (_, t) => ({
    tag: `tag_terbesar_${String(t + 1).padStart(2, '0')}`.padEnd(TAG_NAME_MAX, 'x'),
    input: Array.from({ length: INPUTS_MAX }, () => text(INPUT_LENGTH_MAX)),
    responses: Array.from({ length: RESPONSES_MAX }, () => text(RESPONSE_LENGTH_MAX)),
  }));
}
