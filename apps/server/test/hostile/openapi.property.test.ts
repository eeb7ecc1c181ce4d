import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Method } from '../client';
import { authFor, payloadFor, queryFor, segmentFor, type Role } from './arbitraries';
import {
  createWorld,
  describeRequest,
  expectCleanRefusal,
  fingerprint,
  refreshExisting,
  restoreAccounts,
  waitForIdleTraining,
  type Operation,
  type World,
} from './support';

/**
 * Hostile input against EVERY operation of the app's OpenAPI document, for every kind of caller
 * (no token, a bad/forged/expired token, a learner, an admin): random JSON, near-misses of the
 * operation's own body schema, huge and deeply nested bodies, malformed JSON and content types,
 * hostile path parameters and query strings. Properties:
 *   - the status is never 5xx;
 *   - every 4xx answer is the error envelope with `code` equal to the status;
 *   - a 4xx changes no stored row (users, tags, inputs, responses, model versions, runs).
 * A genuine 2xx (a random body that happens to be valid) may change data: the suite then waits
 * for any training it started, restores the learner and admin accounts if the request revoked
 * them, and takes a new baseline.
 */

const RUNS_PER_OPERATION = Number(process.env.HOSTILE_RUNS ?? 45);
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);

let world: World;
let forged: string[] = [];
let baseline: Record<string, string>;
const stats = new Map<string, { requests: number; statuses: Record<number, number> }>();
let trainingStarts = 0;

beforeAll(async () => {
  world = await createWorld();
  forged = Object.values(world.badTokens);
  baseline = await fingerprint(world);
}, 120_000);

afterAll(async () => {
  const total = [...stats.values()].reduce((n, s) => n + s.requests, 0);
  // The summary a reader of the test output wants: how much was tried, and what came back.
  console.log(
    `hostile-openapi summary ${JSON.stringify({ seed: SEED, requests: total, operations: stats.size, trainingStarts, byOperation: Object.fromEntries(stats) })}`,
  );
  await world?.ctx.close();
});

interface Sent {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

async function send(op: Operation, req: Sent): Promise<LightMyRequestResponse> {
  const res = await client(world.ctx.app).send(req.method, req.url, req.payload, {
    headers: req.headers,
  });
  const s = stats.get(op.key) ?? { requests: 0, statuses: {} };
  s.requests += 1;
  s.statuses[res.statusCode] = (s.statuses[res.statusCode] ?? 0) + 1;
  stats.set(op.key, s);
  return res;
}

/** The three properties, for one request and its answer. */
async function check(req: Sent, res: LightMyRequestResponse): Promise<void> {
  const label = `${describeRequest(req)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, `5xx: ${label}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    await expectCleanRefusal(world, res, baseline, label);
    return;
  }
  // A genuine success: it may have changed data on purpose.
  const after = await fingerprint(world);
  if (JSON.stringify(after) === JSON.stringify(baseline)) return;
  if (res.statusCode === 202) trainingStarts += 1;
  await waitForIdleTraining(world);
  await restoreAccounts(world);
  await refreshExisting(world);
  baseline = await fingerprint(world);
}

function requestArbitrary(op: Operation): fc.Arbitrary<{ build: () => Sent; role: Role }> {
  const segments = op.pathParams.map((p) => segmentFor(p, () => world.existing));
  return fc
    .record({
      segments: fc.tuple(...segments),
      query: queryFor(op),
      payload: payloadFor(op),
      auth: authFor(() => forged),
    })
    .map(({ segments: values, query, payload, auth }) => ({
      role: auth.role,
      build: (): Sent => {
        let url = op.path;
        op.pathParams.forEach((p, i) => {
          url = url.replace(`{${p}}`, values[i] as string);
        });
        const headers: Record<string, string> = {};
        const authorization = auth.header({
          learner: world.learner.token,
          admin: world.admin.token,
        });
        if (authorization !== undefined) headers.authorization = authorization;
        const p = payload;
        if (p?.contentType !== undefined) headers['content-type'] = p.contentType;
        return {
          method: op.method,
          url: `${url}${query}`,
          headers,
          ...(p ? { payload: p.raw } : {}),
        };
      },
    }));
}

describe('every OpenAPI operation under hostile input', () => {
  it('the document lists the operations under test', () => {
    // A sanity floor: the API has at least the routes of the architecture's contract.
    expect(world.operations.length).toBeGreaterThanOrEqual(20);
    for (const key of [
      'POST /api/auth/login',
      'POST /api/chatbot/tags',
      'POST /api/chat',
      'GET /api/models/{figure}/{file}',
    ]) {
      expect(world.operations.map((o) => o.key)).toContain(key);
    }
  });

  it('never answers 5xx, always answers errors in the envelope, and changes nothing on a 4xx', async () => {
    for (const op of world.operations) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async ({ build }) => {
          const req = build();
          await check(req, await send(op, req));
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
    }
    for (const op of world.operations)
      expect(stats.get(op.key)?.requests ?? 0, op.key).toBeGreaterThanOrEqual(RUNS_PER_OPERATION);
  }, 240_000);

  it('answers 1 MB bodies and 5,000-deep nesting with a 4xx (or a genuine 2xx), for every role', async () => {
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const oneMegabyte = JSON.stringify({
      tag: 'x'.repeat(1024 * 1024),
      input: ['a'],
      responses: ['b'],
      nama: 'Hatta',
    });
    const justUnder = JSON.stringify({
      nama: 'Hatta',
      tag: 'y'.repeat(1000 * 1000),
      input: ['a'],
      responses: ['b'],
      prompt: 'p',
      karakter: 'hatta',
    });
    const deepInField = `{"nama":"Hatta","tag":"t","input":${'['.repeat(4000)}"x"${']'.repeat(4000)},"responses":["r"],"etl_key":${deepObject},"karakter":"hatta","prompt":${deepArray}}`;
    for (const op of world.operations) {
      for (const role of ['none', 'learner', 'admin'] as const) {
        for (const payload of [deepObject, deepArray, oneMegabyte, justUnder, deepInField]) {
          let url = op.path;
          for (const p of op.pathParams)
            url = url.replace(`{${p}}`, encodeURIComponent(world.existing[p]?.[0] ?? 'x'));
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (role !== 'none') headers.authorization = `Bearer ${world[role].token}`;
          const req = { method: op.method, url, headers, payload };
          await check(req, await send(op, req));
        }
      }
    }
  }, 120_000);
});
