import {
  forwardRef,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { IconClose } from '@/components/ui/icons';
import { IconPlus } from '@/components/ui/icons-actions';
import { FieldError, inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { foldPhrase } from '@dwitunggal/contracts/tags';

type ChipEditorProps = {
  /** Visible label of the text box, e.g. "Input". */
  label: string;
  /** Singular noun used in the remove buttons and the list name, e.g. "input", "respons". */
  noun: string;
  items: string[];
  onChange: (items: string[]) => void;
  placeholder?: string;
  hint?: string;
  error?: string | undefined;
  maxLength?: number;
  /** A two-line box that wraps long text (responses); Enter still adds the chip. */
  multiline?: boolean;
};

/**
 * A list of phrases edited as chips (spec section 5): Enter (or the add button) adds the typed
 * text, trimmed; blank text is ignored, and so is a phrase already in the list (case and spacing
 * ignored, as the server folds them). Pasting several lines adds one chip per line. Each chip
 * has a labelled remove button.
 */
export const ChipEditor = forwardRef<HTMLElement | null, ChipEditorProps>(function ChipEditor(
  { label, noun, items, onChange, placeholder, hint, error, maxLength, multiline = false },
  ref,
) {
  const [draft, setDraft] = useState('');
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useImperativeHandle<HTMLElement | null, HTMLElement | null>(ref, () => fieldRef.current, []);
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;

  const add = (texts: string[]): boolean => {
    const seen = new Set(items.map(foldPhrase));
    const added: string[] = [];
    let duplicates = 0;
    for (const raw of texts) {
      const text = raw.trim();
      if (!text) continue;
      const key = foldPhrase(text);
      if (seen.has(key)) {
        duplicates += 1;
        continue;
      }
      seen.add(key);
      added.push(text);
    }
    if (added.length > 0) onChange([...items, ...added]);
    setNotice(
      duplicates > 0
        ? duplicates === 1 && added.length === 0
          ? `${capitalize(noun)} ini sudah ada di daftar.`
          : `${duplicates} ${noun} yang sudah ada dilewati.`
        : null,
    );
    return added.length > 0 || duplicates > 0;
  };

  const commitDraft = () => {
    if (add([draft])) setDraft('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    // Enter adds the chip and never submits the form.
    e.preventDefault();
    commitDraft();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const text = e.clipboardData.getData('text');
    if (!/[\r\n]/.test(text)) return;
    e.preventDefault();
    add(text.split(/\r?\n|\r/));
  };

  const remove = (index: number) => {
    onChange(items.filter((_, i) => i !== index));
    setNotice(null);
    // The button goes away with its chip: keep keyboard users in the editor.
    fieldRef.current?.focus();
  };

  const describedBy =
    [error ? errorId : null, notice ? noticeId : null, hint ? hintId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const fieldProps = {
    id,
    value: draft,
    placeholder,
    maxLength,
    autoComplete: 'off',
    enterKeyHint: 'enter' as const,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (e: { target: { value: string } }) => {
      setDraft(e.target.value);
      if (notice) setNotice(null);
    },
    onKeyDown,
    onPaste,
  };

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-semibold text-tinta-800">
          {label}
        </label>
        <span className="text-xs font-medium text-tinta-500" aria-hidden="true">
          {items.length} {noun}
        </span>
      </div>
      <div className="flex items-start gap-2">
        {multiline ? (
          <textarea
            ref={fieldRef}
            rows={2}
            {...fieldProps}
            className={cn(inputClasses(Boolean(error)), 'min-h-[4.5rem] resize-y py-2.5')}
          />
        ) : (
          <input
            ref={fieldRef}
            type="text"
            {...fieldProps}
            className={inputClasses(Boolean(error))}
          />
        )}
        <button
          type="button"
          onClick={commitDraft}
          aria-label={`Tambah ${noun}`}
          title={`Tambah ${noun}`}
          className="grid size-12 shrink-0 place-items-center rounded-xl border border-tinta-300 bg-white text-tinta-800 hover:border-tinta-500 hover:bg-kertas-100"
        >
          <IconPlus className="size-5" />
        </button>
      </div>
      <FieldError id={errorId} error={error} />
      {notice && (
        <p id={noticeId} role="status" className="text-sm text-tinta-600">
          {notice}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-tinta-500">
          {hint}
        </p>
      )}
      {items.length > 0 && (
        <ul
          aria-label={`Daftar ${noun} (${items.length})`}
          className="flex max-h-56 flex-wrap gap-1.5 overflow-y-auto rounded-xl border border-kertas-300 bg-white/70 p-2"
        >
          {items.map((item, i) => (
            <li
              key={`${i}-${item}`}
              className="inline-flex max-w-full items-start gap-1 rounded-lg border border-kertas-300 bg-kertas-100 py-1 pr-1 pl-2.5 text-sm text-tinta-800"
            >
              <span className="min-w-0 py-0.5 break-words">{item}</span>
              <button
                type="button"
                onClick={() => remove(i)}
                aria-label={`Hapus ${noun} "${item}"`}
                className="grid size-7 shrink-0 place-items-center rounded-md text-tinta-500 hover:bg-merah-50 hover:text-merah-700"
              >
                <IconClose className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
