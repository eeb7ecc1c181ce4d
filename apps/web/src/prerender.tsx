/**
 * Build-time prerendering of the public pages (scripts/prerender.mjs): the HTML of a route as the
 * browser's first render would produce it for a signed-out visitor, so that the page shows its
 * content before any script runs; src/main.tsx then hydrates it (src/app/boot.ts).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';

/**
 * The routes prerendered at build time (public, and the same for every signed-out visitor), with
 * the module under src/app/routes that the router loads for each.
 */
export const PRERENDERED_ROUTES = [
  { path: '/', module: 'landing' },
  { path: '/login', module: 'login' },
] as const;

export type Prerendered = { path: string; title: string; html: string };

export async function prerender(path: string): Promise<Prerendered> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path}: the router answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  // React emits a route's <title> ahead of its markup; the page's <head> carries it instead.
  const titles = [...markup.matchAll(/<title>([^<]*)<\/title>/g)];
  if (titles.length !== 1) throw new Error(`${path}: expected one <title>, got ${titles.length}`);
  return { path, title: titles[0]![1]!, html: markup.replace(titles[0]![0], '') };
}
