import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../db/client';
import {
  createTestContext,
  scratchPostgres,
  signUp,
  signUpAdmin,
  useTestContext,
  type TestContext,
} from '../../../test/helpers';
import { resetFromSeed, seedDataDir, seedIfNeeded } from './seed';
import { tagsClient, type TagDto, type TagsClient } from './testing';

type SeedFile = {
  nama: string;
  starters: unknown[];
  tags: {
    tag: string;
    label: string;
    input: string[];
    responses: string[];
    links?: { input: string; response: string }[];
  }[];
};
const seedFile = (key: string) =>
  JSON.parse(readFileSync(path.join(seedDataDir(), `${key}.json`), 'utf8')) as SeedFile;

const ctx = useTestContext();
let learner: TagsClient;

beforeAll(async () => {
  learner = tagsClient(ctx.app, (await signUp(ctx.app)).token);
});

const shape = (list: SeedFile['tags'] | TagDto[]) =>
  list.map(({ tag, label, input, responses, links }) => ({ tag, label, input, responses, links }));

describe('seeding', () => {
  it('finds data/seed/tags from the source tree', () => {
    expect(seedDataDir()).toBe(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/seed/tags'),
    );
  });

  it('fills both archives of a fresh database from the seed corpus (every seed tag, starters ignored)', async () => {
    expect(await learner.list('Soekarno')).toEqual([]); // cached empty list: seeding must invalidate it
    const outcomes = await seedIfNeeded(ctx.database);
    expect(outcomes.map((o) => [o.character, o.action, o.tags])).toEqual([
      ['soekarno', 'seeded', seedFile('soekarno').tags.length],
      ['hatta', 'seeded', seedFile('hatta').tags.length],
    ]);
    for (const [key, nama] of [
      ['soekarno', 'Soekarno'],
      ['hatta', 'Hatta'],
    ] as const) {
      const list = await learner.list(nama);
      expect(list).toHaveLength(seedFile(key).tags.length);
      expect(shape(list)).toEqual(seedFile(key).tags);
      // Every seed tag has a display name for learners, and the server keeps it.
      expect(list.every((t) => typeof t.label === 'string' && t.label.length > 0)).toBe(true);
      // Some tags link inputs to the reply that answers them (decision 023), and they are kept.
      expect(list.some((t) => t.links && t.links.length > 0)).toBe(true);
    }
  });

  it('does nothing the second time, and does not re-seed a figure whose tags were all deleted', async () => {
    const again = await seedIfNeeded(ctx.database);
    expect(again.map((o) => o.action)).toEqual(['skipped', 'skipped']);
    expect(await learner.list('Hatta')).toHaveLength(seedFile('hatta').tags.length);

    const admin = tagsClient(ctx.app, await adminToken());
    await admin.clear('Hatta');
    // A restart: a new app on the same database, seeding first as server.ts does.
    const restarted = await seedIfNeeded(ctx.database);
    expect(restarted.map((o) => o.action)).toEqual(['skipped', 'skipped']);
    expect(await learner.list('Hatta')).toEqual([]);
    expect(await learner.list('Soekarno')).toHaveLength(seedFile('soekarno').tags.length);
  });

  it('resets a figure to its seed corpus, replacing whatever it had', async () => {
    const admin = tagsClient(ctx.app, await adminToken());
    await admin.create({ nama: 'Hatta', tag: 'tambahan', input: ['x'], responses: ['y'] });
    const outcome = await resetFromSeed(ctx.database, 'hatta');
    expect(outcome).toMatchObject({
      character: 'hatta',
      action: 'reset',
      deleted: 1,
      tags: seedFile('hatta').tags.length,
    });
    expect(shape(await learner.list('Hatta'))).toEqual(seedFile('hatta').tags);
    expect((await seedIfNeeded(ctx.database)).map((o) => o.action)).toEqual(['skipped', 'skipped']);
  });

  it('keeps tags curated before seeding was recorded, and only marks the figure', async () => {
    const other = await createTestContext();
    try {
      const admin = tagsClient(other.app, await adminToken(other));
      await admin.create({ nama: 'Soekarno', tag: 'kurasi', input: ['a'], responses: ['b'] });
      const outcomes = await seedIfNeeded(other.database);
      expect(outcomes.map((o) => o.action)).toEqual(['kept-existing', 'seeded']);
      expect((await admin.list('Soekarno')).map((t) => t.tag)).toEqual(['kurasi']);
      expect(await admin.list('Hatta')).toHaveLength(seedFile('hatta').tags.length);
    } finally {
      await other.close();
    }
  });
});

let cachedAdmin: string | undefined;
async function adminToken(target: TestContext = ctx): Promise<string> {
  if (target === ctx && cachedAdmin) return cachedAdmin;
  const token = (await signUpAdmin(target)).token;
  if (target === ctx) cachedAdmin = token;
  return token;
}

// Two processes on one database need a server database: only in the PostgreSQL run.
const url = process.env.TEST_DATABASE_URL;
if (url)
  describe('seeding on PostgreSQL', () => {
    let scratch: { url: string; drop: () => Promise<void> };
    beforeAll(async () => {
      scratch = await scratchPostgres(url, 'dw_seed');
    });
    afterAll(() => scratch.drop());

    it('seeds exactly once when two processes start at the same time', async () => {
      const [a, b] = await Promise.all([
        createPostgresDatabase(scratch.url, { poolSize: 3 }),
        createPostgresDatabase(scratch.url, { poolSize: 3 }),
      ]);
      try {
        const [first, second] = await Promise.all([seedIfNeeded(a), seedIfNeeded(b)]);
        const actions = [...first, ...second].map((o) => `${o.character}:${o.action}`).sort();
        expect(actions).toEqual([
          'hatta:seeded',
          'hatta:skipped',
          'soekarno:seeded',
          'soekarno:skipped',
        ]);
        const count = await a.pool.query<{ n: number }>('select count(*)::int as n from tags');
        expect(count.rows[0]?.n).toBe(
          seedFile('soekarno').tags.length + seedFile('hatta').tags.length,
        );
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('`npm run db:seed -- --reset --figure hatta` replaces the figure and says what it did', async () => {
      const db = await createPostgresDatabase(scratch.url, { poolSize: 2 });
      try {
        await db.pool.query(`delete from tags where character = 'hatta'`);
        const root = path.resolve(seedDataDir(), '../../..');
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dw-seed-'));
        const run = spawnSync(
          'npm',
          ['run', '--silent', 'db:seed', '--', '--reset', '--figure', 'hatta'],
          {
            cwd: root,
            env: {
              ...process.env,
              DATABASE_URL: scratch.url,
              DATA_DIR: dataDir,
              LOG_LEVEL: 'silent',
            },
            encoding: 'utf8',
          },
        );
        rmSync(dataDir, { recursive: true, force: true });
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain('hatta: reset');
        const counts = await db.pool.query<{ character: string; n: number }>(
          'select character, count(*)::int as n from tags group by character order by character',
        );
        expect(counts.rows).toEqual([
          { character: 'hatta', n: seedFile('hatta').tags.length },
          { character: 'soekarno', n: seedFile('soekarno').tags.length },
        ]);
      } finally {
        await db.close();
      }
    });
  });
