import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { storageKeys } from '@/config/storage-keys';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useUiStore } from '@/features/shell/stores/ui-store';
import { admin, learner, tokens } from './server';

type Options = {
  /** Earlier history entries, before `path`. */
  history?: string[];
  /** A persisted session, as a previous visit would have left in localStorage. */
  session?: 'learner' | 'admin' | { token: string; user?: typeof learner | null };
  /** A persisted sidebar state. */
  sidebarOpen?: boolean;
  /** Window width in px (the layout switches at 1024). */
  width?: number;
};

/**
 * Renders the whole app (real routes, guards, stores, API client) at `path`, starting the way a
 * page load does: from what localStorage holds.
 */
export async function renderApp(path: string, options: Options = {}) {
  if (options.width) window.innerWidth = options.width;
  if (options.session) {
    const s =
      options.session === 'learner'
        ? { token: tokens.learner, user: learner }
        : options.session === 'admin'
          ? { token: tokens.admin, user: admin }
          : options.session;
    localStorage.setItem(
      storageKeys.auth,
      JSON.stringify({
        state: { token: s.token, user: s.user ?? null, isAuthenticated: true },
        version: 1,
      }),
    );
  }
  if (options.sidebarOpen !== undefined) {
    localStorage.setItem(
      storageKeys.ui,
      JSON.stringify({ state: { sidebarOpen: options.sidebarOpen }, version: 1 }),
    );
  }
  await useAuthStore.persist.rehydrate();
  await useUiStore.persist.rehydrate();

  const history = [...(options.history ?? []), path];
  const router = createMemoryRouter(routes, {
    initialEntries: history,
    initialIndex: history.length - 1,
  });
  const user = userEvent.setup();
  const utils = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, user };
}

/** The persisted auth state, as the next page load would read it. */
export function storedAuth(): {
  token: string | null;
  user: unknown;
  isAuthenticated: boolean;
} | null {
  const raw = localStorage.getItem(storageKeys.auth);
  return raw ? (JSON.parse(raw) as { state: never }).state : null;
}
