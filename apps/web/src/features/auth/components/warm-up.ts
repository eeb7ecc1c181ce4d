import { preloadApi } from '@/lib/api-client';

/**
 * Event handlers for an account form: its validation schema (`preloadSchema`, the form's
 * `preload`) and the HTTP client load when the visitor starts using the form, so that they stay
 * out of the page's initial JavaScript.
 */
export function warmUpHandlers(preloadSchema: () => void) {
  const warmUp = () => {
    preloadSchema();
    preloadApi();
  };
  return { onFocus: warmUp, onPointerEnter: warmUp, onTouchStart: warmUp };
}
