import { describe, expect, it } from 'vitest';
import { CHARACTERS } from './characters';

describe('the chat characters', () => {
  it('show the shared figure metadata as the profile card reads it (spec section 2)', () => {
    const card = (key: 'soekarno' | 'hatta') => {
      const { name, honorific, title, years, born, died } = CHARACTERS[key];
      return { name, honorific, title, years, born, died };
    };
    expect(card('soekarno')).toEqual({
      name: 'Soekarno',
      honorific: 'Bung Karno',
      title: 'Presiden pertama Republik Indonesia',
      years: '1901–1970',
      born: '6 Juni 1901, Surabaya',
      died: '21 Juni 1970, Jakarta',
    });
    expect(card('hatta')).toEqual({
      name: 'Mohammad Hatta',
      honorific: 'Bung Hatta',
      title: 'Wakil presiden pertama Republik Indonesia',
      years: '1902–1980',
      born: '12 Agustus 1902, Bukittinggi',
      died: '14 Maret 1980, Jakarta',
    });
  });
});
