import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { phaseLabel, runFraction, type TrainingRun } from '../api/models-api';
import { StampPress } from './stamp-press';

/** Stable accessible name of the overlay (the benchmark waits for it). */
export const OVERLAY_NAME = 'Memperbarui model TFJS';

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  if (total < 60) return `${total} detik`;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return rest ? `${minutes} menit ${rest} detik` : `${minutes} menit`;
}

/**
 * The full-screen retraining overlay: the project's animation, a seconds timer counting up, a
 * progress bar driven by the run's phase and steps, and the estimate from the last run. It
 * cannot be dismissed; the page behind leaves the tab order and the accessibility tree.
 */
export function TrainingOverlay({
  figureName,
  run,
  elapsedMs,
  etaMs,
}: {
  figureName: string;
  run: TrainingRun | null;
  elapsedMs: number;
  etaMs: number;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const phaseId = useId();

  useEffect(() => {
    const root = rootRef.current;
    panelRef.current?.focus();
    const others = [...document.body.children].filter(
      (el): el is HTMLElement =>
        el instanceof HTMLElement &&
        el !== root &&
        !el.hasAttribute('data-toast-region') &&
        !el.hasAttribute('inert'),
    );
    for (const el of others) el.inert = true;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      for (const el of others) el.inert = false;
      document.body.style.overflow = overflow;
    };
  }, []);

  const fraction = runFraction(run?.progress);
  const pct = Math.round(fraction * 100);
  const seconds = Math.floor(elapsedMs / 1000);
  const left = etaMs - elapsedMs;
  const loss = run?.progress.loss;

  return createPortal(
    <div
      ref={rootRef}
      className="fixed inset-0 z-[55] overflow-y-auto bg-tinta-900/70 backdrop-blur-sm"
    >
      <div className="flex min-h-full items-center justify-center p-4 sm:p-6">
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={phaseId}
          aria-busy="true"
          tabIndex={-1}
          data-testid="training-overlay"
          className="relative w-full max-w-md overflow-hidden rounded-[var(--radius-card)] border border-kertas-300 bg-kertas-50 text-center shadow-angkat animate-muncul focus:outline-none"
        >
          <div className="garis-bendera h-1.5" aria-hidden="true" />
          <div className="px-5 pt-5 pb-6 sm:px-8">
            <p className="text-[0.7rem] font-semibold tracking-[0.18em] text-merah-700 uppercase">
              Model TFJS · {figureName}
            </p>
            <h2 id={titleId} className="mt-1 text-2xl font-bold">
              {OVERLAY_NAME}
            </h2>
            <StampPress className="mx-auto mt-3 h-36 w-auto sm:h-44" />

            <p
              className="font-display text-5xl font-bold text-tinta-900 tabular-nums"
              aria-label={`Waktu berjalan: ${seconds} detik`}
              data-testid="training-timer"
            >
              {seconds}
              <span className="ml-1 font-sans text-base font-semibold text-tinta-600">detik</span>
            </p>

            <div className="mt-4 text-left">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span
                  id={phaseId}
                  aria-live="polite"
                  className="min-w-0 font-medium text-tinta-800"
                >
                  {phaseLabel(run?.progress)}
                </span>
                <span className="shrink-0 font-semibold text-tinta-700 tabular-nums">{pct}%</span>
              </div>
              <div
                role="progressbar"
                aria-label="Kemajuan pelatihan"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
                aria-valuetext={`${pct}%: ${phaseLabel(run?.progress)}`}
                className="mt-2 h-3 overflow-hidden rounded-full border border-kertas-300 bg-kertas-200"
              >
                <div
                  className="h-full rounded-full bg-merah-600"
                  style={{ width: `${Math.max(2, pct)}%` }}
                />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                <div className="rounded-xl border border-kertas-300 bg-white px-3 py-2">
                  <dt className="text-xs text-tinta-600">Perkiraan total</dt>
                  <dd className="font-semibold text-tinta-900" data-testid="training-eta">
                    ± {formatDuration(etaMs)}
                  </dd>
                </div>
                <div className="rounded-xl border border-kertas-300 bg-white px-3 py-2">
                  <dt className="text-xs text-tinta-600">
                    {left > 0 ? 'Perkiraan sisa' : 'Status'}
                  </dt>
                  <dd className="font-semibold text-tinta-900">
                    {left > 0 ? `± ${formatDuration(left)}` : 'Hampir selesai…'}
                  </dd>
                </div>
              </dl>
              {typeof loss === 'number' && (
                <p className="mt-2 text-xs text-tinta-600 tabular-nums">
                  Loss terakhir: {loss.toFixed(4).replace('.', ',')}
                </p>
              )}
            </div>
            <p className="mt-4 text-xs leading-relaxed text-tinta-600">
              Jangan tutup halaman ini. Model aktif tetap melayani percakapan selama pelatihan.
            </p>
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
