import { useEffect, useRef, type ComponentType, type SVGProps } from 'react';
import { NavLink } from 'react-router';
import { IconArchive, IconChat, IconClose, IconHome, IconLock } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

type Entry = {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  adminOnly?: boolean;
};

/** Spec section 2: the five sidebar entries, in order. */
export const sidebarEntries: readonly Entry[] = [
  { to: paths.home, label: 'Beranda', icon: IconHome },
  { to: paths.chat.soekarno, label: 'Tanya Bung Karno', icon: IconChat },
  { to: paths.chat.hatta, label: 'Tanya Bung Hatta', icon: IconChat },
  { to: paths.archive.soekarno, label: 'Arsip Soekarno', icon: IconArchive, adminOnly: true },
  { to: paths.archive.hatta, label: 'Arsip Hatta', icon: IconArchive, adminOnly: true },
];

export const SIDEBAR_ID = 'sidebar-navigasi';

type SidebarProps = {
  open: boolean;
  /** Drawer over the page (phones and tablets) or a column beside it (desktop). */
  mode: 'drawer' | 'column';
  isAdmin: boolean;
  onClose: () => void;
  onNavigate: () => void;
  className?: string | undefined;
};

/**
 * Desktop: a full column when open, an icon rail when closed. Under 1024 px: a drawer with a
 * backdrop, closed with Escape, the backdrop or the close button.
 */
export function Sidebar({ open, mode, isAdmin, onClose, onNavigate, className }: SidebarProps) {
  const drawer = mode === 'drawer';
  const rail = !drawer && !open;
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!drawer || !open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer, open, onClose]);

  if (drawer && !open) return null;

  return (
    <>
      {drawer && (
        <div
          className="fixed inset-0 z-30 bg-tinta-900/45 backdrop-blur-[1px] animate-muncul"
          aria-hidden="true"
          onClick={onClose}
        />
      )}
      <nav
        ref={panelRef}
        id={SIDEBAR_ID}
        aria-label="Navigasi utama"
        className={cn(
          'flex flex-col border-r border-kertas-300 bg-kertas-100',
          drawer
            ? 'fixed inset-y-0 left-0 z-40 w-[min(19rem,86vw)] shadow-angkat animate-geser-kanan'
            : 'sticky top-16 h-[calc(100dvh-4rem)] shrink-0 transition-[width] duration-200',
          !drawer && (rail ? 'w-[4.75rem]' : 'w-64'),
          className,
        )}
      >
        {drawer && (
          <div className="flex h-16 items-center justify-between border-b border-kertas-300 px-4">
            <span className="font-display text-lg font-bold text-tinta-900">Menu</span>
            <button
              type="button"
              onClick={onClose}
              aria-label="Tutup menu navigasi"
              className="grid size-11 place-items-center rounded-xl text-tinta-700 hover:bg-kertas-200"
            >
              <IconClose className="size-6" />
            </button>
          </div>
        )}
        <ul className={cn('flex-1 space-y-1 overflow-y-auto py-4', rail ? 'px-2.5' : 'px-3')}>
          {sidebarEntries.map((entry, i) => {
            const locked = entry.adminOnly && !isAdmin;
            const Icon = entry.icon;
            return (
              <li key={entry.to}>
                {i === 3 && (
                  <p
                    className={cn(
                      'mt-4 mb-1.5 px-3 text-xs font-semibold tracking-[0.14em] text-tinta-500 uppercase',
                      rail && 'sr-only',
                    )}
                  >
                    Arsip data
                  </p>
                )}
                {i === 1 && (
                  <p
                    className={cn(
                      'mt-4 mb-1.5 px-3 text-xs font-semibold tracking-[0.14em] text-tinta-500 uppercase',
                      rail && 'sr-only',
                    )}
                  >
                    Percakapan
                  </p>
                )}
                <NavLink
                  to={entry.to}
                  end
                  onClick={onNavigate}
                  title={rail ? entry.label : undefined}
                  aria-label={locked ? `${entry.label} (khusus admin)` : undefined}
                  className={({ isActive }) =>
                    cn(
                      'group relative flex min-h-11 items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium transition-colors',
                      rail && 'justify-center px-0',
                      isActive
                        ? 'bg-merah-600 text-white shadow-sm'
                        : 'text-tinta-700 hover:bg-kertas-200 hover:text-tinta-900',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0" />
                  <span className={cn('flex-1 truncate', rail && 'sr-only')}>{entry.label}</span>
                  {locked && (
                    <IconLock
                      className={cn(
                        'size-4 shrink-0 opacity-70',
                        rail && 'absolute top-1 right-1 size-3.5',
                      )}
                    />
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
        <div className={cn('border-t border-kertas-300 p-4', rail && 'px-2')}>
          <div className="flex items-center gap-3">
            <span className="garis-bendera block h-6 w-9 shrink-0 rounded-sm" aria-hidden="true" />
            <p className={cn('text-xs leading-snug text-tinta-600', rail && 'sr-only')}>
              Proklamasi Kemerdekaan
              <br />
              17 Agustus 1945
            </p>
          </div>
        </div>
      </nav>
    </>
  );
}
