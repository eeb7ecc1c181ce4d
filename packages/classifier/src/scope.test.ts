/**
 * The implicit out-of-scope unit: learned by the trainer from data/seed/oos for every figure,
 * a fallback when it wins, never a tag (not in content.tags, not in any report or metric).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verifyArtifacts, packArtifacts } from './artifacts';
import { parseDataset } from './dataset';
import { createClassifier, localModel } from './infer';
import { evaluationReport } from './report';
import { train } from './train';
import { splitOutOfScope } from './model';

const seed = (figure: string) =>
  parseDataset(
    JSON.parse(
      readFileSync(
        fileURLToPath(new URL(`../../../data/seed/tags/${figure}.json`, import.meta.url)),
        'utf8',
      ),
    ),
  );

// Written for this test: none of them is a line of the negative corpus.
const OFF_TOPIC = [
  'gimana cara bikin nasi uduk',
  'bang main free fire yuk nanti malem',
  'hasil 7 kali 9 berapa ya',
  'siapa pemenang indonesian idol tahun ini',
  'hp aku rusak layarnya pecah',
  'besok di bandung hujan deras ga',
];
const NONSENSE = ['ghjkghjk', 'zzzzxxxx qqq', '😅😅😅', 'wkwkwk hahaha'];
const IN_SCOPE: Record<string, string[]> = {
  soekarno: ['kapan bung karno lahir', 'apa itu marhaenisme', 'knp bung dibuang ke ende'],
  hatta: ['kenapa bung hatta disebut bapak koperasi', 'bung hatta kuliah di mana'],
};
const GREETINGS = ['halo bung', 'selamat pagi pak', 'makasih banyak ya pak', 'sampai jumpa bung'];

describe.each(['soekarno', 'hatta'])('the out-of-scope unit of %s', (figure) => {
  const dataset = seed(figure);
  const { artifacts } = train(dataset, { seed: 1 });
  const classifier = createClassifier(
    localModel(artifacts.modelJson, artifacts.weights),
    artifacts.wordIndex,
    artifacts.content,
  );

  it('sends off-topic messages and nonsense to a fallback', async () => {
    for (const text of [...OFF_TOPIC, ...NONSENSE]) {
      const p = await classifier.classify(text);
      expect({ text, lowConfidence: p.lowConfidence }).toEqual({ text, lowConfidence: true });
    }
  });

  it('answers in-scope questions, greetings and thanks', async () => {
    expect(dataset.tags.map((t) => t.tag)).toEqual(
      expect.arrayContaining(['sapaan', 'perpisahan']),
    );
    for (const text of [...(IN_SCOPE[figure] ?? []), ...GREETINGS]) {
      const p = await classifier.classify(text);
      expect({ text, lowConfidence: p.lowConfidence, outOfScope: p.outOfScope < 0.5 }).toEqual({
        text,
        lowConfidence: false,
        outOfScope: true,
      });
    }
  });

  it('is one output more than the tags, never a tag', () => {
    const tags = dataset.tags.map((t) => t.tag);
    expect(artifacts.content.tags).toEqual(tags);
    expect(Object.keys(artifacts.content.responses)).toEqual(tags);
    expect(artifacts.content.outOfScopeUnit).toBe(true);
    expect(artifacts.modelJson.modelTopology.config.layers.at(-1)?.config.units).toBe(
      tags.length + 1,
    );
    expect(verifyArtifacts(packArtifacts(artifacts))).toEqual([]);
  });
});

describe('reports over a model with the out-of-scope unit', () => {
  it('hold the real tags only', () => {
    const dataset = seed('hatta');
    const tags = dataset.tags.map((t) => t.tag);
    const report = evaluationReport(dataset, {
      folds: 2,
      seed: 1,
      heldOut: [{ text: 'resep rendang dong', tag: 'sapaan' }],
    });
    expect(report.tags).toBe(tags.length);
    for (const m of [report.crossValidation, report.heldOut!]) {
      expect(m.tags).toEqual(tags);
      expect(Object.keys(m.perTag)).toEqual(tags);
      expect(m.confusion).toHaveLength(tags.length);
    }
    expect(tags).toContain(report.heldOut!.errors[0]?.predicted);
  });
});

describe('models without the unit', () => {
  const dataset = seed('soekarno');
  const { artifacts } = train(dataset, { seed: 1, config: { outOfScope: false } });

  it('still load and classify (an older model has no unit and no field for it)', async () => {
    expect(artifacts.content.outOfScopeUnit).toBeUndefined();
    expect(verifyArtifacts(packArtifacts(artifacts))).toEqual([]);
    const classifier = createClassifier(
      localModel(artifacts.modelJson, artifacts.weights),
      artifacts.wordIndex,
      artifacts.content,
    );
    const p = await classifier.classify('apa itu marhaenisme');
    expect(p.tag).toBe('pemikiran');
    expect(p.outOfScope).toBe(0);
  });

  it('are refused when content.json claims a unit the weights do not have', () => {
    const files = packArtifacts({
      ...artifacts,
      content: { ...artifacts.content, outOfScopeUnit: true },
    });
    expect(verifyArtifacts(files)).toEqual(['content.json does not describe this model']);
  });
});

describe('splitOutOfScope', () => {
  it('never gives a tag a probability above 1 (float32 outputs renormalised)', () => {
    // Float32 softmax outputs may sum a hair above 1: 0.9999999 / (1 - 0.0000002) > 1.
    const output = new Float32Array([0.9999999, 0, 0.0000002]);
    const { probs, outOfScope } = splitOutOfScope(output, 2);
    expect(outOfScope).toBeCloseTo(0.0000002, 10);
    expect(Math.max(...probs)).toBeLessThanOrEqual(1);
    expect(probs[0]).toBeCloseTo(1, 6);
  });
});
