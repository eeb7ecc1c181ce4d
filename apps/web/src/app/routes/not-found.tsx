import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { IconCompass } from '@/components/ui/icons';
import { StatusPage } from '@/components/ui/status-page';
import { paths } from '@/config/paths';

/** Any other path (spec section 2). */
export function NotFoundRoute() {
  return (
    <StatusPage code="404" stamp="Tidak tercatat">
      <title>Halaman tidak ditemukan · Dwitunggal</title>
      <h1 className="text-3xl font-bold sm:text-4xl">Maaf halaman yang anda cari tidak ada</h1>
      <p className="mx-auto mt-3 max-w-md leading-relaxed text-tinta-600">
        Mungkin tautannya sudah berubah, atau halaman ini memang belum pernah tercatat dalam arsip.
      </p>
      <Link to={paths.home} className={buttonClasses('primary', 'lg', 'mt-9')}>
        <IconCompass className="size-5" />
        Kembali ke Beranda
      </Link>
    </StatusPage>
  );
}
