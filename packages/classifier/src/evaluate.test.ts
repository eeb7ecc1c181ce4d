import { describe, expect, it } from 'vitest';
import type { Dataset } from './dataset';
import { DatasetError, examplesOf, parseDataset, parseLabelled } from './dataset';
import { crossValidate, evaluateHeldOut, metrics, stratifiedFolds, top2 } from './evaluate';
import { evaluationReport } from './report';

describe('metrics', () => {
  it('computes accuracy, per-tag precision / recall / F1, macro-F1 and the confusion matrix', () => {
    const m = metrics(
      ['a', 'b', 'c'],
      ['a', 'a', 'b', 'b', 'c', 'c'],
      ['a', 'b', 'b', 'b', 'c', 'a'],
    );
    expect(m.accuracy).toBeCloseTo(4 / 6);
    expect(m.confusion).toEqual([
      [1, 1, 0],
      [0, 2, 0],
      [1, 0, 1],
    ]);
    const a = m.perTag[0]!;
    expect([a.precision, a.recall, a.f1]).toEqual([0.5, 0.5, 0.5]);
    const b = m.perTag[1]!;
    expect(b.precision).toBeCloseTo(2 / 3);
    expect(b.recall).toBe(1);
    expect(b.f1).toBeCloseTo(0.8);
    expect(m.macroF1).toBeCloseTo((0.5 + 0.8 + 2 / 3) / 3);
  });

  it('finds the top tag, the runner-up and the margin', () => {
    expect(top2(['a', 'b', 'c'], [0.2, 0.5, 0.3])).toEqual({
      tag: 'b',
      probability: 0.5,
      margin: 0.2,
      runnerUp: 'c',
    });
    expect(top2(['a', 'b', 'c'], [0.5, 0.3, 0.2]).runnerUp).toBe('b');
    expect(top2(['a', 'b'], [0.9, 0.1]).margin).toBeCloseTo(0.8);
  });
});

const data: Dataset = {
  tags: ['satu', 'dua', 'tiga'].map((tag, k) => ({
    tag,
    input: Array.from({ length: 7 }, (_, i) => `kata${k} contoh${k}${i} ${tag}`),
    responses: [`jawaban ${tag}`],
  })),
};

describe('stratified k-fold', () => {
  it('puts about 1/k of every tag into every fold', () => {
    const ex = examplesOf(data);
    const folds = stratifiedFolds(ex, 5, 1);
    for (const tag of ['satu', 'dua', 'tiga']) {
      const sizes = [0, 0, 0, 0, 0];
      ex.forEach((e, i) => {
        if (e.tag === tag) sizes[folds[i] as number]! += 1;
      });
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    expect(stratifiedFolds(ex, 5, 1)).toEqual(folds);
  });

  it('predicts every input once with a model that did not see it', () => {
    const cv = crossValidate(data, { folds: 5, seed: 1 });
    expect(cv.predictions).toHaveLength(21);
    expect(cv.metrics.n).toBe(21);
    expect(cv.metrics.macroF1).toBe(1);
  });

  it('scores held-out items and reports them with the baseline', () => {
    const heldOut = [
      { text: 'kata0 baru', tag: 'satu' },
      { text: 'kata2 lain', tag: 'tiga' },
    ];
    expect(evaluateHeldOut(data, heldOut).metrics.accuracy).toBe(1);
    const report = evaluationReport(data, { folds: 3, seed: 1, heldOut, baseline: true });
    expect(report.crossValidation.confusion).toHaveLength(3);
    expect(report.heldOut?.n).toBe(2);
    expect(report.baseline?.ratio.crossValidation).toBeGreaterThan(0);
    expect(Object.keys(report.crossValidation.perTag)).toEqual(['satu', 'dua', 'tiga']);
  });
});

describe('dataset files', () => {
  it('accepts the archive export format and the seed format', () => {
    const d = parseDataset({
      version: 1,
      nama: 'Hatta',
      tags: [
        { tag: 'a', input: ['x', ' '], responses: ['r'] },
        { tag: 'b', input: ['y'], responses: [] },
      ],
      starters: [{ text: 'x', tag: 'a' }],
    });
    expect(d.tags[0]?.input).toEqual(['x']);
    expect(d.nama).toBe('Hatta');
    expect(d.starters).toEqual([{ text: 'x', tag: 'a' }]);
  });

  it('rejects malformed files with a clear message', () => {
    expect(() => parseDataset([])).toThrow(DatasetError);
    expect(() =>
      parseDataset({
        tags: [
          { tag: 'a', input: 'x' },
          { tag: 'b', input: ['y'] },
        ],
      }),
    ).toThrow(/input/);
    expect(() => parseDataset({ tags: [{ tag: 'a', input: ['x'] }] })).toThrow(/two tags/);
    expect(() =>
      parseDataset({
        tags: [
          { tag: 'a', input: ['x'] },
          { tag: 'a', input: ['y'] },
        ],
      }),
    ).toThrow(/duplicate/);
    expect(() => parseLabelled({ items: [{ text: 1 }] })).toThrow(DatasetError);
  });
});
