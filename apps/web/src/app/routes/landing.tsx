import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { buttonClasses } from '@/components/ui/button';
import { IconArrowRight } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import soekarnoArt from '@/assets/hero-soekarno.svg';
import hattaArt from '@/assets/hero-hatta.svg';

/** `/`: tagline and a start button, to /home when signed in, else to /login (spec section 2). */
export function LandingRoute() {
  const signedIn = useAuthStore((s) => s.isAuthenticated && Boolean(s.token));
  const start = signedIn ? paths.home : paths.login;

  return (
    <div className="kertas-tekstur flex min-h-dvh flex-col">
      <title>Dwitunggal: Belajar Sejarah bersama Soekarno dan Hatta</title>
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-5 py-5 sm:px-8">
        <Logo />
        <nav aria-label="Akun" className="flex items-center gap-2">
          {signedIn ? (
            <Link to={paths.home} className={buttonClasses('secondary', 'sm')}>
              Beranda
            </Link>
          ) : (
            <>
              <Link to={paths.login} className={buttonClasses('ghost', 'sm')}>
                Masuk
              </Link>
              <Link to={paths.register} className={buttonClasses('secondary', 'sm')}>
                Daftar
              </Link>
            </>
          )}
        </nav>
      </header>

      <main className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-5 pt-4 pb-14 sm:px-8 lg:grid-cols-[1.1fr_1fr] lg:gap-14 lg:pb-20">
        <div>
          <p className="inline-flex items-center gap-2.5 text-xs font-semibold tracking-[0.2em] text-merah-700 uppercase">
            <span className="garis-bendera block h-3.5 w-5 rounded-[2px]" aria-hidden="true" />
            Sejarah kemerdekaan Indonesia
          </p>
          <h1 className="mt-4 text-[2.35rem] leading-[1.12] font-bold sm:text-5xl lg:text-[3.6rem]">
            Belajar sejarah langsung dari <span className="text-merah-700">Sang Dwitunggal</span>.
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-tinta-600">
            Bercakaplah dengan Soekarno dan Mohammad Hatta. Tanyakan tentang proklamasi, perjuangan,
            dan gagasan mereka, lalu kumpulkan pencapaian di setiap percakapan.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link to={start} className={buttonClasses('primary', 'lg')}>
              Mulai Belajar
              <IconArrowRight className="size-5" />
            </Link>
            {!signedIn && (
              <Link to={paths.register} className={buttonClasses('ghost', 'lg')}>
                Buat akun gratis
              </Link>
            )}
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-kertas-300 pt-6">
            <div>
              <dt className="text-xs text-tinta-500">Tokoh</dt>
              <dd className="font-display text-2xl font-bold text-tinta-900">2</dd>
            </div>
            <div>
              <dt className="text-xs text-tinta-500">Model percakapan</dt>
              <dd className="font-display text-2xl font-bold text-tinta-900">2</dd>
            </div>
            <div>
              <dt className="text-xs text-tinta-500">Proklamasi</dt>
              <dd className="font-display text-2xl font-bold text-tinta-900">1945</dd>
            </div>
          </dl>
        </div>

        <div className="relative mx-auto w-full max-w-md lg:max-w-none" aria-hidden="true">
          <div className="grid grid-cols-2 gap-4">
            {(
              [
                [soekarnoArt, 'Soekarno', 'sm:translate-y-6'],
                [hattaArt, 'Mohammad Hatta', ''],
              ] as const
            ).map(([art, name, offset]) => (
              <figure
                key={name}
                className={cn(
                  'overflow-hidden rounded-[var(--radius-card)] border border-kertas-300 bg-white shadow-kartu',
                  offset,
                )}
              >
                <img
                  src={art}
                  alt=""
                  width={400}
                  height={300}
                  className="aspect-[4/5] w-full object-cover"
                />
                <figcaption className="px-4 py-3 font-display text-base font-semibold text-tinta-900">
                  {name}
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </main>
      <footer className="border-t border-kertas-300 px-5 py-5 text-center text-sm text-tinta-600">
        Dwitunggal · Belajar sejarah melalui percakapan
      </footer>
    </div>
  );
}
