/**
 * Test support: real classifier models trained by packages/classifier (no mocks of our own
 * code), served by MSW the way the server's model API serves them.
 */
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { packArtifacts, type ModelArtifacts } from '@dwitunggal/classifier/artifacts';
import { parseDataset, type Dataset } from '@dwitunggal/classifier/dataset';
import { train } from '@dwitunggal/classifier/train';
import { http, HttpResponse } from 'msw';
import { failure, success } from '@/testing/server';

import soekarnoSeed from '../../../../../../data/seed/tags/soekarno.json';
import hattaSeed from '../../../../../../data/seed/tags/hatta.json';

const seeds: Record<CharacterKey, unknown> = { soekarno: soekarnoSeed, hatta: hattaSeed };

const seedCache = new Map<CharacterKey, ModelArtifacts>();

/** The model the server would train from the seed data (cached: about 0.4 s each). */
export function seedModel(figure: CharacterKey): ModelArtifacts {
  let artifacts = seedCache.get(figure);
  if (!artifacts) {
    const dataset = parseDataset(structuredClone(seeds[figure]));
    artifacts = train(dataset, { seed: 1 }).artifacts;
    seedCache.set(figure, artifacts);
  }
  return artifacts;
}

export function seedDataset(
  figure: CharacterKey,
): Dataset & { starters: { text: string; tag: string }[] } {
  return structuredClone(seeds[figure]) as never;
}

/** A model of `dataset`; with `confident`, thresholds 0 (never a fallback line). */
export function trainModel(dataset: Dataset, confident = false): ModelArtifacts {
  return train(dataset, {
    seed: 1,
    ...(confident ? { thresholds: { minProbability: 0, minMargin: 0 } } : {}),
  }).artifacts;
}

type Published = { version: number; artifacts: ModelArtifacts };

/**
 * A fake model API: `publish` makes a version active; `requests` records what was fetched;
 * `broken` makes a version's weights fail to download.
 */
export function createModelApi() {
  const active = new Map<CharacterKey, Published>();
  const versions = new Map<string, ModelArtifacts>();
  const broken = new Set<string>();
  const requests: string[] = [];
  let activeStatus: number | null = null;

  const key = (figure: string, version: string | number) => `${figure}/${version}`;
  const base = (figure: string, version: number) => `/api/models/${figure}/v/${version}`;

  const handlers = [
    http.get('*/api/models/:figure/active', ({ params }) => {
      const figure = params.figure as CharacterKey;
      requests.push(`active:${figure}`);
      if (activeStatus) return failure(activeStatus, 'Terjadi kesalahan pada server.');
      const published = active.get(figure);
      if (!published) return failure(404, 'Model belum tersedia');
      const url = base(figure, published.version);
      return success({
        figure,
        version: published.version,
        modelUrl: `${url}/model.json`,
        wordIndexUrl: `${url}/word_index.json`,
        contentUrl: `${url}/content.json`,
        createdAt: '2025-08-17T10:00:00.000Z',
        metrics: {
          cv: {
            n: 40,
            accuracy: 0.9,
            macroF1: 0.9,
            perTag: {},
            confusion: [],
            tags: [],
            folds: 5,
            seed: 1,
          },
        },
      });
    }),
    http.get('*/api/models/:figure/v/:version/:file', ({ params }) => {
      const k = key(params.figure as string, params.version as string);
      const file = params.file as string;
      requests.push(`${k}/${file}`);
      const artifacts = versions.get(k);
      if (!artifacts) return failure(404, 'Not found');
      const served = packArtifacts(artifacts).find((f) => f.name === file);
      if (!served) return failure(404, 'Not found');
      if (file === 'weights.bin' && broken.has(k)) return new HttpResponse(null, { status: 500 });
      return new HttpResponse(served.body, { headers: { 'content-type': served.contentType } });
    }),
  ];

  return {
    handlers,
    requests,
    publish(figure: CharacterKey, version: number, artifacts: ModelArtifacts) {
      versions.set(key(figure, version), artifacts);
      active.set(figure, { version, artifacts });
    },
    breakWeights(figure: CharacterKey, version: number) {
      broken.add(key(figure, version));
    },
    failActive(status: number | null) {
      activeStatus = status;
    },
  };
}
