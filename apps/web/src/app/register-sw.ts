/**
 * Registers the service worker at /sw.js with scope / (spec section 1). `registerType:
 * 'autoUpdate'` (vite.config.ts) makes a new worker skip waiting and claim the page; workbox-window
 * then reloads the page once the new version has taken control. Registration errors are only
 * logged (spec section 8).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  try {
    const { registerSW } = await import('virtual:pwa-register');
    registerSW({
      immediate: true,
      onRegisterError: (error: unknown) =>
        console.error('Service worker registration failed', error),
    });
  } catch (error) {
    console.error('Service worker registration failed', error);
  }
}
