import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** `/login` (spec section 2): success goes to /home. */
export function LoginRoute() {
  const navigate = useNavigate();
  const signedIn = useAuthStore((s) => s.isAuthenticated && Boolean(s.token) && !s.isLoading);

  if (signedIn) return <Navigate to={paths.home} replace />;

  return (
    <AuthLayout>
      <title>Masuk · Dwitunggal</title>
      <h1 className="text-3xl font-bold sm:text-[2.1rem]">Selamat datang kembali</h1>
      <p className="mt-2 mb-8 text-tinta-600">Masuk untuk melanjutkan percakapan sejarah Anda.</p>
      <LoginForm onSuccess={() => void navigate(paths.home, { replace: true })} />
      <p className="mt-8 text-center text-tinta-600">
        Belum punya akun?{' '}
        <Link
          to={paths.register}
          className="font-semibold text-merah-700 underline decoration-merah-300 underline-offset-4 hover:decoration-merah-700"
        >
          Daftar sekarang
        </Link>
      </p>
    </AuthLayout>
  );
}
