import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelMetrics, ModelVersion, TrainingRun } from '@dwitunggal/contracts/models';
import { regressionQuestions } from '../../db/schema';
import { createTestContext, signUpAdmin, type TestContext } from '../../../test/helpers';
import { body } from '../../../test/client';
import { versionPolicy } from './service';
import { api, syntheticTags, type Api, type TagFields } from './testing';

/*
 * The regression set (learner questions curators annotated in the inbox) in the model registry:
 * each version is scored on it beside cross-validation, with the serving version's score on the
 * same questions, and the quality gate refuses a candidate that scores lower than the serving
 * version (unless the run is forced).
 */

let ctx: TestContext;
let admin: Api;
const TAGS = syntheticTags(4, 10, 3);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = api(ctx.app, (await signUpAdmin(ctx)).token);
  await admin.setTags('Hatta', TAGS);
});
afterAll(async () => {
  await ctx?.close();
});

/** Annotated learner questions of Hatta, as the inbox records them. */
async function annotate(items: { question: string; tag: string }[]) {
  await ctx.database.db.insert(regressionQuestions).values(
    items.map((i) => ({
      character: 'hatta' as const,
      question: i.question,
      questionKey: i.question.toLowerCase(),
      tagName: i.tag,
      createdAt: new Date(),
    })),
  );
}

const versionOf = async (run: TrainingRun) => {
  const list = body<ModelVersion[]>(await admin.get('/api/models/hatta/versions')).data;
  const version = list.find((v) => v.version === run.version);
  expect(version, JSON.stringify(run)).toBeDefined();
  return version as ModelVersion;
};

/** Learner phrasings made of a tag's own key words (what its inputs teach). */
const phrasings = (t: TagFields, n: number) =>
  t.input.slice(0, n).map((text) => `tolong ${text.replace(/\s\d+$/, '')} ya`);

describe('the regression set in training and the gate', () => {
  it('scores each version on it beside cross-validation, with the serving version on the same questions', async () => {
    const first = await admin.train('hatta');
    expect(first.status, first.error ?? '').toBe('succeeded');
    // No regression set yet: nothing is reported and the rule does not apply.
    expect((await versionOf(first)).metrics.regression).toBeUndefined();

    const [a, b] = TAGS as [TagFields, TagFields];
    await annotate([
      ...phrasings(a, 3).map((question) => ({ question, tag: a.tag })),
      ...phrasings(b, 3).map((question) => ({ question, tag: b.tag })),
      // A tag the figure no longer has is left out of the score.
      { question: 'pertanyaan tentang tag yang sudah dihapus', tag: 'tag_terhapus' },
    ]);
    const second = await admin.train('hatta');
    expect(second.status, second.error ?? '').toBe('succeeded');
    const regression = (await versionOf(second)).metrics.regression;
    expect(regression).toMatchObject({
      n: 6,
      serving: { version: first.version },
      tags: expect.arrayContaining([a.tag, b.tag]) as string[],
    });
    expect(regression?.perTag[a.tag]?.support).toBe(3);
    expect(regression?.accuracy).toBeGreaterThanOrEqual(0);
    expect(regression?.serving?.accuracy).toBeGreaterThanOrEqual(0);
    expect(second.gate?.regression).toEqual({
      passed: (regression?.accuracy ?? 0) >= (regression?.serving?.accuracy ?? 1),
      n: 6,
      candidateAccuracy: regression?.accuracy,
      servingAccuracy: regression?.serving?.accuracy,
    });
  });

  it('refuses a candidate that scores lower on it than the serving version, unless forced', async () => {
    // Learner questions in words the seeded tags lack: the serving version learnt them (they
    // were inputs when it trained); the candidate's data no longer has them.
    const [a, b, ...rest] = TAGS as [TagFields, TagFields, ...TagFields[]];
    const learnt = [
      { question: 'zebra belang hitam putih', tag: a.tag },
      { question: 'jerapah berleher panjang sekali', tag: a.tag },
      { question: 'kuda nil gemuk berenang', tag: b.tag },
    ];
    await annotate(learnt);
    await admin.setTags('Hatta', [
      { ...a, input: [...a.input, learnt[0]!.question, learnt[1]!.question] },
      { ...b, input: [...b.input, learnt[2]!.question] },
      ...rest,
    ]);
    const serving = await admin.train('hatta', { force: true });
    expect(serving.activated).toBe(true);
    await admin.setTags('Hatta', TAGS);

    const refused = await admin.train('hatta');
    expect(refused.status, refused.error ?? '').toBe('succeeded');
    expect(refused.activated).toBe(false);
    expect(refused.gate?.regression?.passed).toBe(false);
    expect(refused.gate?.passed).toBe(false);
    // Cross-validation alone would have let it through: the regression rule refused it.
    expect(refused.gate?.candidateMacroF1).toBeGreaterThanOrEqual(
      (refused.gate?.activeMacroF1 ?? 1) - 0.02,
    );
    expect(refused.gate?.regression?.candidateAccuracy).toBeLessThan(
      refused.gate?.regression?.servingAccuracy ?? 0,
    );
    expect((await versionOf(refused)).status).toBe('candidate');
    expect(body<{ version: number }>(await admin.get('/api/models/hatta/active')).data).toEqual(
      expect.objectContaining({ version: serving.version }),
    );

    const forced = await admin.train('hatta', { force: true });
    expect(forced.activated).toBe(true);
    expect(forced.gate?.regression?.passed).toBe(false);
    expect((await versionOf(forced)).status).toBe('active');
  });
});

describe('versionPolicy', () => {
  const policy = versionPolicy({ threshold: 0.02, keepVersions: 20 });
  const report = (accuracy: number) => ({
    n: 4,
    accuracy,
    macroF1: accuracy,
    perTag: {},
    confusion: [],
    tags: [],
  });
  const metrics = (regression?: { accuracy: number; serving: number; of: number }) =>
    ({
      cv: { ...report(0.9), folds: 5, seed: 1 },
      ...(regression
        ? {
            regression: {
              ...report(regression.accuracy),
              serving: { version: regression.of, accuracy: regression.serving },
            },
          }
        : {}),
    }) satisfies ModelMetrics;
  const active = { version: 3, metrics: metrics() };

  it('applies the rule only against the version that is still serving', () => {
    expect(policy.admit(metrics({ accuracy: 0.5, serving: 0.75, of: 3 }), active, false)).toEqual({
      activate: false,
      gate: expect.objectContaining({
        passed: false,
        regression: { passed: false, n: 4, candidateAccuracy: 0.5, servingAccuracy: 0.75 },
      }) as unknown,
    });
    expect(policy.admit(metrics({ accuracy: 0.75, serving: 0.75, of: 3 }), active, false)).toEqual(
      expect.objectContaining({ activate: true }),
    );
    // Another version became active while the candidate trained: no comparison.
    expect(
      policy.admit(metrics({ accuracy: 0.5, serving: 0.75, of: 2 }), active, false).gate,
    ).toMatchObject({ passed: true, regression: null });
    expect(policy.admit(metrics(), null, false).gate).toMatchObject({
      passed: true,
      regression: null,
    });
  });
});
