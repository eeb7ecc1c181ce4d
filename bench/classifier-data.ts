/**
 * What the classifier benchmarks share: the seed corpora and held-out questions of both figures,
 * the synthetic 15 x 50 corpus, the fold count, and number formatting.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Dataset } from '@dwitunggal/classifier/dataset';
import { parseDataset, parseLabelled } from '@dwitunggal/classifier/dataset';
import { createRng } from '@dwitunggal/classifier/rng';

const root = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));
export const readJson = (path: string): unknown => JSON.parse(readFileSync(root(path), 'utf8'));
export const r4 = (x: number): number => Math.round(x * 10000) / 10000;
export const ms = (x: number): number => Math.round(x * 10) / 10;
export const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export const FIGURES = ['soekarno', 'hatta'] as const;
export const FOLDS = 5;

export const corpora = FIGURES.map((figure) => ({
  figure,
  dataset: parseDataset(readJson(`data/seed/tags/${figure}.json`)),
  heldOut: parseLabelled(readJson(`data/eval/classifier-heldout-${figure}.json`)),
}));

/**
 * 15 tags x 50 inputs (and 6 responses of ~40 words each) drawn from the seed vocabulary; each
 * tag favours 8 words of its own (every third word).
 */
export function synthetic(seed: number): Dataset {
  const rng = createRng(seed);
  const vocab = [
    ...new Set(
      corpora
        .flatMap((c) => c.dataset.tags.flatMap((t) => [...t.input, ...t.responses]))
        .flatMap((s) => s.split(/\s+/)),
    ),
  ];
  const pick = (): string => vocab[rng.int(vocab.length)] as string;
  return {
    tags: Array.from({ length: 15 }, (_, k) => {
      const own = Array.from({ length: 8 }, pick);
      const sentence = (n: number): string =>
        Array.from({ length: n }, (_, i) =>
          i % 3 === 0 ? (own[rng.int(own.length)] as string) : pick(),
        ).join(' ');
      return {
        tag: `tag_${k}`,
        input: Array.from({ length: 50 }, () => `${sentence(3 + rng.int(7))}?`),
        responses: Array.from({ length: 6 }, () => `${sentence(40)}.`),
      };
    }),
  };
}
