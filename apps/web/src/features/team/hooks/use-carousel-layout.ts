import { useSyncExternalStore } from 'react';
import { minWidth } from '@/lib/min-width';

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

/** The first breakpoint the viewport reaches (media queries: no layout is forced). */
function currentIndex(): number {
  return CAROUSEL_BREAKPOINTS.findIndex((b) => minWidth(b.minWidth).matches());
}

function subscribe(onChange: () => void): () => void {
  const unsubscribe = CAROUSEL_BREAKPOINTS.map((b) => minWidth(b.minWidth).subscribe(onChange));
  return () => unsubscribe.forEach((u) => u());
}

export function useCarouselLayout(): CarouselLayout {
  // The same snapshot while hydrating: the carousel only renders after hydration (TeamCarousel).
  const index = useSyncExternalStore(subscribe, currentIndex, currentIndex);
  const bp = CAROUSEL_BREAKPOINTS[index] ?? { perView: 1, gap: 16 };
  return { perView: bp.perView, gap: bp.gap };
}
