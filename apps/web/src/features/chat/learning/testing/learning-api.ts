import { ACHIEVEMENT_DENOMINATOR, TURNS_PER_SYNC_MAX } from '@dwitunggal/contracts/learning';
import type { StoredTurn, TurnInput } from '@dwitunggal/contracts/learning';
import { http, HttpResponse } from 'msw';
import { failure, learner, admin, success, tokens } from '@/testing/server';

type Figure = 'soekarno' | 'hatta';

/**
 * A fake of the server's learning API for web tests (the network is the only fake): history per
 * account and figure, idempotent on client ids, achievements as a union, feedback on stored
 * figure turns, settings and export. `online = false` answers every call with a network error.
 */
export function createLearningApi() {
  const state = {
    online: true,
    turns: new Map<string, StoredTurn[]>(),
    tags: new Map<string, Set<string>>(),
    feedback: [] as { userId: string; body: Record<string, unknown> }[],
    contribute: new Map<string, boolean>(),
    /** Requests that reached the fake, as "METHOD path". */
    calls: [] as string[],
    nextId: 1,
  };

  const userOf = (request: Request): string | null => {
    const auth = request.headers.get('authorization');
    if (auth === `Bearer ${tokens.learner}`) return learner.id;
    if (auth === `Bearer ${tokens.admin}`) return admin.id;
    return null;
  };
  const turnsOf = (userId: string, figure: string) => {
    const key = `${userId}:${figure}`;
    let list = state.turns.get(key);
    if (!list) state.turns.set(key, (list = []));
    return list;
  };
  const tagsOf = (userId: string, figure: string) => {
    const key = `${userId}:${figure}`;
    let set = state.tags.get(key);
    if (!set) state.tags.set(key, (set = new Set()));
    return set;
  };
  const progress = (userId: string, figure: string) => {
    const tags = [...tagsOf(userId, figure)];
    const percent = Math.min(100, Math.floor((tags.length / ACHIEVEMENT_DENOMINATOR) * 100));
    return { tags, count: tags.length, denominator: ACHIEVEMENT_DENOMINATOR, percent };
  };

  /** Wraps a handler: offline, unauthenticated, and the call log. */
  const route =
    (
      handle: (
        userId: string,
        request: Request,
        params: Record<string, string>,
      ) => Promise<Response> | Response,
    ) =>
    ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      if (!state.online) return HttpResponse.error();
      const userId = userOf(request);
      if (!userId) return failure(401, 'Unauthorized');
      state.calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return handle(userId, request, params as Record<string, string>);
    };

  const store = (userId: string, figure: string, turn: TurnInput): StoredTurn => {
    const list = turnsOf(userId, figure);
    const known = list.find((t) => t.clientId === turn.clientId);
    if (known) return known;
    const stored: StoredTurn = {
      id: state.nextId++,
      clientId: turn.clientId,
      role: turn.role,
      text: turn.text,
      model: turn.model,
      meta: turn.meta ?? {},
      createdAt: turn.createdAt ?? new Date().toISOString(),
    };
    list.push(stored);
    return stored;
  };

  const handlers = [
    http.get(
      '*/api/conversations/:figure',
      route((userId, request, { figure }) => {
        const limit = Number(new URL(request.url).searchParams.get('limit') ?? 50);
        const turns = [...turnsOf(userId, figure as string)]
          .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
          .slice(0, limit);
        return success({ turns, nextBefore: null });
      }),
    ),
    http.post(
      '*/api/conversations/:figure/turns',
      route(async (userId, request, { figure }) => {
        const { turns } = (await request.json()) as { turns: TurnInput[] };
        if (!Array.isArray(turns) || turns.length === 0 || turns.length > TURNS_PER_SYNC_MAX)
          return failure(400, 'Validation failed');
        const before = turnsOf(userId, figure as string).length;
        const stored = turns.map((t) => ({
          clientId: t.clientId,
          id: store(userId, figure as string, t).id,
        }));
        return success({ stored, inserted: turnsOf(userId, figure as string).length - before });
      }),
    ),
    http.delete(
      '*/api/conversations/:figure',
      route((userId, _request, { figure }) => {
        const list = turnsOf(userId, figure as string);
        const deleted = list.length;
        list.length = 0;
        return success({ deleted });
      }),
    ),
    http.get(
      '*/api/achievements',
      route((userId) =>
        success({ soekarno: progress(userId, 'soekarno'), hatta: progress(userId, 'hatta') }),
      ),
    ),
    http.post(
      '*/api/achievements/:figure',
      route(async (userId, request, { figure }) => {
        const { tags } = (await request.json()) as { tags: string[] };
        for (const tag of tags) tagsOf(userId, figure as string).add(tag);
        return success(progress(userId, figure as string));
      }),
    ),
    http.post(
      '*/api/feedback',
      route(async (userId, request) => {
        const body = (await request.json()) as Record<string, unknown>;
        const turn = turnsOf(userId, String(body.character)).find(
          (t) => t.clientId === body.messageId && t.role === 'figure',
        );
        if (!turn) return failure(404, 'Pesan tidak ditemukan');
        state.feedback.push({ userId, body });
        const now = new Date().toISOString();
        return success({
          character: body.character,
          messageId: body.messageId,
          rating: body.rating,
          reason: body.reason ?? null,
          comment: body.comment ?? null,
          question: null,
          answer: turn.text,
          createdAt: now,
          updatedAt: now,
          replaced: false,
        });
      }),
    ),
    http.get(
      '*/api/me/settings',
      route((userId) => success({ contribute: state.contribute.get(userId) ?? true })),
    ),
    http.put(
      '*/api/me/settings',
      route(async (userId, request) => {
        const body = (await request.json()) as { contribute: boolean };
        state.contribute.set(userId, body.contribute);
        return success({ contribute: body.contribute });
      }),
    ),
    http.get(
      '*/api/me/export',
      route((userId) =>
        success({
          exportedAt: '2026-11-26T08:00:00.000Z',
          user: { name: learner.name, email: learner.email, createdAt: learner.createdAt },
          settings: { contribute: state.contribute.get(userId) ?? true },
          achievements: {
            soekarno: progress(userId, 'soekarno'),
            hatta: progress(userId, 'hatta'),
          },
          conversations: { soekarno: turnsOf(userId, 'soekarno'), hatta: turnsOf(userId, 'hatta') },
          feedback: [],
        }),
      ),
    ),
  ];

  const turnsFor = (userId: string, figure: Figure) => turnsOf(userId, figure);
  /** Keeps a question and its answer on the server, as if sent from another device. */
  const storeExchange = (
    userId: string,
    figure: Figure,
    [question, answer]: [string, string],
    createdAt = '2026-11-20T08:00:00.000Z',
  ) => {
    const base = { model: 'rag' as const, meta: {}, createdAt };
    turnsOf(userId, figure).push(
      { ...base, id: 1, clientId: 'q1', role: 'user', text: question },
      { ...base, id: 2, clientId: 'a1', role: 'figure', text: answer },
    );
  };
  const reset = () => {
    state.online = true;
    state.turns.clear();
    state.tags.clear();
    state.feedback.length = 0;
    state.contribute.clear();
    state.calls.length = 0;
  };
  return { state, handlers, turnsFor, storeExchange, tagsFor: tagsOf, reset };
}

/** The fake every web test starts with (testing/setup.ts installs it and resets it). */
export const learningApi = createLearningApi();
