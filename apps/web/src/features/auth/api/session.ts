import type { ChangePasswordBody, LoginBody } from '@dwitunggal/contracts/auth';
import { toApiFailure } from '@/lib/api-error';
import { deviceDataKeys, personalDataKeys, storageKeys } from '@/config/storage-keys';
import { useAuthStore } from '../stores/auth-store';
import {
  fetchProfile,
  requestAccountDeletion,
  requestLogin,
  requestLogout,
  requestPasswordChange,
} from './auth-api';

/**
 * What else a session's start and end mean (the learner's data kept on the server): the app
 * registers it (src/app composes the features), and it is loaded on demand there.
 */
export type SessionHooks = {
  /** Sign-in, or a stored session confirmed at start. */
  confirmed(userId: string): Promise<void>;
  /** Before the token is revoked at logout. */
  beforeSignOut(userId: string): Promise<void>;
  /** The account was deleted. */
  deleted(userId: string): Promise<void>;
  /** The browser is back online with this account signed in. */
  online(userId: string): Promise<void>;
};

let hooks: SessionHooks | null = null;

export function setSessionHooks(next: SessionHooks | null): void {
  hooks = next;
}

/** Runs one hook; its failure (chunk offline, storage) changes nothing for the session. */
export function runSessionHook(name: keyof SessionHooks, userId: string): Promise<void> {
  return Promise.resolve()
    .then(() => hooks?.[name](userId))
    .catch(() => undefined);
}

/** Spec section 8: the login error catalogue (verbatim). */
export const loginMessages = {
  invalidCredentials: 'Invalid email or password',
  generic: 'An error occurred. Please try again later.',
  noToken: 'Login failed. Please try again.',
  profile: 'Failed to retrieve user information. Please try again.',
} as const;

/** A login failure with the message to show and, for 429, how long to wait. */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

/**
 * Login (spec section 4): request a token, store it (bearer header set), fetch the profile, then
 * mark the session authenticated. If the profile cannot be fetched, everything is cleared.
 */
export async function signIn(credentials: LoginBody): Promise<void> {
  let token: string | null;
  try {
    token = await requestLogin(credentials);
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status === 401) throw new LoginError(loginMessages.invalidCredentials);
    throw new LoginError(
      failure.message ?? loginMessages.generic,
      failure.status === 429 ? failure.retryAfter : null,
    );
  }
  if (!token) throw new LoginError(loginMessages.noToken);

  const store = useAuthStore.getState();
  store.setToken(token);
  try {
    const user = await fetchProfile();
    // Data left on this device by no known account, or by another one, is not this user's.
    claimDeviceData(user.id, { adoptUnowned: false });
    useAuthStore.getState().setUser(user);
    void runSessionHook('confirmed', user.id);
  } catch {
    useAuthStore.getState().clearAuth();
    throw new LoginError(loginMessages.profile);
  }
}

function removeKeys(keys: readonly string[]): void {
  for (const key of keys) {
    try {
      if (localStorage.getItem(key) === null) continue;
      localStorage.removeItem(key);
    } catch {
      continue; // Storage unavailable (private mode): nothing to remove.
    }
    // What shows these values in this tab re-reads them (other tabs get the browser's event).
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: null }));
  }
}

/** Removes the account's personal data kept on this device (chat history, achievements). */
export function clearPersonalData(): void {
  removeKeys([...personalDataKeys, storageKeys.deviceOwner]);
}

/**
 * Records that the device's chat data belongs to `userId`, first removing what another account
 * left (a session that ended without the logout button: token expiry, another sign-in on a
 * shared computer). Data with no recorded owner is removed too, except when `adoptUnowned`: a
 * persisted session confirmed at start keeps the data it wrote before owners were recorded.
 */
export function claimDeviceData(userId: string, opts: { adoptUnowned: boolean }): void {
  let owner: string | null;
  try {
    owner = localStorage.getItem(storageKeys.deviceOwner);
  } catch {
    return; // storage unavailable: nothing is kept on this device
  }
  if (owner === userId) return;
  if (owner !== null || !opts.adoptUnowned) removeKeys(deviceDataKeys);
  try {
    localStorage.setItem(storageKeys.deviceOwner, userId);
  } catch {
    // Quota or blocked storage: the data is removed, the owner is recorded next time.
  }
}

/**
 * Ends the session: a step of this account's before the server call (logout sends what the
 * device still holds) or after it (deletion drops it), the call (its failure is ignored: spec
 * section 4), then everything local is cleared.
 */
async function endSession(
  call: () => Promise<unknown>,
  hooks: { before?: keyof SessionHooks; after?: keyof SessionHooks },
): Promise<void> {
  const userId = useAuthStore.getState().user?.id;
  if (userId && hooks.before) await runSessionHook(hooks.before, userId);
  try {
    await call();
  } catch {
    // The local session ends regardless.
  }
  if (userId && hooks.after) await runSessionHook(hooks.after, userId);
  useAuthStore.getState().clearAuth();
  clearPersonalData();
}

/** Logout: what the device holds for this account is sent first (kept for its next sign-in). */
export const signOut = () => endSession(requestLogout, { before: 'beforeSignOut' });

/** Delete account: the call, then clear everything, even if the call failed (spec section 4). */
export const deleteAccount = () => endSession(requestAccountDeletion, { after: 'deleted' });

/**
 * Password change: on success the server has ended every other session and this one continues
 * with the fresh token it returned (the old token no longer works). Errors are the API's.
 */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  const token = await requestPasswordChange(body);
  if (token) useAuthStore.getState().setToken(token);
}

let pending: { token: string; promise: Promise<void> } | null = null;

/**
 * Validates a persisted token against /auth/me (spec section 4). An error answer from the server
 * (401 and others) clears everything. With no answer at all (offline), the stored session is
 * kept so that the installed app still opens offline; it is validated again when the browser
 * comes back online.
 */
export function validateSession(): Promise<void> {
  const { token } = useAuthStore.getState();
  if (!token) {
    useAuthStore.getState().setLoading(false);
    return Promise.resolve();
  }
  if (pending?.token === token) return pending.promise;

  useAuthStore.getState().setLoading(true);
  const promise = fetchProfile()
    .then((user) => {
      if (useAuthStore.getState().token !== token) return;
      claimDeviceData(user.id, { adoptUnowned: true });
      useAuthStore.getState().setUser(user);
      void runSessionHook('confirmed', user.id);
    })
    .catch((error: unknown) => {
      if (useAuthStore.getState().token !== token) return;
      const failure = toApiFailure(error);
      if (failure.status === null && useAuthStore.getState().user && !navigator.onLine) {
        useAuthStore.getState().setLoading(false);
        return;
      }
      useAuthStore.getState().clearAuth();
    })
    .finally(() => {
      if (pending?.promise === promise) pending = null;
    });
  pending = { token, promise };
  return promise;
}
