/**
 * The close-call margin ("Maksud Anda ...?", decision 022), picked from the team's data only:
 * npx tsx bench/classifier-close-call.ts (from the repository root). Out-of-fold predictions
 * (5-fold cross-validation) of both figures' seed inputs plus the out-of-scope tuning messages of
 * `OUT_OF_SCOPE`, scored with the shipped thresholds. Prints one JSON object: the tuned margin,
 * the share of in-scope questions without a direct answer before (no close calls) and after, and
 * the whole grid.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_THRESHOLDS } from '@dwitunggal/classifier/artifacts';
import { parseDataset } from '@dwitunggal/classifier/dataset';
import { crossValidate, predictAll } from '@dwitunggal/classifier/evaluate';
import { OUT_OF_SCOPE } from '@dwitunggal/classifier/out-of-scope';
import type { CloseCallItem } from '@dwitunggal/classifier/threshold';
import { scoreCloseMargin, tuneCloseMargin } from '@dwitunggal/classifier/threshold';
import { fit, trainingTexts } from '@dwitunggal/classifier/train';
import { examplesOf } from '@dwitunggal/classifier/dataset';

const items: CloseCallItem[] = [];
for (const figure of ['soekarno', 'hatta']) {
  const dataset = parseDataset(
    JSON.parse(readFileSync(`data/seed/tags/${figure}.json`, 'utf8')) as unknown,
  );
  const cv = crossValidate(dataset, { folds: 5, seed: 1 });
  for (const p of cv.predictions) {
    items.push({
      ...p,
      correct: p.predicted === p.tag,
      runnerUpCorrect: p.runnerUp === p.tag,
      inScope: true,
    });
  }
  const tags = dataset.tags.map((t) => t.tag);
  const model = fit(trainingTexts(dataset, examplesOf(dataset)), tags, { seed: 1 });
  for (const p of predictAll(
    model,
    OUT_OF_SCOPE.map((text) => ({ text, tag: '' })),
  )) {
    items.push({ ...p, correct: false, runnerUpCorrect: false, inScope: false });
  }
}

const r4 = (x: number) => Math.round(x * 10000) / 10000;
const report = (r: ReturnType<typeof scoreCloseMargin>) => ({
  ...r,
  noDirectAnswer: r4(r.noDirectAnswer),
});
const grid = [0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5].map((m) =>
  report(scoreCloseMargin(items, DEFAULT_THRESHOLDS, m)),
);
console.log(
  JSON.stringify(
    {
      items: items.length,
      inScope: items.filter((i) => i.inScope).length,
      thresholds: DEFAULT_THRESHOLDS,
      tuned: report(tuneCloseMargin(items, DEFAULT_THRESHOLDS)),
      withoutCloseCalls: report(scoreCloseMargin(items, DEFAULT_THRESHOLDS, 0)),
      grid,
    },
    null,
    1,
  ),
);
