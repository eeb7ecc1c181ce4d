import { describe, expect, it } from 'vitest';
import type { AchievementsData } from '@dwitunggal/contracts/schemas/learning';
import { signUp, useTestContext } from '../../../test/helpers';
import { bearer } from '../../../test/client';

const ctx = useTestContext();

const add = (token: string, figure: string, tags: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/achievements/${figure}`,
    headers: bearer(token),
    payload: { tags },
  });
const all = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/achievements', headers: bearer(token) })).json<{
    data: AchievementsData;
  }>().data;

describe('achievements on the server', () => {
  it('starts empty for both figures', async () => {
    const { token } = await signUp(ctx.app);
    const empty = { tags: [], count: 0, denominator: 10, percent: 0 };
    expect(await all(token)).toEqual({ soekarno: empty, hatta: empty });
  });

  it('keeps the union of what every device reached, with the spec percent', async () => {
    const { token } = await signUp(ctx.app);
    const first = await add(token, 'hatta', ['salam', 'lahir', 'koperasi']);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ data: { percent: number } }>().data.percent).toBe(30);
    // Another device sends an older, smaller set: nothing is removed.
    const second = await add(token, 'HATTA', ['lahir', 'pendidikan']);
    expect(second.json<{ data: { count: number; percent: number } }>().data).toMatchObject({
      count: 4,
      percent: 40,
    });
    const mine = await all(token);
    expect(mine.hatta.tags.sort()).toEqual(['koperasi', 'lahir', 'pendidikan', 'salam']);
    expect(mine.soekarno.count).toBe(0);
  });

  it('caps the percent at 100 and floors it', async () => {
    const { token } = await signUp(ctx.app);
    await add(
      token,
      'soekarno',
      Array.from({ length: 12 }, (_, i) => `tag${i}`),
    );
    expect((await all(token)).soekarno).toMatchObject({ count: 12, percent: 100 });
    const { token: other } = await signUp(ctx.app);
    await add(other, 'soekarno', ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect((await all(other)).soekarno.percent).toBe(70);
  });

  it('belongs to its learner only', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    await add(a.token, 'hatta', ['salam']);
    expect((await all(b.token)).hatta.tags).toEqual([]);
  });

  it('answers 400 for bad input and 401 without a token', async () => {
    const { token } = await signUp(ctx.app);
    for (const [figure, tags] of [
      ['sukarno', ['x']],
      ['hatta', []],
      ['hatta', 'salam'],
      ['hatta', ['x'.repeat(51)]],
      ['hatta', Array.from({ length: 101 }, (_, i) => `t${i}`)],
      ['hatta', ['']],
    ] as const) {
      const res = await add(token, figure, tags);
      expect(res.statusCode, `${figure} ${JSON.stringify(tags).slice(0, 40)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, status: 'error' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/achievements' })).statusCode).toBe(
      401,
    );
  });
});
