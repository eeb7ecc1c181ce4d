import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CHARACTER_NAMES, type CharacterKey } from '@dwitunggal/contracts/characters';
import { MODEL_FILES, modelFileUrl, type MetricsReport } from '@dwitunggal/contracts/models';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { IconArchive, IconChat, IconRefresh } from '@/components/ui/icons';
import { IconDownload } from '@/components/ui/icons-actions';
import { ToastRegion, useToasts } from '@/components/ui/toast';
import { archivePath, chatPath } from '@/config/paths';
import { toApiFailure } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { RetryButton, StateCard } from '@/components/ui/state-card';
import { activateVersion, downloadModelFile, type ModelVersion } from '../api/models-api';
import { useModelVersions } from '../hooks/use-model-versions';
import { formatBytes, formatDate, formatPercent, formatSeconds } from './format';
import { ConfusionMatrix, F1Bars, LossCurve } from './model-charts';
import { RegressionPanel } from './regression-panel';

const STATUS_LABEL: Record<ModelVersion['status'], string> = {
  active: 'Aktif',
  candidate: 'Kandidat',
  retired: 'Diarsipkan',
};

const STATUS_STYLE: Record<ModelVersion['status'], string> = {
  active: 'border-hijau-700/30 bg-hijau-50 text-hijau-700',
  candidate: 'border-emas-400 bg-[#fbf3df] text-tinta-800',
  retired: 'border-kertas-300 bg-kertas-100 text-tinta-600',
};

export const ACTIVATE_LABEL = 'Aktifkan';
export const ROLLBACK_LABEL = 'Kembalikan ke versi ini';

function StatusBadge({ status }: { status: ModelVersion['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STATUS_STYLE[status],
      )}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

/**
 * The model page (the spec's "repository page" of a model): the active version and its scores,
 * the details of one version (loss curve, F1 per tag, confusion matrix), and every kept version
 * with its files; admins activate a candidate or roll back to an earlier version.
 */
export function ModelPage({ figure, isAdmin }: { figure: CharacterKey; isAdmin: boolean }) {
  return <ModelPageFor key={figure} figure={figure} isAdmin={isAdmin} />;
}

function ModelPageFor({ figure, isAdmin }: { figure: CharacterKey; isAdmin: boolean }) {
  const name = CHARACTER_NAMES[figure];
  const { state, refreshing, reload, retry } = useModelVersions(figure);
  const { toasts, push, dismiss } = useToasts();
  const [picked, setPicked] = useState<number | null>(null);
  const [pending, setPending] = useState<ModelVersion | null>(null);
  const [activating, setActivating] = useState(false);
  const detailRef = useRef<HTMLHeadingElement>(null);

  const versions = useMemo(() => (state.status === 'ready' ? state.versions : []), [state]);
  const active = versions.find((v) => v.status === 'active') ?? null;
  const selected = versions.find((v) => v.version === picked) ?? active ?? versions[0] ?? null;

  const onActivate = async () => {
    if (!pending) return;
    setActivating(true);
    try {
      const message = await activateVersion(figure, pending.version);
      push({
        tone: 'success',
        title: message,
        description: 'Percakapan memakai versi ini mulai pesan berikutnya.',
      });
      setPending(null);
      reload();
    } catch (error) {
      push({
        tone: 'error',
        title: 'Gagal mengaktifkan versi model',
        description: toApiFailure(error).message ?? undefined,
      });
      setPending(null);
    } finally {
      setActivating(false);
    }
  };

  // "Lihat rincian" moves keyboard and screen-reader users to the details it opened.
  const focusDetail = useRef(false);
  useEffect(() => {
    if (!focusDetail.current) return;
    focusDetail.current = false;
    detailRef.current?.scrollIntoView?.({ block: 'start' });
    detailRef.current?.focus();
  }, [picked]);
  const show = (version: number) => {
    focusDetail.current = true;
    setPicked(version);
  };

  return (
    <div className="mx-auto max-w-6xl">
      <title>{`Model ${name} · Dwitunggal`}</title>
      <header className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-2.5 text-xs font-semibold tracking-[0.2em] text-merah-700 uppercase">
            <span className="garis-bendera block h-3.5 w-5 rounded-[2px]" aria-hidden="true" />
            Repositori model TFJS
          </p>
          <h1 className="mt-3 text-3xl leading-tight font-bold sm:text-4xl">Model {name}</h1>
          <p className="mt-2 max-w-2xl leading-relaxed text-tinta-600">
            Setiap pelatihan menyimpan satu versi model klasifikasi {name}: skornya, cara ia
            belajar, dan berkas yang dimuat peramban saat Anda bercakap.
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row lg:shrink-0">
          <Link to={chatPath(figure)} className={buttonClasses('secondary')}>
            <IconChat className="size-5" />
            Bercakap dengan {name}
          </Link>
          {isAdmin && (
            <Link to={archivePath(figure)} className={buttonClasses('secondary')}>
              <IconArchive className="size-5" />
              Kelola arsip
            </Link>
          )}
        </div>
      </header>

      <p className="mt-3 min-h-5 text-sm text-tinta-600" aria-live="polite">
        {refreshing && state.status === 'ready' ? 'Memperbarui data model…' : ''}
      </p>

      {state.status === 'loading' && <PageSkeleton />}
      {state.status === 'error' && (
        <StateCard
          className="mt-4"
          tone="error"
          title="Gagal memuat data model"
          text={state.message ?? 'Periksa koneksi Anda, lalu coba lagi.'}
          action={<RetryButton onClick={retry} />}
        />
      )}
      {state.status === 'ready' && versions.length === 0 && (
        <StateCard
          className="mt-4"
          tone="empty"
          title={`Belum ada model untuk ${name}`}
          text={
            isAdmin
              ? 'Latih model pertama dengan tombol "Perbarui Model" di halaman arsip.'
              : 'Model akan muncul di sini setelah admin melatihnya.'
          }
          action={
            isAdmin ? (
              <Link to={archivePath(figure)} className={buttonClasses('primary')}>
                <IconArchive className="size-5" />
                Buka arsip {name}
              </Link>
            ) : undefined
          }
        />
      )}

      {state.status === 'ready' && versions.length > 0 && (
        <>
          <ActiveSummary active={active} />
          {selected && (
            <VersionDetail
              key={selected.version}
              version={selected}
              versions={versions}
              onPick={setPicked}
              headingRef={detailRef}
            />
          )}
          <VersionList
            figure={figure}
            versions={versions}
            isAdmin={isAdmin}
            selected={selected?.version ?? null}
            onShow={show}
            onAct={setPending}
            onDownloadFailed={() => push({ tone: 'error', title: 'Gagal mengunduh berkas model' })}
          />
        </>
      )}

      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        busy={activating}
        eyebrow={`Model ${name}`}
        title={
          pending?.status === 'retired'
            ? `Kembalikan ke versi ${pending.version}?`
            : `Aktifkan versi ${pending?.version ?? ''}?`
        }
        description="Percakapan semua pengguna memakai versi ini mulai pesan berikutnya."
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)} disabled={activating}>
              Batal
            </Button>
            <Button onClick={() => void onActivate()} loading={activating}>
              {pending?.status === 'retired' ? 'Ya, kembalikan' : 'Ya, aktifkan'}
            </Button>
          </>
        }
      >
        {pending && (
          <p className="text-sm leading-relaxed text-tinta-700">
            Versi {pending.version} ({formatDate(pending.createdAt)}) memiliki F1 makro validasi
            silang {formatPercent(pending.metrics.cv.macroF1)}
            {active
              ? `; versi aktif sekarang (${active.version}) ${formatPercent(active.metrics.cv.macroF1)}`
              : ''}
            . Versi lain tetap tersimpan dan dapat diaktifkan kembali.
          </p>
        )}
      </Dialog>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

function Metric({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-kertas-300 bg-white px-4 py-3">
      <dt className="text-xs font-medium text-tinta-600">{label}</dt>
      <dd className="mt-0.5 font-display text-2xl font-bold text-tinta-900 tabular-nums">
        {value}
      </dd>
      {hint && <dd className="text-xs text-tinta-600">{hint}</dd>}
    </div>
  );
}

function ActiveSummary({ active }: { active: ModelVersion | null }) {
  const headingId = useId();
  if (!active) {
    return (
      <div
        role="status"
        className="mt-4 rounded-[var(--radius-card)] border border-merah-200 bg-merah-50 px-5 py-4 text-merah-800"
      >
        Belum ada versi yang aktif. Admin dapat mengaktifkan salah satu versi di bawah.
      </div>
    );
  }
  const { cv, heldout, regression } = active.metrics;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-[var(--radius-card)] border border-kertas-300 bg-kertas-100/60 p-4 shadow-kartu sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-2xl font-bold">
          Versi aktif: {active.version}
        </h2>
        <StatusBadge status="active" />
      </div>
      <p className="mt-1 text-sm text-tinta-600">
        Dilatih {formatDate(active.createdAt)} dari {active.tags} tag dan {active.inputs} input
        dalam {formatSeconds(active.durationMs)}.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2.5 lg:grid-cols-5">
        <Metric
          label="Akurasi (validasi silang)"
          value={formatPercent(cv.accuracy)}
          hint={`${cv.folds} lipatan, ${cv.n} contoh`}
        />
        <Metric label="F1 makro (validasi silang)" value={formatPercent(cv.macroF1)} />
        <Metric
          label="Akurasi (uji terpisah)"
          value={heldout ? formatPercent(heldout.accuracy) : '—'}
          hint={heldout ? `${heldout.n} pertanyaan pelajar` : 'Belum ada soal uji'}
        />
        <Metric
          label="F1 makro (uji terpisah)"
          value={heldout ? formatPercent(heldout.macroF1) : '—'}
        />
        <Metric
          label="Akurasi (set regresi)"
          value={regression ? formatPercent(regression.accuracy) : '—'}
          hint={
            regression ? `${regression.n} pertanyaan dari Kotak Masuk` : 'Belum ada set regresi'
          }
        />
      </dl>
    </section>
  );
}

function VersionDetail({
  version,
  versions,
  onPick,
  headingRef,
}: {
  version: ModelVersion;
  versions: ModelVersion[];
  onPick: (v: number) => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const headingId = useId();
  const pickId = useId();
  const [set, setSet] = useState<'cv' | 'heldout'>('cv');
  const heldout = version.metrics.heldout;
  const report: MetricsReport = set === 'heldout' && heldout ? heldout : version.metrics.cv;
  const setLabel = set === 'heldout' && heldout ? 'uji terpisah' : 'validasi silang';

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold focus:outline-none"
          >
            Rincian versi {version.version}
          </h2>
          <p className="mt-0.5 text-sm text-tinta-600">
            {STATUS_LABEL[version.status]} · {formatDate(version.createdAt)}
          </p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <label htmlFor={pickId} className="sr-only">
            Pilih versi
          </label>
          <select
            id={pickId}
            value={version.version}
            onChange={(e) => onPick(Number(e.target.value))}
            className="min-h-11 flex-1 rounded-xl border border-kertas-400 bg-white px-3 text-base text-tinta-900 sm:flex-none"
          >
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                Versi {v.version} ({STATUS_LABEL[v.status].toLowerCase()})
              </option>
            ))}
          </select>
          {heldout && (
            <div
              role="group"
              aria-label="Data penilaian"
              className="flex rounded-xl border border-kertas-400 bg-white p-0.5"
            >
              {(['cv', 'heldout'] as const).map((k) => (
                <button
                  key={k}
                  type="button"
                  aria-pressed={set === k}
                  onClick={() => setSet(k)}
                  className={cn(
                    'min-h-10 rounded-[0.6rem] px-3 text-sm font-semibold',
                    set === k ? 'bg-tinta-800 text-white' : 'text-tinta-700 hover:bg-kertas-100',
                  )}
                >
                  {k === 'cv' ? 'Validasi silang' : 'Uji terpisah'}
                </button>
              ))}
            </div>
          )}
        </div>
      </div>

      <div className="mt-4 grid items-start gap-4 lg:grid-cols-2">
        <Panel title="Kurva loss pelatihan">
          <LossCurve history={version.history} />
        </Panel>
        <Panel title={`F1 per tag (${setLabel})`}>
          <F1Bars report={report} />
        </Panel>
      </div>
      <div className="mt-4">
        <Panel title={`Matriks kebingungan (${setLabel})`}>
          <ConfusionMatrix
            report={report}
            caption={`Matriks kebingungan versi ${version.version}, ${setLabel}: akurasi ${formatPercent(report.accuracy)}, F1 makro ${formatPercent(report.macroF1)}`}
          />
        </Panel>
      </div>
      <div className="mt-4">
        <Panel title="Set regresi dari pelajar">
          <RegressionPanel report={version.metrics.regression} />
        </Panel>
      </div>
    </section>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-[var(--radius-card)] border border-kertas-300 bg-white p-4 shadow-kartu sm:p-5">
      <h3 className="mb-3 text-lg font-bold">{title}</h3>
      {children}
    </div>
  );
}

function VersionList({
  figure,
  versions,
  isAdmin,
  selected,
  onShow,
  onAct,
  onDownloadFailed,
}: {
  figure: CharacterKey;
  versions: ModelVersion[];
  isAdmin: boolean;
  selected: number | null;
  onShow: (version: number) => void;
  onAct: (version: ModelVersion) => void;
  onDownloadFailed: () => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-2xl font-bold">
        Riwayat versi
      </h2>
      <p className="mt-0.5 text-sm text-tinta-600">
        {versions.length} versi tersimpan, terbaru di atas
      </p>
      <ul className="mt-4 space-y-3" aria-labelledby={headingId}>
        {versions.map((v) => (
          <li key={v.version}>
            <article
              aria-label={`Versi ${v.version}`}
              className={cn(
                'rounded-[var(--radius-card)] border bg-white p-4 shadow-kartu sm:p-5',
                v.version === selected ? 'border-tinta-400' : 'border-kertas-300',
              )}
            >
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                <div className="flex items-center gap-3">
                  <h3 className="text-xl font-bold">Versi {v.version}</h3>
                  <StatusBadge status={v.status} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="min-h-10"
                    onClick={() => onShow(v.version)}
                    aria-pressed={v.version === selected}
                  >
                    Lihat rincian
                  </Button>
                  {isAdmin && v.status !== 'active' && (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="min-h-10"
                      onClick={() => onAct(v)}
                    >
                      <IconRefresh className="size-4" />
                      {v.status === 'candidate' ? ACTIVATE_LABEL : ROLLBACK_LABEL}
                    </Button>
                  )}
                </div>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
                <Fact term="Dibuat" value={formatDate(v.createdAt)} />
                <Fact term="Durasi" value={formatSeconds(v.durationMs)} />
                <Fact term="Tag / input" value={`${v.tags} / ${v.inputs}`} />
                <Fact term="F1 makro (CV)" value={formatPercent(v.metrics.cv.macroF1)} />
                <Fact term="Ukuran" value={formatBytes(v.bytes)} />
                <Fact
                  term="Hash data"
                  value={
                    <code className="font-mono text-[0.8rem]" title={v.dataHash}>
                      {v.dataHash.slice(0, 12)}
                    </code>
                  }
                />
              </dl>
              <div className="mt-3 flex flex-wrap items-center gap-x-1 gap-y-1 border-t border-kertas-200 pt-3 text-sm">
                <span className="mr-1 text-tinta-600">Unduh:</span>
                {MODEL_FILES.map((file) => (
                  <a
                    key={file}
                    href={modelFileUrl(figure, v.version, file)}
                    download={`${figure}-v${v.version}-${file}`}
                    onClick={
                      v.status === 'active'
                        ? undefined
                        : (event) => {
                            // Only the active version's files are public: fetch with the token.
                            event.preventDefault();
                            downloadModelFile(figure, v.version, file).catch(onDownloadFailed);
                          }
                    }
                    aria-label={`Unduh ${file} versi ${v.version}`}
                    className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 font-medium text-merah-700 underline-offset-2 hover:bg-merah-50 hover:underline"
                  >
                    <IconDownload className="size-4" />
                    {file}
                  </a>
                ))}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-tinta-600">{term}</dt>
      <dd className="truncate font-semibold text-tinta-900 tabular-nums">{value}</dd>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Memuat data model" role="status" className="mt-4 space-y-4">
      <div className="h-44 animate-denyut rounded-[var(--radius-card)] bg-kertas-200" />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="h-56 animate-denyut rounded-[var(--radius-card)] bg-kertas-200" />
        <div className="h-56 animate-denyut rounded-[var(--radius-card)] bg-kertas-200" />
      </div>
      <span className="sr-only">Memuat data model…</span>
    </div>
  );
}
