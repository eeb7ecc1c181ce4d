import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ROUTE_TABLE, routeComponentName, type RouteEntry, type RouteGuard } from './route-table';

/** The route modules, each loaded on first use: /login and /register load only what they need. */
const routeModules = import.meta.glob<Record<string, ComponentType | undefined>>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
]);

/** The guards are small and stay in the entry chunk. */
const guards: Record<RouteGuard, ReactNode> = {
  'signed-in': <RequireAuth />,
  admin: <RequireAdmin />,
};

/** Loads a route module and answers its component (route-table.ts names it). */
async function loadRoute(module: string): Promise<{ Component: ComponentType }> {
  const load = routeModules[`./routes/${module}.tsx`];
  const Component = load && (await load())[routeComponentName(module)];
  if (!Component)
    throw new Error(`src/app/routes/${module}.tsx has no ${routeComponentName(module)}`);
  return { Component };
}

function toRoute({ index, path, module, guard, children }: RouteEntry): RouteObject {
  const lazy = module ? { lazy: () => loadRoute(module) } : {};
  if (index) return { index: true, ...lazy };
  return {
    ...(path ? { path } : {}),
    ...(guard ? { element: guards[guard] } : {}),
    ...lazy,
    ...(children ? { children: children.map(toRoute) } : {}),
  };
}

/** Every route of the spec (section 2), as route-table.ts lists them. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: ROUTE_TABLE.map(toRoute),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
