import { recordEarlyClicks } from '../early-click';

/** What the build writes into a prerendered page's boot script (build/prerender-pages.ts). */
export type PageBootConfig = {
  /** The app's JavaScript chunks, preloaded in this order before the entry module starts. */
  files: string[];
  /** The entry module, which hydrates the page (src/main.tsx). */
  entry: string;
  /** A signed-in screen: the storage key of the session it needs (else null, a public page). */
  sessionKey: string | null;
  /** A chat: the storage key of its stored messages (else null). */
  historyKey: string | null;
};

/** Whether storage holds a session (the auth store's persist envelope with a token). */
function hasStoredSession(key: string): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as {
      state?: { token?: unknown };
    } | null;
    const token = stored?.state?.token;
    return typeof token === 'string' && token !== '';
  } catch {
    // Storage blocked or unreadable counts as no session.
    return false;
  }
}

/**
 * Marks <html> with data-stored-history when the chat at `key` holds messages: the prerendered
 * empty state then stays hidden (index.css) until the app shows them.
 */
function markStoredHistory(key: string): void {
  try {
    const history: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (Array.isArray(history) && history.length) {
      document.documentElement.setAttribute('data-stored-history', '');
    }
  } catch {
    // Nothing readable is stored: the empty state is right.
  }
}

/**
 * The inline boot script of a prerendered page. The content is in the HTML, so nothing of the app
 * is needed for the first paint: once the browser reports its first contentful paint and the
 * page's high-priority image, if any, has loaded (else after the next frame; at the latest after
 * 3 s), it adds modulepreload links for the app's chunks (fetched in parallel) and then the entry
 * module, which hydrates the page. A hidden page paints nothing: it starts at once. A signed-in
 * screen without a stored session sends the visitor to /login, as the app's guard would, before
 * the page paints. Meanwhile it records early clicks (early-click.ts).
 */
export function bootPrerenderedPage(config: PageBootConfig): void {
  if (config.sessionKey !== null && !hasStoredSession(config.sessionKey)) {
    document.documentElement.style.visibility = 'hidden';
    location.replace('/login');
    return;
  }
  if (config.historyKey !== null) markStoredHistory(config.historyKey);
  recordEarlyClicks();

  const { files, entry } = config;
  let started = false;
  let next = 0;
  // One link per task: starting a module preload costs the main thread a few milliseconds (more
  // on a slow phone), and a long task would hold up input right after the first paint.
  const add = (): void => {
    if (next < files.length) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[next++]!;
      document.head.appendChild(link);
      setTimeout(add, 0);
      return;
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  };
  const go = (): void => {
    if (started) return;
    started = true;
    add();
  };
  // After the first paint, a page whose largest image is marked fetchpriority=high (the /home
  // hero) also waits for that image to load and paint: the app's scripts would compete with it.
  const painted = (): void => {
    const hero = document.querySelector<HTMLImageElement>('img[fetchpriority=high]');
    if (!hero || hero.complete) {
      setTimeout(go, 0);
      return;
    }
    const loaded = () => requestAnimationFrame(() => setTimeout(go, 0));
    hero.addEventListener('load', loaded);
    hero.addEventListener('error', loaded);
  };

  if (document.visibilityState === 'hidden') return go();
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) painted();
      }).observe({ type: 'paint', buffered: true });
      setTimeout(go, 3000);
      return;
    }
  } catch {
    // No PerformanceObserver: fall back to the next frame.
  }
  requestAnimationFrame(() => setTimeout(go, 0));
}
