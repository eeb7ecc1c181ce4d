import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QualityReport } from '@dwitunggal/contracts/tags';
import { signUpAdmin, useTestContext } from '../../../test/helpers';
import { analyzeQuality, normalizeForComparison } from './quality';
import { seedDataDir } from './seed';
import { body } from '../../../test/client';
import { tagsClient, type TagsClient } from './testing';

const many = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} nomor ${i + 1}`);

describe('analyzeQuality', () => {
  it('flags the same input under two tags as an error, whatever its case and spacing', () => {
    const report = analyzeQuality([
      { tag: 'sapaan', input: [...many('halo', 12), 'Apa kabar?'] },
      { tag: 'identitas', input: [...many('siapa', 12), '  apa   KABAR? '] },
    ]);
    const dup = report.issues.filter((i) => i.kind === 'duplicate_across_tags');
    expect(dup).toHaveLength(1);
    expect(dup[0]).toMatchObject({
      severity: 'error',
      tags: ['sapaan', 'identitas'],
      inputs: ['Apa kabar?', '  apa   KABAR? '],
    });
    expect(dup[0]?.message).toContain('"Apa kabar?" ada di 2 tag ("sapaan", "identitas")');
    expect(report.issues[0]?.kind).toBe('duplicate_across_tags'); // errors come first
  });

  it('flags near duplicates: same words without punctuation, or word-set Jaccard >= 0.8', () => {
    const report = analyzeQuality([
      {
        tag: 'proklamasi',
        input: [
          ...many('proklamasi', 10),
          'Kapan proklamasi dibacakan?',
          'kapan, proklamasi dibacakan!!',
        ],
      },
      { tag: 'masa_kecil', input: [...many('kecil', 10), 'di mana bung lahir dan dibesarkan'] },
      {
        tag: 'keluarga',
        input: [...many('keluarga', 10), 'di mana bung lahir dan dibesarkan dulu'],
      },
    ]);
    const near = report.issues.filter((i) => i.kind === 'near_duplicate');
    expect(near).toHaveLength(2);
    expect(near[0]).toMatchObject({
      severity: 'warning',
      tags: ['proklamasi'],
      inputs: ['Kapan proklamasi dibacakan?', 'kapan, proklamasi dibacakan!!'],
    });
    // 6 shared words of 7 in the union: Jaccard 0.857, across two tags.
    expect(near[1]).toMatchObject({ tags: ['masa_kecil', 'keluarga'] });
    expect(near[1]?.message).toContain('tag berbeda');
    // 'nomor 1' .. 'nomor 10' differ by one word of three: Jaccard 0.5, not flagged.
    expect(near.flatMap((i) => i.inputs ?? [])).not.toContain('proklamasi nomor 1');
  });

  it('does not flag inputs below the threshold', () => {
    const report = analyzeQuality([
      { tag: 'a', input: [...many('alpha', 10), 'siapa nama ayah bung', 'siapa nama ibu bung'] },
    ]);
    // 3 shared words of 5: Jaccard 0.6.
    expect(report.issues).toEqual([]);
  });

  it('flags tags with fewer than 10 inputs and says how many are missing', () => {
    const report = analyzeQuality([
      { tag: 'cukup', input: many('cukup', 10) },
      { tag: 'kurang', input: many('kurang', 7) },
    ]);
    const few = report.issues.filter((i) => i.kind === 'few_inputs');
    expect(few).toEqual([
      {
        kind: 'few_inputs',
        severity: 'warning',
        tags: ['kurang'],
        message: expect.stringContaining(
          'baru memiliki 7 input. Tambahkan setidaknya 3 input lagi',
        ),
      },
    ]);
  });

  it('flags class imbalance above 3x and explains it', () => {
    const balanced = analyzeQuality([
      { tag: 'besar', input: many('besar', 30) },
      { tag: 'kecil', input: many('kecil', 10) },
    ]);
    expect(balanced.issues.filter((i) => i.kind === 'imbalance')).toEqual([]);
    const report = analyzeQuality([
      { tag: 'besar', input: many('besar', 31) },
      { tag: 'sedang', input: many('sedang', 20) },
      { tag: 'kecil', input: many('kecil', 10) },
    ]);
    const imbalance = report.issues.filter((i) => i.kind === 'imbalance');
    expect(imbalance).toHaveLength(1);
    expect(imbalance[0]).toMatchObject({ severity: 'warning', tags: ['besar', 'kecil'] });
    expect(imbalance[0]?.message).toContain(
      '"besar" memiliki 31 input, sedangkan "kecil" hanya 10 (3,1 kali lipat',
    );
    expect(imbalance[0]?.message).toContain(
      'Model cenderung memilih tag yang datanya lebih banyak',
    );
    expect(report.stats).toEqual({ tags: 3, inputs: 61, minInputs: 10, maxInputs: 31 });
  });

  it('reports nothing and zero stats for an empty figure', () => {
    expect(analyzeQuality([])).toEqual({
      issues: [],
      stats: { tags: 0, inputs: 0, minInputs: 0, maxInputs: 0 },
    });
  });

  it('normalizes case, punctuation, symbols and spacing', () => {
    expect(normalizeForComparison('  Halo,   BUNG!!! 🙂 (apa kabar?) ')).toBe(
      'halo bung apa kabar',
    );
  });

  // Its speed is measured by bench/tags.ts, not asserted here.
  it('finds no errors in the seed corpus of either figure', () => {
    for (const key of ['soekarno', 'hatta']) {
      const seed = JSON.parse(readFileSync(path.join(seedDataDir(), `${key}.json`), 'utf8')) as {
        tags: { tag: string; input: string[] }[];
      };
      const report = analyzeQuality(seed.tags);
      expect(report.stats.tags).toBe(seed.tags.length);
      expect(report.issues.filter((i) => i.severity === 'error')).toEqual([]);
    }
  });
});

describe('GET /api/chatbot/quality/{nama}', () => {
  const ctx = useTestContext();
  let admin: TagsClient;
  beforeAll(async () => {
    admin = tagsClient(ctx.app, (await signUpAdmin(ctx)).token);
  });

  it("reports on the figure's stored data, for an admin", async () => {
    await admin.create({
      nama: 'Hatta',
      tag: 'sapaan',
      input: ['halo', 'selamat pagi'],
      responses: ['halo juga'],
    });
    await admin.create({
      nama: 'Hatta',
      tag: 'perpisahan',
      input: ['Halo!', 'sampai jumpa', ...many('dadah', 10)],
      responses: ['sampai jumpa'],
    });
    const res = await admin.get('/api/chatbot/quality/hatta');
    expect(res.statusCode).toBe(200);
    const report = body<QualityReport>(res).data;
    expect(report.stats).toEqual({ tags: 2, inputs: 14, minInputs: 2, maxInputs: 12 });
    expect(report.issues.map((i) => i.kind).sort()).toEqual([
      'few_inputs',
      'imbalance',
      'near_duplicate',
    ]);
    expect((await admin.get('/api/chatbot/quality/Sjahrir')).statusCode).toBe(404);
  });

  it('answers the analysis of the data as stored now, also after a change', async () => {
    const report = async () => {
      const res = await admin.get('/api/chatbot/quality/Soekarno');
      expect(res.statusCode).toBe(200);
      return body<QualityReport>(res).data;
    };
    const first = await admin.create({
      nama: 'Soekarno',
      tag: 'pidato',
      input: many('pidato', 12),
      responses: ['Pidato saya panjang.'],
    });
    await admin.create({
      nama: 'Soekarno',
      tag: 'pancasila',
      input: many('pancasila', 12),
      responses: ['Lima sila.'],
    });
    const before = await report();
    expect(before).toEqual(analyzeQuality(await admin.list('Soekarno')));
    expect(before.issues).toEqual([]);
    expect(await report()).toEqual(before);

    const res = await admin.put(`/api/chatbot/update/${first.id}`, {
      tag: 'pidato',
      input: [...many('pidato', 12), 'pancasila nomor 3'],
      responses: ['Pidato saya panjang.'],
    });
    expect(res.statusCode).toBe(200);
    const after = await report();
    expect(after).toEqual(analyzeQuality(await admin.list('Soekarno')));
    expect(after.issues.map((i) => i.kind)).toEqual(['duplicate_across_tags']);
  });
});
