import { describe, expect, it } from 'vitest';
import { filterTags, flaggedTagNames } from './filter-tags';
import type { Tag } from './tags-api';

const tag = (name: string, input: string[], responses: string[] = ['ok']): Tag => ({
  id: name,
  nama: 'Soekarno',
  tag: name,
  input,
  responses,
});

const tags = [
  tag('sapaan', ['Halo Bung', 'Selamat pagi'], ['Merdeka!']),
  tag(
    'proklamasi',
    Array.from({ length: 12 }, (_, i) => `Kapan proklamasi ${i}`),
    ['Pegangsaan Timur 56'],
  ),
  tag('pemikiran', ['Apa itu Marhaenisme?'], ['Pancasila lahir 1 Juni']),
];
const opts = { fewInputsThreshold: 10, flagged: new Set<string>() };

describe('filterTags', () => {
  it('keeps every tag, numbered 1..n, without a filter', () => {
    expect(filterTags(tags, { query: '  ', show: 'all' }, opts).map((e) => e.number)).toEqual([
      1, 2, 3,
    ]);
  });

  it('matches every word in the name, inputs or responses, ignoring case and accents', () => {
    const names = (query: string) =>
      filterTags(tags, { query, show: 'all' }, opts).map((e) => `${e.number}:${e.tag.tag}`);
    expect(names('PEGANGSAAN')).toEqual(['2:proklamasi']);
    expect(names('marhaenisme')).toEqual(['3:pemikiran']);
    expect(names('bung merdeka')).toEqual(['1:sapaan']);
    expect(names('bung pancasila')).toEqual([]);
    expect(names('marhaénisme')).toEqual(['3:pemikiran']);
  });

  it('narrows to tags with few inputs, or flagged by the quality report', () => {
    expect(filterTags(tags, { query: '', show: 'few-inputs' }, opts).map((e) => e.tag.tag)).toEqual(
      ['sapaan', 'pemikiran'],
    );
    const flagged = flaggedTagNames({
      issues: [
        { kind: 'imbalance', severity: 'warning', tags: ['proklamasi', 'pemikiran'], message: 'x' },
      ],
      stats: { tags: 3, inputs: 15, minInputs: 1, maxInputs: 12 },
    });
    expect(
      filterTags(tags, { query: '', show: 'flagged' }, { ...opts, flagged }).map((e) => e.number),
    ).toEqual([2, 3]);
    expect(flaggedTagNames(null).size).toBe(0);
  });
});
