import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_TAGS_PER_CHARACTER } from '@dwitunggal/contracts/characters';
import type { InboxNewTagForm } from '@dwitunggal/contracts/schemas/learning';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { toApiFailure } from '@/lib/api-error';
import { useSchemaForm } from '@/lib/use-schema-form';
import { INBOX_TEXT, type InboxActionBody, type TagChoice } from '../api/inbox-api';

/** The groups an action is for, and the tag suggested for them (the first group's). */
export type ActionTarget = { ids: number[]; suggested: string | null; label: string };

type Run = (body: Omit<InboxActionBody, 'groupIds'>) => Promise<void>;

/** The server's message of a failed action (409 name taken, 422 tag limit, ...). */
function failureOf(error: unknown): string {
  const failure = toApiFailure(error);
  if (failure.status === null) return 'Tidak dapat menghubungi server. Periksa koneksi Anda.';
  return failure.message ?? INBOX_TEXT.actionFailed;
}

const DIALOG_TEXT = {
  add: { title: INBOX_TEXT.addTo, submit: 'Tambahkan' },
  create: { title: INBOX_TEXT.create, submit: 'Buat tag' },
} as const;

/** The shared frame of both dialogs: title, the groups it is for, the form, the error, buttons. */
function ActionDialog({
  kind,
  frame: { target, busy, error, onClose },
  onSubmit,
  onFocus,
  children,
}: {
  kind: keyof typeof DIALOG_TEXT;
  frame: { target: ActionTarget; busy: boolean; error: string | null; onClose: () => void };
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onFocus?: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      eyebrow={INBOX_TEXT.title}
      title={DIALOG_TEXT[kind].title}
      description={target.label}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Batal
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {DIALOG_TEXT[kind].submit}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <form id={formId} noValidate onSubmit={onSubmit} onFocus={onFocus} className="space-y-4">
          {children}
        </form>
        {error && <Alert>{error}</Alert>}
      </div>
    </Dialog>
  );
}

/**
 * "Tambahkan ke tag": the groups' questions become inputs of an existing tag of the figure; the
 * suggested tag is chosen first when the figure has it.
 */
export function AddToTagDialog({
  target,
  tags,
  run,
  onClose,
}: {
  target: ActionTarget;
  tags: TagChoice[] | null;
  run: Run;
  onClose: () => void;
}) {
  const selectId = useId();
  const suggested = target.suggested?.toLowerCase();
  const [tagId, setTagId] = useState(
    () => tags?.find((t) => t.tag.toLowerCase() === suggested)?.id ?? tags?.[0]?.id ?? '',
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!tagId) return;
    setBusy(true);
    setError(null);
    try {
      await run({ action: 'add', tagId });
    } catch (e) {
      setError(failureOf(e));
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      kind="add"
      frame={{ target, busy, error, onClose }}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="space-y-1.5">
        <label htmlFor={selectId} className="block text-sm font-semibold text-tinta-800">
          Tag tujuan
        </label>
        {tags === null ? (
          <p className="text-sm text-tinta-600">Memuat daftar tag…</p>
        ) : tags.length === 0 ? (
          <p className="text-sm text-tinta-600">Tokoh ini belum punya tag. Buat tag baru.</p>
        ) : (
          <select
            id={selectId}
            value={tagId}
            onChange={(e) => setTagId(e.target.value)}
            required
            className="block min-h-12 w-full rounded-xl border border-kertas-400 bg-white px-4 text-base text-tinta-900 hover:border-tinta-400 focus:border-merah-600"
          >
            {tags.map((t) => (
              <option key={t.id} value={t.id}>
                {t.tag}
                {t.tag.toLowerCase() === suggested ? ' (disarankan)' : ''}
              </option>
            ))}
          </select>
        )}
        <p className="text-sm text-tinta-600">
          Pertanyaannya menjadi input tag itu dan masuk ke set regresi. Latih ulang model agar
          berlaku.
        </p>
      </div>
    </ActionDialog>
  );
}

/**
 * "Buat tag baru": a new tag of the figure with the groups' questions as inputs and one reply
 * (the server keeps the 15-tag limit and refuses a taken name: its message is shown).
 */
export function NewTagDialog({
  target,
  tagCount,
  run,
  onClose,
}: {
  target: ActionTarget;
  tagCount: number | null;
  run: Run;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm<InboxNewTagForm>({
    defaultValues: { tagName: '', response: '' },
    schema: () => import('@dwitunggal/contracts/schemas/learning').then((m) => m.inboxNewTagForm),
    onSubmit: async ({ tagName, response }) => {
      setError(null);
      try {
        await run({ action: 'create', tagName, responses: [response] });
      } catch (e) {
        const failure = toApiFailure(e);
        const fieldMessage = failure.errors.tagName ?? failure.errors.responses;
        if (fieldMessage)
          form.setFieldError(failure.errors.tagName ? 'tagName' : 'response', fieldMessage);
        else setError(failureOf(e));
      }
    },
  });
  const full = tagCount !== null && tagCount >= MAX_TAGS_PER_CHARACTER;

  return (
    <ActionDialog
      kind="create"
      frame={{ target, busy: form.isSubmitting, error, onClose }}
      onSubmit={(e) => void form.handleSubmit(e)}
      onFocus={form.preload}
    >
      {full && (
        <Alert tone="info">
          Tokoh ini sudah punya {MAX_TAGS_PER_CHARACTER} tag (batas maksimal): tambahkan ke tag yang
          ada, atau hapus tag di arsip lebih dulu.
        </Alert>
      )}
      <TextField label="Nama tag" autoComplete="off" maxLength={50} {...form.field('tagName')} />
      <TextField
        label="Respons"
        hint="Jawaban tokoh untuk pertanyaan ini (minimal satu)."
        autoComplete="off"
        maxLength={1000}
        {...form.field('response')}
      />
    </ActionDialog>
  );
}
