import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectAdminOnly,
  expectError,
  signUp,
  signUpAdmin,
  useTestContext,
} from '../../../test/helpers';
import type { CreateTagData } from '@dwitunggal/contracts/tags';
import { body, client } from '../../../test/client';
import { tagsClient, sampleTag, snapshotTables, type TagsClient, type TagDto } from './testing';

const ctx = useTestContext();
let admin: TagsClient;
let learner: TagsClient;
let anonymous: TagsClient;

beforeAll(async () => {
  admin = tagsClient(ctx.app, (await signUpAdmin(ctx)).token);
  learner = tagsClient(ctx.app, (await signUp(ctx.app)).token);
  anonymous = tagsClient(ctx.app);
});
beforeEach(async () => {
  await admin.clear('Soekarno');
  await admin.clear('Hatta');
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('permissions', () => {
  it('answers 401 without a token and 403 to a learner on every write, whatever the body', async () => {
    const existing = await admin.create(sampleTag('Soekarno', 'sapaan'));
    const snapshot = await snapshotTables(ctx.database.db);
    const writes: [string, (c: TagsClient) => ReturnType<TagsClient['get']>][] = [
      ['create', (c) => c.post('/api/chatbot/tags', sampleTag('Soekarno', 'baru'))],
      ['merge', (c) => c.post('/api/chatbot/tags', sampleTag('Soekarno', 'sapaan', 5))],
      ['invalid create', (c) => c.post('/api/chatbot/tags', { junk: true })],
      [
        'update',
        (c) => c.put(`/api/chatbot/update/${existing.id}`, sampleTag('Soekarno', 'diubah')),
      ],
      ['delete', (c) => c.del(`/api/chatbot/tags/${existing.id}`)],
      ['export json', (c) => c.get('/api/chatbot/export/Soekarno')],
      ['export csv', (c) => c.get('/api/chatbot/export/Soekarno?format=csv')],
      [
        'import',
        (c) =>
          c.post('/api/chatbot/import/Soekarno', {
            version: 1,
            tags: [sampleTag('Soekarno', 'impor')],
          }),
      ],
      ['quality', (c) => c.get('/api/chatbot/quality/Soekarno')],
    ];
    await expectAdminOnly(writes, anonymous, learner);
    expect(await snapshotTables(ctx.database.db)).toEqual(snapshot);
  });

  it('lets a learner read, and nobody read without a token', async () => {
    const t = await admin.create(sampleTag('Hatta', 'sapaan'));
    for (const url of ['/api/chatbot/tags/nama/Hatta', `/api/chatbot/tags/${t.id}`]) {
      expect((await learner.get(url)).statusCode).toBe(200);
      const res = await anonymous.get(url);
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ code: 401, status: 'error' });
    }
  });

  it('refuses a forged role: the role comes from the database, not from the request', async () => {
    const res = await learner.post('/api/chatbot/tags', {
      ...sampleTag('Hatta', 'x'),
      role: 'admin',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(403);
    expect(await learner.list('Hatta')).toEqual([]);
  });
});

describe('validation', () => {
  const valid = sampleTag('Soekarno', 'sapaan');
  it.each([
    [{ nama: 'Sukarno' }, 'nama', 'nama must be Soekarno or Hatta'],
    [{ nama: undefined }, 'nama', 'nama must be Soekarno or Hatta'],
    [{ nama: 42 }, 'nama', 'nama must be Soekarno or Hatta'],
    [{ tag: '   ' }, 'tag', 'Tag name is required'],
    [{ tag: undefined }, 'tag', 'Tag name is required'],
    [{ tag: 'x'.repeat(51) }, 'tag', 'Tag name cannot exceed 50 characters'],
    [{ tag: 'nul\u0000' }, 'tag', 'Text contains invalid characters'],
    [{ input: [] }, 'input', 'At least one input is required'],
    [{ input: ['   ', ''] }, 'input', 'At least one input is required'],
    [{ input: 'halo' }, 'input', 'At least one input is required'],
    [{ input: [1, 2] }, 'input', 'Each entry must be text'],
    [{ input: ['x'.repeat(201)] }, 'input', 'Each input can be at most 200 characters'],
    [
      { input: Array.from({ length: 201 }, (_, i) => `tanya ${i}`) },
      'input',
      'At most 200 inputs per tag',
    ],
    [{ input: ['lone \uD800 surrogate'] }, 'input', 'Text contains invalid characters'],
    [{ responses: [] }, 'responses', 'At least one response is required'],
    [{ responses: [' '] }, 'responses', 'At least one response is required'],
    [
      { responses: ['x'.repeat(1001)] },
      'responses',
      'Each response can be at most 1000 characters',
    ],
    [
      { responses: Array.from({ length: 51 }, (_, i) => `jawab ${i}`) },
      'responses',
      'At most 50 responses per tag',
    ],
  ])('rejects %j on %s with its message', async (override, field, message) => {
    const res = await admin.post('/api/chatbot/tags', { ...valid, ...override });
    expect(res.statusCode).toBe(400);
    const out = body(res);
    expect(out).toMatchObject({ code: 400, status: 'error' });
    expect(out.errors?.[field]).toBe(message);
    expect(await admin.list('Soekarno')).toEqual([]);
  });

  it('accepts the figure in any case, trims, drops blanks and folds duplicates (first spelling wins)', async () => {
    const res = await admin.post('/api/chatbot/tags', {
      nama: 'sOeKaRnO',
      tag: '  Sapaan Pagi  ',
      input: ['  Halo Bung ', 'halo   bung', '', 'HALO BUNG', 'Apa kabar?', '   '],
      responses: ['Halo juga.', ' halo JUGA. ', 'Merdeka!'],
    });
    expect(res.statusCode).toBe(201);
    const t = body<{ tag: TagDto }>(res).data.tag;
    expect(t).toMatchObject({
      nama: 'Soekarno',
      tag: 'Sapaan Pagi',
      input: ['Halo Bung', 'Apa kabar?'],
      responses: ['Halo juga.', 'Merdeka!'],
    });
  });

  it('counts the limits after folding: 250 entries that fold to 200 inputs are accepted', async () => {
    const input = Array.from({ length: 200 }, (_, i) => `pertanyaan ${i}`);
    const res = await admin.post('/api/chatbot/tags', {
      ...valid,
      input: [...input, ...input.slice(0, 50).map((s) => s.toUpperCase())],
    });
    expect(res.statusCode).toBe(201);
    expect(body<{ tag: TagDto }>(res).data.tag.input).toHaveLength(200);
  });

  it('accepts exactly 50-character names, 200-character inputs and 1000-character responses', async () => {
    const res = await admin.post('/api/chatbot/tags', {
      ...valid,
      tag: 't'.repeat(50),
      input: ['i'.repeat(200)],
      responses: ['r'.repeat(1000), 'é'.repeat(1000), '字'.repeat(1000)],
    });
    expect(res.statusCode).toBe(201);
  });

  it('rejects bodies that are not objects and unparsable JSON with 400 envelopes', async () => {
    for (const payload of ['[]', '"x"', '{bad json', 'null']) {
      const res = await client(ctx.app).post('/api/chatbot/tags', payload, {
        headers: {
          authorization: (await adminHeader()).authorization,
          'content-type': 'application/json',
        },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(body(res)).toMatchObject({ code: 400, status: 'error' });
    }
  });
});

let adminToken: string | undefined;
async function adminHeader() {
  adminToken ??= (await signUpAdmin(ctx)).token;
  return { authorization: `Bearer ${adminToken}` };
}

describe('create and merge', () => {
  it('creates with 201, the message, the tag and the counts added', async () => {
    const res = await admin.post('/api/chatbot/tags', sampleTag('Hatta', 'sapaan', 4));
    expect(res.statusCode).toBe(201);
    const out = body<CreateTagData>(res);
    expect(out).toMatchObject({ code: 201, status: 'success', message: 'Tag berhasil dibuat' });
    expect(out.data).toMatchObject({ created: true, added_inputs: 4, added_responses: 1 });
    const got = await admin.get(`/api/chatbot/tags/${out.data.tag.id}`);
    expect(body(got).data).toEqual(out.data.tag);
  });

  it('merges into the same name (trimmed, any case), adding only phrases not already there', async () => {
    const first = await admin.create({
      nama: 'Hatta',
      tag: 'Sapaan',
      input: ['Halo', 'Selamat pagi'],
      responses: ['Halo juga'],
    });
    const res = await admin.post('/api/chatbot/tags', {
      nama: 'HATTA',
      tag: '  sapaan ',
      input: ['  HALO ', 'selamat   pagi', 'Apa kabar, Bung?', 'Assalamualaikum'],
      responses: ['halo juga', 'Kabar baik'],
    });
    expect(res.statusCode).toBe(200);
    const out = body<CreateTagData>(res);
    expect(out).toMatchObject({ code: 200, message: 'Tag berhasil digabungkan' });
    expect(out.data).toMatchObject({ created: false, added_inputs: 2, added_responses: 1 });
    expect(out.data.tag).toEqual({
      id: first.id,
      nama: 'Hatta',
      tag: 'Sapaan',
      input: ['Halo', 'Selamat pagi', 'Apa kabar, Bung?', 'Assalamualaikum'],
      responses: ['Halo juga', 'Kabar baik'],
    });
    expect(await admin.list('Hatta')).toHaveLength(1);
  });

  it('answers a merge that adds nothing with zero counts and changes nothing', async () => {
    await admin.create({ nama: 'Hatta', tag: 'sapaan', input: ['Halo'], responses: ['Hai'] });
    const before = await snapshotTables(ctx.database.db);
    const res = await admin.post('/api/chatbot/tags', {
      nama: 'Hatta',
      tag: 'SAPAAN',
      input: ['halo'],
      responses: ['HAI'],
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ added_inputs: 0, added_responses: 0 });
    expect(await snapshotTables(ctx.database.db)).toEqual(before);
  });

  it('refuses with 400 a merge that would pass 200 inputs or 50 responses, and writes nothing', async () => {
    await admin.create(sampleTag('Hatta', 'besar', 150));
    const before = await snapshotTables(ctx.database.db);
    const tooManyInputs = await admin.post('/api/chatbot/tags', {
      nama: 'Hatta',
      tag: 'besar',
      input: Array.from({ length: 51 }, (_, i) => `tambahan ${i}`),
      responses: ['x'],
    });
    expect(tooManyInputs.statusCode).toBe(400);
    expect(body(tooManyInputs).errors).toEqual({ input: 'At most 200 inputs per tag' });
    await admin.post('/api/chatbot/tags', {
      nama: 'Hatta',
      tag: 'besar',
      input: ['satu lagi'],
      responses: Array.from({ length: 30 }, (_, i) => `jawaban ${i}`),
    });
    const tooManyResponses = await admin.post('/api/chatbot/tags', {
      nama: 'Hatta',
      tag: 'besar',
      input: ['satu lagi'],
      responses: Array.from({ length: 30 }, (_, i) => `jawaban lain ${i}`),
    });
    expect(tooManyResponses.statusCode).toBe(400);
    expect(body(tooManyResponses).errors).toEqual({ responses: 'At most 50 responses per tag' });
    const [t] = await admin.list('Hatta');
    expect(t?.input).toHaveLength(151);
    expect(t?.responses).toHaveLength(31);
    expect(before).not.toEqual(await snapshotTables(ctx.database.db)); // the valid merge in between did write
  });

  it('keeps names unique per figure only: the same name can exist for both', async () => {
    await admin.create(sampleTag('Hatta', 'sapaan'));
    const res = await admin.post('/api/chatbot/tags', sampleTag('Soekarno', 'SAPAAN'));
    expect(res.statusCode).toBe(201);
  });

  it('refuses the 16th tag with 409 and the limit message, but still merges into existing tags', async () => {
    for (let i = 1; i <= 15; i += 1) await admin.create(sampleTag('Soekarno', `tag ${i}`));
    const res = await admin.post('/api/chatbot/tags', sampleTag('Soekarno', 'tag 16'));
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({
      code: 409,
      status: 'error',
      message: 'Maksimal 15 tag per karakter telah tercapai',
    });
    const merge = await admin.post('/api/chatbot/tags', sampleTag('Soekarno', 'TAG 3', 5));
    expect(merge.statusCode).toBe(200);
    expect(body(merge).data).toMatchObject({ added_inputs: 2 });
    expect(await admin.list('Soekarno')).toHaveLength(15);
  });
});

describe('list and get', () => {
  it('lists in creation order with phrases in stored order, by name in any case', async () => {
    const names = ['zeta', 'alpha', 'Mu', 'beta'];
    for (const n of names)
      await admin.create({
        nama: 'Hatta',
        tag: n,
        input: [`${n} 3`, `${n} 1`, `${n} 2`],
        responses: ['b', 'a'],
      });
    for (const nama of ['Hatta', 'hatta', 'HATTA', 'hAtTa']) {
      const list = await learner.list(nama);
      expect(list.map((t) => t.tag)).toEqual(names);
      expect(list[0]).toMatchObject({
        nama: 'Hatta',
        input: ['zeta 3', 'zeta 1', 'zeta 2'],
        responses: ['b', 'a'],
      });
    }
    expect(await learner.list('Soekarno')).toEqual([]);
  });

  it('answers 404 envelopes for an unknown figure and unknown or malformed ids', async () => {
    const urls = [
      '/api/chatbot/tags/nama/Sukarno',
      '/api/chatbot/tags/nama/%20Hatta',
      '/api/chatbot/tags/nama/Hatta%00',
      `/api/chatbot/tags/${UNKNOWN_ID}`,
      '/api/chatbot/tags/abc',
      "/api/chatbot/tags/1'%20or%20'1'='1",
      `/api/chatbot/tags/${UNKNOWN_ID}x`,
      '/api/chatbot/tags/%00',
    ];
    for (const url of urls) {
      const res = await learner.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(body(res)).toMatchObject({ code: 404, status: 'error' });
    }
  });

  it('reads the whole list with one query, whatever the number of tags (no N+1)', async () => {
    for (let i = 1; i <= 12; i += 1) await admin.create(sampleTag('Soekarno', `topik ${i}`, 5));
    const count = await countQueries(async () => {
      const list = await learner.list('Soekarno');
      expect(list).toHaveLength(12);
    });
    // One query reads the list (a cache miss after the writes); the learner's profile comes from
    // the user cache, so at most one more query authenticates.
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(2);
    // Cached now: neither the list nor the signed-in user costs a query.
    expect(await countQueries(() => learner.list('Soekarno'))).toBe(0);
  });
});

/** Counts the statements sent to the database while `fn` runs (driver-level instrumentation). */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const holder = ctx.database as unknown as { client?: PGlite; pool?: pg.Pool };
  const target = (holder.pool ?? holder.client) as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const original = target.query;
  let count = 0;
  target.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    target.query = original;
  }
  return count;
}

describe('update', () => {
  it('replaces name, inputs and responses and answers data.message', async () => {
    const t = await admin.create({
      nama: 'Soekarno',
      tag: 'lama',
      input: ['a', 'b', 'c'],
      responses: ['x'],
    });
    const res = await admin.put(`/api/chatbot/update/${t.id}`, {
      nama: 'soekarno',
      tag: ' Baru ',
      input: ['c', 'D', 'd', ' e '],
      responses: ['y', 'z'],
    });
    expect(res.statusCode).toBe(200);
    const out = body<{ message: string; tag: TagDto }>(res);
    expect(out.message).toBe('Tag berhasil diperbarui');
    expect(out.data.message).toBe('Tag berhasil diperbarui');
    const expected = {
      id: t.id,
      nama: 'Soekarno',
      tag: 'Baru',
      input: ['c', 'D', 'e'],
      responses: ['y', 'z'],
    };
    expect(out.data.tag).toEqual(expected);
    expect(body(await admin.get(`/api/chatbot/tags/${t.id}`)).data).toEqual(expected);
    expect(await learner.list('Soekarno')).toEqual([expected]);
  });

  it('accepts a body without nama, and a rename of its own name to another case', async () => {
    const t = await admin.create(sampleTag('Soekarno', 'sapaan'));
    const res = await admin.put(`/api/chatbot/update/${t.id}`, {
      tag: 'SAPAAN',
      input: ['halo'],
      responses: ['hai'],
    });
    expect(res.statusCode).toBe(200);
    expect(body<{ tag: TagDto }>(res).data.tag.tag).toBe('SAPAAN');
  });

  it('refuses a rename onto another tag (any case) with 409 and changes nothing', async () => {
    await admin.create(sampleTag('Soekarno', 'sapaan'));
    const t = await admin.create(sampleTag('Soekarno', 'perpisahan'));
    const before = await snapshotTables(ctx.database.db);
    const res = await admin.put(`/api/chatbot/update/${t.id}`, {
      ...sampleTag('Soekarno', ' SAPAAN '),
      input: ['baru'],
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 409, status: 'error' });
    expect(body(res).message).toContain('sapaan');
    expect(await snapshotTables(ctx.database.db)).toEqual(before);
  });

  it('refuses moving a tag to the other figure with 400', async () => {
    const t = await admin.create(sampleTag('Soekarno', 'sapaan'));
    const res = await admin.put(`/api/chatbot/update/${t.id}`, sampleTag('Hatta', 'sapaan'));
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.nama).toBeDefined();
    expect((await admin.list('Soekarno'))[0]).toEqual(t);
  });

  it('validates like create, and answers 404 for unknown and malformed ids', async () => {
    const t = await admin.create(sampleTag('Soekarno', 'sapaan'));
    const invalid = await admin.put(`/api/chatbot/update/${t.id}`, {
      tag: '',
      input: [],
      responses: [],
    });
    expect(invalid.statusCode).toBe(400);
    expect(body(invalid).errors).toMatchObject({
      tag: 'Tag name is required',
      input: 'At least one input is required',
      responses: 'At least one response is required',
    });
    for (const id of [UNKNOWN_ID, 'nope', '%00']) {
      const res = await admin.put(`/api/chatbot/update/${id}`, sampleTag('Soekarno', 'x'));
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('is one transaction: a failure after the old phrases were deleted leaves the tag unchanged', async () => {
    const t = await admin.create({
      nama: 'Soekarno',
      tag: 'utuh',
      input: ['satu', 'dua'],
      responses: ['tiga'],
    });
    // A database-side failure in the middle of the update: inserting this phrase raises.
    await ctx.database.db.execute(sql`
      create or replace function fail_on_marker() returns trigger language plpgsql as $$
      begin
        if new.text = 'memicu kegagalan' then raise exception 'injected failure'; end if;
        return new;
      end $$`);
    await ctx.database.db.execute(sql`
      create trigger fail_on_marker before insert on tag_inputs for each row execute function fail_on_marker()`);
    try {
      const before = await snapshotTables(ctx.database.db);
      const res = await admin.put(`/api/chatbot/update/${t.id}`, {
        tag: 'berubah',
        input: ['baru', 'memicu kegagalan'],
        responses: ['lain'],
      });
      expectError(res, 500, 'Internal server error');
      expect(await snapshotTables(ctx.database.db)).toEqual(before);
      expect(body(await admin.get(`/api/chatbot/tags/${t.id}`)).data).toEqual(t);
      expect(await learner.list('Soekarno')).toEqual([t]);
    } finally {
      await ctx.database.db.execute(sql`drop trigger fail_on_marker on tag_inputs`);
    }
  });
});

describe('display names', () => {
  it('keeps a trimmed display name through create, merge, update, get, list and export', async () => {
    const created = await admin.create({
      ...sampleTag('Soekarno', 'pesan_pemuda'),
      label: '  Pesan untuk pemuda ',
    });
    expect(created.label).toBe('Pesan untuk pemuda');
    expect((await learner.list('Soekarno'))[0]?.label).toBe('Pesan untuk pemuda');

    // A merge without a name keeps it; one with a name replaces it.
    expect(
      (await admin.post('/api/chatbot/tags', sampleTag('Soekarno', 'PESAN_PEMUDA', 5))).statusCode,
    ).toBe(200);
    expect(body<TagDto>(await learner.get(`/api/chatbot/tags/${created.id}`)).data.label).toBe(
      'Pesan untuk pemuda',
    );
    const merged = body<{ tag: TagDto }>(
      await admin.post('/api/chatbot/tags', {
        ...sampleTag('Soekarno', 'pesan_pemuda'),
        label: 'Pesan',
      }),
    ).data.tag;
    expect(merged.label).toBe('Pesan');

    const exported = JSON.parse((await admin.get('/api/chatbot/export/Soekarno')).body) as {
      tags: { tag: string; label?: string }[];
    };
    expect(exported.tags).toEqual([
      expect.objectContaining({ tag: 'pesan_pemuda', label: 'Pesan' }),
    ]);

    // Update is a full replace: a blank or absent display name removes it.
    const put = (label?: string) =>
      admin.put(`/api/chatbot/update/${created.id}`, {
        ...sampleTag('Soekarno', 'pesan_pemuda'),
        ...(label === undefined ? {} : { label }),
      });
    expect(body<{ tag: TagDto }>(await put('Nasihat')).data.tag.label).toBe('Nasihat');
    expect(body<{ tag: TagDto }>(await put('   ')).data.tag).not.toHaveProperty('label');
    await put('Nasihat');
    expect(body<{ tag: TagDto }>(await put()).data.tag).not.toHaveProperty('label');
  });

  it('refuses a display name over 60 characters or not text, with a field error', async () => {
    for (const label of ['x'.repeat(61), 42]) {
      const res = await admin.post('/api/chatbot/tags', {
        ...sampleTag('Hatta', 'nasihat'),
        label,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 400, errors: { label: expect.any(String) } });
    }
    const ok = await admin.create({ ...sampleTag('Hatta', 'nasihat'), label: 'x'.repeat(60) });
    expect(ok.label).toHaveLength(60);
  });

  it('imports display names from an archive file', async () => {
    const res = await admin.post('/api/chatbot/import/Hatta', {
      version: 1,
      tags: [{ ...sampleTag('Hatta', 'koperasi'), label: 'Koperasi dan ekonomi rakyat' }],
    });
    expect(res.statusCode).toBe(200);
    expect((await learner.list('Hatta'))[0]?.label).toBe('Koperasi dan ekonomi rakyat');
  });
});

describe('delete', () => {
  it('answers 200 with code 200, removes the tag and its phrases, then 404', async () => {
    const keep = await admin.create(sampleTag('Hatta', 'tetap'));
    const t = await admin.create(sampleTag('Hatta', 'hapus'));
    const res = await admin.del(`/api/chatbot/tags/${t.id}`);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      code: 200,
      status: 'success',
      message: 'Tag berhasil dihapus',
      data: { id: t.id },
    });
    expect((await admin.get(`/api/chatbot/tags/${t.id}`)).statusCode).toBe(404);
    expect(await learner.list('Hatta')).toEqual([keep]);
    const left = (await ctx.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from tag_inputs where tag_id = ${t.id}`,
    )) as {
      rows: { n: number }[];
    };
    expect(left.rows[0]?.n).toBe(0);
    expect((await admin.del(`/api/chatbot/tags/${t.id}`)).statusCode).toBe(404);
    expect((await admin.del('/api/chatbot/tags/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('the 15-tag limit under concurrency', () => {
  it('14 existing tags + 30 concurrent creates leave exactly 15: one 201 and 29 409s', async () => {
    for (let i = 1; i <= 14; i += 1) await admin.create(sampleTag('Hatta', `ada ${i}`, 1));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        admin.post('/api/chatbot/tags', sampleTag('Hatta', `serentak ${i}`, 2)),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(body(r).message).toBe('Maksimal 15 tag per karakter telah tercapai');
    }
    expect(await admin.list('Hatta')).toHaveLength(15);
    const rows = (await ctx.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from tags where character = 'hatta'`,
    )) as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]?.n).toBe(15);
  });

  it('30 concurrent creates on an empty figure give 15 201s and 15 409s', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        admin.post('/api/chatbot/tags', sampleTag('Soekarno', `serentak ${i}`, 2)),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(15).fill(201), ...Array(15).fill(409)]);
    expect(await admin.list('Soekarno')).toHaveLength(15);
  });

  it('30 concurrent creates of the same name give one tag holding every input', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        admin.post('/api/chatbot/tags', {
          nama: 'Soekarno',
          tag: i % 2 ? 'Sama' : 'sama',
          input: [`masukan ${i}`],
          responses: ['r'],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(29).fill(200), 201]);
    const list = await admin.list('Soekarno');
    expect(list).toHaveLength(1);
    expect(list[0]?.input).toHaveLength(30);
  });
});

describe('the list cache', () => {
  it('never serves a stale list after a write in the same process', async () => {
    const t = await admin.create(sampleTag('Hatta', 'sapaan'));
    for (let i = 0; i < 3; i += 1) {
      expect((await learner.list('Hatta')).map((x) => x.tag)).toEqual(['sapaan']); // cached now
      await admin.put(`/api/chatbot/update/${t.id}`, sampleTag('Hatta', `nama ${i}`));
      expect((await learner.list('Hatta')).map((x) => x.tag)).toEqual([`nama ${i}`]);
      await admin.put(`/api/chatbot/update/${t.id}`, sampleTag('Hatta', 'sapaan'));
    }
    await admin.del(`/api/chatbot/tags/${t.id}`);
    expect(await learner.list('Hatta')).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every tag route', async () => {
    const res = await client(ctx.app).get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/chatbot/tags/nama/{nama}',
        '/api/chatbot/tags/{id}',
        '/api/chatbot/tags',
        '/api/chatbot/update/{id}',
        '/api/chatbot/export/{nama}',
        '/api/chatbot/import/{nama}',
        '/api/chatbot/quality/{nama}',
      ]),
    );
  });
});
