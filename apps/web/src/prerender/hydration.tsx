import {
  createContext,
  startTransition,
  use,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** True unless the tree is a prerendered page, or its hydration (see HydrationBoundary). */
const HydratedContext = createContext(true);

/**
 * Wraps a tree that is prerendered at build time (render.tsx) or hydrated from such a page
 * (mount.ts). Its first render, the one that must match the prerendered markup, says "not
 * hydrated"; right after hydration it switches in a transition, so that the screen fills in the
 * visitor's data (name, stored history) in slices that leave the page responsive, rather than in
 * one synchronous re-render. A tree rendered from scratch has no boundary: it is hydrated at once.
 */
export function HydrationBoundary({
  children,
  replay = null,
}: {
  children: ReactNode;
  /** A button clicked before the app ran (early-click.ts): clicked again once hydrated. */
  replay?: HTMLElement | null;
}) {
  const [hydrated, setHydrated] = useState(false);
  const pending = useRef(replay);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  // After the render that filled in the visitor's data, so the handler sees the hydrated screen.
  useEffect(() => {
    const target = pending.current;
    if (!hydrated || !target) return;
    pending.current = null;
    if (target.isConnected) target.click();
  }, [hydrated]);
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

/**
 * Makes a persisted zustand store hand React its live state as the snapshot to hydrate with.
 * zustand uses getInitialState() there, which persist makes the state before storage was read;
 * a snapshot that changed right after hydration would force a synchronous re-render of every
 * subscriber. A prerendered page hides stored data with useHydrated() instead.
 */
export function hydrateWithLiveState<T>(store: { getState: () => T; getInitialState: () => T }) {
  store.getInitialState = store.getState;
}
