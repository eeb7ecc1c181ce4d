/**
 * Out-of-scope bench: npx tsx bench/classifier-oos.ts (from the repository root). Prints one
 * JSON object. For each figure, through the same code path as `npm run classifier:ask`
 * (packages/classifier/src/ask.ts: trained as the server trains, answered as the browser
 * answers), on the outside learner sets data/eval/learner/classifier-{figure}-{a,b}.json:
 *   - outOfScopeFallback: share of their `outOfScope` messages answered with a fallback (>= 0.90),
 *   - inScopeFallback: share of their `items` answered with a fallback (<= 0.10),
 *   - heldOutMacroF1: macro-F1 of the predicted tags of their `items` (fallback or not),
 *   - factoidCarried: share of their factoid items (marked `factoid` with `expect` groups by an
 *     annotator who never saw the data) whose answer is not a fallback and carries the asked
 *     fact (every `expect` group has an alternative in the reply as whole words; >= 0.60), with
 *     the misses listed under `factoidMisses`.
 * Beside them, the same rates on the team's own tuning data (data/eval/classifier-heldout-*.json
 * and OUT_OF_SCOPE), and every rate once more for the model without the out-of-scope unit and
 * with decision 016's thresholds ("before").
 */
import type { Answer } from '@dwitunggal/classifier/ask';
import { createAsker } from '@dwitunggal/classifier/ask';
import type { LabelledText } from '@dwitunggal/classifier/dataset';
import { metricsOf } from '@dwitunggal/classifier/evaluate';
import { OUT_OF_SCOPE } from '@dwitunggal/classifier/out-of-scope';
import { containsPhrase } from '@dwitunggal/rag/answer-eval';
import type { TrainOptions } from '@dwitunggal/classifier/train';
import { TRAINING_SEED } from '@dwitunggal/contracts/models';
import { corpora, r4, readJson } from './classifier-data';

const variants: Record<string, Omit<TrainOptions, 'seed'>> = {
  product: {},
  ...(process.env.OOS_THRESHOLDS && {
    candidate: { thresholds: JSON.parse(process.env.OOS_THRESHOLDS) as TrainOptions['thresholds'] },
  }),
  before: {
    config: { outOfScope: false },
    thresholds: { minProbability: 0, minMargin: 0.5, minKnownShare: 0.3 },
  },
};

const share = (answers: readonly Answer[]): number =>
  r4(answers.filter((a) => a.fallback).length / Math.max(answers.length, 1));

/** An outside item; factoid ones carry the fact they ask as groups of alternatives. */
type OutsideItem = LabelledText & { factoid?: boolean; expect?: string[][] };

const carries = (answer: Answer, expect: readonly string[][]): boolean =>
  !answer.fallback &&
  !answer.closeCall &&
  expect.every((group) => group.some((alt) => containsPhrase(answer.response, alt)));

async function rates(
  ask: (q: string) => Promise<Answer>,
  tags: readonly string[],
  items: readonly OutsideItem[],
  outOfScope: readonly string[],
) {
  const inScope: Answer[] = [];
  for (const item of items) inScope.push(await ask(item.text));
  const off: Answer[] = [];
  for (const text of outOfScope) off.push(await ask(text));
  const predictions = items.map((item, i) => ({ tag: item.tag, predicted: inScope[i]!.tag }));
  const factoids = items.flatMap((item, i) =>
    item.factoid && item.expect ? [{ item, expect: item.expect, answer: inScope[i]! }] : [],
  );
  const misses = factoids.filter((f) => !carries(f.answer, f.expect));
  return {
    outOfScopeFallback: share(off),
    inScopeFallback: share(inScope),
    heldOutMacroF1: r4(metricsOf(tags, predictions).macroF1),
    ...(factoids.length > 0 && {
      factoidCarried: r4((factoids.length - misses.length) / factoids.length),
      factoidMisses: misses.map((m) => `${m.item.text} -> ${m.answer.tag}`),
    }),
    n: { items: items.length, outOfScope: outOfScope.length, factoids: factoids.length },
  };
}

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  for (const [variant, options] of Object.entries(variants)) {
    const figures: Record<string, unknown> = {};
    for (const { figure, dataset, heldOut } of corpora) {
      const ask = createAsker(dataset, figure, TRAINING_SEED, options);
      const tags = dataset.tags.map((t) => t.tag);
      const row: Record<string, unknown> = {
        team: await rates(ask, tags, heldOut, OUT_OF_SCOPE),
      };
      for (const set of ['a', 'b'] as const) {
        const file = readJson(`data/eval/learner/classifier-${figure}-${set}.json`) as {
          items: OutsideItem[];
          outOfScope: string[];
        };
        row[`outside-${set}`] = await rates(ask, tags, file.items, file.outOfScope);
      }
      figures[figure] = row;
    }
    out[variant] = figures;
  }
  process.stdout.write(
    `${JSON.stringify({ bench: 'classifier-oos', seed: TRAINING_SEED, ...out }, null, 2)}\n`,
  );
}

void main();
