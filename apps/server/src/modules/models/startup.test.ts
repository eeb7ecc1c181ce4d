import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PREPROCESS_VERSION } from '@dwitunggal/classifier/preprocess';
import type { ModelVersion } from '@dwitunggal/contracts/models';
import { modelFiles, modelVersions } from '../../db/schema';
import { createTestContext, signUpAdmin, startApp, useTestContext } from '../../../test/helpers';
import { body } from '../../../test/client';
import { api, syntheticTags, type Api } from './testing';

const ctx = useTestContext();
let second: FastifyInstance;
let admin: Api;

beforeAll(async () => {
  second = await startApp(ctx.database);
  admin = api(ctx.app, (await signUpAdmin(ctx)).token);
});
afterAll(async () => {
  await second?.close();
});

describe('first start', () => {
  it('trains and activates one first model per figure, also when two servers start at once', async () => {
    await admin.setTags('Soekarno', syntheticTags(4, 8, 5));
    await admin.setTags('Hatta', syntheticTags(3, 8, 6));
    const [a, b] = await Promise.all([
      ctx.app.models.trainMissingModels(),
      second.models.trainMissingModels(),
    ]);
    for (const figure of ['soekarno', 'hatta'] as const) {
      const outcomes = [...a, ...b].filter((o) => o.figure === figure);
      expect(outcomes.map((o) => o.version)).toEqual([1, 1]);
      expect(outcomes.some((o) => o.action === 'trained')).toBe(true);
      const versions = body<ModelVersion[]>(await admin.get(`/api/models/${figure}/versions`)).data;
      expect(versions.map((v) => [v.version, v.status])).toEqual([[1, 'active']]);
    }
    // The next start finds them.
    expect((await ctx.app.models.trainMissingModels()).map((o) => o.action)).toEqual([
      'present',
      'present',
    ]);
  });

  it('retrains a figure whose active model was made by an older preprocessing', async () => {
    const fresh = await createTestContext();
    try {
      const freshAdmin = api(fresh.app, (await signUpAdmin(fresh)).token);
      await freshAdmin.setTags('Soekarno', syntheticTags(3, 8, 5));
      await freshAdmin.setTags('Hatta', syntheticTags(3, 8, 6));
      await fresh.app.models.trainMissingModels();
      // What an older release left behind: the same model stamped with the previous version.
      const old = new TextEncoder().encode(
        JSON.stringify({ preprocessVersion: PREPROCESS_VERSION - 1 }),
      );
      await fresh.database.db
        .update(modelFiles)
        .set({ body: old })
        .where(
          and(
            eq(modelFiles.name, 'content.json'),
            inArray(
              modelFiles.versionId,
              fresh.database.db
                .select({ id: modelVersions.id })
                .from(modelVersions)
                .where(eq(modelVersions.character, 'hatta')),
            ),
          ),
        );
      const outcomes = await fresh.app.models.trainMissingModels();
      expect(outcomes.map((o) => [o.figure, o.action, o.version])).toEqual([
        ['soekarno', 'present', 1],
        ['hatta', 'trained', 2],
      ]);
      const versions = body<ModelVersion[]>(
        await freshAdmin.get('/api/models/hatta/versions'),
      ).data;
      expect(versions.map((v) => [v.version, v.status])).toEqual([
        [2, 'active'],
        [1, 'retired'],
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('starts anyway when a figure cannot be trained, and reports why', async () => {
    const fresh = await createTestContext();
    try {
      const freshAdmin = api(fresh.app, (await signUpAdmin(fresh)).token);
      await freshAdmin.setTags('Hatta', syntheticTags(1, 4, 7));
      const outcomes = await fresh.app.models.trainMissingModels();
      expect(outcomes).toEqual([
        expect.objectContaining({ figure: 'soekarno', action: 'failed', version: null }),
        expect.objectContaining({
          figure: 'hatta',
          action: 'failed',
          error: 'at least two tags are needed to train a classifier',
        }),
      ]);
      expect((await freshAdmin.get('/api/models/hatta/active')).statusCode).toBe(404);
      expect(body(await freshAdmin.get('/api/models/hatta/active')).message).toBe(
        'Model Hatta belum tersedia',
      );
    } finally {
      await fresh.close();
    }
  });
});
