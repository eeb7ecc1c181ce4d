import { describe, expect, it } from 'vitest';
import { colloquialForms } from './colloquial';

describe('colloquialForms', () => {
  it('reads the suffix -in as -kan, -i or nothing', () => {
    expect(colloquialForms('dibacain')).toEqual(
      expect.arrayContaining(['dibacakan', 'dibacai', 'dibaca']),
    );
    expect(colloquialForms('dibacain')[0]).toBe('dibacakan');
  });

  it('reads the bare nasal prefixes as the root they hide', () => {
    expect(colloquialForms('ngibarin')).toContain('kibar');
    expect(colloquialForms('nyulik')).toContain('culik');
    expect(colloquialForms('ngerebut')).toContain('rebut');
    expect(colloquialForms('nulis')).toContain('tulis');
  });

  it('reads the final syllable e as a', () => {
    expect(colloquialForms('dapet')).toEqual(['dapat']);
    expect(colloquialForms('dipake')).toEqual(['dipakai']);
    expect(colloquialForms('ngadepin')).toContain('hadap');
  });

  it('proposes nothing for short words and numbers, and never the word itself', () => {
    expect(colloquialForms('pak')).toEqual([]);
    expect(colloquialForms('1945an')).toEqual([]);
    expect(colloquialForms('dipimpin')).not.toContain('dipimpin');
  });
});
