import { dropQueue, flushQueue } from './sync-queue';
import { forgetRestored, restoreLearning } from './restore';

/**
 * What the account's session start and end mean for the learner's data on this device. The app
 * registers these with the auth feature and loads this module on demand, so none of it is in
 * /login's initial JavaScript.
 */

/** How long a logout waits for the queue to be sent before leaving it for the next sign-in. */
const FLUSH_AT_LOGOUT_MS = 5000;

export const learningSessionHooks = {
  /**
   * Sign-in, or a stored session confirmed at start: send what waits, then restore the rest once
   * `settled` resolves.
   */
  confirmed: (userId: string, settled?: () => Promise<void>): Promise<void> =>
    restoreLearning(userId, settled),

  /**
   * Before the token is revoked: the queue is sent when the browser is online. What cannot be
   * sent stays under this account's key and goes at its next sign-in on this device.
   */
  async beforeSignOut(userId: string): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), FLUSH_AT_LOGOUT_MS);
    });
    try {
      const sent = await Promise.race([flushQueue(userId).catch(() => false), gaveUp]);
      if (sent) dropQueue(userId);
    } finally {
      clearTimeout(timer);
      forgetRestored();
    }
  },

  /** The account is gone (with its data on the server): nothing of it is kept to send. */
  async deleted(userId: string): Promise<void> {
    dropQueue(userId);
    forgetRestored();
  },

  /** The browser is back online: send what waits. */
  async online(userId: string): Promise<void> {
    await flushQueue(userId);
  },
};
