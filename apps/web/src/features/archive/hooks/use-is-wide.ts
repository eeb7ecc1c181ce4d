import { useSyncExternalStore } from 'react';

/** From this width the tags are a table; below it (phones) they are cards. */
export const TABLE_MIN_WIDTH = 768;

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** True when the window is at least 768 px wide; follows resizes and rotations. */
export function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth >= TABLE_MIN_WIDTH,
    () => true,
  );
}
