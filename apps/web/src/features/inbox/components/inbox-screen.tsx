import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FIGURES, type CharacterKey } from '@dwitunggal/contracts/characters';
import { Button } from '@/components/ui/button';
import { IconArrowLeft } from '@/components/ui/icons';
import { IconPlus, IconTag } from '@/components/ui/icons-actions';
import { RetryButton, StateCard } from '@/components/ui/state-card';
import { ToastRegion, useToasts, type ToastInput } from '@/components/ui/toast';
import { archivePath } from '@/config/paths';
import { toApiFailure } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/date-time';
import {
  INBOX_PAGE_SIZE,
  INBOX_TEXT,
  SOURCE_LABELS,
  type InboxActionBody,
  type InboxGroup,
} from '../api/inbox-api';
import { useInbox } from '../hooks/use-inbox';
import { AddToTagDialog, NewTagDialog, type ActionTarget } from './action-dialogs';

/** Header actions the route composes in (the model feature's retrain flow). */
export type InboxHeaderActions = (notify: (toast: ToastInput) => void) => ReactNode;

type Open = { kind: 'add' | 'create'; target: ActionTarget } | null;

const percent = (x: number) => `${Math.round(x * 100)}%`;

/**
 * The curators' inbox ("Kotak Masuk") of one figure, admins only: open groups of similar learner
 * questions the figure could not answer, most frequent first, paged. Each group (or several at
 * once) can be added to an existing tag, become a new tag, or be ignored; the retrain button is
 * in the header (composed by the route).
 */
export function InboxScreen({
  figure: figureKey,
  headerActions,
}: {
  figure: CharacterKey;
  headerActions?: InboxHeaderActions;
}) {
  const figure = FIGURES[figureKey];
  const [offset, setOffset] = useState(0);
  const { state, refreshing, tags, act, acting, retry } = useInbox(figure.key, offset);
  const { toasts, push, dismiss } = useToasts();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<Open>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const ids = { heading: useId(), selectAll: useId() };

  const groups = state.status === 'ready' ? state.page.groups : [];
  const total = state.status === 'ready' ? state.page.total : 0;
  const chosen = groups.filter((g) => selected.has(g.id));

  const targetOf = (list: InboxGroup[]): ActionTarget => ({
    ids: list.map((g) => g.id),
    suggested: list.find((g) => g.suggestedTag)?.suggestedTag ?? null,
    label:
      list.length === 1
        ? `“${list[0]?.examples[0] ?? ''}” · ${list[0]?.count ?? 0} pertanyaan`
        : `${list.length} kelompok · ${list.reduce((n, g) => n + g.count, 0)} pertanyaan`,
  });

  const run = async (target: ActionTarget, body: Omit<InboxActionBody, 'groupIds'>) => {
    const result = await act({ ...body, groupIds: target.ids });
    setOpen(null);
    setSelected(new Set());
    push({
      tone: 'success',
      title:
        result.action === 'ignore'
          ? `${result.groups} kelompok diabaikan`
          : `${result.questionsAdded} pertanyaan ditambahkan ke tag “${result.tag?.tag ?? ''}”`,
      description: result.action === 'ignore' ? undefined : 'Perbarui model agar tag ini dikenali.',
    });
    // The group and its buttons are gone: keep keyboard users in the list.
    listHeadingRef.current?.focus();
  };

  const ignore = (target: ActionTarget) =>
    run(target, { action: 'ignore' }).catch((e: unknown) =>
      push({
        tone: 'error',
        title: INBOX_TEXT.actionFailed,
        description: toApiFailure(e).message ?? undefined,
      }),
    );

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const goTo = (next: number) => {
    setSelected(new Set());
    setOffset(next);
    listHeadingRef.current?.focus();
  };

  const bulkActions = [
    { kind: 'add', label: INBOX_TEXT.addTo, icon: <IconTag className="size-4" /> },
    { kind: 'create', label: INBOX_TEXT.create, icon: <IconPlus className="size-4" /> },
    { kind: 'ignore', label: INBOX_TEXT.ignore, icon: null },
  ] as const;
  const onBulk = (kind: (typeof bulkActions)[number]['kind']) => {
    const target = targetOf(chosen);
    if (kind === 'ignore') void ignore(target);
    else setOpen({ kind, target });
  };
  const retryButton = <RetryButton onClick={retry} />;

  // Focused after an action or a page change (the buttons used are gone).
  const headingProps = {
    id: ids.heading,
    ref: listHeadingRef,
    tabIndex: -1,
    className: 'text-2xl font-bold focus:outline-none',
  };

  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const pageNo = Math.floor(offset / INBOX_PAGE_SIZE) + 1;

  return (
    <div className="mx-auto max-w-6xl">
      <title>{`${INBOX_TEXT.title} ${figure.nama} · Dwitunggal`}</title>

      <header className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <Link
            to={archivePath(figure.key)}
            className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-tinta-700 underline-offset-2 hover:underline"
          >
            <IconArrowLeft className="size-4" />
            Arsip {figure.nama}
          </Link>
          <h1 className="mt-1 text-3xl leading-tight font-bold sm:text-4xl">
            {INBOX_TEXT.title} {figure.nama}
          </h1>
          <p className="mt-2 max-w-2xl leading-relaxed text-tinta-600">
            Pertanyaan pelajar yang belum bisa dijawab {figure.fullName}, dikelompokkan menurut
            kemiripan. Tanpa identitas pelajar.
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center lg:shrink-0">
          {headerActions?.(push)}
        </div>
      </header>

      <section aria-labelledby={ids.heading} className="mt-8">
        <h2 {...headingProps}>Kelompok terbuka</h2>
        <p className="mt-0.5 mb-4 text-sm text-tinta-600" aria-live="polite">
          {state.status === 'ready' && `${total} kelompok menunggu`}
          {refreshing && <span className="ml-2 text-tinta-500">· memperbarui…</span>}
        </p>

        {state.status === 'ready' && groups.length > 0 && (
          <div
            role="toolbar"
            aria-label="Tindakan untuk kelompok terpilih"
            className="z-10 mb-4 flex flex-col gap-2 rounded-[var(--radius-card)] border border-kertas-300 bg-kertas-50/95 p-3 shadow-sm backdrop-blur sm:sticky sm:top-2 sm:flex-row sm:flex-wrap sm:items-center"
          >
            <label
              htmlFor={ids.selectAll}
              className="mr-auto inline-flex min-h-11 items-center gap-2.5 text-sm font-semibold text-tinta-800"
            >
              <input
                id={ids.selectAll}
                type="checkbox"
                className="size-5 accent-merah-600"
                checked={chosen.length === groups.length}
                onChange={(e) =>
                  setSelected(new Set(e.target.checked ? groups.map((g) => g.id) : []))
                }
              />
              {chosen.length > 0 ? `${chosen.length} dipilih` : 'Pilih semua di halaman ini'}
            </label>
            {bulkActions.map(({ kind, label, icon }) => (
              <Button
                key={label}
                variant="secondary"
                size="sm"
                className="min-h-11 w-full sm:w-auto"
                disabled={chosen.length === 0 || acting}
                onClick={() => onBulk(kind)}
              >
                {icon}
                {label}
              </Button>
            ))}
          </div>
        )}

        {state.status === 'loading' && <InboxSkeleton />}
        {state.status === 'error' && (
          <StateCard
            tone="error"
            title={INBOX_TEXT.listFailed}
            text={state.invalid ? INBOX_TEXT.invalid : 'Periksa koneksi Anda, lalu coba lagi.'}
            action={retryButton}
          />
        )}
        {state.status === 'ready' && groups.length === 0 && (
          <StateCard
            tone="empty"
            title={INBOX_TEXT.empty}
            text={
              offset > 0
                ? 'Tidak ada kelompok di halaman ini.'
                : `Belum ada pertanyaan yang gagal dijawab ${figure.nama}. Pertanyaan baru muncul di sini saat pelajar bertanya.`
            }
            action={
              offset > 0 ? (
                <Button variant="secondary" onClick={() => goTo(0)}>
                  Ke halaman pertama
                </Button>
              ) : undefined
            }
          />
        )}
        {groups.length > 0 && (
          <ul className="space-y-3">
            {groups.map((group) => (
              <GroupCard
                key={group.id}
                group={group}
                checked={selected.has(group.id)}
                busy={acting}
                onCheck={(on) => toggle(group.id, on)}
                onAdd={() => setOpen({ kind: 'add', target: targetOf([group]) })}
                onCreate={() => setOpen({ kind: 'create', target: targetOf([group]) })}
                onIgnore={() => void ignore(targetOf([group]))}
              />
            ))}
          </ul>
        )}

        {state.status === 'ready' && pages > 1 && (
          <nav
            aria-label="Halaman kotak masuk"
            className="mt-6 flex items-center justify-between gap-3"
          >
            <Button
              variant="secondary"
              disabled={offset === 0}
              onClick={() => goTo(Math.max(0, offset - INBOX_PAGE_SIZE))}
            >
              Sebelumnya
            </Button>
            <span className="text-sm text-tinta-700 tabular-nums">
              Halaman {pageNo} dari {pages}
            </span>
            <Button
              variant="secondary"
              disabled={pageNo >= pages}
              onClick={() => goTo(offset + INBOX_PAGE_SIZE)}
            >
              Berikutnya
            </Button>
          </nav>
        )}
      </section>

      {open?.kind === 'add' && (
        <AddToTagDialog
          target={open.target}
          tags={tags}
          run={(body) => run(open.target, body)}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'create' && (
        <NewTagDialog
          target={open.target}
          tagCount={tags?.length ?? null}
          run={(body) => run(open.target, body)}
          onClose={() => setOpen(null)}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

/** One open group: its count, examples, sources, last seen and suggestion, and its actions. */
function GroupCard({
  group,
  checked,
  busy,
  onCheck,
  onAdd,
  onCreate,
  onIgnore,
}: {
  group: InboxGroup;
  checked: boolean;
  busy: boolean;
  onCheck: (on: boolean) => void;
  onAdd: () => void;
  onCreate: () => void;
  onIgnore: () => void;
}) {
  const titleId = useId();
  const first = group.examples[0] ?? '';
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'rounded-[var(--radius-card)] border bg-white p-4 sm:p-5',
        checked ? 'border-merah-400 ring-1 ring-merah-300' : 'border-kertas-300',
      )}
    >
      <div className="flex flex-col gap-4 xl:flex-row xl:items-start">
        <div className="flex min-w-0 flex-1 gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-merah-600"
            checked={checked}
            onChange={(e) => onCheck(e.target.checked)}
            aria-label={`Pilih kelompok “${first}”`}
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h3 id={titleId} className="min-w-0 text-lg font-semibold break-words text-tinta-900">
                {first}
              </h3>
              <span className="rounded-full bg-merah-50 px-2.5 py-0.5 text-sm font-semibold text-merah-800 tabular-nums">
                {group.count}× ditanyakan
              </span>
            </div>
            {group.examples.length > 1 && (
              <ul className="mt-2 space-y-1 text-sm text-tinta-700" aria-label="Contoh lain">
                {group.examples.slice(1).map((e) => (
                  <li key={e} className="break-words before:mr-2 before:content-['–']">
                    {e}
                  </li>
                ))}
              </ul>
            )}
            <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-tinta-600">
              <div className="flex flex-wrap items-center gap-1.5">
                <dt className="sr-only">Sumber</dt>
                {group.sources.map((s) => (
                  <dd
                    key={s}
                    className="rounded-md border border-kertas-300 bg-kertas-100 px-2 py-0.5 text-xs font-semibold text-tinta-700"
                  >
                    {SOURCE_LABELS[s]}
                  </dd>
                ))}
              </div>
              <div className="flex gap-1.5">
                <dt>Terakhir:</dt>
                <dd>
                  <time dateTime={group.lastSeen}>{formatDateTime(group.lastSeen)}</time>
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt>Saran tag:</dt>
                <dd className="font-semibold text-tinta-800">
                  {group.suggestedTag
                    ? `${group.suggestedTag}${group.suggestedConfidence !== null ? ` (${percent(group.suggestedConfidence)})` : ''}`
                    : '—'}
                </dd>
              </div>
            </dl>
          </div>
        </div>
        <div
          className="grid grid-cols-1 gap-2 sm:grid-cols-3 xl:shrink-0"
          role="group"
          aria-label={`Tindakan untuk “${first}”`}
        >
          <Button size="sm" className="min-h-11" onClick={onAdd} disabled={busy}>
            <IconTag className="size-4" />
            {INBOX_TEXT.addTo}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11"
            onClick={onCreate}
            disabled={busy}
          >
            <IconPlus className="size-4" />
            {INBOX_TEXT.create}
          </Button>
          <Button variant="ghost" size="sm" className="min-h-11" onClick={onIgnore} disabled={busy}>
            {INBOX_TEXT.ignore}
          </Button>
        </div>
      </div>
    </li>
  );
}

function InboxSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Memuat kotak masuk">
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          className="h-32 animate-pulse rounded-[var(--radius-card)] border border-kertas-300 bg-kertas-100"
        />
      ))}
    </div>
  );
}
