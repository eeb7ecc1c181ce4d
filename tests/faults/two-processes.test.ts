import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, emptyDir, freshPostgres } from './lib/cases';
import {
  activeModel,
  bytesOf,
  call,
  listTags,
  login,
  retrain,
  startServer,
  startTraining,
  stop,
  waitForRun,
  type Envelope,
} from './lib/server';

const cleanup = cleanupAfterEach();

describe('two server processes on one PostgreSQL (the scale-out shape)', () => {
  it('share revocation, models, the one-run lock and the 15-tag limit', async () => {
    const databaseUrl = await freshPostgres('scaleout', cleanup, { empty: true });
    // Both start at once on an empty database: migrations, seeding, the admin and the first
    // models are each done once.
    const [a, b] = await Promise.all([
      startServer({ dataDir: emptyDir(cleanup), databaseUrl }),
      startServer({ dataDir: emptyDir(cleanup), databaseUrl }),
    ]);

    // 1. A logout on one process makes the token fail on the other at once.
    const token = await login(a);
    expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200); // B has it cached now
    expect((await call(a, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await call<Envelope>(b, 'GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 401, status: 'error' });

    // 2. A retrain started on A is served by B.
    const admin = await login(b);
    const before = await activeModel(b, 'soekarno');
    const run = await retrain(a, admin, 'soekarno', b);
    const onB = await activeModel(b, 'soekarno');
    expect(onB.version).toBe(run.version);
    expect(onB.version).toBeGreaterThan(before.version);
    const [fileA, fileB] = await Promise.all([bytesOf(a, onB.modelUrl), bytesOf(b, onB.modelUrl)]);
    expect(fileB.status).toBe(200);
    expect(fileB.body.equals(fileA.body)).toBe(true);
    expect((await bytesOf(b, '/api/models/soekarno/model.json')).body.equals(fileA.body)).toBe(
      true,
    );

    // 3. Retrains started on both at the same moment: one run and one 409.
    const both = await Promise.all([a, b].map((s) => startTraining(s, admin, 'hatta')));
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ code: 409, status: 'error' });
    const winner = both.find((r) => r.status === 202)!;
    expect((await waitForRun(a, admin, winner.body.data.runId)).status).toBe('succeeded');

    // 4. Tag writes through both keep the 15-tag limit (13 seeded: 2 more fit).
    const seeded = (await listTags(a, admin, 'Soekarno')).length;
    expect(seeded).toBe(13);
    const creates = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<Envelope>(i % 2 === 0 ? a : b, 'POST', '/api/chatbot/tags', {
          token: admin,
          body: {
            nama: 'Soekarno',
            tag: `tag_baru_${i}`,
            input: [`masukan baru ${i}`],
            responses: [`jawaban ${i}`],
          },
        }),
      ),
    );
    const statuses = creates.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(15 - seeded);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10 - (15 - seeded));
    for (const s of [a, b]) expect(await listTags(s, admin, 'Soekarno')).toHaveLength(15);

    expect(await stop(a)).toBe(0);
    expect(await stop(b)).toBe(0);
  });
});
