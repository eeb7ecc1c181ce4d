import { setSessionHooks } from '@/features/auth/api/session';

/**
 * The auth feature's session events drive the learner's data kept on the server (the chat
 * feature's history and achievements sync), loaded on demand: /login's initial JavaScript
 * carries none of it.
 */
const learning = () =>
  import('@/features/chat/learning/session').then((m) => m.learningSessionHooks);

export function registerSessionHooks(): void {
  setSessionHooks({
    confirmed: (userId) => learning().then((h) => h.confirmed(userId)),
    beforeSignOut: (userId) => learning().then((h) => h.beforeSignOut(userId)),
    deleted: (userId) => learning().then((h) => h.deleted(userId)),
    online: (userId) => learning().then((h) => h.online(userId)),
  });
}
