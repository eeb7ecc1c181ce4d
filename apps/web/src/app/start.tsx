import { StrictMode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { mount } from '@/prerender/mount';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { registerServiceWorker } from './register-sw';

/** Creates the router and mounts the app into #root; registers the service worker after load. */
export async function start(): Promise<void> {
  const router = createAppRouter();
  await mount(
    document.getElementById('root')!,
    router,
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  // After first paint: the worker and workbox-window stay off the critical path.
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
