import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

/** Spec section 9: redirect 2000 ms after a successful registration. */
export const REGISTER_REDIRECT_MS = 2000;

/** `/register` (spec section 2): success banner, then /login after 2 seconds. */
export function RegisterRoute() {
  const navigate = useNavigate();
  const [success, setSuccess] = useState(false);

  useEffect(() => {
    if (!success) return;
    const id = window.setTimeout(() => void navigate(paths.login), REGISTER_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [success, navigate]);

  return (
    <AuthLayout>
      <title>Daftar · Dwitunggal</title>
      <h1 className="text-3xl font-bold sm:text-[2.1rem]">Buat akun baru</h1>
      <p className="mt-2 mb-8 text-tinta-600">
        Daftar untuk mulai bercakap dengan para proklamator.
      </p>
      {success && (
        <Alert tone="success" title="Pendaftaran berhasil!" className="mb-5">
          Akun Anda sudah dibuat. Mengalihkan ke halaman masuk…
        </Alert>
      )}
      <RegisterForm onSuccess={() => setSuccess(true)} disabled={success} />
      <p className="mt-8 text-center text-tinta-600">
        Sudah punya akun?{' '}
        <Link
          to={paths.login}
          className="font-semibold text-merah-700 underline decoration-merah-300 underline-offset-4 hover:decoration-merah-700"
        >
          Masuk
        </Link>
      </p>
    </AuthLayout>
  );
}
