import type { ChatSource } from '@dwitunggal/contracts/chat';
import { useEffect, useId, useRef, useState } from 'react';
import { IconChevronDown } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { IconBook } from './chat-icons';

/** The rag answer's sources as expandable citations (title, reference, excerpt). */
export function SourceList({ sources }: { sources: readonly ChatSource[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const listRef = useRef<HTMLOListElement>(null);

  // Bring the opened citations into view (they may unfold below the fold).
  useEffect(() => {
    if (open) listRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [open]);
  if (sources.length === 0) return null;
  return (
    <div className="mt-3 border-t border-kertas-200 pt-2.5">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        className="-mx-1.5 flex min-h-9 items-center gap-2 rounded-lg px-1.5 text-sm font-semibold text-merah-700 hover:bg-merah-50"
      >
        <IconBook className="size-4.5" />
        {open ? 'Sembunyikan sumber' : `Lihat ${sources.length} sumber`}
        <IconChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      {!open && (
        <p className="mt-0.5 truncate text-xs text-tinta-600">
          {sources.map((s) => s.title).join(' · ')}
        </p>
      )}
      <ol ref={listRef} id={listId} hidden={!open} className="mt-2 space-y-2.5">
        {sources.map((source, i) => (
          <li
            key={`${source.id}-${i}`}
            className="rounded-xl border border-kertas-300 bg-kertas-50 px-3.5 py-3 animate-muncul"
          >
            <div className="flex items-start gap-2.5">
              <span className="mt-0.5 grid size-5.5 shrink-0 place-items-center rounded-full bg-merah-700 text-[0.7rem] font-bold text-white">
                {i + 1}
              </span>
              <div className="min-w-0">
                <p className="font-display leading-snug font-semibold text-tinta-900">
                  {source.title}
                </p>
                <p className="mt-0.5 text-xs text-tinta-600">{source.reference}</p>
                <blockquote className="mt-2 border-l-2 border-emas-400 pl-3 text-sm leading-relaxed text-tinta-700 italic">
                  {source.excerpt}
                </blockquote>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
