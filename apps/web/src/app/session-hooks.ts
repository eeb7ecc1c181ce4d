import { setSessionHooks } from '@/features/auth/api/session';
import { pageSettled } from '@/lib/when-idle';

/**
 * The auth feature's session events drive the learner's data kept on the server (the chat
 * feature's history and achievements sync), loaded on demand: /login's initial JavaScript
 * carries none of it.
 */
const learning = () =>
  import('@/features/chat/learning/session').then((m) => m.learningSessionHooks);

/**
 * `settled`: what the restore after a confirmed session waits for (by default until the page has
 * loaded and gone quiet: a prefetch no screen waits on; tests restore at once).
 */
export function registerSessionHooks(settled: () => Promise<void> = pageSettled): void {
  setSessionHooks({
    confirmed: (userId) => learning().then((h) => h.confirmed(userId, settled)),
    beforeSignOut: (userId) => learning().then((h) => h.beforeSignOut(userId)),
    deleted: (userId) => learning().then((h) => h.deleted(userId)),
    online: (userId) => learning().then((h) => h.online(userId)),
  });
}
