import { useSyncExternalStore } from 'react';

/** From this width the side panel is a column beside the chat; below it, a drawer. */
export const PANEL_COLUMN_MIN_WIDTH = 1280;

/**
 * A media query answers without a layout (reading `window.innerWidth` while the screen is being
 * built forces one) and notifies only when the breakpoint is crossed. Where matchMedia is
 * missing (jsdom), the window width is read on resize instead.
 */
let query: MediaQueryList | null | undefined;

function wideQuery(): MediaQueryList | null {
  if (query === undefined) {
    query =
      typeof window.matchMedia === 'function'
        ? window.matchMedia(`(min-width: ${PANEL_COLUMN_MIN_WIDTH}px)`)
        : null;
  }
  return query;
}

const isWide = () => wideQuery()?.matches ?? window.innerWidth >= PANEL_COLUMN_MIN_WIDTH;

function subscribe(onChange: () => void): () => void {
  const q = wideQuery();
  if (q) {
    q.addEventListener('change', onChange);
    return () => q.removeEventListener('change', onChange);
  }
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
