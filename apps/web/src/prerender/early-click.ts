/**
 * Early clicks: a tap on a prerendered page's button (a starter question, the side panel's
 * opener) before the app's script has run would otherwise do nothing. The page's boot script
 * (inline/page-boot.ts) records the last button clicked; the app takes it right before hydration
 * and clicks it again once hydrated (HydrationBoundary). Links and form fields need no help: a
 * link navigates without the app, and the fields of a prerendered form stay disabled or read-only.
 */

/** Where the boot script keeps the last button clicked before the app ran. */
const EARLY_CLICK_GLOBAL = '__dwitunggalEarlyClick';

type EarlyClick = { target: HTMLElement | null; open: boolean };
type WithEarlyClick = { [EARLY_CLICK_GLOBAL]?: EarlyClick };

/** Starts recording the last button clicked on the page (part of the page's boot script). */
export function recordEarlyClicks(): void {
  const early: EarlyClick = { target: null, open: true };
  (window as WithEarlyClick)[EARLY_CLICK_GLOBAL] = early;
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      const button = early.open && target && target.closest ? target.closest('button') : null;
      if (button) early.target = button;
    },
    true,
  );
}

/**
 * Stops recording early clicks and answers the last one's button, if any. Called right before
 * hydration starts: from then on React receives the page's events itself.
 */
export function takeEarlyClick(): HTMLElement | null {
  const early = (window as WithEarlyClick)[EARLY_CLICK_GLOBAL];
  if (!early) return null;
  early.open = false;
  const { target } = early;
  early.target = null;
  return target;
}
