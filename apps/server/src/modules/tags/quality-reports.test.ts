import { afterEach, describe, expect, it } from 'vitest';
import { analyzeQuality } from './quality';
import { createQualityReports, type QualityReports } from './quality-reports';
import { largestFigureData } from './testing';

/** Names and inputs of the largest figure's data, `inputs` per tag. */
const bigData = (inputs: number, seed = 1) =>
  largestFigureData(seed).map((t) => ({ tag: t.tag, input: t.input.slice(0, inputs) }));

/** Data with every kind of issue: a duplicate across tags, near duplicates, few inputs, imbalance. */
const flawedData = () => [
  { tag: 'sapaan', input: ['halo', 'Apa kabar?', ...bigData(40)[0]!.input] },
  {
    tag: 'identitas',
    input: ['apa   KABAR?', 'kapan, proklamasi dibacakan!!', 'Kapan proklamasi dibacakan?'],
  },
  { tag: 'keluarga', input: bigData(12, 2)[1]!.input },
];

describe('quality reports in a worker thread', () => {
  let reports: QualityReports;
  afterEach(async () => {
    await reports?.close();
  });

  it('answers exactly what analyzeQuality answers', async () => {
    reports = createQualityReports();
    const data = flawedData();
    const report = await reports.report('hatta', data);
    expect(report).toEqual(analyzeQuality(data));
    expect(new Set(report.issues.map((i) => i.kind))).toEqual(
      new Set(['duplicate_across_tags', 'near_duplicate', 'few_inputs', 'imbalance']),
    );
  });

  it('does not hold the event loop: a main-thread timer fires while a large report is computed', async () => {
    reports = createQualityReports();
    // 900 inputs of 200 characters: every pair is compared, a fraction of a second of work.
    const data = bigData(60);
    let settled = false;
    const pending = reports.report('soekarno', data).finally(() => {
      settled = true;
    });
    // Computed on the main thread, the report would be done before this timer could fire.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    expect((await pending).stats).toMatchObject({ tags: 15, inputs: 900 });
  });

  it('shares one computation between concurrent requests and keeps it while the data stays the same', async () => {
    reports = createQualityReports();
    const data = flawedData();
    const answers = await Promise.all([1, 2, 3].map(() => reports.report('hatta', data)));
    expect(reports.computations).toBe(1);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
    // The same names and inputs in new arrays (the tag list reloaded): no new computation.
    expect(await reports.report('hatta', structuredClone(data))).toBe(answers[0]);
    expect(reports.computations).toBe(1);
    // Another figure, or changed data, is computed afresh.
    await reports.report('soekarno', data);
    expect(reports.computations).toBe(2);
    const changed = data.map((t, i) => (i === 0 ? { ...t, input: t.input.slice(1) } : t));
    expect(await reports.report('hatta', changed)).toEqual(analyzeQuality(changed));
    expect(reports.computations).toBe(3);
  });

  it('runs one computation per figure at a time: requests for newer data wait, then share one', async () => {
    reports = createQualityReports();
    const older = bigData(60);
    const newer = flawedData();
    const order: string[] = [];
    const ask = (name: string, data: typeof older) =>
      reports.report('hatta', data).then((report) => {
        order.push(name);
        return report;
      });
    // The newer data is far smaller: run side by side, its report would come first.
    const [a, b, c] = await Promise.all([ask('a', older), ask('b', newer), ask('c', newer)]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(a).toEqual(analyzeQuality(older));
    expect(b).toEqual(analyzeQuality(newer));
    expect(c).toBe(b);
    expect(reports.computations).toBe(2);
  });

  it('stops its workers on close: a report in progress rejects', async () => {
    reports = createQualityReports();
    const pending = reports.report('soekarno', bigData(60));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await reports.close();
    await expect(pending).rejects.toThrow();
    await expect(reports.report('soekarno', flawedData())).rejects.toThrow('shutting down');
  });
});
