/** Viewport widths (px) at which layouts change; read with `useMinWidth` / `minWidth`. */
export const BREAKPOINTS = {
  /** From this width the tags of the archive are a table; below it (phones) they are cards. */
  table: 768,
  /** Spec section 9: the sidebar auto-closes under this width. */
  desktop: 1024,
  /** From this width the chat's side panel is a column beside the chat; below it, a drawer. */
  panelColumn: 1280,
} as const;
