import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHARACTER_KEYS, CHARACTER_NAMES, FIGURES, lifeYears } from './characters';

const src = new URL('./', import.meta.url);
const zodFree = readdirSync(src).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('the zod-free entries', () => {
  it.each(zodFree)('%s loads neither zod nor a schema module', (file) => {
    const code = readFileSync(new URL(file, src), 'utf8');
    // Runtime imports and re-exports (type-only ones are erased by the compiler).
    const runtime = [...code.matchAll(/^(?:import|export)(?! type\b)[^;]*?from '([^']+)'/gms)].map(
      (m) => m[1],
    );
    expect(runtime.filter((spec) => spec === 'zod' || spec?.includes('schemas'))).toEqual([]);
  });
});

describe('figure metadata', () => {
  it('derives every view from FIGURES', () => {
    expect(CHARACTER_KEYS.map((k) => FIGURES[k].key)).toEqual(['soekarno', 'hatta']);
    expect(CHARACTER_NAMES).toEqual({ soekarno: 'Soekarno', hatta: 'Hatta' });
    expect(CHARACTER_KEYS.map(lifeYears)).toEqual(['1901–1970', '1902–1980']);
  });
});
