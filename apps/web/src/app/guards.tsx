import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { paths } from '@/config/paths';

/**
 * Login required (spec section 4): while a persisted token is validated, a loading state;
 * without a token or session, to /login replacing history.
 */
export function RequireAuth() {
  const token = useAuthStore((s) => s.token);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isLoading = useAuthStore((s) => s.isLoading);

  if (isLoading) return <PageLoader label="Memeriksa sesi Anda…" />;
  if (!token || !isAuthenticated) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** Admin only (spec section 6): role from the profile; other users go to /403. */
export function RequireAdmin() {
  const role = useAuthStore((s) => s.user?.role);
  const isLoading = useAuthStore((s) => s.isLoading);

  if (isLoading) return <PageLoader label="Memeriksa hak akses…" />;
  if (role !== 'admin') return <Navigate to={paths.forbidden} replace />;
  return <Outlet />;
}
