import { useId, type ReactNode } from 'react';
import { IconEye, IconTrash } from '@/components/ui/icons';
import { IconPencil } from '@/components/ui/icons-actions';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { NumberedTag } from '../api/filter-tags';
import type { Tag } from '../api/tags-api';

type Actions = {
  onView: (tag: Tag) => void;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
  /** The tag being deleted (its buttons are busy). */
  deletingId: string | null;
};

type TagListProps = Actions & {
  entries: NumberedTag[];
  /** Table from 768 px, cards below. */
  wide: boolean;
  caption: string;
  fewInputsThreshold: number;
};

/**
 * The figure's tags (spec section 2): number, tag, the first two inputs and responses with a
 * +N count of the rest, and view / edit / delete. A table on wide screens, cards on phones.
 */
export function TagList({ entries, wide, caption, fewInputsThreshold, ...actions }: TagListProps) {
  if (wide) {
    return (
      <div className="overflow-hidden rounded-[var(--radius-card)] border border-kertas-300 bg-white shadow-kartu">
        <table className="w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <colgroup>
            <col className="w-14" />
            <col className="w-[22%]" />
            <col />
            <col />
            <col className="w-[9.5rem]" />
          </colgroup>
          <thead className="border-b border-kertas-300 bg-kertas-100 text-xs font-semibold tracking-[0.08em] text-tinta-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 text-right">
                No.
              </th>
              <th scope="col" className="px-3 py-3">
                Tag
              </th>
              <th scope="col" className="px-3 py-3">
                Input
              </th>
              <th scope="col" className="px-3 py-3">
                Respons
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Aksi
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-kertas-200">
            {entries.map(({ number, tag }) => (
              <tr key={tag.id} className="align-top transition-colors hover:bg-kertas-50">
                <td className="px-4 py-4 text-right font-display text-base font-semibold text-tinta-500 tabular-nums">
                  {number}
                </td>
                <th scope="row" className="px-3 py-4 font-normal">
                  <TagName tag={tag} fewInputsThreshold={fewInputsThreshold} />
                </th>
                <td className="px-3 py-4">
                  <Preview items={tag.input} noun="input" />
                </td>
                <td className="px-3 py-4">
                  <Preview items={tag.responses} noun="respons" />
                </td>
                <td className="px-4 py-3">
                  <RowActions tag={tag} compact {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <ul aria-label={caption} className="space-y-3">
      {entries.map(({ number, tag }) => (
        <TagCard
          key={tag.id}
          number={number}
          tag={tag}
          fewInputsThreshold={fewInputsThreshold}
          {...actions}
        />
      ))}
    </ul>
  );
}

function TagCard({
  number,
  tag,
  fewInputsThreshold,
  ...actions
}: Actions & { number: number; tag: Tag; fewInputsThreshold: number }) {
  const titleId = useId();
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="rounded-[var(--radius-card)] border border-kertas-300 bg-white p-4 shadow-kartu"
      >
        <header className="flex items-start gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-full border border-kertas-300 bg-kertas-100 font-display text-sm font-bold text-tinta-700 tabular-nums">
            <span className="sr-only">Nomor </span>
            {number}
          </span>
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="sr-only">
              {tag.tag}
            </h3>
            <TagName tag={tag} fewInputsThreshold={fewInputsThreshold} />
          </div>
        </header>
        <div className="mt-3 grid gap-3 border-t border-kertas-200 pt-3">
          <div>
            <p className="mb-1 text-xs font-semibold tracking-[0.08em] text-tinta-500 uppercase">
              Input
            </p>
            <Preview items={tag.input} noun="input" />
          </div>
          <div>
            <p className="mb-1 text-xs font-semibold tracking-[0.08em] text-tinta-500 uppercase">
              Respons
            </p>
            <Preview items={tag.responses} noun="respons" />
          </div>
        </div>
        <div className="mt-4 border-t border-kertas-200 pt-3">
          <RowActions tag={tag} {...actions} />
        </div>
      </article>
    </li>
  );
}

function TagName({ tag, fewInputsThreshold }: { tag: Tag; fewInputsThreshold: number }) {
  const few = tag.input.length < fewInputsThreshold;
  return (
    <>
      <span className="block font-display text-base font-bold break-words text-tinta-900">
        {tag.tag}
      </span>
      <span className="sr-only">, </span>
      <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-tinta-600">
        <span
          className={cn(
            'inline-flex items-center rounded-full px-2 py-0.5 font-medium',
            few ? 'bg-merah-50 text-merah-800 ring-1 ring-merah-200' : 'bg-kertas-100',
          )}
          title={few ? `Kurang dari ${fewInputsThreshold} input` : undefined}
        >
          {tag.input.length} input
          {few && <span className="sr-only"> (kurang dari {fewInputsThreshold})</span>}
        </span>{' '}
        <span className="inline-flex items-center rounded-full bg-kertas-100 px-2 py-0.5 font-medium">
          {tag.responses.length} respons
        </span>
      </span>
    </>
  );
}

/** The first two phrases and a +N count of the rest. */
function Preview({ items, noun }: { items: string[]; noun: string }) {
  if (items.length === 0) return <span className="text-tinta-500 italic">Belum ada {noun}</span>;
  const rest = items.length - 2;
  return (
    <div className="min-w-0">
      <ul className="space-y-1">
        {items.slice(0, 2).map((item, i) => (
          <li key={i} className="line-clamp-2 break-words text-tinta-800" title={item}>
            <span aria-hidden="true" className="mr-1.5 text-emas-500">
              ›
            </span>
            {item}
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <span className="mt-1.5 inline-flex rounded-full border border-kertas-300 bg-kertas-50 px-2 py-0.5 text-xs font-semibold text-tinta-700">
          +{rest}
          <span className="sr-only"> {noun} lainnya</span>
        </span>
      )}
    </div>
  );
}

function RowActions({
  tag,
  onView,
  onEdit,
  onDelete,
  deletingId,
  compact = false,
}: Actions & { tag: Tag; compact?: boolean }) {
  const deleting = deletingId === tag.id;
  return (
    <div className={cn('flex gap-1.5', compact ? 'justify-end' : 'flex-wrap')}>
      <ActionButton
        label={`Lihat tag ${tag.tag}`}
        text="Lihat"
        compact={compact}
        onClick={() => onView(tag)}
      >
        <IconEye className="size-[1.15rem]" />
      </ActionButton>
      <ActionButton
        label={`Ubah tag ${tag.tag}`}
        text="Ubah"
        compact={compact}
        onClick={() => onEdit(tag)}
      >
        <IconPencil className="size-[1.15rem]" />
      </ActionButton>
      <ActionButton
        label={`Hapus tag ${tag.tag}`}
        text="Hapus"
        compact={compact}
        danger
        busy={deleting}
        disabled={deletingId !== null}
        onClick={() => onDelete(tag)}
      >
        {deleting ? <Spinner className="size-4" /> : <IconTrash className="size-[1.15rem]" />}
      </ActionButton>
    </div>
  );
}

function ActionButton({
  label,
  text,
  compact,
  danger = false,
  busy = false,
  disabled = false,
  onClick,
  children,
}: {
  label: string;
  text: string;
  compact: boolean;
  danger?: boolean;
  busy?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={compact ? label : undefined}
      aria-busy={busy || undefined}
      disabled={disabled}
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl border text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        compact ? 'size-11' : 'flex-1 px-3',
        danger
          ? 'border-merah-200 bg-white text-merah-700 hover:bg-merah-50'
          : 'border-kertas-300 bg-white text-tinta-700 hover:border-tinta-400 hover:bg-kertas-100',
      )}
    >
      {children}
      {!compact && <span aria-hidden="true">{text}</span>}
    </button>
  );
}

/** Placeholder rows while the list loads. */
export function TagListSkeleton({ wide }: { wide: boolean }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Memuat data tag…</span>
      <div
        aria-hidden="true"
        className={cn(
          'space-y-3',
          wide && 'rounded-[var(--radius-card)] border border-kertas-300 bg-white p-4 shadow-kartu',
        )}
      >
        {Array.from({ length: wide ? 6 : 4 }, (_, i) => (
          <div
            key={i}
            className={cn(
              'flex animate-denyut gap-4',
              !wide && 'rounded-[var(--radius-card)] border border-kertas-300 bg-white p-4',
            )}
          >
            <div className="h-5 w-8 rounded bg-kertas-200" />
            <div className="h-5 w-32 rounded bg-kertas-200" />
            <div className="h-5 flex-1 rounded bg-kertas-200" />
            {wide && <div className="h-5 flex-1 rounded bg-kertas-200" />}
          </div>
        ))}
      </div>
    </div>
  );
}
