import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ExportData } from '@dwitunggal/contracts/schemas/learning';
import { signUp, useTestContext } from '../../../test/helpers';
import { bearer } from '../../../test/client';

const ctx = useTestContext();

const inject = (
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A learner with history, achievements and a rating. */
async function activeLearner() {
  const learner = await signUp(ctx.app);
  await inject(learner.token, 'POST', '/api/conversations/hatta/turns', {
    turns: [
      { clientId: 'q1', role: 'user', text: 'Apa itu koperasi?', model: 'tfjs' },
      {
        clientId: 'a1',
        role: 'figure',
        text: 'Usaha bersama.',
        model: 'tfjs',
        meta: { tag: 'koperasi' },
      },
    ],
  });
  await inject(learner.token, 'POST', '/api/achievements/hatta', { tags: ['koperasi'] });
  await inject(learner.token, 'POST', '/api/feedback', {
    character: 'hatta',
    messageId: 'a1',
    rating: 'up',
  });
  return learner;
}

describe('my settings', () => {
  it('contributes by default and can opt out', async () => {
    const { token } = await signUp(ctx.app);
    const read = async () =>
      (await inject(token, 'GET', '/api/me/settings')).json<{ data: { contribute: boolean } }>()
        .data;
    expect(await read()).toEqual({ contribute: true });
    const res = await inject(token, 'PUT', '/api/me/settings', { contribute: false });
    expect(res.statusCode).toBe(200);
    expect(await read()).toEqual({ contribute: false });
    for (const body of [{}, { contribute: 'no' }]) {
      expect((await inject(token, 'PUT', '/api/me/settings', body)).statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/settings' })).statusCode).toBe(401);
  });
});

describe('my data export', () => {
  it('is a JSON attachment with my history, achievements, feedback and settings only', async () => {
    const learner = await activeLearner();
    const other = await activeLearner();
    const res = await inject(learner.token, 'GET', '/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="dwitunggal-data-.*\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<{ data: ExportData }>().data;
    expect(data.user.email).toBe(learner.credentials.email);
    expect(data.settings).toEqual({ contribute: true });
    expect(data.achievements.hatta).toMatchObject({ tags: ['koperasi'], percent: 10 });
    expect(data.conversations.hatta.map((t) => t.clientId)).toEqual(['q1', 'a1']);
    expect(data.conversations.soekarno).toEqual([]);
    expect(data.feedback).toEqual([
      expect.objectContaining({ messageId: 'a1', rating: 'up', question: 'Apa itu koperasi?' }),
    ]);
    expect(JSON.stringify(data)).not.toContain(other.credentials.email);
  });
});

describe('account deletion', () => {
  it('removes the history, achievements and feedback', async () => {
    const learner = await activeLearner();
    const count = async (table: string) => {
      const rows = (await ctx.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${learner.user.id}`,
      )) as { rows: { n: number }[] };
      return rows.rows[0]?.n;
    };
    expect(await count('conversation_turns')).toBe(2);
    expect(await count('achievements')).toBe(1);
    expect(await count('feedback')).toBe(1);
    expect((await inject(learner.token, 'DELETE', '/api/auth/me')).statusCode).toBe(200);
    expect(await count('conversation_turns')).toBe(0);
    expect(await count('achievements')).toBe(0);
    expect(await count('feedback')).toBe(0);
  });
});
