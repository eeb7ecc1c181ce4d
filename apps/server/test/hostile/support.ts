import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { errorEnvelope } from '@dwitunggal/contracts/schemas/envelope';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../src/lib/jwt';
import { api, syntheticTags } from '../../src/modules/models/testing';
import { createTestContext, signUp, signUpAdmin, TEST_SECRET, type TestContext } from '../helpers';
import { body, client, type Method } from '../client';

/**
 * Shared set-up of the hostile-input and authorization suites: a real app on a real database,
 * seeded with the figures' training data and a trained model each, a learner and an admin, and
 * the OpenAPI document of the app itself (the list of operations under test comes from it).
 */

export type { Method };

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
}

export interface Operation {
  method: Method;
  /** OpenAPI path template, e.g. /api/chatbot/tags/{id}. */
  path: string;
  key: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  secured: boolean;
  responses: string[];
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, unknown>;
      }
    >
  >;
}

/** Every operation of the app's own OpenAPI document (GET /api/docs/json). */
export async function loadOperations(ctx: TestContext): Promise<Operation[]> {
  const res = await client(ctx.app).get('/api/docs/json');
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json -> ${res.statusCode}`);
  const doc = res.json<OpenApiDoc>();
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(byMethod)) {
      const method = m.toUpperCase() as Method;
      const params = op.parameters ?? [];
      ops.push({
        method,
        path,
        key: `${method} ${path}`,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema,
        secured: Array.isArray(op.security) && op.security.length > 0,
        responses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key));
}

/** A stored tag whose text is not plain ASCII, so that reads and exports carry it. */
const UNICODE_TAG = {
  tag: 'salam_ünïcode',
  input: ['Assalamualaikum Bung 👋', 'مرحبا يا بونغ', 'halo\u200bbung', 'ＢＵＮＧ ＫＡＲＮＯ'],
  responses: ['Merdeka! 🇮🇩 Salam kembali, saudaraku.'],
};

export interface World {
  ctx: TestContext;
  learner: { token: string; id: string };
  admin: { token: string; id: string };
  /** Email and password of the first learner (its password never changes). */
  learnerCredentials: { email: string; password: string };
  /** Known-good values of each path parameter name (ids of rows that exist right now). */
  existing: Record<string, string[]>;
  /** The operations of the app's OpenAPI document. */
  operations: Operation[];
  /** Tokens naming the learner (or nobody) that must all be refused (`badTokens`). */
  badTokens: Awaited<ReturnType<typeof badTokens>>;
}

export async function createWorld(): Promise<World> {
  const ctx = await createTestContext({
    CHAT_MAX_PER_MINUTE: 1_000_000,
    LOGIN_MAX_PER_IP: 1_000_000,
  });
  const learner = await signUp(ctx.app);
  const admin = await signUpAdmin(ctx);
  // Small training sets keep each retrain (a random valid admin request may start one) short.
  const adminApi = api(ctx.app, admin.token);
  await adminApi.setTags('Soekarno', [...syntheticTags(3, 5, 11), UNICODE_TAG]);
  await adminApi.setTags('Hatta', syntheticTags(3, 5, 12));
  const trained = await ctx.app.models.trainMissingModels();
  for (const t of trained)
    if (t.action === 'failed') throw new Error(`first training failed: ${t.error}`);
  const world: World = {
    ctx,
    learner: { token: learner.token, id: learner.user.id },
    admin: { token: admin.token, id: admin.user.id },
    learnerCredentials: {
      email: learner.credentials.email,
      password: learner.credentials.password,
    },
    existing: {},
    operations: await loadOperations(ctx),
    badTokens: await badTokens(learner.user.id),
  };
  await refreshExisting(world);
  return world;
}

const rowsOf = async <T>(world: World, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await world.ctx.database.db.execute<Record<string, unknown>>(query)) as { rows: T[] }).rows;

/** Re-reads the ids that path parameters may name (they change after genuine writes). */
export async function refreshExisting(world: World): Promise<void> {
  const tagIds = await rowsOf<{ id: string }>(world, sql`select id from tags order by seq limit 3`);
  const runIds = await rowsOf<{ id: string }>(
    world,
    sql`select id from training_runs order by started_at desc limit 2`,
  );
  const versions = await rowsOf<{ version: number }>(
    world,
    sql`select distinct version from model_versions order by version desc limit 2`,
  );
  world.existing = {
    id: [...tagIds.map((r) => r.id), ...runIds.map((r) => r.id)],
    nama: ['Soekarno', 'Hatta', 'hatta'],
    figure: ['soekarno', 'hatta'],
    version: versions.map((r) => String(r.version)),
    file: ['model.json', 'weights.bin', 'word_index.json', 'content.json'],
  };
}

/**
 * A fingerprint of every stored row of the tables a request could damage. Computed in SQL
 * (one md5 per table) so that checking it after every request stays cheap.
 */
export async function fingerprint(world: World): Promise<Record<string, string>> {
  const [row] = await rowsOf<Record<string, string>>(
    world,
    sql`select
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') from users t) as users,
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') from tags t) as tags,
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') from tag_inputs t) as tag_inputs,
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') from tag_responses t) as tag_responses,
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') from model_versions t) as model_versions,
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') from training_runs t) as training_runs`,
  );
  if (!row) throw new Error('fingerprint query returned nothing');
  return row;
}

/** Waits until no training run is queued or running (a 202 start changes rows for a while). */
export async function waitForIdleTraining(world: World, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy = await rowsOf<{ id: string }>(
      world,
      sql`select id from training_runs where status in ('queued', 'running')`,
    );
    if (busy.length === 0) return;
    for (const run of busy)
      await world.ctx.app.models.waitForRun(run.id, Math.max(1, deadline - Date.now()));
    if (Date.now() > deadline) throw new Error('training did not finish in time');
  }
}

/** After a genuine write: the learner and admin tokens still work (re-created if revoked). */
export async function restoreAccounts(world: World): Promise<void> {
  const works = async (token: string, role: string) => {
    const res = await client(world.ctx.app, token).get('/api/auth/me');
    return res.statusCode === 200 && body<{ role: string }>(res).data.role === role;
  };
  if (!(await works(world.learner.token, 'user'))) {
    const l = await signUp(world.ctx.app);
    world.learner = { token: l.token, id: l.user.id };
  }
  if (!(await works(world.admin.token, 'admin'))) {
    const a = await signUpAdmin(world.ctx);
    world.admin = { token: a.token, id: a.user.id };
  }
}

/**
 * Tokens of `userId` (or of nobody) that must all be refused: signed with another secret, of an
 * unknown user, `alg: none`, and a correctly signed one that expired an hour ago.
 */
export async function badTokens(userId: string) {
  const now = Math.floor(Date.now() / 1000);
  const claims = (sub: string, issuedAt = now) =>
    new SignJWT({ ver: 0 })
      .setSubject(sub)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600);
  const signed = (sub: string, secret: string, issuedAt = now) =>
    claims(sub, issuedAt)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(secret));
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return {
    wrongSecret: await signed(userId, 'another-secret-that-is-long-enough-0123456789'),
    unknownUser: await signed(randomUUID(), TEST_SECRET),
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: userId, ver: 0, iss: JWT_ISSUER, aud: JWT_AUDIENCE, iat: now, exp: now + 3600 })}.`,
    expired: await signed(userId, TEST_SECRET, now - 7200),
  };
}

/** A one-line description of a request for failure messages. */
export function describeRequest(req: {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}): string {
  const headers = JSON.stringify(req.headers ?? {}).slice(0, 300);
  const payload =
    req.payload === undefined
      ? ''
      : ` body(${req.payload.length})=${JSON.stringify(req.payload.slice(0, 300))}`;
  return `${req.method} ${req.url.slice(0, 300)} headers=${headers}${payload}`;
}

/** A refused request answers the error envelope and leaves every stored row as it was. */
export async function expectCleanRefusal(
  world: World,
  res: LightMyRequestResponse,
  before: Record<string, string>,
  label: string,
): Promise<void> {
  expect(envelopeProblem(res), label).toBeNull();
  expect(
    await fingerprint(world),
    `a refused request (${res.statusCode}) changed data: ${label}`,
  ).toEqual(before);
}

/** Null when `res` is a well-formed error envelope whose code is the HTTP status; else why not. */
export function envelopeProblem(res: LightMyRequestResponse): string | null {
  let parsed: unknown;
  try {
    parsed = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 200)}`;
  }
  const env = errorEnvelope.safeParse(parsed);
  if (!env.success) return `not the error envelope: ${res.body.slice(0, 200)}`;
  if (env.data.code !== res.statusCode)
    return `envelope code ${env.data.code} != status ${res.statusCode}`;
  if (/at \w+ \(|\bselect\b.*\bfrom\b|syntax error|violates|node_modules/i.test(res.body)) {
    return `leaks internals: ${res.body.slice(0, 200)}`;
  }
  return null;
}
