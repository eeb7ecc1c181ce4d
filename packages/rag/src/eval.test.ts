import { describe, expect, it } from 'vitest';
import {
  EvalDataError,
  evaluateRetriever,
  ndcgAtK,
  parseEvalQuestions,
  reciprocalRankAtK,
  recallAtK,
} from './eval';
import { createRetriever } from './retriever';
import { tinyPassages } from './testing/fixtures';

describe('retrieval metrics', () => {
  const ranking = ['a', 'x', 'b', 'y', 'z', 'c'];

  it('recall@k counts relevant ids in the top k', () => {
    expect(recallAtK(ranking, ['a', 'b'], 5)).toBe(1);
    expect(recallAtK(ranking, ['a', 'c'], 5)).toBe(0.5);
    expect(recallAtK(ranking, ['q'], 5)).toBe(0);
  });

  it('reciprocal rank is one over the rank of the first relevant id', () => {
    expect(reciprocalRankAtK(ranking, ['b', 'c'], 10)).toBeCloseTo(1 / 3);
    expect(reciprocalRankAtK(ranking, ['c'], 5)).toBe(0);
    expect(reciprocalRankAtK(ranking, ['a'], 10)).toBe(1);
  });

  it('nDCG@k is 1 for a perfect ranking and discounts later hits', () => {
    expect(ndcgAtK(['a', 'b', 'x'], ['a', 'b'], 10)).toBe(1);
    const expected = (1 + 1 / Math.log2(4)) / (1 + 1 / Math.log2(3));
    expect(ndcgAtK(ranking, ['a', 'b'], 10)).toBeCloseTo(expected);
    expect(ndcgAtK(ranking, [], 10)).toBe(0);
  });
});

describe('evaluateRetriever', () => {
  const retriever = createRetriever(tinyPassages());

  it('aggregates per figure and counts the gate separately', () => {
    const report = evaluateRetriever(
      retriever,
      parseEvalQuestions([
        { id: 'q1', karakter: 'hatta', question: 'Apa itu koperasi?', relevant: ['koperasi'] },
        { id: 'q2', karakter: 'soekarno', question: 'Apa itu Pancasila?', relevant: ['pancasila'] },
        { id: 'q3', karakter: 'hatta', question: 'resep rendang padang', relevant: [] },
      ]),
    );
    expect(report.perFigure.hatta).toMatchObject({ questions: 1, 'recall@5': 1, 'mrr@10': 1 });
    expect(report.perFigure.soekarno).toMatchObject({ questions: 1, 'recall@5': 1 });
    expect(report.overall.questions).toBe(2);
    expect(report.gate).toEqual({ answerable: 2, answered: 2, unanswerable: 1, declined: 1 });
  });

  it('rejects malformed evaluation data', () => {
    expect(() =>
      parseEvalQuestions([{ id: 'x', karakter: 'kartini', question: 'q', relevant: [] }]),
    ).toThrow(EvalDataError);
    expect(() =>
      parseEvalQuestions(
        [{ id: 'x', karakter: 'hatta', question: 'q', relevant: [] }],
        [{ id: 'x', karakter: 'hatta', question: 'q', relevant: [] }],
      ),
    ).toThrow(/duplicate/);
  });
});
