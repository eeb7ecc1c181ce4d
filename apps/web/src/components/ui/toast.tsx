import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { IconAlert, IconCheck, IconClose, IconInfo } from './icons';

export type ToastTone = 'success' | 'error' | 'info';
export type Toast = {
  id: number;
  tone: ToastTone;
  title: string;
  description?: string;
  /** How long this toast stays, in ms (default: the queue's duration). */
  duration?: number;
  /** A link under the text, opened in a new tab (e.g. a fallback when a popup was blocked). */
  link?: { label: string; href: string };
};
export type ToastInput = Omit<Toast, 'id'>;

/** Spec section 9: data toasts clear after 3 s. */
export const TOAST_DURATION_MS = 3000;

let nextId = 1;

/**
 * A queue of toasts, each removed automatically `duration` ms after it appears (or earlier with
 * its close button). Timers are cleared when the owner unmounts.
 */
export function useToasts(duration = TOAST_DURATION_MS) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const push = useCallback(
    (toast: ToastInput) => {
      const id = nextId++;
      setToasts((list) => [...list.slice(-3), { ...toast, id }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), toast.duration ?? duration),
      );
      return id;
    },
    [dismiss, duration],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { toasts, push, dismiss };
}

const tones: Record<ToastTone, { box: string; icon: typeof IconCheck }> = {
  success: { box: 'border-hijau-700/30 bg-hijau-50 text-hijau-700', icon: IconCheck },
  error: { box: 'border-merah-200 bg-merah-50 text-merah-800', icon: IconAlert },
  info: { box: 'border-kertas-300 bg-white text-tinta-800', icon: IconInfo },
};

/**
 * Where toasts appear: top of the screen on phones (clear of the keyboard and the offline
 * notice), bottom-right from 640 px. Errors are announced assertively, the rest politely.
 */
export function ToastRegion({
  toasts,
  onDismiss,
}: {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}) {
  return createPortal(
    <div
      data-toast-region=""
      aria-label="Notifikasi"
      role="region"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 top-[4.5rem] z-[60] flex flex-col items-stretch gap-2 sm:inset-x-auto sm:top-auto sm:right-5 sm:bottom-5 sm:w-[24rem]"
    >
      {toasts.map((toast) => {
        const { box, icon: Icon } = tones[toast.tone];
        return (
          <div
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            className={cn(
              'pointer-events-auto flex items-start gap-3 rounded-xl border py-3 pr-2 pl-4 text-sm shadow-angkat animate-muncul',
              box,
            )}
          >
            <Icon className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0 flex-1 py-0.5">
              <p className="font-semibold break-words">{toast.title}</p>
              {toast.description && (
                <p className="mt-0.5 break-words opacity-90">{toast.description}</p>
              )}
              {toast.link && (
                <a
                  href={toast.link.href}
                  target="_blank"
                  rel="noopener"
                  className="mt-1.5 inline-flex min-h-8 items-center font-semibold underline underline-offset-2 hover:no-underline"
                >
                  {toast.link.label}
                </a>
              )}
            </div>
            <button
              type="button"
              onClick={() => onDismiss(toast.id)}
              aria-label="Tutup notifikasi"
              className="grid size-8 shrink-0 place-items-center rounded-lg opacity-80 hover:bg-black/5 hover:opacity-100"
            >
              <IconClose className="size-4" />
            </button>
          </div>
        );
      })}
    </div>,
    document.body,
  );
}
