import { useSyncExternalStore } from 'react';

/** Spec section 9: the sidebar auto-closes under this width. */
export const DESKTOP_MIN_WIDTH = 1024;

export function isDesktopWidth(): boolean {
  return window.innerWidth >= DESKTOP_MIN_WIDTH;
}

/** True when the window is at least 1024 px wide; follows resizes. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    isDesktopWidth,
    () => true,
  );
}
