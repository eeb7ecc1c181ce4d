import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREPROCESS,
  ORIGINAL_PREPROCESS,
  PREPROCESS_VERSION,
  basicTokens,
  buildWordIndex,
  chooseInputLength,
  encode,
  featureTokens,
  knownWordStats,
  padOrTruncate,
  words,
} from './preprocess';

describe('spec steps (golden)', () => {
  it('lower-cases, strips punctuation and splits on spaces', () => {
    const tokens = (text: string) => basicTokens(text).join('|');
    expect(tokens('Bung, ceritakan masa kecilmu dong!')).toBe('bung|ceritakan|masa|kecilmu|dong');
    expect(tokens('Bagaimana suasana 17 Agustus 1945?')).toBe('bagaimana|suasana|17|agustus|1945');
    expect(tokens("  kanak-kanak...  Jum'at\tHBS/ELS  ")).toBe('kanak|kanak|jum|at|hbs|els');
    expect(tokens('Café É')).toBe('cafe|e');
    expect(basicTokens('?!...')).toEqual([]);
  });

  it('maps words to indexes with unknown = 0 and pads after the text', () => {
    const index = { apa: 1, itu: 2, pni: 3 };
    const ids = encode('Apa itu PNI, Bung?', index, 6, ORIGINAL_PREPROCESS);
    expect([...ids]).toEqual([0, 0, 1, 2, 3, 0]);
    const post = encode('Apa itu PNI, Bung?', index, 6, {
      ...ORIGINAL_PREPROCESS,
      padding: 'post',
    });
    expect([...post]).toEqual([1, 2, 3, 0, 0, 0]);
  });

  it('truncates at the configured end', () => {
    expect([
      ...padOrTruncate([1, 2, 3, 4, 5], 3, { ...ORIGINAL_PREPROCESS, truncating: 'pre' }),
    ]).toEqual([3, 4, 5]);
    expect([
      ...padOrTruncate([1, 2, 3, 4, 5], 3, { ...ORIGINAL_PREPROCESS, truncating: 'post' }),
    ]).toEqual([1, 2, 3]);
    expect([...padOrTruncate([], 2, DEFAULT_PREPROCESS)]).toEqual([0, 0]);
  });

  // Models in the browser were trained with the tokens of their preprocessVersion: the version
  // and the tokens of a fixed learner sample change together (the server retrains older models).
  it('stamps a version that changes whenever the tokens of learner text change', () => {
    const sample =
      'bu fatmawati wkt itu y jahit bendera, gmn critanya pak?? maskawinnya? mentrinya?';
    expect({ version: PREPROCESS_VERSION, words: words(sample, DEFAULT_PREPROCESS) }).toEqual({
      version: 7,
      words: [
        'ibu',
        'fatmawati',
        'waktu',
        'itu',
        'ya',
        'jahit',
        'bendera',
        'bagaimana',
        'cerita',
        'pak',
        'mas',
        'kawin',
        'menteri',
      ],
    });
  });
});

describe('normalisation (golden)', () => {
  // What a learner types, and the words the model reads from it.
  it.each([
    // Chat abbreviations.
    ['gmn knp dmn yg tdk sy org bpk', 'bagaimana kenapa di mana yang tidak saya orang bapak'],
    ['trmksh pak, smpai jumpa', 'terima kasih pak sampai jumpa'],
    ['ortu bung asalnya dr mana', 'orang tua bung asalnya dari mana'],
    // Old spelling, repeated letters and reduplication digits.
    ['Soekarno atau Sukarno? halooo anak2', 'sukarno atau sukarno halo anak anak'],
  ])('reads %j as %j', (typed, read) => {
    expect(words(typed, DEFAULT_PREPROCESS)).toEqual(read.split(' '));
  });

  it('leaves the original preprocessing untouched', () => {
    expect(words('gmn Soekarno', ORIGINAL_PREPROCESS)).toEqual(['gmn', 'soekarno']);
  });
});

describe('extra tokens and the word index', () => {
  it('appends stems and character trigrams after the words, each once', () => {
    const { words: ws, extras } = featureTokens('dibuang dibuang', DEFAULT_PREPROCESS);
    expect(ws).toEqual(['dibuang', 'dibuang']);
    expect(extras).toEqual(['~buang', '#<di', '#dib', '#ibu', '#bua', '#uan', '#ang', '#ng>']);
  });

  it('builds a deterministic index: words by frequency, extras seen in two texts', () => {
    const texts = ['apa itu pni', 'apa itu bpupki', 'siapa bung karno'];
    const index = buildWordIndex(texts, ORIGINAL_PREPROCESS);
    expect(index).toEqual({ apa: 1, itu: 2, bpupki: 3, bung: 4, karno: 5, pni: 6, siapa: 7 });
    const withExtras = buildWordIndex(texts, DEFAULT_PREPROCESS);
    expect(withExtras['#apa']).toBeGreaterThan(7);
    expect(withExtras['#pni']).toBeUndefined();
    expect(buildWordIndex(texts, DEFAULT_PREPROCESS)).toEqual(withExtras);
  });

  it('treats __proto__ and constructor as ordinary words', () => {
    const index = buildWordIndex(['__proto__ constructor'], ORIGINAL_PREPROCESS);
    expect(
      encode('constructor proto', index, 2, { ...ORIGINAL_PREPROCESS, padding: 'post' })[0],
    ).toBeGreaterThan(0);
    expect(knownWordStats('toString valueOf', {}, DEFAULT_PREPROCESS).knownWords).toBe(0);
  });

  it('chooses the input length from the data (percentile, multiple of 4)', () => {
    const texts = ['a', 'a b', 'a b c', 'a b c d e f g h i'];
    const index = buildWordIndex(texts, ORIGINAL_PREPROCESS);
    expect(chooseInputLength(texts, index, ORIGINAL_PREPROCESS, 1)).toBe(12);
    expect(chooseInputLength(texts, index, ORIGINAL_PREPROCESS, 0.75)).toBe(4);
  });
});
