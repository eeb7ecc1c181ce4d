// The chat's timestamps come from the app's one date-and-time module.
export { MONTHS_ID, formatTimestamp } from '@/lib/date-time';

/** Elapsed seconds with an Indonesian decimal comma, e.g. '0,04 detik', '3,20 detik'. */
export function formatElapsed(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  return `${safe.toFixed(2).replace('.', ',')} detik`;
}

/** Probability 0..1 as a rounded percent, e.g. 0.987 -> '99%'. */
export function formatPercent(probability: number): string {
  return `${Math.round(probability * 100)}%`;
}
