import type { ChangePasswordBody, LoginBody } from '@dwitunggal/contracts/auth';
import { toApiFailure } from '@/lib/api-error';
import { personalDataKeys } from '@/config/storage-keys';
import { useAuthStore } from '../stores/auth-store';
import {
  fetchProfile,
  requestAccountDeletion,
  requestLogin,
  requestLogout,
  requestPasswordChange,
} from './auth-api';

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
    useAuthStore.getState().setUser(user);
  } catch {
    useAuthStore.getState().clearAuth();
    throw new LoginError(loginMessages.profile);
  }
}

/** Removes the account's personal data kept on this device (chat history, achievements). */
export function clearPersonalData(): void {
  for (const key of personalDataKeys) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage unavailable (private mode): nothing to remove.
    }
  }
}

/** Logout: tell the server (its failure is ignored), then clear everything locally. */
export async function signOut(): Promise<void> {
  try {
    await requestLogout();
  } catch {
    // The local session ends regardless.
  }
  useAuthStore.getState().clearAuth();
  clearPersonalData();
}

/** Delete account: the call, then clear everything, even if the call failed (spec section 4). */
export async function deleteAccount(): Promise<void> {
  try {
    await requestAccountDeletion();
  } catch {
    // Spec: auth is cleared and the user leaves even if the call fails.
  }
  useAuthStore.getState().clearAuth();
  clearPersonalData();
}

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
      if (useAuthStore.getState().token === token) useAuthStore.getState().setUser(user);
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
