import { useMinWidth } from '@/lib/min-width';

/** From this width the side panel is a column beside the chat; below it, a drawer. */
export const PANEL_COLUMN_MIN_WIDTH = 1280;

export function useWideScreen(): boolean {
  return useMinWidth(PANEL_COLUMN_MIN_WIDTH);
}
