/** Indonesian month names (spec section 2: timestamps show the day and the month name). */
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

/** 'HH:MM, day month-name' in local time, e.g. '09:05, 17 Agustus'. */
export function formatTimestamp(date: Date): string {
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}, ${date.getDate()} ${MONTHS_ID[date.getMonth()]}`;
}

/** Elapsed seconds with an Indonesian decimal comma, e.g. '0,04 detik', '3,20 detik'. */
export function formatElapsed(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  return `${safe.toFixed(2).replace('.', ',')} detik`;
}

/** Probability 0..1 as a rounded percent, e.g. 0.987 -> '99%'. */
export function formatPercent(probability: number): string {
  return `${Math.round(probability * 100)}%`;
}
