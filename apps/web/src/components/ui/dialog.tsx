import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { IconClose } from './icons';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

type DialogProps = {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop (unless `busy`). */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title; also the dialog's accessible description. */
  description?: ReactNode;
  /** Small caps line above the title. */
  eyebrow?: ReactNode;
  children: ReactNode;
  /** Sticky action bar under the scrolling body. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** While true (saving), the dialog cannot be dismissed. */
  busy?: boolean;
  /** The element focused on open (default: the first focusable element of the body). */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * A modal dialog: rendered over the page (a bottom sheet on phones), focus moved inside on open,
 * trapped while open (Tab and Shift+Tab cycle), returned to the element that opened it on close;
 * Escape, the close button and the backdrop dismiss it. The page behind does not scroll.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  eyebrow,
  children,
  footer,
  size = 'md',
  busy = false,
  initialFocusRef,
}: DialogProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeRef = useRef(onClose);
  const busyRef = useRef(busy);

  useEffect(() => {
    closeRef.current = onClose;
    busyRef.current = busy;
  });

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target =
      initialFocusRef?.current ??
      (bodyRef.current && focusables(bodyRef.current)[0]) ??
      focusables(panel)[0] ??
      panel;
    target.focus();

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        if (e.defaultPrevented) return;
        e.preventDefault();
        if (!busyRef.current) closeRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        e.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !panel.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (a click on the page behind, a script) comes back inside.
    const onFocusIn = (e: FocusEvent) => {
      const t = e.target as Node | null;
      if (t && !panel.contains(t) && !(t instanceof Element && t.closest('[data-toast-region]'))) {
        (focusables(panel)[0] ?? panel).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // The page behind leaves the tab order and the accessibility tree (toasts stay reachable).
    const madeInert = [...document.body.children].filter(
      (el): el is HTMLElement =>
        el instanceof HTMLElement &&
        el !== rootRef.current &&
        !el.hasAttribute('data-toast-region') &&
        !el.hasAttribute('inert'),
    );
    for (const el of madeInert) el.inert = true;
    return () => {
      for (const el of madeInert) el.inert = false;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening; the latest onClose/busy are read through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div
      ref={rootRef}
      className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-6"
    >
      <div
        className="absolute inset-0 bg-tinta-900/55 backdrop-blur-[1px] animate-muncul"
        aria-hidden="true"
        onClick={() => {
          if (!busy) onClose();
        }}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={busy || undefined}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[94dvh] w-full flex-col overflow-hidden rounded-t-[1.5rem] border border-kertas-300 bg-kertas-50 shadow-angkat animate-muncul focus:outline-none sm:max-h-[90dvh] sm:rounded-[var(--radius-card)]',
          size === 'lg' ? 'sm:max-w-3xl' : 'sm:max-w-xl',
        )}
      >
        <div className="garis-bendera h-1.5 shrink-0" aria-hidden="true" />
        <header className="flex shrink-0 items-start gap-3 border-b border-kertas-300 px-5 pt-4 pb-3.5 sm:px-6">
          <div className="min-w-0 flex-1">
            {eyebrow && (
              <p className="text-[0.7rem] font-semibold tracking-[0.18em] text-merah-700 uppercase">
                {eyebrow}
              </p>
            )}
            <h2
              id={titleId}
              className="mt-0.5 text-xl leading-snug font-bold break-words sm:text-2xl"
            >
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-tinta-600">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            aria-label="Tutup"
            className="-mr-2 grid size-11 shrink-0 place-items-center rounded-xl text-tinta-600 hover:bg-kertas-200 hover:text-tinta-900 disabled:opacity-50"
          >
            <IconClose className="size-6" />
          </button>
        </header>
        <div
          ref={bodyRef}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6"
        >
          {children}
        </div>
        {footer && (
          <footer className="flex shrink-0 flex-wrap items-center justify-end gap-2.5 border-t border-kertas-300 bg-kertas-100/70 px-5 py-3.5 pb-[max(0.875rem,env(safe-area-inset-bottom))] sm:px-6">
            {footer}
          </footer>
        )}
      </div>
    </div>,
    document.body,
  );
}
