/**
 * Build-time prerendering (build/prerender-pages.ts): the HTML of a route as React's hydration
 * render produces it, so that the page shows its content before any script runs; src/main.tsx
 * then hydrates it (mount.ts). Public pages are rendered for a signed-out visitor; the
 * signed-in screens without any visitor's data (no name, no stored history, the default model),
 * which their components render once hydrated (hydration.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { storageKeys } from '@/config/storage-keys';
import { HydrationBoundary } from './hydration';

/**
 * The routes prerendered at build time, and who the page is for: 'none', a page for signed-out
 * visitors (hydrated only without a stored session); 'required', a signed-in screen (hydrated
 * only with one; the page's boot script sends a visitor without one to /login before it paints).
 * `history`: the storage key of a chat's messages, which the prerender cannot show (the page's
 * boot script marks <html> when some are stored, so that the empty state stays hidden).
 * A route listed here must render the same for every visitor until hydrated.
 */
export const PRERENDERED_ROUTES = [
  { path: '/', session: 'none' },
  { path: '/login', session: 'none' },
  { path: '/home', session: 'required' },
  { path: '/chatsoekarno', session: 'required', history: storageKeys.chat('soekarno') },
  { path: '/chathatta', session: 'required', history: storageKeys.chat('hatta') },
] as const;

/** Where the auth store keeps the session (a zustand persist envelope: { state: { token } }). */
export const AUTH_STORAGE_KEY = storageKeys.auth;

export type Prerendered = { path: string; title: string; html: string };

export async function prerender(path: string): Promise<Prerendered> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path}: the router answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <HydrationBoundary>
      <StrictMode>
        <AppProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>
    </HydrationBoundary>,
  );
  // React emits a route's <title> ahead of its markup; the page's <head> carries it instead.
  const titles = [...markup.matchAll(/<title>([^<]*)<\/title>/g)];
  if (titles.length !== 1) throw new Error(`${path}: expected one <title>, got ${titles.length}`);
  return { path, title: titles[0]![1]!, html: markup.replace(titles[0]![0], '') };
}
