import { useSyncExternalStore } from 'react';

type MinWidth = { matches: () => boolean; subscribe: (onChange: () => void) => () => void };

const stores = new Map<number, MinWidth>();

/**
 * Whether the viewport is at least `px` wide, as a store. A media query answers without a
 * layout (reading `window.innerWidth` while the screen is being built forces one) and notifies
 * only when the breakpoint is crossed. Where matchMedia is missing (jsdom), the window width is
 * read, on resize.
 */
export function minWidth(px: number): MinWidth {
  let store = stores.get(px);
  if (!store && typeof window === 'undefined') {
    // Prerendering (Node): render as on a wide screen, like useMinWidth's hydration snapshot.
    return { matches: () => true, subscribe: () => () => {} };
  }
  if (!store) {
    const query =
      typeof window.matchMedia === 'function' ? window.matchMedia(`(min-width: ${px}px)`) : null;
    store = {
      matches: () => query?.matches ?? window.innerWidth >= px,
      subscribe: (onChange) => {
        if (query) {
          query.addEventListener('change', onChange);
          return () => query.removeEventListener('change', onChange);
        }
        window.addEventListener('resize', onChange);
        return () => window.removeEventListener('resize', onChange);
      },
    };
    stores.set(px, store);
  }
  return store;
}

/**
 * Follows `minWidth(px)`. While hydrating it already answers for the real window (a snapshot
 * that changed after hydration would force a synchronous re-render); a prerendered screen uses
 * its build-time layout until useHydrated() says otherwise. Prerendering (Node) answers true.
 */
export function useMinWidth(px: number): boolean {
  const store = minWidth(px);
  return useSyncExternalStore(store.subscribe, store.matches, store.matches);
}
