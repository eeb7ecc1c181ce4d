import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true from the
 * render after; true at once when the app renders from scratch. Lets prerendered controls stay
 * inert until their handlers exist, e.g. so that a form cannot be submitted natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
