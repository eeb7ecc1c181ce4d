import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { deleteAccount, signOut } from '@/features/auth/api/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { AppHeader } from '@/features/shell/components/app-header';
import { Sidebar } from '@/features/shell/components/sidebar';
import { UserMenu } from '@/features/shell/components/user-menu';
import { BREAKPOINTS } from '@/config/breakpoints';
import { minWidth, useMinWidth } from '@/lib/min-width';
import { useUiStore } from '@/features/shell/stores/ui-store';
import { useHydrated } from '@/prerender/hydration';

// Loaded when first opened: the form stays out of every signed-in page's JavaScript.
const ChangePasswordDialog = lazy(() =>
  import('@/features/auth/components/change-password-dialog').then((m) => ({
    default: m.ChangePasswordDialog,
  })),
);

/** Spec section 4: the exact confirmation before deleting the account. */
export const DELETE_ACCOUNT_CONFIRMATION =
  'Are you sure you want to delete your account? This action cannot be undone.';

/** The signed-in layout (spec section 2): header, sidebar, page. */
export function AppLayoutRoute() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A prerendered page is the same for every visitor until hydrated: no user yet, and the
  // sidebar as a desktop column (hidden by CSS under 1024 px, where the drawer starts closed).
  const prerender = !useHydrated();
  const storedUser = useAuthStore((s) => s.user);
  const user = prerender ? null : storedUser;
  const storedSidebarOpen = useUiStore((s) => s.sidebarOpen);
  const sidebarOpen = !prerender && storedSidebarOpen;
  const setSidebarOpen = useUiStore((s) => s.setSidebarOpen);
  const toggleSidebar = useUiStore((s) => s.toggleSidebar);
  const isDesktop = useMinWidth(BREAKPOINTS.desktop);
  const [changingPassword, setChangingPassword] = useState(false);

  // Under 1024 px the sidebar closes after every navigation (and on arrival).
  useEffect(() => {
    if (!minWidth(BREAKPOINTS.desktop).matches()) useUiStore.getState().setSidebarOpen(false);
  }, [pathname]);

  const closeSidebar = useCallback(() => setSidebarOpen(false), [setSidebarOpen]);
  const onNavigate = useCallback(() => {
    if (!minWidth(BREAKPOINTS.desktop).matches()) setSidebarOpen(false);
  }, [setSidebarOpen]);

  const onLogout = async () => {
    await signOut();
    void navigate(paths.login, { replace: true });
  };

  const onDeleteAccount = async () => {
    if (!window.confirm(DELETE_ACCOUNT_CONFIRMATION)) return;
    await deleteAccount();
    void navigate(paths.login, { replace: true });
  };

  return (
    <div className="min-h-dvh bg-kertas-50">
      <a
        href="#konten"
        className="sr-only z-[80] rounded-lg bg-white font-semibold text-merah-700 shadow-angkat focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Lewati ke konten utama
      </a>
      <AppHeader
        sidebarOpen={sidebarOpen}
        onToggleSidebar={toggleSidebar}
        userMenu={
          <UserMenu
            user={user}
            onLogout={onLogout}
            onDeleteAccount={onDeleteAccount}
            onChangePassword={() => setChangingPassword(true)}
          />
        }
      />
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
      <div className="flex">
        <Sidebar
          open={prerender || sidebarOpen}
          mode={prerender || isDesktop ? 'column' : 'drawer'}
          className={prerender ? 'max-lg:hidden' : undefined}
          isAdmin={user?.role === 'admin'}
          onClose={closeSidebar}
          onNavigate={onNavigate}
        />
        <main
          id="konten"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
