const pct = new Intl.NumberFormat('id-ID', { style: 'percent', maximumFractionDigits: 1 });

/** 0.9234 -> "92,3%". */
export const formatPercent = (x: number) => pct.format(x);

/** A version's moment, as the chat shows time, with the year: '08:03, 26 November 2026'. */
export { formatDateTime as formatDate } from '@/lib/date-time';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kib = bytes / 1024;
  if (kib < 1024) return `${kib.toFixed(1).replace('.', ',')} KiB`;
  return `${(kib / 1024).toFixed(2).replace('.', ',')} MiB`;
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${s < 10 ? s.toFixed(1).replace('.', ',') : Math.round(s)} detik`;
}
