import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { IconFile, IconUpload } from '@/components/ui/icons-actions';
import { Spinner } from '@/components/ui/spinner';
import type { ToastInput } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { IMPORT_CONTENT_MAX } from '@dwitunggal/contracts/tags';
import type { Figure } from '@dwitunggal/contracts/characters';
import { failureMessage, importTags, type ImportBody, type ImportPreview } from '../api/tags-api';

export const IMPORT_MESSAGES = {
  tooBig: 'Berkas terlalu besar: maksimal 1 MB.',
  badJson: 'Berkas JSON tidak valid: periksa tanda kurung dan tanda kutipnya.',
  notArchive: 'Berkas JSON harus berisi objek arsip {version, nama, tags}.',
  unreadable: 'Berkas tidak dapat dibaca.',
  previewFailed: 'Gagal memeriksa berkas impor',
  applyFailed: 'Gagal mengimpor data',
} as const;

/** Turns a chosen file into the import body: a JSON archive, or CSV text (tag,kind,text). */
export function toImportBody(fileName: string, text: string): ImportBody | { error: string } {
  const content = text.replace(/^\uFEFF/, '');
  const looksJson =
    /\.json$/i.test(fileName) || (!/\.csv$/i.test(fileName) && /^\s*[{[]/.test(content));
  if (!looksJson) return { format: 'csv', content };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { error: IMPORT_MESSAGES.badJson };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { error: IMPORT_MESSAGES.notArchive };
  }
  return parsed as ImportBody;
}

type Phase =
  | { step: 'choose'; error: string | null }
  | { step: 'checking'; fileName: string }
  | {
      step: 'preview';
      fileName: string;
      body: ImportBody;
      preview: ImportPreview;
      applying: boolean;
      error: string | null;
    };

/**
 * Import of a JSON archive or a CSV file into the figure: the file is validated and previewed
 * by the server (dry run: counts of tags created and merged, inputs and responses added, the
 * total after import, every problem found); applying merges it in one transaction. Nothing is
 * written until the admin applies a preview without errors.
 */
export function ImportDialog({
  figure,
  maxTags,
  onClose,
  onImported,
}: {
  figure: Figure;
  maxTags: number;
  onClose: () => void;
  onImported: (toast: ToastInput) => void;
}) {
  const [phase, setPhase] = useState<Phase>({ step: 'choose', error: null });
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const run = useRef(0);

  const check = async (file: File) => {
    const ticket = ++run.current;
    if (file.size > IMPORT_CONTENT_MAX) {
      setPhase({ step: 'choose', error: IMPORT_MESSAGES.tooBig });
      return;
    }
    setPhase({ step: 'checking', fileName: file.name });
    let text: string;
    try {
      text = await file.text();
    } catch {
      if (ticket === run.current) setPhase({ step: 'choose', error: IMPORT_MESSAGES.unreadable });
      return;
    }
    const body = toImportBody(file.name, text);
    if ('error' in body) {
      if (ticket === run.current) setPhase({ step: 'choose', error: body.error });
      return;
    }
    try {
      const { preview } = await importTags(figure.nama, body, true);
      if (ticket !== run.current) return;
      setPhase({
        step: 'preview',
        fileName: file.name,
        body,
        preview,
        applying: false,
        error: null,
      });
    } catch (error) {
      if (ticket !== run.current) return;
      setPhase({ step: 'choose', error: failureMessage(error, IMPORT_MESSAGES.previewFailed) });
    }
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void check(file);
  };

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void check(file);
  };

  const apply = async () => {
    if (phase.step !== 'preview') return;
    setPhase({ ...phase, applying: true, error: null });
    try {
      const { message, preview } = await importTags(figure.nama, phase.body, false);
      onImported({ tone: 'success', title: message, description: summary(preview) });
    } catch (error) {
      setPhase({
        ...phase,
        applying: false,
        error: failureMessage(error, IMPORT_MESSAGES.applyFailed),
      });
    }
  };

  const preview = phase.step === 'preview' ? phase.preview : null;
  const blocked = preview ? preview.errors.length > 0 : true;
  const nothingToDo =
    preview !== null &&
    preview.tagsCreated + preview.inputsAdded + preview.responsesAdded === 0 &&
    preview.errors.length === 0;
  const applying = phase.step === 'preview' && phase.applying;

  return (
    <Dialog
      open
      onClose={onClose}
      eyebrow={`Arsip ${figure.nama}`}
      title="Impor data tag"
      description="Berkas JSON hasil ekspor, atau CSV dengan kolom tag,kind,text. Isi berkas digabungkan ke data yang sudah ada."
      busy={applying}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={applying}>
            Batal
          </Button>
          <Button onClick={() => void apply()} disabled={blocked || nothingToDo} loading={applying}>
            Terapkan impor
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <label
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-2 rounded-[var(--radius-card)] border-2 border-dashed px-4 py-6 text-center transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-merah-600',
            dragging
              ? 'border-merah-600 bg-merah-50'
              : 'border-kertas-400 bg-white hover:border-tinta-400 hover:bg-kertas-50',
            phase.step === 'preview' && 'py-4',
          )}
        >
          <input
            ref={inputRef}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            onChange={onFile}
            aria-describedby={hintId}
            disabled={phase.step === 'checking' || applying}
            className="sr-only"
          />
          <IconUpload className="size-7 text-merah-700" />
          <span className="font-semibold text-tinta-900">
            {phase.step === 'preview' ? 'Pilih berkas lain' : 'Pilih berkas arsip'}
          </span>
          <span id={hintId} className="text-sm text-tinta-600">
            JSON atau CSV, maksimal 1 MB. Anda juga dapat menyeret berkas ke sini.
          </span>
        </label>
        <p className="text-sm text-tinta-600">
          Sel CSV yang diawali =, +, - atau @ diekspor dengan awalan &apos; agar tidak menjadi
          rumus; awalan itu dibuang lagi saat impor.
        </p>

        {phase.step === 'choose' && phase.error && <Alert tone="error">{phase.error}</Alert>}

        {phase.step === 'checking' && (
          <div role="status" className="flex items-center justify-center gap-3 py-6 text-tinta-600">
            <Spinner className="size-6 text-merah-600" />
            Memeriksa {phase.fileName}…
          </div>
        )}

        {phase.step === 'preview' && preview && (
          <section aria-label="Pratinjau impor" className="space-y-4">
            <p className="flex items-center gap-2 text-sm font-medium text-tinta-800">
              <IconFile className="size-5 shrink-0 text-tinta-500" />
              <span className="min-w-0 break-all">{phase.fileName}</span>
            </p>
            <dl className="grid grid-cols-2 gap-2.5 sm:grid-cols-4">
              <Count term="Tag baru" value={preview.tagsCreated} />
              <Count term="Tag digabung" value={preview.tagsMerged} />
              <Count term="Input ditambahkan" value={preview.inputsAdded} />
              <Count term="Respons ditambahkan" value={preview.responsesAdded} />
            </dl>
            <TotalAfter total={preview.totalTagsAfter} max={maxTags} />
            {preview.warnings.map((w) => (
              <Alert key={w} tone="info">
                {w}
              </Alert>
            ))}
            {preview.errors.length > 0 && (
              <Alert tone="error" title="Berkas tidak dapat diimpor">
                <ul className="mt-1 list-disc space-y-1 pl-4">
                  {preview.errors.map((e, i) => (
                    <li key={i}>{e.message}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {nothingToDo && (
              <Alert tone="info">
                Semua isi berkas sudah ada di arsip: tidak ada yang berubah.
              </Alert>
            )}
            {!blocked && !nothingToDo && (
              <p className="text-sm text-tinta-600">
                Belum ada yang disimpan. Tekan <strong>Terapkan impor</strong> untuk menggabungkan
                data ini ke arsip {figure.fullName}.
              </p>
            )}
            {phase.error && <Alert tone="error">{phase.error}</Alert>}
          </section>
        )}
      </div>
    </Dialog>
  );
}

/** "2 tag baru, 1 tag digabung, 12 input dan 3 respons ditambahkan". */
export function summary(p: ImportPreview): string {
  return `${p.tagsCreated} tag baru, ${p.tagsMerged} tag digabung, ${p.inputsAdded} input dan ${p.responsesAdded} respons ditambahkan`;
}

function Count({ term, value }: { term: string; value: number }) {
  return (
    <div className="rounded-xl border border-kertas-300 bg-white px-3 py-2.5">
      <dt className="text-xs font-medium text-tinta-600">{term}</dt>
      <dd className="font-display text-2xl font-bold text-tinta-900 tabular-nums">{value}</dd>
    </div>
  );
}

function TotalAfter({ total, max }: { total: number; max: number }) {
  const over = total > max;
  return (
    <div>
      <p className={cn('text-sm font-medium', over ? 'text-merah-800' : 'text-tinta-800')}>
        Jumlah tag setelah impor: {total} dari {max}
      </p>
      <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-kertas-200" aria-hidden="true">
        <div
          className={cn('h-full rounded-full', over ? 'bg-merah-600' : 'bg-tinta-600')}
          style={{ width: `${Math.min(100, (total / max) * 100)}%` }}
        />
      </div>
    </div>
  );
}
