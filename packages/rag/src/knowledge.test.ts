import { describe, expect, it } from 'vitest';
import { splitSentences } from '@dwitunggal/text/fold';
import { KnowledgeError, parsePassages, periodRange } from './knowledge';
import { realPassages } from './testing/fixtures';

const valid = {
  id: 'x-1',
  title: 'Judul',
  figures: ['hatta'],
  period: '1936-1942',
  text: 'Teks.',
  references: ['Sumber'],
};

describe('knowledge base', () => {
  it('loads every passage of the repository, unique ids, each with a reference', async () => {
    const passages = await realPassages();
    expect(passages.length).toBeGreaterThanOrEqual(400);
    expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
    for (const p of passages) expect(p.references[0]).toBeTruthy();
  });

  it('opens no later sentence with a bare pronoun or "karena itu" (answers pick sentences one by one)', async () => {
    // A sentence that leans on the one before it turns false or meaningless when picked alone:
    // "Karena itu ..." without its cause, "Mereka ..." without the people it names.
    const leaning = /^(?:Ia|Dia|Beliau|Mereka|Keduanya|Karena itu|Oleh karena itu)\b/;
    const offenders = (await realPassages()).flatMap((p) =>
      splitSentences(p.text)
        .slice(1)
        .filter((s) => leaning.test(s))
        .map((s) => `${p.id}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('validates passages and names the faulty one', () => {
    expect(parsePassages([valid])[0]).toEqual(valid);
    expect(() => parsePassages([{ ...valid, figures: ['kartini'] }])).toThrow(/x-1.*figures/);
    expect(() => parsePassages([{ ...valid, text: ' ' }])).toThrow(KnowledgeError);
    expect(() => parsePassages([valid], [valid])).toThrow(/duplicate/);
    expect(() => parsePassages({})).toThrow(/array/);
  });

  it('reads the years a period covers', () => {
    expect(periodRange('1936-1942')).toEqual([1936, 1942]);
    expect(periodRange('1945')).toEqual([1945, 1945]);
    expect(periodRange('awal')).toBeNull();
  });
});
