import { minWidth, useMinWidth } from '@/lib/min-width';

/** Spec section 9: the sidebar auto-closes under this width. */
export const DESKTOP_MIN_WIDTH = 1024;

/** Whether the viewport is at least 1024 px wide (a media query: no layout is forced). */
export function isDesktopWidth(): boolean {
  return minWidth(DESKTOP_MIN_WIDTH).matches();
}

/** True when the window is at least 1024 px wide; follows changes of that media query. */
export function useIsDesktop(): boolean {
  return useMinWidth(DESKTOP_MIN_WIDTH);
}
