const pct = new Intl.NumberFormat('id-ID', { style: 'percent', maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short' });

/** 0.9234 -> "92,3%". */
export const formatPercent = (x: number) => pct.format(x);

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

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
