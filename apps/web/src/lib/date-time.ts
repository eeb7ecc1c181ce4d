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
