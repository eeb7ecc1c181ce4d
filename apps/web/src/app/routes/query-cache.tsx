import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { CharacterKey } from '@dwitunggal/contracts/characters';
import { figureOfPath } from '@/config/paths';

/**
 * The one cache of server data (archive tags and quality, model versions, training runs). Its
 * defaults keep the screens' earlier behaviour: a failed request shows its error state at once
 * (no automatic retries), nothing is fetched again on focus or reconnect, requests run offline
 * too (so that the offline error shows instead of a paused spinner), and a screen that is left
 * drops its data, so that coming back shows the loading state and fresh data.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        gcTime: 0,
        networkMode: 'always',
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The app's one client. This module is loaded only by the route modules that show server data. */
export const queryClient = createQueryClient();

/**
 * Gives a screen that shows server data the query cache. Only lazy route modules use it (never
 * src/lib or src/app's own files, which are in the shell chunk every page loads), so the library
 * stays out of /login's initial JavaScript. A screen's data is dropped once it is left (gcTime
 * 0), so nothing outlives a sign-out.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * A route that serves both figures' pages of a kind (`/crudsoekarno` and `/crudhatta`, ...): it
 * renders the screen of the figure the path names, with the query cache.
 */
export function FigureQueryRoute({
  kind,
  children,
}: {
  kind: Parameters<typeof figureOfPath>[0];
  children: (figure: CharacterKey) => ReactNode;
}) {
  const figure = figureOfPath(kind, useLocation().pathname);
  return <QueryProvider>{children(figure)}</QueryProvider>;
}
