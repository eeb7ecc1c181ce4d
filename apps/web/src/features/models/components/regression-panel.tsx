import type { ModelMetrics } from '@dwitunggal/contracts/models';
import { formatPercent } from './format';

type Regression = NonNullable<ModelMetrics['regression']>;

/** Per annotated tag: its questions, how many the version got right, and what it took them for. */
export function confusedWith(report: Regression) {
  return report.tags
    .map((tag, i) => {
      const row = report.confusion[i] ?? [];
      const total = row.reduce((n, x) => n + x, 0);
      const others = row
        .map((count, j) => ({ tag: report.tags[j] ?? '', count }))
        .filter((o, j) => j !== i && o.count > 0)
        .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
      return { tag, total, right: row[i] ?? 0, others };
    })
    .filter((t) => t.total > 0);
}

/**
 * The version's score on the regression set (learner questions the curators annotated in the
 * Kotak Masuk), beside the serving version's on the same questions, and per tag which tags its
 * questions were taken for ("tertukar dengan").
 */
export function RegressionPanel({ report }: { report: Regression | undefined }) {
  if (!report) {
    return (
      <p className="text-sm text-tinta-600">
        Belum ada set regresi: pertanyaan yang ditambahkan dari Kotak Masuk menjadi set ini pada
        pelatihan berikutnya.
      </p>
    );
  }
  const rows = confusedWith(report);
  return (
    <div>
      <p className="text-sm leading-relaxed text-tinta-700">
        Akurasi <strong className="text-tinta-900">{formatPercent(report.accuracy)}</strong> pada{' '}
        {report.n} pertanyaan pelajar
        {report.serving
          ? `; versi ${report.serving.version} (yang melayani saat pelatihan): ${formatPercent(report.serving.accuracy)}.`
          : '.'}
      </p>
      <ul className="mt-3 divide-y divide-kertas-200 border-t border-kertas-200">
        {rows.map((row) => (
          <li key={row.tag} className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline">
            <span className="min-w-0 font-semibold break-words text-tinta-900 sm:w-1/3">
              {row.tag}
            </span>
            <span className="text-sm text-tinta-700 tabular-nums sm:w-1/4">
              {row.right} dari {row.total} benar
            </span>
            <span className="min-w-0 text-sm break-words text-tinta-700 sm:flex-1">
              <span className="font-medium text-tinta-600">Tertukar dengan: </span>
              {row.others.length === 0
                ? '—'
                : row.others.map((o) => `${o.tag} (${o.count})`).join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
