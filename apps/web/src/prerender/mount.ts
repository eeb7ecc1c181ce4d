import { createElement, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { takeEarlyClick } from './early-click';
import { HydrationBoundary } from './hydration';

type Router = {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
};

/** Resolves once the router has loaded the current route's lazy modules. */
function routerReady(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Mounts the app. A page prerendered at build time (build/prerender-pages.ts: #root carries
 * data-prerendered with its path, and data-session 'required' on a signed-in screen) is
 * hydrated, keeping the DOM already on screen, once its route modules are loaded, so that the
 * first client render matches the markup. A public page is hydrated only without a stored
 * session, a signed-in screen only with one; otherwise, or on any other path (the service
 * worker's shell, a redirect), the app renders from scratch. Answers the React root.
 */
export async function mount(container: HTMLElement, router: Router, app: ReactNode): Promise<Root> {
  const prerendered = container.dataset.prerendered;
  const forSession = container.dataset.session === 'required';
  const hasSession = !!useAuthStore.getState().token;
  if (prerendered && prerendered === window.location.pathname && forSession === hasSession) {
    await routerReady(router);
    // As a transition, hydration yields to the browser between components (a default-priority
    // hydration would run as one long task); the page is already on screen meanwhile.
    // A button the visitor clicked meanwhile is clicked again once hydrated (early-click.ts).
    const replay = takeEarlyClick();
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(container, createElement(HydrationBoundary, { replay, children: app }));
    });
    return root!;
  }
  // Rendered from scratch: the page's nodes, and any button clicked on them, are replaced.
  takeEarlyClick();
  const root = createRoot(container);
  root.render(app);
  return root;
}
