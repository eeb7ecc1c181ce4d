import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, signUp, signUpAdmin } from '../helpers';
import {
  createWorld,
  describeRequest,
  expectCleanRefusal,
  fingerprint,
  refreshExisting,
  waitForIdleTraining,
  type World,
} from './support';
import { client } from '../client';

/**
 * The authorization contract (ARCHITECTURE.md section 3, spec section 6), one row per operation:
 * who may call it, and the request that succeeds for a caller who may. Every operation of the
 * OpenAPI document must have a row (a new route without one fails), and the document's own
 * `security` and documented 401/403 answers must agree with the row.
 */
type Access = 'public' | 'user' | 'admin';

interface Row {
  access: Access;
  /** The success status for a caller who may. */
  ok: number;
  /** The request for one caller: path with real ids, and a valid body. */
  request(w: World): Promise<{ url: string; body?: unknown }>;
  /** The request signs its caller out or deletes it: run it with a throw-away account. */
  revokes?: boolean;
}

const tagIdOf = async (w: World, nama: 'Soekarno' | 'Hatta') => {
  const res = await client(w.ctx.app, w.admin.token).get(`/api/chatbot/tags/nama/${nama}`);
  const first = res.json<{
    data: { id: string; tag: string; input: string[]; responses: string[] }[];
  }>().data[0];
  if (!first) throw new Error(`no tag of ${nama}`);
  return first;
};
const activeVersion = async (w: World, figure: string) => {
  const res = await client(w.ctx.app).get(`/api/models/${figure}/active`);
  return res.json<{ data: { version: number } }>().data.version;
};
/** A version of the figure that is not active; retrains (retiring the active one) if none is. */
const retiredVersion = async (w: World, figure: string): Promise<number> => {
  const list = async () => {
    const res = await client(w.ctx.app, w.admin.token).get(`/api/models/${figure}/versions`);
    return res.json<{ data: { version: number; status: string }[] }>().data;
  };
  const found = (await list()).find((v) => v.status !== 'active');
  if (found) return found.version;
  const res = await client(w.ctx.app, w.admin.token).post(`/api/etl-run-model1-${figure}`, {
    force: true,
  });
  if (res.statusCode !== 202) throw new Error(`retrain failed: ${res.body}`);
  await waitForIdleTraining(w);
  const retired = (await list()).find((v) => v.status !== 'active');
  if (!retired) throw new Error(`no retired version of ${figure}`);
  return retired.version;
};
/** A tag that exists only to be deleted. */
const disposableTag = async (w: World) => {
  const res = await client(w.ctx.app, w.admin.token).post('/api/chatbot/tags', {
    nama: 'Hatta',
    tag: `hapus_${randomBytes(3).toString('hex')}`,
    input: ['hapus saya'],
    responses: ['Baik.'],
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json<{ data: { tag: { id: string } } }>().data.tag.id;
};

let turns = 0;
const turnId = () => `authz_${(turns += 1)}_${randomBytes(3).toString('hex')}`;
/** Stores conversation turns of Hatta for the caller of `token`. */
const postTurns = async (w: World, token: string, batch: Record<string, unknown>[]) => {
  const res = await client(w.ctx.app, token).post('/api/conversations/hatta/turns', {
    turns: batch,
  });
  if (res.statusCode !== 200) throw new Error(`turns failed: ${res.body}`);
};
/**
 * A figure turn of both the learner and the admin, stored once; the id is the same for both
 * (client ids are unique per user), so whichever of them calls rates its own answer.
 */
let answerId: string | null = null;
const ownAnswer = async (w: World): Promise<string> => {
  if (answerId) return answerId;
  const id = turnId();
  for (const who of [w.learner, w.admin]) {
    await postTurns(w, who.token, [
      { clientId: turnId(), role: 'user', text: 'Apa itu koperasi?', model: 'tfjs' },
      { clientId: id, role: 'figure', text: 'Usaha bersama.', model: 'tfjs' },
    ]);
  }
  answerId = id;
  return id;
};
/** An inbox group of Hatta (a learner's question the tfjs model fell back on). */
const inboxGroup = async (w: World): Promise<number> => {
  const question = `Pertanyaan tak terjawab ${randomBytes(3).toString('hex')}`;
  await postTurns(w, w.learner.token, [
    { clientId: turnId(), role: 'user', text: question, model: 'tfjs' },
    { clientId: turnId(), role: 'figure', text: 'Maaf.', model: 'tfjs', meta: { fallback: true } },
  ]);
  const res = await client(w.ctx.app, w.admin.token).get('/api/inbox/hatta?limit=1');
  const group = res.json<{ data: { groups: { id: number }[] } }>().data.groups[0];
  if (!group) throw new Error('no inbox group');
  return group.id;
};

/** A row whose request is the same for every caller. */
const fixed = (
  access: Access,
  url: string,
  { body, ok = 200, revokes }: { body?: unknown; ok?: number; revokes?: boolean } = {},
): Row => ({ access, ok, revokes, request: async () => ({ url, body }) });

const CONTRACT: Record<string, Row> = {
  'GET /api/health': fixed('public', '/api/health'),
  'POST /api/auth/register': {
    access: 'public',
    ok: 201,
    request: async () => ({ url: '/api/auth/register', body: newUser() }),
  },
  'POST /api/auth/login': {
    access: 'public',
    ok: 200,
    request: async (w) => ({ url: '/api/auth/login', body: w.learnerCredentials }),
  },
  'GET /api/auth/me': fixed('user', '/api/auth/me'),
  'DELETE /api/auth/me': fixed('user', '/api/auth/me', { revokes: true }),
  'POST /api/auth/logout': fixed('user', '/api/auth/logout', { revokes: true }),
  // A throw-away account with the test helpers' default password; it ends the other sessions.
  'POST /api/auth/password': fixed('user', '/api/auth/password', {
    body: { currentPassword: 'Merdeka1945', newPassword: 'Pancasila1945' },
    revokes: true,
  }),
  'GET /api/chatbot/tags/nama/{nama}': fixed('user', '/api/chatbot/tags/nama/hatta'),
  'GET /api/chatbot/tags/{id}': {
    access: 'user',
    ok: 200,
    request: async (w) => ({ url: `/api/chatbot/tags/${(await tagIdOf(w, 'Soekarno')).id}` }),
  },
  'POST /api/chatbot/tags': {
    access: 'admin',
    ok: 201,
    request: async () => ({
      url: '/api/chatbot/tags',
      body: {
        nama: 'Hatta',
        tag: `baru_${randomBytes(3).toString('hex')}`,
        input: ['tanya baru'],
        responses: ['Jawab baru.'],
      },
    }),
  },
  'PUT /api/chatbot/update/{id}': {
    access: 'admin',
    ok: 200,
    request: async (w) => {
      const t = await tagIdOf(w, 'Soekarno');
      return {
        url: `/api/chatbot/update/${t.id}`,
        body: { tag: t.tag, input: [...t.input, 'satu lagi'], responses: t.responses },
      };
    },
  },
  'DELETE /api/chatbot/tags/{id}': {
    access: 'admin',
    ok: 200,
    request: async (w) => ({ url: `/api/chatbot/tags/${await disposableTag(w)}` }),
  },
  'GET /api/chatbot/export/{nama}': fixed('admin', '/api/chatbot/export/Soekarno?format=csv'),
  'POST /api/chatbot/import/{nama}': {
    access: 'admin',
    ok: 200,
    request: async () => ({
      url: '/api/chatbot/import/Hatta?dryRun=true',
      body: {
        version: 1,
        nama: 'Hatta',
        tags: [{ tag: 'impor', input: ['impor data'], responses: ['Diimpor.'] }],
      },
    }),
  },
  'GET /api/chatbot/quality/{nama}': fixed('admin', '/api/chatbot/quality/Hatta'),
  'POST /api/etl-run-model1-soekarno': fixed('admin', '/api/etl-run-model1-soekarno', {
    body: { etl_key: 'ignored' },
    ok: 202,
  }),
  'POST /api/etl-run-model1-hatta': fixed('admin', '/api/etl-run-model1-hatta', {
    body: {},
    ok: 202,
  }),
  'GET /api/training-runs/{id}': {
    access: 'admin',
    ok: 200,
    request: async (w) => ({ url: `/api/training-runs/${w.existing.id?.at(-1) ?? 'none'}` }),
  },
  'GET /api/models/{figure}/active': fixed('public', '/api/models/soekarno/active'),
  // Any signed-in user may list versions (the model page); activating one stays admin-only.
  'GET /api/models/{figure}/versions': fixed('user', '/api/models/hatta/versions'),
  'POST /api/models/{figure}/versions/{version}/activate': {
    access: 'admin',
    ok: 200,
    request: async (w) => ({
      url: `/api/models/hatta/versions/${await activeVersion(w, 'hatta')}/activate`,
    }),
  },
  'DELETE /api/models/{figure}/versions/{version}': {
    access: 'admin',
    ok: 200,
    request: async (w) => ({
      url: `/api/models/hatta/versions/${await retiredVersion(w, 'hatta')}`,
    }),
  },
  // The active version's files are public; the other versions' files need a token
  // (registry.test.ts).
  'GET /api/models/{figure}/v/{version}/{file}': {
    access: 'public',
    ok: 200,
    request: async (w) => ({
      url: `/api/models/soekarno/v/${await activeVersion(w, 'soekarno')}/weights.bin`,
    }),
  },
  'GET /api/models/{figure}/{file}': fixed('public', '/api/models/hatta/model.json'),
  'POST /api/chat': fixed('user', '/api/chat', {
    body: { karakter: 'hatta', prompt: 'Apa itu koperasi?' },
  }),
  // Learning (issue 15): a learner's own history, achievements, feedback and settings.
  'GET /api/conversations/{figure}': fixed('user', '/api/conversations/hatta?limit=5'),
  // A fresh client id per caller: a resent id would be a no-op.
  'POST /api/conversations/{figure}/turns': {
    access: 'user',
    ok: 200,
    request: async () => ({
      url: '/api/conversations/hatta/turns',
      body: { turns: [{ clientId: turnId(), role: 'user', text: 'Halo', model: 'tfjs' }] },
    }),
  },
  'DELETE /api/conversations/{figure}': fixed('user', '/api/conversations/soekarno'),
  'GET /api/achievements': fixed('user', '/api/achievements'),
  'POST /api/achievements/{figure}': fixed('user', '/api/achievements/hatta', {
    body: { tags: ['salam'] },
  }),
  // Each caller rates a figure turn of its own (a learner's and an admin's answers differ).
  'POST /api/feedback': {
    access: 'user',
    ok: 200,
    request: async (w) => ({
      url: '/api/feedback',
      body: { character: 'hatta', messageId: await ownAnswer(w), rating: 'up' },
    }),
  },
  'GET /api/me/settings': fixed('user', '/api/me/settings'),
  'PUT /api/me/settings': fixed('user', '/api/me/settings', { body: { contribute: true } }),
  'GET /api/me/export': fixed('user', '/api/me/export'),
  // The curators' inbox: admins only.
  'GET /api/inbox/{figure}': fixed('admin', '/api/inbox/hatta'),
  'GET /api/inbox/{figure}/summary': fixed('admin', '/api/inbox/hatta/summary'),
  'POST /api/inbox/{figure}/actions': {
    access: 'admin',
    ok: 200,
    request: async (w) => ({
      url: '/api/inbox/hatta/actions',
      body: { groupIds: [await inboxGroup(w)], action: 'ignore' },
    }),
  },
  'GET /api/inbox/{figure}/regression': fixed('admin', '/api/inbox/hatta/regression'),
};

type Caller =
  | 'no token'
  | 'garbage token'
  | 'wrong-secret token'
  | 'alg none token'
  | 'expired token'
  | 'learner'
  | 'admin';
const CALLERS: Caller[] = [
  'no token',
  'garbage token',
  'wrong-secret token',
  'alg none token',
  'expired token',
  'learner',
  'admin',
];

function expected(access: Access, caller: Caller, ok: number): number {
  if (access === 'public') return ok;
  if (caller === 'admin') return ok;
  if (caller === 'learner') return access === 'user' ? ok : 403;
  return 401;
}

let world: World;
let tokens: Record<Exclude<Caller, 'no token' | 'learner' | 'admin'>, string>;

beforeAll(async () => {
  world = await createWorld();
  const bad = world.badTokens;
  tokens = {
    'garbage token': 'not-a-token',
    'wrong-secret token': bad.wrongSecret,
    'alg none token': bad.algNone,
    'expired token': bad.expired,
  };
}, 120_000);
afterAll(async () => {
  await world?.ctx.close();
});

describe('authorization matrix', () => {
  it('has a row for every operation of the OpenAPI document, and the document agrees with it', () => {
    const documented = world.operations.map((o) => o.key).sort();
    expect(
      documented,
      'operations in the document without a row here, or rows without an operation',
    ).toEqual(Object.keys(CONTRACT).sort());
    for (const op of world.operations) {
      const row = CONTRACT[op.key] as Row;
      expect(op.secured, `${op.key}: security field vs access '${row.access}'`).toBe(
        row.access !== 'public',
      );
      // A guarded route documents its 401 (a public one may too: login's wrong password).
      if (row.access !== 'public')
        expect(op.responses, `${op.key}: documents 401`).toContain('401');
      expect(
        op.responses.includes('403'),
        `${op.key}: documented 403 vs access '${row.access}'`,
      ).toBe(row.access === 'admin');
      expect(
        op.responses.some((c) => Number(c) === row.ok),
        `${op.key}: documents ${row.ok}`,
      ).toBe(true);
    }
  });

  for (const [key, row] of Object.entries(CONTRACT)) {
    it(`${key}: ${row.access === 'public' ? 'anyone' : row.access === 'user' ? 'signed-in users only' : 'admins only'}`, async () => {
      const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
      for (const caller of CALLERS) {
        await refreshExisting(world);
        let authorization: string | undefined;
        if (caller === 'learner' || caller === 'admin') {
          // Requests that revoke their caller's tokens run with a throw-away account.
          const token = row.revokes
            ? (caller === 'admin' ? await signUpAdmin(world.ctx) : await signUp(world.ctx.app))
                .token
            : world[caller].token;
          authorization = `Bearer ${token}`;
        } else if (caller !== 'no token') {
          authorization = `Bearer ${tokens[caller]}`;
        }
        const { url, body } = await row.request(world);
        const headers: Record<string, string> = authorization ? { authorization } : {};
        const before = await fingerprint(world);
        const res = await client(world.ctx.app).send(method, url, body, { headers });
        const want = expected(row.access, caller, row.ok);
        const label = `${caller}: ${describeRequest({ method, url, headers })} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBe(want);
        if (want >= 400) await expectCleanRefusal(world, res, before, label);
        if (res.statusCode === 202) await waitForIdleTraining(world);
      }
    });
  }
});
