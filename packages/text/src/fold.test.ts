import { describe, expect, it } from 'vitest';
import { foldForMatch, splitSentences, stableHash, wordsOf } from './fold';

describe('splitSentences', () => {
  it('splits on sentence ends and keeps every character of the text', () => {
    const text = 'Hatta lahir pada 1902. Ia anak kedua!  Benarkah itu? Ya.';
    const sentences = splitSentences(text);
    expect(sentences).toEqual(['Hatta lahir pada 1902.', 'Ia anak kedua!', 'Benarkah itu?', 'Ya.']);
    expect(sentences.join(' ')).toBe(text.replace(/\s+/g, ' '));
  });

  it('does not split after initials and titles', () => {
    const text =
      'Tokoh itu antara lain J.E.W. Duys, dr. Tjipto Mangoenkoesoemo, dan K.H. Mas Mansur. Ia dirawat di Rumah Sakit Dr. Cipto Mangunkusumo. A.H. Nasution menulis buku.';
    expect(splitSentences(text)).toEqual([
      'Tokoh itu antara lain J.E.W. Duys, dr. Tjipto Mangoenkoesoemo, dan K.H. Mas Mansur.',
      'Ia dirawat di Rumah Sakit Dr. Cipto Mangunkusumo.',
      'A.H. Nasution menulis buku.',
    ]);
  });

  it('keeps a quotation of several sentences in one sentence', () => {
    const text = 'Teks itu berbunyi: "Proklamasi. Kami bangsa Indonesia." Naskah itu diketik.';
    expect(splitSentences(text)).toEqual([
      'Teks itu berbunyi: "Proklamasi. Kami bangsa Indonesia."',
      'Naskah itu diketik.',
    ]);
  });

  it('does not split inside numbers and times', () => {
    expect(splitSentences('Upacara dimulai pukul 10.00 pagi. Semua hadir.')).toEqual([
      'Upacara dimulai pukul 10.00 pagi.',
      'Semua hadir.',
    ]);
  });
});

describe('foldForMatch', () => {
  it('maps old spellings and diacritics to one form', () => {
    expect(foldForMatch('Tjokroaminoto')).toBe(foldForMatch('Cokroaminoto'));
    expect(foldForMatch('Soekarno')).toBe('sukarno');
    expect(foldForMatch('Djamil')).toBe('jamil');
    expect(foldForMatch('Sjahrir')).toBe('syahrir');
    expect(foldForMatch('Zürich')).toBe('zurich');
  });

  it('joins dotted initials and the compound "ibu kota"', () => {
    expect(wordsOf(foldForMatch('H.O.S. Tjokroaminoto'))).toEqual(['hos', 'cokroaminoto']);
    expect(wordsOf(foldForMatch('Ibu kota pindah'))).toEqual(['ibukota', 'pindah']);
  });
});

describe('stableHash', () => {
  it('is deterministic and spreads values', () => {
    expect(stableHash('hatta')).toBe(stableHash('hatta'));
    expect(stableHash('hatta')).not.toBe(stableHash('soekarno'));
  });
});
