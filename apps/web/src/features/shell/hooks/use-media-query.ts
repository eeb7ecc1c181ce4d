import { useSyncExternalStore } from 'react';

/** Spec section 9: the sidebar auto-closes under this width. */
export const DESKTOP_MIN_WIDTH = 1024;

const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;

/**
 * Whether the viewport is at least 1024 px wide: a media query, which forces no layout (where
 * matchMedia is missing, as in jsdom, the window width).
 */
export function isDesktopWidth(): boolean {
  if (typeof window.matchMedia !== 'function') return window.innerWidth >= DESKTOP_MIN_WIDTH;
  return window.matchMedia(DESKTOP_QUERY).matches;
}

/** True when the window is at least 1024 px wide; follows changes of that media query. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') {
        window.addEventListener('resize', onChange);
        return () => window.removeEventListener('resize', onChange);
      }
      const query = window.matchMedia(DESKTOP_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    isDesktopWidth,
    () => true,
  );
}
