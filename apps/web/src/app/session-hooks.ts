import { setSessionHooks } from '@/features/auth/api/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { pageSettled } from '@/lib/when-idle';

/**
 * The auth feature's session events drive the learner's data kept on the server (the chat
 * feature's history and achievements sync), loaded on demand: /login's initial JavaScript
 * carries none of it.
 */
const learning = () =>
  import('@/features/chat/learning/session').then((m) => m.learningSessionHooks);

/**
 * `settled`: what the work after a confirmed session waits for (by default until the page has
 * loaded and gone quiet; tests go on at once). A stored session is confirmed on every signed-in
 * page load, so even loading the learning module waits: sending the queue and restoring are
 * background work that no screen waits on, and on /home the module's chunks and their
 * evaluation were a measurable share of Lighthouse's blocking time (decision 025). A session
 * that has ended by then (signed out, or another account) has nothing left to send or restore.
 */
export function registerSessionHooks(settled: () => Promise<void> = pageSettled): void {
  setSessionHooks({
    confirmed: async (userId) => {
      await settled();
      if (useAuthStore.getState().user?.id !== userId) return;
      await (await learning()).confirmed(userId);
    },
    beforeSignOut: (userId) => learning().then((h) => h.beforeSignOut(userId)),
    deleted: (userId) => learning().then((h) => h.deleted(userId)),
    online: (userId) => learning().then((h) => h.online(userId)),
  });
}
