import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every route of the spec (section 2). Route components are lazy so that /login and /register
 * load only what they need; the guards are small and stay in the entry chunk.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
      },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
      },
      {
        path: 'register',
        lazy: async () => ({ Component: (await import('./routes/register')).RegisterRoute }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./routes/app-layout')).AppLayoutRoute }),
            children: [
              {
                path: 'home',
                lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
              },
              {
                path: 'chatsoekarno',
                lazy: async () => ({
                  Component: (await import('./routes/chat-soekarno')).ChatSoekarnoRoute,
                }),
              },
              {
                path: 'chathatta',
                lazy: async () => ({
                  Component: (await import('./routes/chat-hatta')).ChatHattaRoute,
                }),
              },
              {
                path: 'model/soekarno',
                lazy: async () => ({
                  Component: (await import('./routes/model-soekarno')).ModelSoekarnoRoute,
                }),
              },
              {
                path: 'model/hatta',
                lazy: async () => ({
                  Component: (await import('./routes/model-hatta')).ModelHattaRoute,
                }),
              },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: 'crudsoekarno',
                    lazy: async () => ({
                      Component: (await import('./routes/archive-soekarno')).ArchiveSoekarnoRoute,
                    }),
                  },
                  {
                    path: 'crudhatta',
                    lazy: async () => ({
                      Component: (await import('./routes/archive-hatta')).ArchiveHattaRoute,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '403',
        lazy: async () => ({ Component: (await import('./routes/forbidden')).ForbiddenRoute }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
