/**
 * The app's one way to show a moment in time (issue 13: the chat and the model page used to
 * differ). Spec section 2: chat timestamps read 'HH:MM, day month-name' in local time; screens
 * about things that outlive a conversation (model versions) add the year to the same shape.
 */

/** Indonesian month names. */
export const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM, day month-name' in local time, e.g. '09:05, 17 Agustus' (the chat's timestamps). */
export function formatTimestamp(date: Date): string {
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}, ${date.getDate()} ${MONTHS_ID[date.getMonth()]}`;
}

/** The same with the year, e.g. '09:05, 17 Agustus 1945'; an unreadable ISO string as given. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatTimestamp(date)} ${date.getFullYear()}`;
}

/**
 * A calendar date given as 'YYYY-MM-DD', e.g. '6 Juni 1901' (the figures' birth and death
 * dates). Read from the string itself, so no time zone moves it, and without Intl: the first
 * Intl date format in a page loads the locale's data, a long task on a slow phone.
 */
export function formatCalendarDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS_ID[Number(match[2]) - 1] : undefined;
  if (!match || !month) return isoDate;
  return `${Number(match[3])} ${month} ${match[1]}`;
}
