import { useEffect } from 'react';
import { onUnauthorized } from '@/lib/api-client';
import { storageKeys } from '@/config/storage-keys';
import { useAuthStore } from '../stores/auth-store';
import { runSessionHook, validateSession } from '../api/session';

/**
 * Runs once at application start: validates the persisted token, clears the session when an
 * authenticated call answers 401, follows logins/logouts made in other tabs, and re-validates
 * a session kept while offline once the browser is back online (and sends the learner's queue).
 */
export function useAuthBootstrap(): void {
  useEffect(() => {
    onUnauthorized(() => useAuthStore.getState().clearAuth());
    void validateSession();

    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.auth) return;
      void Promise.resolve(useAuthStore.persist.rehydrate()).then(() => validateSession());
    };
    const onOnline = () => {
      if (!useAuthStore.getState().token) return;
      void validateSession();
      // What was answered or reached while offline goes to the server now.
      const userId = useAuthStore.getState().user?.id;
      if (userId) void runSessionHook('online', userId);
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', onOnline);
    return () => {
      onUnauthorized(null);
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
