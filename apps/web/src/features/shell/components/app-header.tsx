import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconClose, IconMenu } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { SIDEBAR_ID } from './sidebar';

type AppHeaderProps = {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** The user dropdown. */
  userMenu: ReactNode;
};

/** Signed-in header (spec section 2): sidebar toggle, brand, user dropdown. */
export function AppHeader({ sidebarOpen, onToggleSidebar, userMenu }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-20 bg-kertas-50/95 backdrop-blur supports-[backdrop-filter]:bg-kertas-50/85">
      <div className="relative flex h-16 items-center gap-2 px-3 pb-1 sm:px-5">
        <button
          type="button"
          onClick={onToggleSidebar}
          aria-controls={SIDEBAR_ID}
          aria-expanded={sidebarOpen}
          aria-label={sidebarOpen ? 'Tutup menu navigasi' : 'Buka menu navigasi'}
          className="grid size-11 shrink-0 place-items-center rounded-xl text-tinta-700 hover:bg-kertas-200/70"
        >
          {sidebarOpen ? <IconClose className="size-6 lg:hidden" /> : null}
          <IconMenu className={sidebarOpen ? 'hidden size-6 lg:block' : 'size-6'} />
        </button>
        <Link to={paths.home} className="rounded-lg" aria-label="Dwitunggal, ke Beranda">
          <Logo />
        </Link>
        <div className="ml-auto">{userMenu}</div>
        <div className="garis-bendera absolute inset-x-0 bottom-0 h-1" aria-hidden="true" />
      </div>
    </header>
  );
}
