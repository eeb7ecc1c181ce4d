import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { paths } from '@/config/paths';

/**
 * Login required (spec section 4): a persisted token means "assume authenticated", so the page
 * renders at once from the stored profile while the token is validated in the background (a
 * rejected token clears everything, which lands here again and goes to /login). Only when no
 * profile was stored is there a loading state. Without a token or session, to /login replacing
 * history.
 */
export function RequireAuth() {
  const token = useAuthStore((s) => s.token);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isLoading = useAuthStore((s) => s.isLoading);
  const hasUser = useAuthStore((s) => s.user !== null);

  if (!token || !isAuthenticated) {
    return isLoading ? <PageLoader label="Memeriksa sesi Anda…" /> : <Navigate to={paths.login} replace />;
  }
  if (isLoading && !hasUser) return <PageLoader label="Memeriksa sesi Anda…" />;
  return <Outlet />;
}

/** Admin only (spec section 6): role from the fresh profile (never the stored copy); others go to /403. */
export function RequireAdmin() {
  const role = useAuthStore((s) => s.user?.role);
  const isLoading = useAuthStore((s) => s.isLoading);

  if (isLoading) return <PageLoader label="Memeriksa hak akses…" />;
  if (role !== 'admin') return <Navigate to={paths.forbidden} replace />;
  return <Outlet />;
}
