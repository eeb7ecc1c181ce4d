import { useId } from 'react';
import type { MetricsReport } from '@dwitunggal/contracts/models';
import { cn } from '@/lib/cn';
import { formatPercent } from './format';

/**
 * The confusion matrix as a real table: rows are the true tags, columns the predicted ones
 * (numbered, with the names in the row headers), each cell coloured by its share of the row
 * and carrying the count, with a full spoken label.
 */
export function ConfusionMatrix({ report, caption }: { report: MetricsReport; caption: string }) {
  const { tags, confusion } = report;
  const regionId = useId();
  return (
    <div>
      <p aria-hidden="true" className="mb-2 text-sm font-semibold text-tinta-800">
        {caption}
      </p>
      <div
        role="region"
        aria-labelledby={regionId}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-kertas-300 bg-white focus-visible:outline-offset-0"
      >
        <table
          className="w-full border-collapse text-xs tabular-nums"
          data-testid="confusion-matrix"
        >
          <caption id={regionId} className="sr-only">
            {caption}
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 bg-white px-2 py-1.5 text-left font-medium text-tinta-600"
              >
                Asli ↓ · Prediksi →
              </th>
              {tags.map((tag, j) => (
                <th key={tag} scope="col" className="px-1 py-1.5 font-semibold text-tinta-700">
                  <abbr title={tag} aria-label={`Prediksi ${tag}`} className="no-underline">
                    {j + 1}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tags.map((tag, i) => {
              const row = confusion[i] ?? [];
              const total = row.reduce((a, b) => a + b, 0);
              return (
                <tr key={tag}>
                  <th
                    scope="row"
                    className="sticky left-0 z-10 max-w-[11rem] truncate bg-white px-2 py-1 text-left font-medium whitespace-nowrap text-tinta-800"
                  >
                    <span className="mr-1.5 text-tinta-500">{i + 1}</span>
                    {tag}
                  </th>
                  {tags.map((predicted, j) => {
                    const count = row[j] ?? 0;
                    const share = total > 0 ? count / total : 0;
                    const hit = i === j;
                    return (
                      <td
                        key={predicted}
                        aria-label={`Asli ${tag}, prediksi ${predicted}: ${count} dari ${total}`}
                        data-share={share.toFixed(2)}
                        className={cn(
                          'min-w-8 border border-white px-1 py-1.5 text-center',
                          count === 0 ? 'text-tinta-500' : 'font-semibold text-tinta-900',
                        )}
                        style={
                          count > 0
                            ? {
                                backgroundColor: hit
                                  ? `rgb(47 107 58 / ${(0.1 + 0.5 * share).toFixed(3)})`
                                  : `rgb(176 30 30 / ${(0.12 + 0.48 * share).toFixed(3)})`,
                              }
                            : undefined
                        }
                      >
                        {count}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-tinta-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-hijau-700" aria-hidden="true" /> tebakan benar
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-merah-600" aria-hidden="true" /> tertukar dengan tag
          lain
        </span>
        <span>Makin pekat, makin besar bagiannya dalam baris.</span>
      </p>
    </div>
  );
}

/** Per-tag F1 as horizontal bars, weakest first, with precision and recall in words. */
export function F1Bars({ report }: { report: MetricsReport }) {
  const rows = Object.entries(report.perTag).sort(
    (a, b) => a[1].f1 - b[1].f1 || a[0].localeCompare(b[0]),
  );
  return (
    <ul className="space-y-2" aria-label="F1 per tag">
      {rows.map(([tag, m]) => (
        <li
          key={tag}
          className="grid grid-cols-[minmax(0,9rem)_1fr_3.5rem] items-center gap-2 text-sm sm:grid-cols-[minmax(0,12rem)_1fr_4rem]"
        >
          <span className="truncate font-medium text-tinta-800" title={tag}>
            {tag}
          </span>
          <span className="h-3 overflow-hidden rounded-full bg-kertas-200" aria-hidden="true">
            <span
              className={cn(
                'block h-full rounded-full',
                m.f1 >= 0.8 ? 'bg-tinta-600' : 'bg-merah-600',
              )}
              style={{ width: `${Math.max(1, m.f1 * 100)}%` }}
            />
          </span>
          <span className="text-right font-semibold text-tinta-900 tabular-nums">
            {formatPercent(m.f1)}
            <span className="sr-only">
              {` (presisi ${formatPercent(m.precision)}, recall ${formatPercent(m.recall)}, ${m.support} contoh)`}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The training loss per epoch as an inline SVG line. */
export function LossCurve({ history }: { history: { epoch: number; loss: number }[] }) {
  if (history.length === 0) {
    return <p className="text-sm text-tinta-600">Riwayat loss tidak tersedia untuk versi ini.</p>;
  }
  if (history.length === 1) {
    const only = history[0]!;
    return (
      <p className="text-sm leading-relaxed text-tinta-700" data-testid="loss-curve">
        Versi ini dibentuk dalam satu langkah pelatihan, jadi belum ada kurva. Loss-nya:{' '}
        <strong className="text-tinta-900 tabular-nums">
          {only.loss.toFixed(3).replace('.', ',')}
        </strong>
        .
      </p>
    );
  }
  const W = 320;
  const H = 150;
  const pad = { l: 36, r: 10, t: 10, b: 24 };
  const maxLoss = Math.max(...history.map((h) => h.loss), 1e-6);
  const first = history[0]!;
  const last = history[history.length - 1]!;
  const span = Math.max(1, last.epoch - first.epoch);
  const x = (epoch: number) => pad.l + ((epoch - first.epoch) / span) * (W - pad.l - pad.r);
  const y = (loss: number) => pad.t + (1 - loss / maxLoss) * (H - pad.t - pad.b);
  const points = history.map((h) => `${x(h.epoch).toFixed(1)},${y(h.loss).toFixed(1)}`).join(' ');
  const fmt = (n: number) => n.toFixed(n < 1 ? 3 : 2).replace('.', ',');
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={`Kurva loss: dari ${fmt(first.loss)} pada langkah ${first.epoch} ke ${fmt(last.loss)} pada langkah ${last.epoch}`}
      data-testid="loss-curve"
    >
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line
            x1={pad.l}
            x2={W - pad.r}
            y1={y(maxLoss * f)}
            y2={y(maxLoss * f)}
            stroke="#ecdfc9"
            strokeWidth="1"
          />
          <text x={pad.l - 4} y={y(maxLoss * f) + 3} fontSize="9" textAnchor="end" fill="#5e4a37">
            {fmt(maxLoss * f)}
          </text>
        </g>
      ))}
      <line
        x1={pad.l}
        x2={W - pad.r}
        y1={H - pad.b}
        y2={H - pad.b}
        stroke="#94795c"
        strokeWidth="1"
      />
      <text x={pad.l} y={H - 8} fontSize="9" fill="#5e4a37">
        {first.epoch}
      </text>
      <text x={W - pad.r} y={H - 8} fontSize="9" textAnchor="end" fill="#5e4a37">
        {last.epoch}
      </text>
      <text x={(W + pad.l) / 2} y={H - 8} fontSize="9" textAnchor="middle" fill="#5e4a37">
        langkah
      </text>
      <polyline
        points={points}
        fill="none"
        stroke="#b01e1e"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx={x(last.epoch)} cy={y(last.loss)} r="3" fill="#b01e1e" />
    </svg>
  );
}
