import type { PublicUser } from '@dwitunggal/contracts/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { setAuthToken } from '@/lib/api-client';
import { storageKeys } from '@/config/storage-keys';
import { hydrateWithLiveState } from '@/prerender/hydration';

export type AuthState = {
  user: PublicUser | null;
  token: string | null;
  isAuthenticated: boolean;
  /** True while a persisted token is being validated against /auth/me. Not persisted. */
  isLoading: boolean;
  /** Stores the token (and sets the bearer header) before the profile is known. */
  setToken: (token: string) => void;
  /** Marks the session authenticated with the fetched profile. */
  setUser: (user: PublicUser) => void;
  setLoading: (isLoading: boolean) => void;
  /** Forgets everything: user, token, bearer header. */
  clearAuth: () => void;
};

type PersistedAuth = Pick<AuthState, 'user' | 'token' | 'isAuthenticated'>;

const sameUser = (a: PublicUser, b: PublicUser) =>
  (Object.keys(b) as (keyof PublicUser)[]).every((key) => Object.is(a[key], b[key])) &&
  Object.keys(a).length === Object.keys(b).length;

const signedOut = { user: null, token: null, isAuthenticated: false, isLoading: false };

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      setToken: (token) => {
        setAuthToken(token);
        set({ token });
      },
      // A fresh profile equal to the stored one keeps the stored object: nothing that shows the
      // user re-renders when the session is confirmed at start-up.
      setUser: (user) =>
        set((s) => ({
          user: s.user && sameUser(s.user, user) ? s.user : user,
          isAuthenticated: true,
          isLoading: false,
        })),
      setLoading: (isLoading) => set({ isLoading }),
      clearAuth: () => {
        setAuthToken(null);
        set(signedOut);
      },
    }),
    {
      name: storageKeys.auth,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): PersistedAuth => ({
        user: s.user,
        token: s.token,
        isAuthenticated: s.isAuthenticated,
      }),
      // A persisted token means "assume authenticated, but validate first" (spec section 4).
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<PersistedAuth>;
        const token = typeof p.token === 'string' && p.token ? p.token : null;
        return {
          ...current,
          user: token ? (p.user ?? null) : null,
          token,
          isAuthenticated: token !== null,
          isLoading: token !== null,
        };
      },
      onRehydrateStorage: () => (state) => setAuthToken(state?.token ?? null),
    },
  ),
);

hydrateWithLiveState(useAuthStore);
