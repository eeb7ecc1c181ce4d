import { useLayoutEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/prerender/hydration';
import { TEXTAREA_MAX_HEIGHT, TEXTAREA_MIN_HEIGHT, type ChatCharacter } from '../config/characters';
import { IconSend } from './chat-icons';

/**
 * Spec section 2: a textarea that grows between 45 and 100 px; Enter sends, Shift+Enter adds a
 * line. The textarea is never disabled (typing is never blocked); only sending waits while an
 * answer is pending or the text is blank.
 */
export function ChatInput({
  character,
  value,
  onChange,
  onSubmit,
  loading,
}: {
  character: ChatCharacter;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  loading: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const blank = value.trim().length === 0;
  const canSend = !blank && !loading;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = `${TEXTAREA_MIN_HEIGHT}px`;
    // An empty field is one line: measuring it would force a layout while the page first
    // renders (a forced reflow on the critical path).
    if (value === '') {
      el.style.overflowY = 'hidden';
      return;
    }
    const height = Math.min(TEXTAREA_MAX_HEIGHT, Math.max(TEXTAREA_MIN_HEIGHT, el.scrollHeight));
    el.style.height = `${height}px`;
    el.style.overflowY = el.scrollHeight > TEXTAREA_MAX_HEIGHT ? 'auto' : 'hidden';
  }, [value]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const hydrated = useHydrated();
  const inputId = `pesan-${character.key}`;
  return (
    <form onSubmit={submit} aria-label={`Kirim pesan kepada ${character.name}`}>
      <div className="flex items-end gap-2 rounded-2xl border border-kertas-400 bg-white p-1.5 pl-2 shadow-kartu transition-colors focus-within:border-merah-600 focus-within:ring-3 focus-within:ring-merah-600/20">
        <label htmlFor={inputId} className="sr-only">
          Pesan untuk {character.name}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          rows={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          // A prerendered chat is on screen before its script runs: what is typed before the
          // page is hydrated would not reach the draft, so the field takes input from then on.
          readOnly={!hydrated}
          placeholder={`Tanyakan kepada ${character.honorific}…`}
          aria-describedby={`${inputId}-hint`}
          enterKeyHint="send"
          maxLength={1000}
          className="block min-h-[45px] flex-1 resize-none bg-transparent px-2 py-[11.5px] text-base leading-[22px] text-tinta-900 placeholder:text-tinta-500 focus-visible:outline-none"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label="Kirim pesan"
          aria-busy={loading || undefined}
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-xl bg-merah-600 text-white shadow-sm transition-colors hover:bg-merah-700 active:bg-merah-800',
            'disabled:cursor-not-allowed disabled:bg-kertas-300 disabled:text-tinta-500 disabled:shadow-none',
          )}
        >
          {loading ? <Spinner className="size-5" /> : <IconSend className="size-5" />}
        </button>
      </div>
      <p id={`${inputId}-hint`} className="mt-1.5 hidden px-2 text-xs text-tinta-600 sm:block">
        <kbd className="font-sans font-semibold">Enter</kbd> untuk mengirim ·{' '}
        <kbd className="font-sans font-semibold">Shift + Enter</kbd> untuk baris baru
      </p>
    </form>
  );
}
