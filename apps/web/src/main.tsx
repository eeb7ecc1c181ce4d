import { StrictMode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { mount } from './app/boot';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './app/register-sw';
import './index.css';

// Its own stylesheet, requested when this bundle runs (after a prerendered page's first paint).
void import('./fonts.css');

const router = createAppRouter();

void mount(
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
