import type { FastifyInstance } from 'fastify';
import type { TrainingRun } from '@dwitunggal/contracts/models';
import { createRng } from '@dwitunggal/classifier/rng';
import { body, client } from '../../../test/client';
import type { Db } from '../../db/client';
import { createTagRepository } from '../tags/repository';
import { toTag } from '../tags/service';
import type { TrainingDataSource } from './service';

/** Test and bench support for the model registry (never imported by the server). */

/** The training data of a model service built outside an app: the stored tags, as served. */
export const storedTags = (db: Db): TrainingDataSource => ({
  list: async (figure) => (await createTagRepository(db).list(figure)).map(toTag),
});

export interface TagFields {
  tag: string;
  input: string[];
  responses: string[];
}

const TOPICS = [
  'masa kecil',
  'pendidikan',
  'pergerakan',
  'pembuangan',
  'pendudukan jepang',
  'proklamasi',
  'pancasila',
  'konferensi',
  'keluarga',
  'ekonomi rakyat',
  'koperasi',
  'diplomasi',
  'buku',
  'sahabat',
  'kemerdekaan',
  'perjuangan',
  'rapat',
  'pidato',
];
const OPENERS = ['ceritakan', 'apa', 'bagaimana', 'kapan', 'mengapa', 'siapa', 'jelaskan', 'bung'];
const FILLERS = [
  'tentang',
  'soal',
  'mengenai',
  'waktu',
  'dulu',
  'itu',
  'ya',
  'dong',
  'sih',
  'lagi',
];

/**
 * `tags` tags of `inputs` distinct questions each: every tag has its own topic words (a name
 * and a few key words), mixed with words shared by all tags, so a classifier can learn it but
 * not trivially. Deterministic for a seed.
 */
export function syntheticTags(tags: number, inputs: number, seed = 1): TagFields[] {
  const rng = createRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng.next() * xs.length)] as T;
  return Array.from({ length: tags }, (_, t) => {
    const topic = TOPICS[t % TOPICS.length] as string;
    const keys = [`${topic.split(' ')[0]}${t}`, `kunci${t}a`, `kunci${t}b`, `kunci${t}c`];
    const seen = new Set<string>();
    const input: string[] = [];
    while (input.length < inputs) {
      const words = [pick(OPENERS), pick(FILLERS), pick(keys), pick(FILLERS), pick(keys)];
      if (rng.next() < 0.5) words.push(pick(OPENERS));
      const text = `${words.join(' ')} ${input.length + 1}`;
      if (seen.has(text)) continue;
      seen.add(text);
      input.push(text);
    }
    return {
      tag: `topik_${t + 1}`,
      input,
      responses: [`Saya akan bercerita tentang ${topic} dan ${keys[0]}.`],
    };
  });
}

/** The same tags with every input moved to a random tag: a deliberately worse dataset. */
export function scrambled(tags: readonly TagFields[], seed = 7): TagFields[] {
  const rng = createRng(seed);
  const pool = tags.flatMap((t) => t.input);
  const out = tags.map((t) => ({ ...t, input: [] as string[] }));
  for (const text of pool) (out[Math.floor(rng.next() * out.length)] as TagFields).input.push(text);
  // Every tag keeps at least one input.
  out.forEach((t, i) => {
    if (t.input.length === 0) t.input.push(`${tags[i]?.tag ?? 'tag'} cadangan`);
  });
  return out;
}

export function api(app: FastifyInstance, token?: string) {
  const http = client(app, token);
  const { send } = http;
  return {
    ...http,

    /** Replaces a figure's tags (delete all, then one import transaction). */
    async setTags(nama: 'Soekarno' | 'Hatta', tags: readonly TagFields[]): Promise<void> {
      const list = await send('GET', `/api/chatbot/tags/nama/${nama}`);
      for (const t of body<{ id: string }[]>(list).data) {
        const res = await send('DELETE', `/api/chatbot/tags/${t.id}`);
        if (res.statusCode !== 200) throw new Error(`delete failed: ${res.body}`);
      }
      if (tags.length === 0) return;
      const res = await send('POST', `/api/chatbot/import/${nama}`, { version: 1, nama, tags });
      if (res.statusCode !== 200) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
    },

    /** Starts a run; returns its id (throws unless 202). */
    async start(figure: string, payload?: unknown): Promise<string> {
      const res = await send('POST', `/api/etl-run-model1-${figure}`, payload);
      if (res.statusCode !== 202) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
      return body<{ runId: string }>(res).data.runId;
    },

    /**
     * Awaits the run's own end in this app (the training job's promise, see `waitForRun`), then
     * reads it as the web does. A run started through another app is waited for in that one.
     */
    async wait(runId: string, timeoutMs = 30_000): Promise<TrainingRun> {
      await app.models.waitForRun(runId, timeoutMs);
      const res = await send('GET', `/api/training-runs/${runId}`);
      if (res.statusCode !== 200) throw new Error(`read failed: ${res.statusCode} ${res.body}`);
      const run = body<TrainingRun>(res).data;
      if (run.status !== 'succeeded' && run.status !== 'failed')
        throw new Error(`run ${runId} still ${run.status}`);
      return run;
    },

    async train(figure: string, payload?: unknown): Promise<TrainingRun> {
      return this.wait(await this.start(figure, payload));
    },
  };
}
export type Api = ReturnType<typeof api>;
