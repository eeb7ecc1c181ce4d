import { useId, useState } from 'react';
import { IconAlert, IconCheck, IconChevronDown } from '@/components/ui/icons';
import { IconSparkle } from '@/components/ui/icons-actions';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { QualityReport } from '../api/tags-api';
import type { QualityState } from '../hooks/use-archive-data';

type Kind = QualityReport['issues'][number]['kind'];

/** What each kind of finding is called on screen. */
export const QUALITY_KIND_LABELS: Record<Kind, string> = {
  duplicate_across_tags: 'Input sama di beberapa tag',
  near_duplicate: 'Input hampir sama',
  few_inputs: 'Input terlalu sedikit',
  imbalance: 'Data tidak seimbang',
};

/**
 * The data-quality report of the figure's training data: the same input under two tags,
 * near-duplicate inputs, tags with too few inputs, and class imbalance. A summary line with the
 * counts; the findings open on demand.
 */
export function QualityPanel({
  state,
  maxTags,
  onRetry,
}: {
  state: QualityState;
  maxTags: number;
  onRetry: () => void;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const listId = useId();

  const report = state.status === 'ready' ? state.report : null;
  const errors = report?.issues.filter((i) => i.severity === 'error').length ?? 0;
  const warnings = (report?.issues.length ?? 0) - errors;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-[var(--radius-card)] border border-kertas-300 bg-white shadow-kartu"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4 sm:px-5">
        <div className="flex min-w-[14rem] flex-1 items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-kertas-100 text-merah-700">
            <IconSparkle className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg leading-tight font-bold">
              Kualitas data
            </h2>
            <div className="mt-1 flex flex-wrap items-center gap-1.5 text-sm" aria-live="polite">
              {state.status === 'loading' && (
                <span className="inline-flex items-center gap-2 text-tinta-600">
                  <Spinner className="size-4" /> Menganalisis data…
                </span>
              )}
              {state.status === 'error' && (
                <span className="text-merah-800">Laporan kualitas tidak dapat dimuat.</span>
              )}
              {report && report.issues.length === 0 && (
                <span className="inline-flex items-center gap-1.5 font-medium text-hijau-700">
                  <IconCheck className="size-4" /> Tidak ada masalah ditemukan
                </span>
              )}
              {report && errors > 0 && (
                <span className="rounded-full bg-merah-600 px-2.5 py-0.5 text-xs font-semibold text-white">
                  {errors} galat
                </span>
              )}
              {report && warnings > 0 && (
                <span className="rounded-full border border-emas-400 bg-kertas-100 px-2.5 py-0.5 text-xs font-semibold text-tinta-800">
                  {warnings} peringatan
                </span>
              )}
            </div>
          </div>
        </div>
        {report && (
          <dl className="grid w-full grid-cols-3 gap-2 text-center sm:flex sm:w-auto">
            <Stat term="Tag" value={`${report.stats.tags}/${maxTags}`} />
            <Stat term="Input" value={String(report.stats.inputs)} />
            <Stat
              term="Per tag"
              value={
                report.stats.tags > 0 ? `${report.stats.minInputs}–${report.stats.maxInputs}` : '0'
              }
            />
          </dl>
        )}
        {state.status === 'error' && (
          <button
            type="button"
            onClick={onRetry}
            className="min-h-11 rounded-xl border border-tinta-300 bg-white px-4 text-sm font-semibold text-tinta-800 hover:bg-kertas-100"
          >
            Coba lagi
          </button>
        )}
        {report && report.issues.length > 0 && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((v) => !v)}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-xl border border-tinta-300 bg-white px-4 text-sm font-semibold text-tinta-800 hover:bg-kertas-100 max-sm:w-full max-sm:justify-center"
          >
            {open ? 'Sembunyikan rincian' : 'Lihat rincian'}
            <IconChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} />
          </button>
        )}
      </div>
      {report && report.issues.length > 0 && (
        <ul
          id={listId}
          hidden={!open}
          aria-label="Temuan kualitas data"
          className="divide-y divide-kertas-200 border-t border-kertas-300"
        >
          {report.issues.map((issue, i) => (
            <li key={i} className="flex gap-3 px-4 py-3.5 sm:px-5">
              <IconAlert
                className={cn(
                  'mt-0.5 size-5 shrink-0',
                  issue.severity === 'error' ? 'text-merah-600' : 'text-emas-500',
                )}
              />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-tinta-900">
                  {QUALITY_KIND_LABELS[issue.kind]}
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-[0.7rem] font-semibold tracking-wide uppercase',
                      issue.severity === 'error'
                        ? 'bg-merah-50 text-merah-800 ring-1 ring-merah-200'
                        : 'bg-kertas-100 text-tinta-700 ring-1 ring-kertas-300',
                    )}
                  >
                    {issue.severity === 'error' ? 'Galat' : 'Peringatan'}
                  </span>
                </p>
                <p className="mt-1 text-sm leading-relaxed break-words text-tinta-700">
                  {issue.message}
                </p>
                <p className="mt-1.5 flex flex-wrap gap-1.5">
                  <span className="sr-only">Tag terkait:</span>
                  {issue.tags.map((name) => (
                    <span
                      key={name}
                      className="rounded-md border border-kertas-300 bg-kertas-50 px-2 py-0.5 font-mono text-xs text-tinta-700"
                    >
                      {name}
                    </span>
                  ))}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Stat({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-[4.5rem] rounded-xl bg-kertas-100 px-3 py-1.5">
      <dt className="text-[0.68rem] font-semibold tracking-wide text-tinta-600 uppercase">
        {term}
      </dt>
      <dd className="font-display text-base font-bold text-tinta-900 tabular-nums">{value}</dd>
    </div>
  );
}
