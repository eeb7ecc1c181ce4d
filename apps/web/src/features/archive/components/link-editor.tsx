import { forwardRef, useId, useState } from 'react';
import { FieldError, inputClasses } from '@/components/ui/text-field';
import { foldPhrase, type TagLink } from '@dwitunggal/contracts/tags';

/** A response as an option of the select: its number and its start. */
export const shortResponse = (text: string, max = 60) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

type LinkEditorProps = {
  input: string[];
  responses: string[];
  items: TagLink[];
  onChange: (links: TagLink[]) => void;
  error?: string | undefined;
};

/**
 * The optional "Jawaban" of each input (decision 023): a select per input listing the tag's
 * responses, "— otomatis —" for no link (the chatbot picks the best reply itself). Behind a
 * disclosure button, so that a tag of many inputs keeps the form short; stacked on a phone.
 */
export const LinkEditor = forwardRef<HTMLButtonElement, LinkEditorProps>(function LinkEditor(
  { input, responses, items, onChange, error },
  ref,
) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const linked = new Map(items.map((l) => [foldPhrase(l.input), foldPhrase(l.response)]));
  const responseIndex = new Map(responses.map((r, i) => [foldPhrase(r), i]));
  const count = input.filter((t) => responseIndex.has(linked.get(foldPhrase(t)) ?? '')).length;

  const choose = (text: string, value: string) => {
    const others = items.filter((l) => foldPhrase(l.input) !== foldPhrase(text));
    const response = value === '' ? undefined : responses[Number(value)];
    onChange(response === undefined ? others : [...others, { input: text, response }]);
  };

  return (
    <section className="rounded-xl border border-kertas-300 bg-white">
      <button
        ref={ref}
        type="button"
        aria-expanded={open || Boolean(error)}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
        className="flex min-h-12 w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-semibold text-tinta-800"
      >
        <span>
          Jawaban per input (opsional){' '}
          <span className="font-normal text-tinta-500">· {count} terhubung</span>
        </span>
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      <div
        id={`${id}-panel`}
        hidden={!open && !error}
        className="space-y-3 border-t border-kertas-200 px-4 py-3"
      >
        <p id={`${id}-hint`} className="text-sm text-tinta-600">
          Pilih respons yang menjawab sebuah input: pertanyaan pelajar yang mirip input itu akan
          mendapat respons tersebut. &quot;— otomatis —&quot; berarti chatbot memilih sendiri.
        </p>
        {input.length === 0 || responses.length === 0 ? (
          <p className="text-sm text-tinta-600">Tambahkan input dan respons terlebih dahulu.</p>
        ) : (
          <ul className="space-y-3">
            {input.map((text, i) => {
              const selectId = `${id}-${i}`;
              const chosen = responseIndex.get(linked.get(foldPhrase(text)) ?? '');
              return (
                <li key={text} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                  <label
                    htmlFor={selectId}
                    className="min-w-0 text-sm break-words text-tinta-800 sm:flex-1"
                  >
                    {text}
                  </label>
                  <select
                    id={selectId}
                    aria-label={`Jawaban untuk ${text}`}
                    value={chosen === undefined ? '' : String(chosen)}
                    onChange={(e) => choose(text, e.target.value)}
                    aria-describedby={`${id}-hint`}
                    className={`${inputClasses(false)} sm:w-72 sm:shrink-0`}
                  >
                    <option value="">— otomatis —</option>
                    {responses.map((r, j) => (
                      <option key={r} value={String(j)}>
                        {`${j + 1}. ${shortResponse(r)}`}
                      </option>
                    ))}
                  </select>
                </li>
              );
            })}
          </ul>
        )}
        <FieldError error={error} />
      </div>
    </section>
  );
});
