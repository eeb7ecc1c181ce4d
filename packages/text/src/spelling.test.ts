import { describe, expect, it } from 'vitest';
import { collapseRepeats, learnerWords, normalizeToken } from './spelling';

describe('learner spelling', () => {
  it('expands chat abbreviations the way learners type them', () => {
    expect(learnerWords('bung lahir dmn sih? knp gk sekolah lg')).toEqual([
      'bung',
      'lahir',
      'di',
      'mana',
      'sih',
      'kenapa',
      'tidak',
      'sekolah',
      'lagi',
    ]);
    expect(learnerWords('terus abis itu gmn? udh taun brp')).toEqual([
      'terus',
      'habis',
      'itu',
      'bagaimana',
      'sudah',
      'tahun',
      'berapa',
    ]);
    expect(learnerWords('Wapres RI yg pertama')).toEqual([
      'wakil',
      'presiden',
      'republik',
      'indonesia',
      'yang',
      'pertama',
    ]);
  });

  it('folds case, diacritics and the old spelling of names', () => {
    expect(learnerWords('Soekarno, Tjokroaminoto dan Sjahrir — café')).toEqual([
      'sukarno',
      'cokroaminoto',
      'dan',
      'syahrir',
      'cafe',
    ]);
  });

  it('collapses repeated letters and reduplication written with a digit', () => {
    expect(collapseRepeats('halooo')).toBe('halo');
    expect(collapseRepeats('hallo')).toBe('hallo');
    expect(collapseRepeats('siapaaa')).toBe('siapa');
    expect(collapseRepeats('bungggg')).toBe('bung');
    expect(collapseRepeats('pppki')).toBe('pppki');
    expect(normalizeToken('anak2')).toEqual(['anak', 'anak']);
    expect(normalizeToken('kpn2')).toEqual(['kapan', 'kapan']);
  });

  it('treats words named like Object.prototype members as ordinary words', () => {
    for (const word of ['constructor', 'tostring', 'hasownproperty', 'valueof', '__proto__']) {
      expect(normalizeToken(word)).toEqual([word]);
    }
    expect(learnerWords('constructor __proto__')).toEqual(['constructor', 'proto']);
  });
});
