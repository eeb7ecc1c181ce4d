import type { z } from 'zod';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { IconPencil } from '@/components/ui/icons-actions';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import type { ToastInput } from '@/components/ui/toast';
import { toApiFailure } from '@/lib/api-error';
import { useSchemaForm } from '@/lib/use-schema-form';
import {
  FEW_INPUTS_THRESHOLD,
  foldPhrase,
  INPUT_LENGTH_MAX,
  keepLinks,
  RESPONSE_LENGTH_MAX,
  TAG_LABEL_MAX,
  TAG_NAME_MAX,
  type TagLink,
} from '@dwitunggal/contracts/tags';
import type { Figure } from '@dwitunggal/contracts/characters';
import {
  createTag,
  failureMessage,
  fetchTag,
  loadTagSchemas,
  TAG_UI_MESSAGES,
  updateTag,
  type Tag,
} from '../api/tags-api';
import { ChipEditor } from './chip-editor';
import { LinkEditor, shortResponse } from './link-editor';

export type ModalMode = 'create' | 'edit' | 'view';
export type ModalTarget = { mode: 'create' } | { mode: 'edit' | 'view'; id: string; name: string };

type Values = {
  tag: string;
  label: string;
  input: string[];
  responses: string[];
  links: TagLink[];
};

const EMPTY: Values = { tag: '', label: '', input: [], responses: [], links: [] };
// The server's own rules and messages for a tag's fields (the figure is not a form field).
// The display name is always a text field here; the schema also accepts it absent.
const loadSchema = () =>
  loadTagSchemas().then((m) => m.tagFields as z.ZodType<z.output<typeof m.tagFields>, Values>);

type TagModalProps = {
  figure: Figure;
  target: ModalTarget;
  /** Names of the figure's tags, to say when a create will merge into an existing tag. */
  existingNames: readonly string[];
  onClose: () => void;
  /** A create or update succeeded: the screen closes the modal, toasts, and reloads. */
  onSaved: (toast: ToastInput) => void;
  /** The detail could not be loaded: the screen closes the modal and toasts the failure. */
  onDetailFailed: (serverMessage: string | null) => void;
};

/**
 * The data-management modal (spec section 2 and 4): create, edit and view. Edit and view load
 * the tag's detail first. The form validates on submit with the contracts' tag rules (the
 * spec's messages) and again on every change after that.
 */
export function TagModal({
  figure,
  target,
  existingNames,
  onClose,
  onSaved,
  onDetailFailed,
}: TagModalProps) {
  const [mode, setMode] = useState<ModalMode>(target.mode);
  const id = target.mode === 'create' ? null : target.id;
  const [detail, setDetail] = useState<Tag | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formId = useId();
  const failedRef = useRef(onDetailFailed);
  useEffect(() => {
    failedRef.current = onDetailFailed;
  });

  const form = useSchemaForm({
    defaultValues: EMPTY,
    schema: loadSchema,
    onSubmit: async (data) => {
      setFormError(null);
      const { links = [], ...fields } = data;
      try {
        if (mode === 'create') {
          // Links only when given: a create that merges keeps the tag's stored links anyway.
          const body = { ...fields, nama: figure.nama, ...(links.length > 0 ? { links } : {}) };
          const created = await createTag(body);
          onSaved({
            tone: 'success',
            title: created.message,
            description: `${created.data.added_inputs} input dan ${created.data.added_responses} respons ditambahkan`,
          });
        } else if (id) {
          // An update always sends the links: the form shows them all, so none means none.
          const updated = await updateTag(id, { ...fields, nama: figure.nama, links });
          onSaved({ tone: 'success', title: updated.message || TAG_UI_MESSAGES.updated });
        }
      } catch (error) {
        form.setServerErrors(toApiFailure(error).errors);
        const fallback =
          mode === 'create' ? TAG_UI_MESSAGES.saveFailed : TAG_UI_MESSAGES.updateFailed;
        setFormError(failureMessage(error, fallback));
      }
    },
  });
  const { values, isSubmitting: saving, preload, reset, focus } = form;
  useEffect(preload, [preload]);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    fetchTag(id, controller.signal).then(
      (tag) => {
        if (controller.signal.aborted) return;
        setDetail(tag);
        reset({
          tag: tag.tag,
          label: tag.label ?? '',
          input: tag.input,
          responses: tag.responses,
          links: tag.links ?? [],
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        failedRef.current(toApiFailure(error).message);
      },
    );
    return () => controller.abort();
  }, [id, reset]);

  // Once an edit form has its data, start typing in the name.
  useEffect(() => {
    if (mode === 'edit' && detail) focus('tag');
  }, [mode, detail, focus]);

  // A link whose input or response is removed from the form goes with it.
  const links = form.listField('links');
  const pruning = (name: 'input' | 'responses') => {
    const list = form.listField(name);
    return {
      ...list,
      onChange: (items: string[]) => {
        list.onChange(items);
        const next = { ...values, [name]: items };
        links.onChange(keepLinks(values.links, next.input, next.responses));
      },
    };
  };

  const loading = id !== null && !detail;
  const shownName = detail?.tag ?? (target.mode === 'create' ? '' : target.name);
  const mergeTarget =
    mode === 'create' && values.tag.trim()
      ? existingNames.find((n) => foldPhrase(n) === foldPhrase(values.tag))
      : undefined;

  const title =
    mode === 'create' ? 'Tambah tag baru' : mode === 'edit' ? `Ubah tag "${shownName}"` : shownName;
  const eyebrow = mode === 'view' ? `Detail tag · ${figure.fullName}` : `Arsip ${figure.nama}`;
  const description =
    mode === 'view'
      ? 'Contoh pertanyaan dan jawaban yang dipelajari model untuk tag ini.'
      : `Tag, contoh pertanyaan, dan jawaban untuk melatih chatbot ${figure.fullName}.`;

  let footer;
  if (loading) footer = undefined;
  else if (mode === 'view') {
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
          Tutup
        </Button>
        <Button onClick={() => setMode('edit')}>
          <IconPencil className="size-4" />
          Ubah tag
        </Button>
      </>
    );
  } else {
    footer = (
      <>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Batal
        </Button>
        <Button type="submit" form={formId} loading={saving}>
          {mode === 'create' ? 'Simpan tag' : 'Simpan perubahan'}
        </Button>
      </>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={loading ? shownName || 'Memuat…' : title}
      eyebrow={eyebrow}
      description={description}
      footer={footer}
      size="lg"
      busy={saving}
    >
      {loading ? (
        <div role="status" className="flex flex-col items-center gap-3 py-14 text-tinta-600">
          <Spinner className="size-8 text-merah-600" />
          <p>Memuat detail tag…</p>
        </div>
      ) : mode === 'view' && detail ? (
        <TagDetail tag={detail} />
      ) : (
        <form
          id={formId}
          noValidate
          onSubmit={(e) => void form.handleSubmit(e)}
          className="space-y-6"
        >
          {formError && <Alert tone="error">{formError}</Alert>}
          <TextField
            label="Nama Tag"
            {...form.field('tag')}
            maxLength={TAG_NAME_MAX}
            autoComplete="off"
            spellCheck={false}
            hint={
              mergeTarget
                ? `Tag "${mergeTarget}" sudah ada: input dan respons baru akan digabungkan ke tag itu.`
                : 'Nama kelas yang ditebak model, misalnya sapaan atau proklamasi.'
            }
          />
          <TextField
            label="Nama tampilan (opsional)"
            {...form.field('label')}
            maxLength={TAG_LABEL_MAX}
            autoComplete="off"
            hint="Nama topik yang dilihat pelajar di chat, misalnya Pesan untuk pemuda. Jika kosong, nama tag dipakai."
          />
          <ChipEditor
            label="Input"
            noun="input"
            {...pruning('input')}
            maxLength={INPUT_LENGTH_MAX}
            placeholder="Ketik pertanyaan, tekan Enter"
            hint={`Kalimat yang mungkin diketik pelajar. Tempel beberapa baris untuk menambah sekaligus. Disarankan minimal ${FEW_INPUTS_THRESHOLD} input.`}
          />
          <ChipEditor
            label="Respons"
            noun="respons"
            {...pruning('responses')}
            maxLength={RESPONSE_LENGTH_MAX}
            multiline
            placeholder="Ketik jawaban, tekan Enter"
            hint="Chatbot memilih respons yang paling menjawab pertanyaan; jika setara, acak."
          />
          <LinkEditor {...links} input={values.input} responses={values.responses} />
        </form>
      )}
    </Dialog>
  );
}

function TagDetail({ tag }: { tag: Tag }) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        {[
          ['Tokoh', tag.nama],
          ['Nama tampilan', tag.label ?? '-'],
          ['Input', String(tag.input.length)],
          ['Respons', String(tag.responses.length)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-xl border border-kertas-300 bg-white px-2 py-2.5">
            <dt className="text-xs font-semibold tracking-wide text-tinta-500 uppercase">{term}</dt>
            <dd className="mt-0.5 font-display text-lg font-bold text-tinta-900">{value}</dd>
          </div>
        ))}
      </dl>
      {tag.input.length < FEW_INPUTS_THRESHOLD && (
        <Alert tone="info">
          Tag ini baru memiliki {tag.input.length} input; tambahkan hingga minimal{' '}
          {FEW_INPUTS_THRESHOLD} agar model mengenalinya dengan baik.
        </Alert>
      )}
      <PhraseList title="Input" items={tag.input} />
      <PhraseList title="Respons" items={tag.responses} />
      {tag.links && tag.links.length > 0 && (
        <PhraseList
          title="Jawaban per input"
          items={tag.links.map((l) => `${l.input} → ${shortResponse(l.response)}`)}
        />
      )}
    </div>
  );
}

function PhraseList({ title, items }: { title: string; items: string[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-sans text-sm font-semibold text-tinta-800">
        {title} <span className="font-normal text-tinta-500">({items.length})</span>
      </h3>
      <ol className="divide-y divide-kertas-200 rounded-xl border border-kertas-300 bg-white">
        {items.map((item, i) => (
          <li key={`${i}-${item}`} className="flex gap-3 px-3.5 py-2 text-sm text-tinta-800">
            <span className="w-6 shrink-0 text-right font-medium text-tinta-500 tabular-nums">
              {i + 1}.
            </span>
            <span className="min-w-0 break-words whitespace-pre-line">{item}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
