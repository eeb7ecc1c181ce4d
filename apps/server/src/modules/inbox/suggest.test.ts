import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUGGEST_MIN_CONFIDENCE, suggestTag } from './suggest';

const seed = JSON.parse(
  readFileSync(new URL('../../../../../data/seed/tags/hatta.json', import.meta.url), 'utf8'),
) as { tags: { tag: string; input: string[] }[] };
const hatta = seed.tags;

describe('suggestTag (the lexically nearest tag for an inbox question without one)', () => {
  it.each([
    ['koperasi itu buat apa sih pak', 'pemikiran'],
    ['istri bapak namanya siapa', 'keluarga'],
    ['bung dulu kuliahnya di belanda ya', 'pendidikan'],
    ['knp bapak dibawa ke rengasdengklok', 'proklamasi'],
  ])('suggests a tag for %j', (question, tag) => {
    const found = suggestTag(question, hatta);
    expect(found?.tag).toBe(tag);
    expect(found!.confidence).toBeGreaterThanOrEqual(SUGGEST_MIN_CONFIDENCE);
    expect(found!.confidence).toBeLessThanOrEqual(1);
  });

  it.each([
    'siapa juara piala dunia sepak bola 2022',
    'resep rendang yang enak gimana',
    'hatta', // the figure's name alone is in every tag: it says nothing
    '???',
  ])('suggests nothing for %j', (question) => {
    expect(suggestTag(question, hatta)).toBeNull();
  });

  it('suggests nothing when the figure has no tags', () => {
    expect(suggestTag('apa itu koperasi', [])).toBeNull();
  });
});
