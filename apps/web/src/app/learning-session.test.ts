import type { TurnInput } from '@dwitunggal/contracts/learning';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { setSessionHooks, signIn, signOut } from '@/features/auth/api/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { restoreOnOpen } from '@/features/chat/learning/restore';
import { enqueueTurns, queuedEntries } from '@/features/chat/learning/sync-queue';
import { chatHistory } from '@/features/chat/stores/chat-history';
import { learningApi } from '@/features/chat/learning/testing/learning-api';
import { admin, learner, server, success, tokens } from '@/testing/server';
import { registerSessionHooks } from './session-hooks';

/** The learner's queue across sign-in and logout (the auth and chat features composed). */
const turns = (n: number): TurnInput[] =>
  Array.from({ length: n }, (_, i) => ({
    clientId: `t-${i}`,
    role: 'user',
    text: `pesan ${i}`,
    model: 'tfjs',
  }));

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  // The restore after sign-in runs at once here; its wait for a settled page is tested below.
  registerSessionHooks(() => Promise.resolve());
  server.use(
    http.post('*/api/auth/login', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      return success({ token: email === learner.email ? tokens.learner : tokens.admin });
    }),
  );
});
afterEach(() => setSessionHooks(null));

describe('the queue across accounts on one device', () => {
  it('keeps an unsent queue for its account at logout and sends it at that account’s next login only', async () => {
    await signIn({ email: learner.email, password: 'rahasia123' });
    expect(useAuthStore.getState().user?.id).toBe(learner.id);
    online = false;
    enqueueTurns(learner.id, 'soekarno', turns(2));
    await signOut();
    // The chat history is gone from the device, the queue is kept under the learner's key.
    expect(localStorage.getItem(storageKeys.syncQueue(learner.id))).not.toBeNull();

    // Another account signs in here: the learner's turns are never sent with its session.
    online = true;
    await signIn({ email: admin.email, password: 'rahasia123' });
    await vi.waitFor(() => expect(learningApi.state.calls).toContain('GET /api/achievements'));
    expect(learningApi.turnsFor(admin.id, 'soekarno')).toEqual([]);
    expect(learningApi.turnsFor(learner.id, 'soekarno')).toEqual([]);
    expect(queuedEntries(learner.id)).toHaveLength(2);
    await signOut();

    await signIn({ email: learner.email, password: 'rahasia123' });
    await vi.waitFor(() => expect(learningApi.turnsFor(learner.id, 'soekarno')).toHaveLength(2));
    // The server has them; the device drops them once it has read the answer.
    await vi.waitFor(() => expect(queuedEntries(learner.id)).toEqual([]));
  });

  it('sends the queue before logging out when online', async () => {
    await signIn({ email: learner.email, password: 'rahasia123' });
    online = false;
    enqueueTurns(learner.id, 'hatta', turns(3));
    online = true;
    await signOut();
    expect(learningApi.turnsFor(learner.id, 'hatta')).toHaveLength(3);
    expect(localStorage.getItem(storageKeys.syncQueue(learner.id))).toBeNull();
  });
});

describe('the restore after a confirmed session', () => {
  it('waits until the page has settled, and a sign-out in between cancels it', async () => {
    let settle = () => {};
    registerSessionHooks(() => new Promise<void>((resolve) => (settle = resolve)));
    await signIn({ email: learner.email, password: 'rahasia123' });
    // Nothing fetched before the page has settled: no screen waits on this prefetch.
    await new Promise((r) => setTimeout(r, 0));
    expect(learningApi.state.calls).not.toContain('GET /api/achievements');
    settle();
    await vi.waitFor(() => expect(learningApi.state.calls).toContain('GET /api/achievements'));

    await signOut();
    learningApi.state.calls.length = 0;
    await signIn({ email: learner.email, password: 'rahasia123' });
    await signOut();
    settle();
    await new Promise((r) => setTimeout(r, 0));
    expect(learningApi.state.calls).not.toContain('GET /api/achievements');
  });
});

describe('the restore when an empty chat is opened', () => {
  it('waits until the page has settled, does not fetch twice beside the session restore, and a sign-out cancels it', async () => {
    // One page-settled moment that every waiting restore shares, as in the app.
    let settle = () => {};
    let gate = Promise.resolve();
    const newPage = () => {
      gate = new Promise<void>((resolve) => (settle = resolve));
    };
    const settled = () => gate;
    newPage();
    registerSessionHooks(settled);
    learningApi.storeExchange(learner.id, 'hatta', [
      'Kapan Bapak lahir?',
      'Saya lahir tahun 1902.',
    ]);
    await signIn({ email: learner.email, password: 'rahasia123' });
    void restoreOnOpen(learner.id, 'hatta', settled);
    await new Promise((r) => setTimeout(r, 0));
    // Nothing fetched before the page has settled: the chat's first render does not wait on it.
    expect(learningApi.state.calls).not.toContain('GET /api/conversations/hatta');
    settle();
    await vi.waitFor(() => expect(chatHistory('hatta').get()).toHaveLength(2));
    // The opened chat's figure is fetched once, not again by the restore after sign-in.
    const fetched = learningApi.state.calls.filter((c) => c === 'GET /api/conversations/hatta');
    expect(fetched).toHaveLength(1);

    await signOut();
    chatHistory('hatta').set([]);
    learningApi.state.calls.length = 0;
    newPage();
    await signIn({ email: learner.email, password: 'rahasia123' });
    void restoreOnOpen(learner.id, 'hatta', settled);
    await signOut();
    settle();
    await new Promise((r) => setTimeout(r, 0));
    expect(learningApi.state.calls).not.toContain('GET /api/conversations/hatta');
  });
});
