import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from './artifacts';
import type { Dataset } from './dataset';
import { canonicalDataset, examplesOf, parseDataset } from './dataset';
import { dataHashOf } from './digest';
import { ORIGINAL_CONFIG, responseChunks, train, trainingTexts } from './train';
import { PREPROCESS_VERSION } from './preprocess';

/** The tags salam, pamit and tanya, one response each, with the given inputs. */
const greetings = (salam: string[], pamit: string[], tanya: string[]): Dataset => ({
  tags: [
    { tag: 'salam', input: salam, responses: ['Halo juga!'] },
    { tag: 'pamit', input: pamit, responses: ['Sampai jumpa.'] },
    { tag: 'tanya', input: tanya, responses: ['Saya lahir pada 1901.'] },
  ],
});

/** Questions about a birth: the third tag of both sets below. */
const TANYA = [
  'kapan lahir',
  'lahir dimana',
  'tahun berapa lahir',
  'kota kelahiran',
  'ulang tahun',
  'tanggal lahir',
];

/** Inputs that share no word across tags: separable by words alone. */
const separable = greetings(
  ['halo', 'hai kawan', 'pagi bung', 'halo halo', 'hai hai', 'apa kabar'],
  ['dadah', 'sampai jumpa', 'permisi pulang', 'sampai nanti', 'dadah dadah', 'pamit dulu'],
  TANYA,
);

/** Linearly separable, but "selamat" occurs in two tags: naive Bayes alone may miss one. */
const toy = greetings(
  ['halo', 'hai kawan', 'selamat pagi', 'halo halo', 'hai semua', 'selamat siang'],
  ['dadah', 'sampai jumpa', 'selamat tinggal', 'sampai nanti', 'dadah semuanya', 'permisi pulang'],
  TANYA,
);

const accuracyOnInputs = (result: ReturnType<typeof train>, data: Dataset): number => {
  const ex = examplesOf(data);
  const hits = ex.filter((e) => {
    const p = result.model.predictProba(e.text);
    let best = 0;
    for (let i = 1; i < p.length; i++) if ((p[i] as number) > (p[best] as number)) best = i;
    return result.model.tags[best] === e.tag;
  });
  return hits.length / ex.length;
};

describe('train', () => {
  it('reaches 100% on a separable toy set (product model)', () => {
    expect(accuracyOnInputs(train(separable, { seed: 1 }), separable)).toBe(1);
  });

  it('reaches 100% on a toy set with a shared word (gradient-trained network with a hidden layer)', () => {
    const config = {
      ...ORIGINAL_CONFIG,
      inputLength: 8,
      learningRate: 0.05,
      epochs: 60,
      batchSize: 4,
    };
    const result = train(toy, { seed: 1, config });
    expect(result.model.spec.hiddenUnits).toBe(16);
    expect(accuracyOnInputs(result, toy)).toBe(1);
    const losses = result.history.map((h) => h.loss);
    expect(losses.at(-1)).toBeLessThan((losses[0] as number) / 4);
  });

  it('is deterministic for a seed: identical weights and word index', () => {
    for (const config of [{}, { ...ORIGINAL_CONFIG, inputLength: 8, epochs: 5, dropout: 0.2 }]) {
      const a = train(toy, { seed: 7, config });
      const b = train(toy, { seed: 7, config });
      expect(new Uint8Array(a.artifacts.weights)).toEqual(new Uint8Array(b.artifacts.weights));
      expect(a.artifacts.wordIndex).toEqual(b.artifacts.wordIndex);
      expect(a.artifacts.content).toEqual(b.artifacts.content);
    }
    const c = train(toy, { seed: 8, config: { ...ORIGINAL_CONFIG, inputLength: 8, epochs: 5 } });
    const d = train(toy, { seed: 7, config: { ...ORIGINAL_CONFIG, inputLength: 8, epochs: 5 } });
    expect(new Uint8Array(c.artifacts.weights)).not.toEqual(new Uint8Array(d.artifacts.weights));
  });

  it('reports progress per epoch', () => {
    const seen: [number, number][] = [];
    const config = { ...ORIGINAL_CONFIG, inputLength: 8, epochs: 3 };
    const result = train(toy, {
      seed: 1,
      config,
      onProgress: (epoch, loss) => seen.push([epoch, loss]),
    });
    expect(seen.map(([e]) => e)).toEqual([1, 2, 3]);
    expect(result.history).toEqual(seen.map(([epoch, loss]) => ({ epoch, loss })));
    const nb: number[] = [];
    train(toy, { onProgress: (epoch) => nb.push(epoch) });
    expect(nb).toEqual([0]);
  });

  it('stamps content.json with tags, responses, preprocessing and thresholds', () => {
    const { content, wordIndex } = train(toy, { seed: 1 }).artifacts;
    expect(content.tags).toEqual(['salam', 'pamit', 'tanya']);
    expect(content.responses.tanya).toEqual(['Saya lahir pada 1901.']);
    expect(content.preprocessVersion).toBe(PREPROCESS_VERSION);
    expect(content.inputLength).toBeGreaterThanOrEqual(4);
    expect(content.thresholds).toEqual(DEFAULT_THRESHOLDS);
    expect(content.thresholds.maxOutOfScope).toBeLessThan(1);
    expect(content.outOfScopeUnit).toBe(true);
    expect(wordIndex.halo).toBeGreaterThan(0);
  });

  it('puts the linked inputs per response index into content.json (decision 023)', () => {
    expect(train(toy, { seed: 1 }).artifacts.content).not.toHaveProperty('links');
    const tanya = {
      tag: 'tanya',
      input: TANYA,
      responses: ['Saya lahir pada 1901.', 'Saya lahir di Surabaya.'],
      links: [
        { input: 'LAHIR DIMANA', response: 'saya lahir di surabaya.' },
        { input: 'kota kelahiran', response: 'Saya lahir di Surabaya.' },
        { input: 'kapan lahir', response: 'Saya lahir pada 1901.' },
        { input: 'bukan inputnya', response: 'Saya lahir pada 1901.' },
      ],
    };
    const linked = parseDataset({ tags: [...toy.tags.slice(0, 2), tanya] });
    expect(train(linked, { seed: 1 }).artifacts.content.links).toEqual({
      tanya: { '0': ['kapan lahir'], '1': ['lahir dimana', 'kota kelahiran'] },
    });
    // Links are part of the training data's hash; data without links hashes as before.
    const hash = (d: Dataset) => dataHashOf(canonicalDataset(d.tags));
    expect(hash(linked)).not.toBe(
      hash({ tags: [...linked.tags.slice(0, 2), { ...tanya, links: [] }] }),
    );
  });

  it('uses responses as extra training text, cut into question-sized chunks', () => {
    expect(responseChunks('Satu dua tiga. Empat lima enam tujuh delapan!', 3)).toEqual([
      'Satu dua tiga',
      'Empat lima enam',
      'tujuh delapan',
    ]);
    const texts = trainingTexts(toy, examplesOf(toy), { responseWeight: 1 });
    expect(texts.filter((t) => t.source === 'response').map((t) => t.text)).toEqual([
      'Halo juga',
      'Sampai jumpa',
      'Saya lahir pada 1901',
    ]);
    expect(trainingTexts(toy, examplesOf(toy), { responseWeight: 0 })).toHaveLength(18);
  });

  it('trains a tag with no inputs without failing', () => {
    const data: Dataset = {
      tags: [...separable.tags, { tag: 'kosong', input: [], responses: ['-'] }],
    };
    const result = train(data, { seed: 1 });
    // Four tags and the out-of-scope unit, which is no tag.
    expect(result.model.spec.classes).toBe(5);
    expect(result.artifacts.content.tags).toHaveLength(4);
    expect(accuracyOnInputs(result, data)).toBe(1);
  });
});
