import { describe, expect, it } from 'vitest';
import { createAnalyzer, isFrameStem, MAX_CACHED_WORDS } from './analyzer';
import { realPassages } from './testing/fixtures';

const analyzer = createAnalyzer((await realPassages()).flatMap((p) => [p.title, p.text]));
const stem = (w: string) => analyzer.stem(w);

describe('Indonesian analyzer over the knowledge base', () => {
  it('gives prefixed forms of one root the same stem where Snowball alone does not', () => {
    // Snowball alone: menulis -> ulis, penangkapan -> angkap, pemakaman -> pakam, merdeka -> rdeka.
    expect(stem('menulis')).toBe(stem('ditulis'));
    expect(stem('penangkapan')).toBe(stem('ditangkap'));
    expect(stem('pemakaman')).toBe(stem('dimakamkan'));
    expect(stem('merdeka')).toBe(stem('kemerdekaan'));
    expect(stem('mengetik')).toBe(stem('diketik'));
    expect(stem('mengibarkan')).toBe(stem('dikibarkan'));
    // me- before r keeps the r: "merebut" is rebut, never another known root such as sebut.
    expect(stem('merebut')).toBe(stem('direbut'));
    expect(stem('merebut')).not.toBe(stem('menyebut'));
  });

  it('stems every form of a framing word to a frame stem', () => {
    const forms = ['tujuan', 'tujuannya', 'alasan', 'alasannya', 'maksudnya', 'artinya', 'isinya'];
    expect(forms.filter((w) => !isFrameStem(stem(w)))).toEqual([]);
    expect(
      ['peranan', 'perannya', 'pandangan', 'caranya', 'kepanjangan'].map(stem).every(isFrameStem),
    ).toBe(true);
  });

  it('reads ordinals as ordinals, and words naming members of Object.prototype as words', () => {
    expect(stem('ketujuh')).toBe('ke7');
    for (const word of ['constructor', 'tostring', 'valueof', 'hasownproperty']) {
      expect(typeof stem(word)).toBe('string');
    }
  });

  it('keeps apart words that Snowball would merge with another word', () => {
    expect(stem('ketua')).not.toBe(stem('tua'));
    expect(stem('pemerintah')).not.toBe(stem('perintah'));
    expect(stem('perjanjian')).not.toBe(stem('janji'));
    expect(stem('sekolah')).toBe('sekolah');
    expect(stem('bersekolah')).toBe(stem('sekolah'));
  });

  it('folds synonyms the passages use interchangeably', () => {
    expect(stem('diasingkan')).toBe(stem('dibuang'));
    expect(stem('pengasingan')).toBe(stem('pembuangan'));
    expect(stem('meninggal')).toBe(stem('wafat'));
    expect(stem('umur')).toBe(stem('usia'));
    expect(stem('karno')).toBe(stem('soekarno'.replace('oe', 'u')));
  });

  it('reads a short root with a possessive as the root ("ibunya" is "ibu")', () => {
    expect(stem('ibunya')).toBe('ibu');
    expect(stem('ayahnya')).toBe('ayah');
  });

  it('reads a colloquial verb as a root the corpus has only with a nasal prefix', () => {
    // The corpus says "melamar" and "melamarkan", never "lamar" alone.
    expect(stem('ngelamarin')).toBe(stem('melamar'));
    // ... and one that is the root itself, which the stemmer would cut ("se-" of "sebar").
    expect(stem('nyebar')).toBe(stem('tersebar'));
  });

  it('drops stop words and chat fillers, keeps content words', () => {
    expect(analyzer.terms('Apa sih yang dong Bapak lakukan di sana?')).toEqual([stem('lakukan')]);
    expect(analyzer.terms('masa kecil')).toEqual([stem('masa'), 'kecil']);
    expect(analyzer.terms('jelasin dong, aku belum ngerti')).toEqual([]);
  });
});

describe('analyzer word caches', () => {
  it('gives the same stems after more new words than the cache holds', async () => {
    const words = ['menulis', 'kemerdekaan', 'pemakaman', 'dikibarkan', 'ketua'];
    const before = words.map(stem);
    const fresh = createAnalyzer((await realPassages()).flatMap((p) => [p.title, p.text]));
    for (let i = 0; i <= MAX_CACHED_WORDS + 10; i++) fresh.stem(`mem${i.toString(36)}kan`);
    expect(words.map((w) => fresh.stem(w))).toEqual(before);
  });
});
