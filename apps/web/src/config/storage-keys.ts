import type { CharacterKey } from '@dwitunggal/contracts/characters';

// Type-only import: the contracts module's runtime pulls in zod, which must stay out of the
// entry chunk (initial-JS budget of /login).
const CHARACTER_KEYS = ['soekarno', 'hatta'] as const satisfies readonly CharacterKey[];

/** localStorage keys of the app (spec section 3). */
export const storageKeys = {
  auth: 'auth-storage',
  ui: 'ui-storage',
  chat: (key: CharacterKey) => `chat-${key}`,
  achievement: (key: CharacterKey) => `achievement-${key}`,
  /** The id of the account whose data the keys below hold on this device. */
  deviceOwner: 'dw-device-owner',
  /**
   * What one account still has to send to the server (turns, achievements, clears): keyed by
   * the account, so that it is only ever sent with that account's session, and kept at logout
   * when it could not be sent.
   */
  syncQueue: (userId: string) => `dw-sync-queue-${userId}`,
} as const;

/** The personal, per-account data kept on the device: removed on logout and account deletion. */
export const personalDataKeys: readonly string[] = CHARACTER_KEYS.flatMap((key) => [
  storageKeys.chat(key),
  storageKeys.achievement(key),
]);

/**
 * Everything one account leaves on the device: its personal data and its model choices
 * (selectedModelSoekarno, selectedModelHatta). Removed when another account signs in here.
 */
export const deviceDataKeys: readonly string[] = [
  ...personalDataKeys,
  'selectedModelSoekarno',
  'selectedModelHatta',
];
