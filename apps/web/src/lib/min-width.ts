import { useSyncExternalStore } from 'react';

type MinWidth = { matches(): boolean; subscribe(onChange: () => void): () => void };

const stores = new Map<number, MinWidth>();

/**
 * Whether the viewport is at least `px` wide, as a store. A media query answers without a
 * layout (reading `window.innerWidth` while the screen is being built forces one) and notifies
 * only when the breakpoint is crossed. Where matchMedia is missing (jsdom), the window width is
 * read, on resize.
 */
export function minWidth(px: number): MinWidth {
  let store = stores.get(px);
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

/** Follows `minWidth(px)`; true while prerendering or hydrating. */
export function useMinWidth(px: number): boolean {
  const store = minWidth(px);
  return useSyncExternalStore(store.subscribe, store.matches, () => true);
}
