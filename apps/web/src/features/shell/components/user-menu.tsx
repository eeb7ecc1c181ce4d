import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import {
  Icon,
  IconChevronDown,
  IconKey,
  IconLogout,
  IconShield,
  IconTrash,
  type IconProps,
} from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { OPEN_PRIVACY_SETTING } from '@/config/events';
import { cn } from '@/lib/cn';
import { downloadMyData, fetchSettings, saveSettings } from '../api/me';

const IconDownload = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4.5v10.5M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
  </Icon>
);

export const PRIVACY_MESSAGES = {
  contribute: 'Bantu menyempurnakan tokoh',
  contributeHint: 'Pertanyaan Anda boleh dibaca tim kurator tanpa nama Anda.',
  settingFailed: 'Pengaturan belum tersimpan. Coba lagi.',
  exportFailed: 'Data belum dapat diunduh. Coba lagi.',
} as const;

export type MenuUser = { name: string; email: string; role: 'user' | 'admin' };

type UserMenuProps = {
  user: MenuUser | null;
  onLogout: () => Promise<void> | void;
  onDeleteAccount: () => Promise<void> | void;
  /** Opens the password change (the menu closes and its button keeps the focus). */
  onChangePassword: () => void;
};

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * The header's user dropdown (spec section 2): name and email, change password, logout, delete
 * account; for a learner also the privacy setting (contributing questions to the curators) and
 * "Unduh data saya" (issue 15). The chat's privacy line opens it at the setting.
 * A disclosure: Escape or a click outside closes it and focus returns to the button.
 */
export function UserMenu({ user, onLogout, onDeleteAccount, onChangePassword }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<'logout' | 'delete' | 'export' | null>(null);
  const [contribute, setContribute] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const switchRef = useRef<HTMLButtonElement>(null);
  const focusSwitch = useRef(false);
  const panelId = useId();
  const signedIn = user !== null;

  // The chat's privacy line asks for the setting: open the menu there.
  useEffect(() => {
    const onAsk = () => {
      focusSwitch.current = true;
      setOpen(true);
    };
    window.addEventListener(OPEN_PRIVACY_SETTING, onAsk);
    return () => window.removeEventListener(OPEN_PRIVACY_SETTING, onAsk);
  }, []);

  // The setting is read each time the menu opens (another device may have changed it).
  useEffect(() => {
    if (!open || !signedIn) return;
    let live = true;
    fetchSettings()
      .then((s) => live && setContribute(s.contribute))
      .catch(() => live && setContribute(null));
    return () => {
      live = false;
    };
  }, [open, signedIn]);

  useEffect(() => {
    if (open && focusSwitch.current && contribute !== null) {
      focusSwitch.current = false;
      switchRef.current?.focus();
    }
  }, [open, contribute]);

  const toggleContribute = async () => {
    if (contribute === null) return;
    const next = !contribute;
    setContribute(next);
    setProblem(null);
    try {
      setContribute((await saveSettings({ contribute: next })).contribute);
    } catch {
      setContribute(!next);
      setProblem(PRIVACY_MESSAGES.settingFailed);
    }
  };

  const exportData = async () => {
    setBusy('export');
    setProblem(null);
    try {
      await downloadMyData();
    } catch {
      setProblem(PRIVACY_MESSAGES.exportFailed);
    } finally {
      setBusy(null);
    }
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const run = async (kind: 'logout' | 'delete', action: () => Promise<void> | void) => {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  // No user yet (a prerendered page before hydration, or a stored token without a profile): an
  // empty avatar rather than a placeholder name that would flash.
  const name = user?.name ?? '';
  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(e) => {
        if (open && !rootRef.current?.contains(e.relatedTarget) && e.relatedTarget) {
          setOpen(false);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setProblem(null);
          setOpen((v) => !v);
        }}
        className="flex min-h-11 items-center gap-2.5 rounded-xl py-1 pr-2 pl-1 text-left hover:bg-kertas-200/70"
      >
        <span
          className="grid size-9 shrink-0 place-items-center rounded-full bg-merah-700 font-display text-sm font-bold text-white ring-2 ring-kertas-50"
          aria-hidden="true"
        >
          {name ? initials(name) : null}
        </span>
        <span className="hidden max-w-[12rem] truncate text-sm font-semibold text-tinta-800 sm:block">
          {name}
        </span>
        <span className="sr-only">{name ? `Menu akun ${name}` : 'Menu akun'}</span>
        <IconChevronDown
          className={cn('size-4 text-tinta-500 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-50 mt-2 w-[min(18rem,calc(100vw-1.5rem))] overflow-hidden rounded-2xl border border-kertas-300 bg-white shadow-angkat animate-muncul"
        >
          <div className="border-b border-kertas-200 bg-kertas-50 px-4 py-3.5">
            <p className="truncate font-semibold text-tinta-900">{name}</p>
            <p className="truncate text-sm text-tinta-600">{user?.email}</p>
            {user?.role === 'admin' && (
              <span className="mt-2 inline-block rounded-full bg-merah-50 px-2.5 py-0.5 text-xs font-semibold text-merah-700">
                Admin
              </span>
            )}
          </div>
          {signedIn && (
            <div className="border-b border-kertas-200 p-1.5">
              <button
                ref={switchRef}
                type="button"
                role="switch"
                aria-checked={contribute === true}
                aria-describedby={`${panelId}-privasi`}
                disabled={contribute === null}
                onClick={() => void toggleContribute()}
                className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sm font-medium text-tinta-800 hover:bg-kertas-100 disabled:opacity-60"
              >
                <IconShield className="size-5 shrink-0" />
                <span className="min-w-0 flex-1">
                  {PRIVACY_MESSAGES.contribute}
                  <span
                    id={`${panelId}-privasi`}
                    className="mt-0.5 block text-xs font-normal text-tinta-600"
                  >
                    {PRIVACY_MESSAGES.contributeHint}
                  </span>
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'relative h-6 w-10 shrink-0 rounded-full transition-colors',
                    contribute ? 'bg-merah-600' : 'bg-kertas-300',
                  )}
                >
                  <span
                    className={cn(
                      'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow-sm transition-transform',
                      contribute && 'translate-x-4',
                    )}
                  />
                </span>
              </button>
              {problem && (
                <p role="alert" className="px-3 pb-1 text-xs text-merah-700">
                  {problem}
                </p>
              )}
            </div>
          )}
          <ul className="p-1.5">
            {signedIn && (
              <MenuAction
                icon={IconDownload}
                busy={busy === 'export'}
                disabled={busy !== null}
                onClick={() => void exportData()}
              >
                Unduh data saya
              </MenuAction>
            )}
            <MenuAction
              icon={IconKey}
              disabled={busy !== null}
              onClick={() => {
                setOpen(false);
                // The dialog gives the focus back to the element focused when it opened.
                buttonRef.current?.focus();
                onChangePassword();
              }}
            >
              Ubah kata sandi
            </MenuAction>
            <MenuAction
              icon={IconLogout}
              busy={busy === 'logout'}
              disabled={busy !== null}
              onClick={() => void run('logout', onLogout)}
            >
              Keluar
            </MenuAction>
            <MenuAction
              icon={IconTrash}
              danger
              busy={busy === 'delete'}
              disabled={busy !== null}
              onClick={() => void run('delete', onDeleteAccount)}
            >
              Hapus Akun
            </MenuAction>
          </ul>
        </div>
      )}
    </div>
  );
}

/** One entry of the menu: its icon (a spinner while its action runs) and its label. */
function MenuAction({
  icon: Icon,
  busy = false,
  danger = false,
  disabled,
  onClick,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  busy?: boolean;
  danger?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        disabled={disabled}
        onClick={onClick}
        className={cn(
          'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-sm font-medium disabled:opacity-60',
          danger ? 'text-merah-700 hover:bg-merah-50' : 'text-tinta-800 hover:bg-kertas-100',
        )}
      >
        {busy ? <Spinner className="size-5" /> : <Icon className="size-5" />}
        {children}
      </button>
    </li>
  );
}
