import { describe, expect, it } from 'vitest';
import { boundedLevenshtein, createCorrector, MAX_CACHED_CORRECTIONS } from './fuzzy';

describe('boundedLevenshtein', () => {
  it('computes the edit distance, capped at max + 1', () => {
    expect(boundedLevenshtein('proklamsi', 'proklamasi', 2)).toBe(1);
    expect(boundedLevenshtein('kitten', 'sitting', 3)).toBe(3);
    expect(boundedLevenshtein('abc', 'xyz', 1)).toBe(2);
    expect(boundedLevenshtein('same', 'same', 0)).toBe(0);
    expect(boundedLevenshtein('a'.repeat(80), 'a'.repeat(79) + 'b', 1)).toBe(1);
  });
});

describe('createCorrector', () => {
  const corrector = createCorrector(
    new Map([
      ['proklamasi', 5],
      ['pengasingan', 3],
      ['perundingan', 2],
      ['pendidikan', 4],
      ['bukittinggi', 1],
    ]),
  );

  it('corrects a typo to the closest word within reach', () => {
    expect(corrector.closest('proklamsi')).toBe('proklamasi');
    expect(corrector.closest('pengasinganx')).toBe('pengasingan');
    expect(corrector.closest('bukitingi')).toBe('bukittinggi');
  });

  it('leaves short words and words out of reach alone', () => {
    expect(corrector.closest('enak')).toBeUndefined();
    expect(corrector.closest('proxyzasi')).toBeUndefined();
    expect(corrector.closest('qroklamasi')).toBeUndefined();
  });

  it('keeps answering the same after its cache has filled and started over', () => {
    for (let i = 0; i <= MAX_CACHED_CORRECTIONS; i++) corrector.closest(`pendidi${i}`);
    expect(corrector.closest('pendidkan')).toBe('pendidikan');
  });
});
