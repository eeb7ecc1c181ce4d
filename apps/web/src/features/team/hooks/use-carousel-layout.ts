import { useSyncExternalStore } from 'react';

/**
 * Spec section 9: slides per view 1 by default, 2 from 640 px and 768 px, 3 from 1024 px,
 * 4 from 1280 px; spacing 16/16/20/24/24 px.
 */
export const CAROUSEL_BREAKPOINTS = [
  { minWidth: 1280, perView: 4, gap: 24 },
  { minWidth: 1024, perView: 3, gap: 24 },
  { minWidth: 768, perView: 2, gap: 20 },
  { minWidth: 640, perView: 2, gap: 16 },
  { minWidth: 0, perView: 1, gap: 16 },
] as const;

export type CarouselLayout = { perView: number; gap: number };

/**
 * One media query per breakpoint. Media queries answer without a layout, whereas reading
 * `window.innerWidth` while the page is being built forces one (a forced reflow on the
 * critical path); they also notify only when a breakpoint is crossed, not on every resize
 * event. Where matchMedia is missing (jsdom), the window width is read instead.
 */
let queries: MediaQueryList[] | null | undefined;

function mediaQueries(): MediaQueryList[] | null {
  if (queries === undefined) {
    queries =
      typeof window.matchMedia === 'function'
        ? CAROUSEL_BREAKPOINTS.map((b) => window.matchMedia(`(min-width: ${b.minWidth}px)`))
        : null;
  }
  return queries;
}

function currentIndex(): number {
  const list = mediaQueries();
  if (list) return list.findIndex((q) => q.matches);
  const width = window.innerWidth;
  return CAROUSEL_BREAKPOINTS.findIndex((b) => width >= b.minWidth);
}

function subscribe(onChange: () => void): () => void {
  const list = mediaQueries();
  if (!list) {
    window.addEventListener('resize', onChange);
    return () => window.removeEventListener('resize', onChange);
  }
  for (const q of list) q.addEventListener('change', onChange);
  return () => {
    for (const q of list) q.removeEventListener('change', onChange);
  };
}

export function useCarouselLayout(): CarouselLayout {
  const index = useSyncExternalStore(
    subscribe,
    currentIndex,
    () => CAROUSEL_BREAKPOINTS.length - 1,
  );
  const bp = CAROUSEL_BREAKPOINTS[index] ?? { perView: 1, gap: 16 };
  return { perView: bp.perView, gap: bp.gap };
}
