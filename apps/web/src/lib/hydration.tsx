import { createContext, startTransition, use, useEffect, useState, type ReactNode } from 'react';

/** True unless the tree is a prerendered page, or its hydration (see HydrationBoundary). */
const HydratedContext = createContext(true);

/**
 * Wraps a tree that is prerendered at build time (src/prerender.tsx) or hydrated from such a page
 * (app/boot.ts). Its first render, the one that must match the prerendered markup, says "not
 * hydrated"; right after hydration it switches in a transition, so that the screen fills in the
 * visitor's data (name, stored history) in slices that leave the page responsive, rather than in
 * one synchronous re-render. A tree rendered from scratch has no boundary: it is hydrated at once.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False while a prerendered page is rendered at build time and while it is hydrated; true from
 * the render after (at once for a tree rendered from scratch). A component that shows stored or
 * per-visitor data, or depends on the window's width, renders what the prerender showed until
 * then. Also keeps prerendered controls inert until their handlers exist.
 */
export function useHydrated(): boolean {
  return use(HydratedContext);
}
