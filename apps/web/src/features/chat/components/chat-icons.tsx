import { icon } from '@/components/ui/icons';

/** Icons of the chat screens, drawn on the same 24px stroke grid as components/ui/icons. */
export const IconSend = icon('M4.5 12 20 4.5 15.5 20l-3.2-6.3L4.5 12Z', 'm12.3 13.7 3.4-3.4');
export const IconArrowDown = icon('M12 4.5v15M6 13.5l6 6 6-6');
export const IconMedal = icon(
  'M8 3.5h8l-2.3 5.2M8 3.5l2.3 5.2',
  <circle cx="12" cy="15" r="5.5" />,
  'm12 12.2.9 1.8 2 .3-1.45 1.4.35 2-1.8-.95-1.8.95.35-2L9.1 14.3l2-.3.9-1.8Z',
);
export const IconPanel = icon(
  <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />,
  'M14.5 4.5v15M16.8 8.5h1.4M16.8 11.5h1.4',
);
export const IconCpu = icon(
  <rect x="6.5" y="6.5" width="11" height="11" rx="2" />,
  'M10 10h4v4h-4zM9.5 3.5v3M14.5 3.5v3M9.5 17.5v3M14.5 17.5v3M3.5 9.5h3M3.5 14.5h3M17.5 9.5h3M17.5 14.5h3',
);
export const IconBook = icon(
  'M12 6.5c-1.8-1.3-4.3-2-7.5-2v13c3.2 0 5.7.7 7.5 2 1.8-1.3 4.3-2 7.5-2v-13c-3.2 0-5.7.7-7.5 2Z',
  'M12 6.5v13',
);
export const IconQuote = icon(
  'M9.5 7.5C6.8 8.3 5 10.4 5 13.3V17h4.5v-4.5H7.2c.1-1.5 1-2.6 2.3-3.1V7.5ZM18.5 7.5c-2.7.8-4.5 2.9-4.5 5.8V17h4.5v-4.5h-2.3c.1-1.5 1-2.6 2.3-3.1V7.5Z',
);
export const IconSparkle = icon(
  'M12 3.5 13.8 10.2 20.5 12l-6.7 1.8L12 20.5l-1.8-6.7L3.5 12l6.7-1.8L12 3.5Z',
);
export const IconEraser = icon(
  'm14.5 4.8 4.7 4.7a1.5 1.5 0 0 1 0 2.1L11.8 19H7.3l-2.5-2.5a1.5 1.5 0 0 1 0-2.1l7.6-7.6',
  'M12.4 6.8 14.5 4.8M9 10.2l4.8 4.8M11.8 19H20',
);
export const IconThumbUp = icon(
  'M7.5 10.5v9h-3v-9h3Z',
  'M7.5 10.5 11 4.2a1.8 1.8 0 0 1 3.3 1.3l-.8 3.5h4.6a2 2 0 0 1 2 2.4l-1.3 6.5a2.5 2.5 0 0 1-2.5 2H7.5',
);
export const IconThumbDown = icon(
  'M16.5 13.5v-9h3v9h-3Z',
  'M16.5 13.5 13 19.8a1.8 1.8 0 0 1-3.3-1.3l.8-3.5H5.9a2 2 0 0 1-2-2.4l1.3-6.5a2.5 2.5 0 0 1 2.5-2h8.8',
);
