import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { IconRefresh } from '@/components/ui/icons';
import { StatusPage } from '@/components/ui/status-page';
import { paths } from '@/config/paths';

/**
 * Designed error state for anything that throws while rendering or loading a route (including a
 * lazy chunk that disappeared after a deployment: reloading fetches the new version).
 */
export function RouteError() {
  const error = useRouteError();
  const code = isRouteErrorResponse(error) ? String(error.status) : '!';
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusPage code={code} stamp="Gangguan">
      <title>Terjadi kesalahan · Dwitunggal</title>
      <h1 className="text-3xl font-bold sm:text-4xl">Terjadi kesalahan</h1>
      <p className="mx-auto mt-3 max-w-md leading-relaxed text-tinta-600">
        Halaman ini gagal dimuat. Muat ulang halaman, atau kembali ke Beranda.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <IconRefresh className="size-5" />
          Muat ulang
        </Button>
        <Link to={paths.home} className={buttonClasses('secondary')}>
          Ke Beranda
        </Link>
      </div>
    </StatusPage>
  );
}
