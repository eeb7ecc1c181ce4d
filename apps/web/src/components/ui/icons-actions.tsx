import { icon } from '@/components/ui/icons';

/**
 * Action icons (add, edit, search, filter, download, upload, sparkle), drawn on the same 24 px
 * grid and stroke as `icons.tsx`. Decorative: hidden from assistive tech.
 */
export const IconPlus = icon('M12 5v14M5 12h14');
export const IconPencil = icon(
  'M15.8 4.7a2 2 0 0 1 2.9 0l.6.6a2 2 0 0 1 0 2.9L8.5 19 4 20l1-4.5L15.8 4.7Z',
  'm14 6.5 3.5 3.5',
);
export const IconSearch = icon(<circle cx="10.8" cy="10.8" r="6.3" />, 'm15.5 15.5 4.5 4.5');
export const IconFilter = icon('M4 5.5h16l-6.2 7.3v5.4l-3.6 1.8v-7.2L4 5.5Z');
export const IconDownload = icon(
  'M12 4v11M7.5 10.5 12 15l4.5-4.5',
  'M4.5 16.5v2a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5v-2',
);
export const IconUpload = icon(
  'M12 15V4M7.5 8.5 12 4l4.5 4.5',
  'M4.5 16.5v2a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5v-2',
);
export const IconSparkle = icon(
  'M12 3.5c.6 3.9 2.2 5.5 6 6-3.8.6-5.4 2.2-6 6-.6-3.8-2.2-5.4-6-6 3.8-.5 5.4-2.1 6-6Z',
  'M18.5 15.5c.3 1.7 1 2.4 2.5 2.6-1.5.3-2.2 1-2.5 2.6-.3-1.6-1-2.3-2.5-2.6 1.5-.2 2.2-.9 2.5-2.6Z',
);
export const IconFile = icon(
  'M13.5 3.5H7A1.5 1.5 0 0 0 5.5 5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8.5l-5-5Z',
  'M13.5 3.5v5h5M9 13h6M9 16.5h4',
);
export const IconTag = icon(
  'M3.5 12.2V4.8c0-.7.6-1.3 1.3-1.3h7.4l8.3 8.3a1.3 1.3 0 0 1 0 1.8l-7.4 7.4a1.3 1.3 0 0 1-1.8 0l-7.8-7.8Z',
  <circle cx="8.2" cy="8.2" r="1.4" />,
);
