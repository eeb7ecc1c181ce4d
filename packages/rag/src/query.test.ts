import { describe, expect, it } from 'vitest';
import { normalizeQuestion } from './query';

const words = (q: string) => normalizeQuestion(q, 'soekarno').map((w) => w.word);

describe('normalizeQuestion', () => {
  it('reads "bu"/"ibu" before a woman\'s name as a title, not as "mother"', () => {
    expect(words('pak knp bapak sm bu inggit pisah')).not.toContain('ibu');
    expect(words('ibu fatmawati asalnya dari mana')).not.toContain('ibu');
  });

  it('keeps "ibu" for whose mother it is, and in compounds', () => {
    expect(words('nama ibu bapak siapa')).toContain('ibu');
    expect(words('ibu nya bapak siapa')).toContain('ibu');
    expect(words('ibu dari bung karno siapa')).toContain('ibu');
    expect(words('ibu soekarno siapa')).toContain('ibu');
    expect(words('ibu kota pindah ke mana')).toContain('ibukota');
  });
});
