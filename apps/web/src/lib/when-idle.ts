/** Runs `task` once the browser is idle after the current paint (fallback: a short timeout). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/** How long after the load event background prefetches wait (see `afterPageSettles`). */
export const PAGE_SETTLE_MS = 3000;

/**
 * Resolves once the page has loaded, `quietMs` more have passed and the browser is idle: for
 * background prefetches that no screen waits on, so that they never compete with the page's
 * first render and first taps on a slow phone.
 */
export function afterPageSettles(quietMs = PAGE_SETTLE_MS): Promise<void> {
  return new Promise((resolve) => {
    // The page may be gone when the timer fires (a test's DOM torn down): then nothing runs.
    const wait = () =>
      setTimeout(() => typeof window !== 'undefined' && whenIdle(resolve), quietMs);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
}

let firstSettle: Promise<void> | undefined;

/**
 * Once per page: resolves when the page has first settled (`afterPageSettles`), and at once from
 * then on. Work that a screen shows but that need not be in its first render (the server's copy
 * of a learner's history) waits for it on a freshly loaded page, and runs at once on later
 * in-app navigations.
 */
export function pageSettled(): Promise<void> {
  return (firstSettle ??= afterPageSettles());
}
