import { useSyncExternalStore } from 'react';

/** From this width the side panel is a column beside the chat; below it, a drawer. */
export const PANEL_COLUMN_MIN_WIDTH = 1280;

const isWide = () => window.innerWidth >= PANEL_COLUMN_MIN_WIDTH;

export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    isWide,
    () => true,
  );
}
