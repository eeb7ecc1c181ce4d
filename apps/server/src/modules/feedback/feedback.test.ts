import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage } from '@dwitunggal/contracts/schemas/learning';
import { signUp, signUpAdmin, useTestContext } from '../../../test/helpers';
import { bearer } from '../../../test/client';

const ctx = useTestContext();
let admin: string;
beforeAll(async () => {
  admin = (await signUpAdmin(ctx)).token;
});

const uid = () => `f_${randomBytes(6).toString('hex')}`;

/** A learner with one stored exchange with Hatta; returns the figure turn's id. */
async function exchange(question: string, meta: object = { tag: 'koperasi', confidence: 0.8 }) {
  const learner = await signUp(ctx.app);
  const answerId = uid();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/conversations/hatta/turns',
    headers: bearer(learner.token),
    payload: {
      turns: [
        { clientId: uid(), role: 'user', text: question, model: 'tfjs' },
        {
          clientId: answerId,
          role: 'figure',
          text: 'Koperasi adalah usaha bersama.',
          model: 'tfjs',
          meta,
        },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  return { token: learner.token, answerId };
}
const rate = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/feedback', headers: bearer(token), payload });
const inboxHas = async (question: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/inbox/hatta?limit=100',
    headers: bearer(admin),
  });
  return res.json<{ data: InboxPage }>().data.groups.find((g) => g.examples.includes(question));
};

describe('POST /api/feedback', () => {
  it('stores a rating with the question and answer read from the stored turns', async () => {
    const { token, answerId } = await exchange('Apa itu koperasi menurut Bapak?');
    const res = await rate(token, {
      character: 'hatta',
      messageId: answerId,
      rating: 'up',
      // Fields a client might try to smuggle are not part of the contract.
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: object }>().data).toMatchObject({
      rating: 'up',
      reason: null,
      question: 'Apa itu koperasi menurut Bapak?',
      answer: 'Koperasi adalah usaha bersama.',
      replaced: false,
    });
    expect(await inboxHas('Apa itu koperasi menurut Bapak?')).toBeUndefined();
  });

  it('replaces the first rating; a thumbs down reaches the inbox once, with the suggested tag', async () => {
    const question = `Koperasi itu apa sih ${randomBytes(2).toString('hex')}`;
    const { token, answerId } = await exchange(question);
    await rate(token, { character: 'hatta', messageId: answerId, rating: 'up' });
    const down = {
      character: 'hatta',
      messageId: answerId,
      rating: 'down',
      reason: 'tidak_menjawab',
      comment: 'Jawabannya kurang jelas',
    };
    const res = await rate(token, down);
    expect(res.json<{ data: object }>().data).toMatchObject({
      rating: 'down',
      reason: 'tidak_menjawab',
      comment: 'Jawabannya kurang jelas',
      replaced: true,
    });
    await rate(token, down);
    expect(await inboxHas(question)).toMatchObject({
      count: 1,
      suggestedTag: 'koperasi',
      suggestedConfidence: 0.8,
    });
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/export',
      headers: bearer(token),
    });
    expect(exported.json<{ data: { feedback: unknown[] } }>().data.feedback).toHaveLength(1);
  });

  it("answers 404 for a turn that is not the learner's own figure turn", async () => {
    const { answerId } = await exchange('Pertanyaan orang lain');
    const stranger = await signUp(ctx.app);
    const res = await rate(stranger.token, {
      character: 'hatta',
      messageId: answerId,
      rating: 'down',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, status: 'error' });
    const own = await exchange('Pertanyaan saya');
    const wrongFigure = await rate(own.token, {
      character: 'soekarno',
      messageId: own.answerId,
      rating: 'up',
    });
    expect(wrongFigure.statusCode).toBe(404);
  });

  it('answers 400 for bad input and 401 without a token', async () => {
    const { token, answerId } = await exchange('Apa kabar?');
    const valid = { character: 'hatta', messageId: answerId, rating: 'up' };
    for (const body of [
      { ...valid, rating: 'meh' },
      { ...valid, reason: 'bosan' },
      { ...valid, comment: 'x'.repeat(501) },
      { ...valid, character: 'sukarno' },
      { ...valid, messageId: '' },
      { character: 'hatta', rating: 'up' },
    ]) {
      const res = await rate(token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/feedback', payload: valid })).statusCode,
    ).toBe(401);
  });
});
