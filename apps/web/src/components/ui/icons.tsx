import { createElement, type ReactElement, type SVGProps } from 'react';

/** Stroke icons drawn for the project (24px grid). Decorative: hidden from assistive tech. */
export type IconProps = SVGProps<SVGSVGElement>;

/** The shared 24 px stroke frame of every icon of the project. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * Makes an icon from its shapes: a string is the `d` of a `<path>`, anything else (a circle, a
 * rect) is drawn as given.
 */
export function icon(...shapes: (string | ReactElement)[]) {
  const children = shapes.map((shape) =>
    typeof shape === 'string' ? createElement('path', { d: shape }) : shape,
  );
  return function StrokeIcon(props: IconProps) {
    return createElement(Icon, props, ...children);
  };
}

export const IconAlert = icon('M12 3.5 2.8 19.5h18.4L12 3.5Z', 'M12 10v4.5M12 17.2v.1');
export const IconCheck = icon(<circle cx="12" cy="12" r="9" />, 'm8 12.3 2.7 2.7L16.2 9.5');
export const IconInfo = icon(<circle cx="12" cy="12" r="9" />, 'M12 11v5.5M12 7.8v.1');
export const IconMenu = icon('M4 7h16M4 12h16M4 17h10');
export const IconClose = icon('m6 6 12 12M18 6 6 18');
export const IconHome = icon('M3.5 10.5 12 3.8l8.5 6.7', 'M5.8 9v11h12.4V9', 'M10 20v-5.5h4V20');
export const IconChat = icon(
  'M20 12.2c0 4-3.6 7-8 7-1.2 0-2.4-.2-3.4-.6L4 20l1.3-3.8C4.5 15 4 13.7 4 12.2c0-4 3.6-7.2 8-7.2s8 3.2 8 7.2Z',
  'M8.5 12h.1M12 12h.1M15.5 12h.1',
);
export const IconArchive = icon(
  <rect x="3" y="4" width="18" height="5" rx="1.2" />,
  'M5 9v10.5h14V9',
  'M10 13h4',
);
export const IconLock = icon(
  <rect x="5" y="10.5" width="14" height="10" rx="2" />,
  'M8 10.5V7.5a4 4 0 0 1 8 0v3',
);
export const IconLogout = icon(
  'M14 4.5H6.5a1.5 1.5 0 0 0-1.5 1.5v12a1.5 1.5 0 0 0 1.5 1.5H14',
  'M10.5 12H20M16.5 8.5 20 12l-3.5 3.5',
);
export const IconTrash = icon(
  'M4.5 7h15M9.5 7V4.8h5V7M6.5 7l.9 12.5h9.2L17.5 7',
  'M10.2 10.5v6M13.8 10.5v6',
);
export const IconChevronDown = icon('m6.5 9.5 5.5 5.5 5.5-5.5');
export const IconChevronLeft = icon('m14.5 6-6 6 6 6');
export const IconChevronRight = icon('m9.5 6 6 6-6 6');
export const IconArrowRight = icon('M4.5 12h15M13.5 6l6 6-6 6');
export const IconArrowLeft = icon('M19.5 12h-15M10.5 6l-6 6 6 6');
export const IconEye = icon(
  'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z',
  <circle cx="12" cy="12" r="3" />,
);
export const IconEyeOff = icon(
  'M10.2 5.7A9.6 9.6 0 0 1 12 5.5C18 5.5 21.5 12 21.5 12a17 17 0 0 1-2.7 3.6M6.4 7.1C3.9 8.8 2.5 12 2.5 12S6 18.5 12 18.5c1.6 0 3-.4 4.2-1.1',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2M3.5 3.5l17 17',
);
export const IconWifiOff = icon(
  'M3.5 3.5l17 17M8.6 13.4a5 5 0 0 1 5.2-1.1M5.3 10.2a9.6 9.6 0 0 1 3.1-2M12 6.5c2.9 0 5.6 1.1 7.6 3M12 17.5h.1',
);
export const IconShield = icon(
  'M12 3.2 19 6v5.6c0 4.4-3 7.7-7 9.2-4-1.5-7-4.8-7-9.2V6l7-2.8Z',
  'm9.2 12 2 2 3.6-3.8',
);
export const IconKey = icon(
  <circle cx="8" cy="15" r="4" />,
  'm11 12 8.5-8.5M16.5 6.5 19 9M14.5 8.5l2 2',
);
export const IconCompass = icon(<circle cx="12" cy="12" r="9" />, 'm15.5 8.5-2 5-5 2 2-5 5-2Z');
export const IconHourglass = icon(
  'M6.5 3.5h11M6.5 20.5h11M8 3.5c0 4.5 8 4.5 8 9s-8 4.5-8 8M16 3.5c0 4.5-8 4.5-8 9',
);
export const IconPause = icon('M9 6v12M15 6v12');
export const IconPlay = icon('M8 5.5v13l10-6.5-10-6.5Z');
export const IconRefresh = icon('M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v3.8h-3.8');
export const IconLinkedIn = icon(
  <rect x="3.5" y="3.5" width="17" height="17" rx="3" />,
  'M8 10.5V16M8 7.9v.1M11.5 16v-5.5M11.5 13c0-1.5 1-2.5 2.3-2.5s2.2.9 2.2 2.5v3',
);
export const IconGitHub = icon(
  'M9 19c-4 1.3-4-2-5.5-2.5M14.5 21v-3.2c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.3 4.3 0 0 0-.1-3.2s-1-.3-3.4 1.3a11.7 11.7 0 0 0-6.2 0C6.1 3.1 5 3.4 5 3.4a4.3 4.3 0 0 0-.1 3.2A4.6 4.6 0 0 0 3.6 9.8c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.6 2V21',
);
