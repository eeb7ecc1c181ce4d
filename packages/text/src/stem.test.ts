import { describe, expect, it } from 'vitest';
import { stem } from './stem';

describe('stem (golden)', () => {
  it.each([
    ['pendidikan', 'didik'],
    ['kemerdekaan', 'merdeka'],
    ['merdeka', 'merdeka'],
    ['perjuangan', 'juang'],
    ['dibacakan', 'baca'],
    ['memproklamasikan', 'proklamasi'],
    ['memimpin', 'pimpin'],
    ['menulis', 'tulis'],
    ['kecilmu', 'kecil'],
    ['bapaknya', 'bapak'],
    ['siapakah', 'siapa'],
    ['sekolah', 'sekolah'],
    ['jalan', 'jalan'],
    ['pemuda', 'pemuda'],
    ['ketua', 'ketua'],
    ['pemerintahan', 'pemerintah'],
    ['berhenti', 'henti'],
    ['dihentikan', 'henti'],
    ['mendampingi', 'damping'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('gives one stem to the forms of a root that the rules alone would split', () => {
    // The rules alone read "menikah" as meN-tikah and "bertemu" as a root.
    expect(stem('menikah')).toBe(stem('nikah'));
    expect(stem('pernikahan')).toBe('nikah');
    expect(stem('bertemu')).toBe(stem('temu'));
  });

  it('folds the synonyms of dying, age and exile into one term', () => {
    expect(new Set(['meninggal', 'wafat', 'mangkat'].map(stem))).toEqual(new Set(['wafat']));
    expect(stem('umur')).toBe(stem('usia'));
    expect(new Set(['diasingkan', 'pengasingan', 'dibuang', 'pembuangan'].map(stem))).toEqual(
      new Set(['buang']),
    );
  });

  it('keeps a treaty apart from a promise', () => {
    expect(stem('perjanjian')).not.toBe(stem('janji'));
  });
});
