import { describe, expect, it } from 'vitest';
import type { ModelContent } from './artifacts';
import { FALLBACKS, fallbackReply, figureOf } from './fallbacks';
import {
  IncompatibleModelError,
  assertCompatible,
  createClassifier,
  isCloseCall,
  isLowConfidence,
  localModel,
} from './infer';
import { scoreThresholds, tuneCloseMargin, tuneThresholds } from './threshold';
import { train } from './train';
import type { Dataset } from './dataset';

/** A small dataset for inference tests. */
const DEFAULT_FIGURE_CHECK: Dataset = {
  tags: [
    {
      tag: 'sapaan',
      input: ['halo bung', 'hai', 'apa kabar', 'selamat pagi bung'],
      responses: ['Halo, Saudara!'],
    },
    {
      tag: 'perpisahan',
      input: ['sampai jumpa', 'terima kasih bung', 'dadah', 'pamit dulu'],
      responses: ['Sampai jumpa.'],
    },
    {
      tag: 'masa_kecil',
      input: ['di mana bapak lahir', 'kapan lahir', 'siapa ayah bapak', 'masa kecil bapak'],
      responses: ['Saya lahir di Surabaya.'],
    },
  ],
};

describe('low confidence', () => {
  const content = { thresholds: { minProbability: 0.45, minMargin: 0.3 } };
  it('flags low probability, small margin or no known word', () => {
    expect(isLowConfidence({ probability: 0.9, margin: 0.8 }, content)).toBe(false);
    expect(isLowConfidence({ probability: 0.4, margin: 0.35 }, content)).toBe(true);
    expect(isLowConfidence({ probability: 0.6, margin: 0.2 }, content)).toBe(true);
    expect(isLowConfidence({ probability: 0.9, margin: 0.8, knownWords: 0 }, content)).toBe(true);
  });

  it("falls back when too few of the message's content words are known (out of scope)", () => {
    const withShare = { thresholds: { ...content.thresholds, minKnownShare: 0.3 } };
    expect(isLowConfidence({ probability: 0.9, margin: 0.8, knownShare: 0.25 }, withShare)).toBe(
      true,
    );
    expect(isLowConfidence({ probability: 0.9, margin: 0.8, knownShare: 0.5 }, withShare)).toBe(
      false,
    );
    // Older models carry no share threshold: nothing changes for them.
    expect(isLowConfidence({ probability: 0.9, margin: 0.8, knownShare: 0 }, content)).toBe(false);
  });

  it('falls back when the out-of-scope unit reaches its threshold', () => {
    const scoped = { thresholds: { ...content.thresholds, maxOutOfScope: 0.8 } };
    expect(isLowConfidence({ probability: 0.9, margin: 0.8, outOfScope: 0.8 }, scoped)).toBe(true);
    expect(isLowConfidence({ probability: 0.9, margin: 0.8, outOfScope: 0.79 }, scoped)).toBe(
      false,
    );
    // Older models have no unit and no such threshold.
    expect(isLowConfidence({ probability: 0.9, margin: 0.8, outOfScope: 1 }, content)).toBe(false);
  });

  it('tunes thresholds that keep right answers and catch wrong ones', () => {
    const items = [
      { probability: 0.9, margin: 0.8, correct: true },
      { probability: 0.8, margin: 0.7, correct: true },
      { probability: 0.5, margin: 0.1, correct: false },
      { probability: 0.35, margin: 0.2, correct: false },
      { probability: 0.6, margin: 0.5, correct: true },
    ];
    const best = tuneThresholds(items);
    expect(best.decisionAccuracy).toBe(1);
    expect(best.answered).toBe(3);
    expect(
      scoreThresholds(items, { minProbability: 0, minMargin: 0 }).decisionAccuracy,
    ).toBeCloseTo(0.6);
  });
});

describe('close calls ("Maksud Anda ...?")', () => {
  const content = {
    thresholds: { minProbability: 0.2, minMargin: 0.1, maxOutOfScope: 0.8, closeMargin: 0.15 },
  };

  it('asks when the two best tags are closer than the close margin and the message is in scope', () => {
    expect(isCloseCall({ probability: 0.45, margin: 0.05 }, content)).toBe(true);
    expect(isCloseCall({ probability: 0.5, margin: 0.14 }, content)).toBe(true);
    expect(isCloseCall({ probability: 0.6, margin: 0.15 }, content)).toBe(false);
  });

  it('never asks about an out-of-scope message', () => {
    const close = { probability: 0.45, margin: 0.05 };
    expect(isCloseCall({ ...close, outOfScope: 0.9 }, content)).toBe(false);
    expect(isCloseCall({ ...close, knownWords: 0 }, content)).toBe(false);
    expect(isCloseCall({ probability: 0.15, margin: 0.05 }, content)).toBe(false);
  });

  it('never asks with a model that has no close margin (older models)', () => {
    const old = { thresholds: { minProbability: 0.2, minMargin: 0.1 } };
    expect(isCloseCall({ probability: 0.45, margin: 0.01 }, old)).toBe(false);
  });

  it('tunes the close margin for rescued answers, within the allowed rise of unanswered questions', () => {
    const thresholds = { minProbability: 0, minMargin: 0.1 };
    const item = (margin: number, correct: boolean, runnerUpCorrect: boolean) => ({
      probability: 0.5,
      margin,
      correct,
      runnerUpCorrect,
      inScope: true,
    });
    const items = [
      ...Array.from({ length: 40 }, () => item(0.9, true, false)),
      item(0.05, false, true),
      item(0.12, false, true),
      item(0.13, false, true),
      item(0.3, true, false),
    ];
    // 0.15 rescues the two answers between 0.10 and 0.15 at a rise of 2/44 unanswered questions.
    expect(tuneCloseMargin(items, thresholds, 0.05).closeMargin).toBe(0.15);
    // A tighter allowed rise keeps the margin fallbacks' margin: nothing more goes unanswered.
    const tight = tuneCloseMargin(items, thresholds, 0.02);
    expect(tight.closeMargin).toBe(0.1);
    expect(tight.rescued).toBe(1);
  });
});

describe('classifier in the browser', () => {
  const result = train(DEFAULT_FIGURE_CHECK, { seed: 1 });
  const { modelJson, weights, wordIndex, content } = result.artifacts;

  it('classifies with the pure-TS forward of the exported files', async () => {
    const classifier = createClassifier(localModel(modelJson, weights), wordIndex, content);
    const p = await classifier.classify('halo bung, apa kabar?');
    expect(p.tag).toBe('sapaan');
    expect(p.knownWords).toBeGreaterThan(0);
    const unknown = await classifier.classify('qwrtzx');
    expect(unknown.lowConfidence).toBe(true);
    // The out-of-scope unit learned that cooking is not the figure's subject.
    const offTopic = await classifier.classify('resep nasi goreng bung');
    expect(offTopic.outOfScope).toBeGreaterThan(p.outOfScope);
    expect(offTopic.outOfScope).toBeGreaterThan(0.5);
    // On this three-tag toy data it is not answered outright (a fallback or a "Maksud Anda").
    expect(offTopic.lowConfidence || offTopic.closeCall).toBe(true);
    expect(classifier.respond('sapaan', () => 0)).toBe('Halo, Saudara!');
    expect(classifier.respond('tidak-ada')).toBeUndefined();
    expect(p.runnerUp).not.toBe(p.tag);
    expect(p.closeCall).toBe(false);
  });

  it('ships display names of the tags that have one', () => {
    const named: Dataset = {
      tags: DEFAULT_FIGURE_CHECK.tags.map((t) =>
        t.tag === 'masa_kecil' ? { ...t, label: '  Masa kecil  ' } : t,
      ),
    };
    expect(train(named, { seed: 1 }).artifacts.content.labels).toEqual({
      masa_kecil: 'Masa kecil',
    });
    expect(content.labels).toBeUndefined();
  });

  it('refuses a model made with other preprocessing', () => {
    const old: ModelContent = { ...content, preprocessVersion: 0 };
    expect(() => assertCompatible(old)).toThrow(IncompatibleModelError);
    expect(() => createClassifier(localModel(modelJson, weights), wordIndex, old)).toThrow(
      /retrain/,
    );
  });
});

describe('fallback lines', () => {
  it('has three first-person lines per figure, in character: no "model", a way to go on', () => {
    for (const lines of Object.values(FALLBACKS)) {
      expect(lines).toHaveLength(3);
      for (const line of lines) {
        expect(line).toMatch(/\bsaya\b/);
        expect(line).not.toMatch(/\b(?:model|rag)\b/i);
        expect(line.includes('{starter}') || /kata-kata lain|kalimat lain/.test(line)).toBe(true);
      }
    }
  });

  it('fills in a starter question', () => {
    const line = fallbackReply('hatta', [{ text: 'Apa itu koperasi?' }], () => 0.5);
    expect(line).toContain('"Apa itu koperasi?"');
    expect(fallbackReply('soekarno', [], () => 0.99)).toContain('Marhaenisme');
    expect(figureOf('Soekarno')).toBe('soekarno');
    expect(figureOf('Mohammad Hatta')).toBe('hatta');
    expect(figureOf('Sjahrir')).toBeUndefined();
  });
});
