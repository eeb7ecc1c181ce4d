import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { paths } from '@/config/paths';
import { useHydrated } from '@/prerender/hydration';

/**
 * Login required (spec section 4): a persisted token means "assume authenticated", so the page
 * renders at once from the stored profile while the token is validated in the background (a
 * rejected token clears everything, which lands here again and goes to /login). Only when no
 * profile was stored is there a loading state. Without a token or session, to /login replacing
 * history.
 */
export function RequireAuth() {
  // A prerendered signed-in page (scripts/prerender.mjs) is hydrated only when a session is
  // stored (app/boot.ts; its boot script sends anyone else to /login): it renders the page as
  // built, and the checks below apply from the render after.
  const hydrated = useHydrated();
  // One derived value: the guard (and so the whole signed-in tree) re-renders only when what it
  // shows changes, not when the stored session is confirmed at start-up.
  const access = useAuthStore((s): 'in' | 'checking' | 'out' => {
    if (!s.token || !s.isAuthenticated) return s.isLoading ? 'checking' : 'out';
    return s.isLoading && s.user === null ? 'checking' : 'in';
  });

  if (!hydrated || access === 'in') return <Outlet />;
  if (access === 'checking') return <PageLoader label="Memeriksa sesi Anda…" />;
  return <Navigate to={paths.login} replace />;
}

/** Admin only (spec section 6): role from the fresh profile (never the stored copy); others go to /403. */
export function RequireAdmin() {
  const role = useAuthStore((s) => s.user?.role);
  const isLoading = useAuthStore((s) => s.isLoading);

  if (isLoading) return <PageLoader label="Memeriksa hak akses…" />;
  if (role !== 'admin') return <Navigate to={paths.forbidden} replace />;
  return <Outlet />;
}
