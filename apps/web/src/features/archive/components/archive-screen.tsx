import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  FIGURES,
  lifeYears,
  MAX_TAGS_PER_CHARACTER,
  type CharacterKey,
  type Figure,
} from '@dwitunggal/contracts/characters';
import { Button } from '@/components/ui/button';
import { IconAlert } from '@/components/ui/icons';
import {
  IconDownload,
  IconFilter,
  IconPlus,
  IconSearch,
  IconUpload,
} from '@/components/ui/icons-actions';
import { ToastRegion, useToasts, type ToastInput } from '@/components/ui/toast';
import { toApiFailure } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { RetryButton, StateCard } from '@/components/ui/state-card';
import { FEW_INPUTS_THRESHOLD } from '@dwitunggal/contracts/tags';
import { filterTags, flaggedTagNames, type TagShow } from '../api/filter-tags';
import { saveFile } from '../api/save-file';
import {
  deleteConfirmation,
  deleteTag,
  exportTags,
  TAG_UI_MESSAGES,
  type ExportFormat,
  type Tag,
} from '../api/tags-api';
import { useArchiveData } from '../hooks/use-archive-data';
import { BREAKPOINTS } from '@/config/breakpoints';
import { useMinWidth } from '@/lib/min-width';
import { ImportDialog } from './import-dialog';
import { QualityPanel } from './quality-panel';
import { TagList, TagListSkeleton } from './tag-list';
import { TagModal, type ModalTarget } from './tag-modal';

/** Spec section 5: the create button's text once a figure has 15 tags. */
export const LIMIT_BUTTON_TEXT = `Maksimal ${MAX_TAGS_PER_CHARACTER} tag tercapai`;

/** The error states of the tag list: the request failed, or its answer was not a tag list. */
const LIST_FAILURES = {
  error: {
    title: TAG_UI_MESSAGES.listFailed,
    text: 'Periksa koneksi Anda, lalu coba lagi.',
    retry: 'Coba lagi',
  },
  invalid: {
    title: TAG_UI_MESSAGES.invalidList,
    text: 'Server mengirim daftar tag dalam bentuk yang tidak dikenali.',
    retry: 'Muat ulang',
  },
} as const;

/** The export buttons, in their order. */
const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'csv'];

const SHOW_OPTIONS: { value: TagShow; label: string }[] = [
  { value: 'all', label: 'Semua tag' },
  { value: 'few-inputs', label: `Input kurang dari ${FEW_INPUTS_THRESHOLD}` },
  { value: 'flagged', label: 'Ditandai laporan kualitas' },
];

/**
 * The data-management (archive) screen of one figure (spec section 2): header with the create
 * button and the capacity, the data-quality report, search and filter, export and import, the
 * tags as a table (cards on phones), the create / edit / view modal, delete with the browser's
 * confirmation, and toasts that clear after 3 s.
 */
/** Header actions the route composes in (the model feature's link and update flow). */
export type ArchiveHeaderActions = (notify: (toast: ToastInput) => void) => ReactNode;

export function ArchiveScreen({
  figure: figureKey,
  headerActions,
}: {
  figure: CharacterKey;
  headerActions?: ArchiveHeaderActions;
}) {
  const figure = FIGURES[figureKey];
  return <ArchiveScreenFor key={figure.key} figure={figure} headerActions={headerActions} />;
}

function ArchiveScreenFor({
  figure,
  headerActions,
}: {
  figure: Figure;
  headerActions?: ArchiveHeaderActions;
}) {
  const { list, quality, refreshing, reload, retry } = useArchiveData(figure.nama);
  const { toasts, push, dismiss } = useToasts();
  const wide = useMinWidth(BREAKPOINTS.table);
  const [modal, setModal] = useState<{ key: number; target: ModalTarget } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [removedIds, setRemovedIds] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [query, setQuery] = useState('');
  const [show, setShow] = useState<TagShow>('all');
  const openings = useRef(0);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const ids = { heading: useId(), limit: useId(), search: useId(), show: useId() };

  const tags = useMemo(
    () => (list.status === 'ready' ? list.tags.filter((t) => !removedIds.has(t.id)) : []),
    [list, removedIds],
  );
  const report = quality.status === 'ready' ? quality.report : null;
  const flagged = useMemo(() => flaggedTagNames(report), [report]);
  const entries = useMemo(
    () => filterTags(tags, { query, show }, { fewInputsThreshold: FEW_INPUTS_THRESHOLD, flagged }),
    [tags, query, show, flagged],
  );
  const filtering = query.trim() !== '' || show !== 'all';
  const full = list.status === 'ready' && tags.length >= MAX_TAGS_PER_CHARACTER;

  const open = (target: ModalTarget) => {
    openings.current += 1;
    setModal({ key: openings.current, target });
  };

  const afterChange = (toast: ToastInput) => {
    push(toast);
    reload();
  };

  const onDelete = async (tag: Tag) => {
    if (!window.confirm(deleteConfirmation(tag.tag))) return;
    setDeletingId(tag.id);
    try {
      const message = await deleteTag(tag.id);
      setRemovedIds((prev) => new Set(prev).add(tag.id));
      afterChange({ tone: 'success', title: message ?? TAG_UI_MESSAGES.deleted });
      // The row and its buttons are gone: keep keyboard users in the list.
      listHeadingRef.current?.focus();
    } catch (error) {
      push({
        tone: 'error',
        title: TAG_UI_MESSAGES.deleteFailed,
        description: toApiFailure(error).message ?? undefined,
      });
    } finally {
      setDeletingId(null);
    }
  };

  const onExport = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const { blob, filename } = await exportTags(figure.nama, format);
      saveFile(blob, filename);
      push({ tone: 'success', title: 'Ekspor selesai', description: filename });
    } catch {
      push({ tone: 'error', title: 'Gagal mengekspor data' });
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="mx-auto max-w-6xl">
      <title>{`Arsip ${figure.nama} · Dwitunggal`}</title>

      <header className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-2.5 text-xs font-semibold tracking-[0.2em] text-merah-700 uppercase">
            <span className="garis-bendera block h-3.5 w-5 rounded-[2px]" aria-hidden="true" />
            Arsip data · {lifeYears(figure.key)}
          </p>
          <h1 className="mt-3 text-3xl leading-tight font-bold sm:text-4xl">Arsip {figure.nama}</h1>
          <p className="mt-2 max-w-2xl leading-relaxed text-tinta-600">
            Kelola tag, contoh pertanyaan (input), dan jawaban (respons) yang dipakai untuk melatih
            chatbot {figure.fullName}.
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center lg:shrink-0">
          {headerActions?.(push)}
          <Button
            onClick={() => open({ mode: 'create' })}
            disabled={list.status !== 'ready' || full}
            aria-describedby={full ? ids.limit : undefined}
          >
            <IconPlus className="size-5" />
            {full ? LIMIT_BUTTON_TEXT : 'Tambah Tag'}
          </Button>
        </div>
      </header>

      {list.status === 'ready' && (
        <Capacity
          count={tags.length}
          max={MAX_TAGS_PER_CHARACTER}
          limitId={ids.limit}
          figure={figure}
        />
      )}

      <div className="mt-6">
        <QualityPanel state={quality} maxTags={MAX_TAGS_PER_CHARACTER} onRetry={retry} />
      </div>

      <section aria-labelledby={ids.heading} className="mt-8">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2
              id={ids.heading}
              ref={listHeadingRef}
              tabIndex={-1}
              className="text-2xl font-bold focus:outline-none"
            >
              Daftar tag
            </h2>
            <p className="mt-0.5 text-sm text-tinta-600" aria-live="polite">
              {list.status === 'ready' &&
                (filtering
                  ? `Menampilkan ${entries.length} dari ${tags.length} tag`
                  : `${tags.length} tag`)}
              {refreshing && list.status === 'ready' && (
                <span className="ml-2 text-tinta-500">· memperbarui…</span>
              )}
            </p>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            {EXPORT_FORMATS.map((format) => (
              <Button
                key={format}
                variant="secondary"
                size="sm"
                className="min-h-11 flex-1 sm:flex-none"
                onClick={() => void onExport(format)}
                loading={exporting === format}
                disabled={list.status !== 'ready' || exporting !== null}
              >
                {exporting !== format && <IconDownload className="size-4" />}
                <span className="max-sm:sr-only">Ekspor </span>
                {format.toUpperCase()}
              </Button>
            ))}
            <Button
              variant="secondary"
              size="sm"
              className="min-h-11 flex-1 sm:flex-none"
              onClick={() => setImportOpen(true)}
              disabled={list.status !== 'ready'}
            >
              <IconUpload className="size-4" />
              Impor
            </Button>
          </div>
        </div>

        {list.status === 'ready' && tags.length > 0 && (
          <div className="mb-4 flex flex-col gap-2.5 sm:flex-row">
            <div className="relative flex-1">
              <label htmlFor={ids.search} className="sr-only">
                Cari tag
              </label>
              <IconSearch className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-tinta-500" />
              <input
                id={ids.search}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Cari tag, input, atau respons…"
                autoComplete="off"
                className="block min-h-12 w-full rounded-xl border border-kertas-400 bg-white pr-4 pl-11 text-base text-tinta-900 placeholder:text-tinta-500 hover:border-tinta-400 focus:border-merah-600"
              />
            </div>
            <div className="relative sm:w-64">
              <label htmlFor={ids.show} className="sr-only">
                Tampilkan
              </label>
              <IconFilter className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-tinta-500" />
              <select
                id={ids.show}
                value={show}
                onChange={(e) => setShow(e.target.value as TagShow)}
                className="block min-h-12 w-full appearance-none rounded-xl border border-kertas-400 bg-white pr-9 pl-11 text-base text-tinta-900 hover:border-tinta-400 focus:border-merah-600"
              >
                {SHOW_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-tinta-500"
              >
                ▾
              </span>
            </div>
          </div>
        )}

        {list.status === 'loading' && <TagListSkeleton wide={wide} />}
        {(list.status === 'error' || list.status === 'invalid') && (
          <StateCard
            tone="error"
            title={LIST_FAILURES[list.status].title}
            text={LIST_FAILURES[list.status].text}
            action={<RetryButton onClick={retry}>{LIST_FAILURES[list.status].retry}</RetryButton>}
          />
        )}
        {list.status === 'ready' && tags.length === 0 && (
          <StateCard
            tone="empty"
            title={TAG_UI_MESSAGES.empty}
            text={`Mulai dengan tag pertama untuk ${figure.fullName}, atau impor berkas arsip.`}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => open({ mode: 'create' })}>
                  <IconPlus className="size-5" />
                  Buat tag pertama
                </Button>
                <Button variant="secondary" onClick={() => setImportOpen(true)}>
                  <IconUpload className="size-5" />
                  Impor berkas arsip
                </Button>
              </div>
            }
          />
        )}
        {list.status === 'ready' && tags.length > 0 && entries.length === 0 && (
          <StateCard
            tone="empty"
            title="Tidak ada tag yang cocok"
            text="Ubah kata pencarian atau pilihan tampilan."
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setQuery('');
                  setShow('all');
                }}
              >
                Hapus filter
              </Button>
            }
          />
        )}
        {list.status === 'ready' && entries.length > 0 && (
          <TagList
            entries={entries}
            wide={wide}
            caption={`Daftar tag ${figure.nama}`}
            fewInputsThreshold={FEW_INPUTS_THRESHOLD}
            deletingId={deletingId}
            onView={(t) => open({ mode: 'view', id: t.id, name: t.tag })}
            onEdit={(t) => open({ mode: 'edit', id: t.id, name: t.tag })}
            onDelete={(t) => void onDelete(t)}
          />
        )}
      </section>

      {modal && (
        <TagModal
          key={modal.key}
          figure={figure}
          target={modal.target}
          existingNames={tags.map((t) => t.tag)}
          onClose={() => setModal(null)}
          onSaved={(toast) => {
            setModal(null);
            afterChange(toast);
          }}
          onDetailFailed={(reason) => {
            setModal(null);
            push({
              tone: 'error',
              title: TAG_UI_MESSAGES.detailFailed,
              description: reason ?? undefined,
            });
          }}
        />
      )}
      {importOpen && (
        <ImportDialog
          figure={figure}
          maxTags={MAX_TAGS_PER_CHARACTER}
          onClose={() => setImportOpen(false)}
          onImported={(toast) => {
            setImportOpen(false);
            afterChange(toast);
          }}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

function Capacity({
  count,
  max,
  limitId,
  figure,
}: {
  count: number;
  max: number;
  limitId: string;
  figure: Figure;
}) {
  const full = count >= max;
  return (
    <div className="mt-5 max-w-xl">
      <div className="flex items-center gap-3">
        <div
          className="h-2 flex-1 overflow-hidden rounded-full bg-kertas-200"
          role="meter"
          aria-label="Jumlah tag"
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={count}
          aria-valuetext={`${count} dari ${max} tag`}
        >
          <div
            className={cn('h-full rounded-full', full ? 'bg-merah-600' : 'bg-tinta-600')}
            style={{ width: `${Math.min(100, (count / max) * 100)}%` }}
          />
        </div>
        <span className="shrink-0 text-sm font-semibold text-tinta-700 tabular-nums">
          {count} dari {max} tag
        </span>
      </div>
      {full && (
        <p
          id={limitId}
          className="mt-2.5 flex items-start gap-2 rounded-xl border border-merah-200 bg-merah-50 px-3.5 py-2.5 text-sm text-merah-800"
        >
          <IconAlert className="mt-0.5 size-4 shrink-0" />
          <span>
            Maksimal {max} tag telah tercapai untuk {figure.nama}. Hapus tag yang tidak diperlukan
            sebelum menambah tag baru, atau tambahkan input ke tag yang sudah ada.
          </span>
        </p>
      )}
    </div>
  );
}
