import { team } from '@/config/team';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { HeroCards } from '@/features/home/components/hero-cards';
import { TeamCarousel } from '@/features/team/components/team-carousel';
import { useHydrated } from '@/prerender/hydration';

/** `/home` (spec section 2): welcome, two hero cards, team carousel, footer line. */
export function HomeRoute() {
  const storedName = useAuthStore((s) => s.user?.name);
  // Prerendered without a visitor: the name joins the greeting once the page is hydrated.
  const name = useHydrated() ? storedName : undefined;
  const firstName = name?.trim().split(/\s+/)[0];

  return (
    <div className="mx-auto max-w-6xl">
      <title>Beranda · Dwitunggal</title>
      <section aria-labelledby="sambutan">
        <p className="inline-flex items-center gap-2.5 text-xs font-semibold tracking-[0.2em] text-merah-700 uppercase">
          <span className="garis-bendera block h-3.5 w-5 rounded-[2px]" aria-hidden="true" />
          Beranda
        </p>
        <h1
          id="sambutan"
          className="mt-3 text-3xl leading-tight font-bold sm:text-4xl lg:text-[2.75rem]"
        >
          Selamat datang{firstName ? `, ${firstName}` : ''}!
        </h1>
        <p className="mt-3 max-w-2xl text-lg leading-relaxed text-tinta-600">
          Mulailah bercakap dengan para pahlawan proklamator dan dengarkan kisah kemerdekaan dari
          mereka yang mengalaminya.
        </p>
      </section>

      <section aria-labelledby="pahlawan" className="mt-8 lg:mt-10">
        <h2 id="pahlawan" className="sr-only">
          Pilih tokoh
        </h2>
        <HeroCards />
      </section>

      <section aria-labelledby="tim" className="mt-14 lg:mt-20">
        <div className="mb-6 text-center">
          <h2 id="tim" className="text-2xl font-bold sm:text-3xl">
            Tim Pengembang Dwitunggal
          </h2>
          <p className="mt-2 text-tinta-600">Para pengembang di balik platform ini</p>
          <div className="mx-auto mt-4 flex w-24 items-center gap-1" aria-hidden="true">
            <span className="h-0.5 flex-1 bg-emas-400" />
            <span className="size-1.5 rotate-45 bg-merah-600" />
            <span className="h-0.5 flex-1 bg-emas-400" />
          </div>
        </div>
        <TeamCarousel members={team} />
      </section>

      <footer className="mt-14 border-t border-kertas-300 py-8 text-center lg:mt-20">
        <p className="font-display text-lg text-tinta-700 italic">
          Mulai percakapan sejarah Anda hari ini
        </p>
      </footer>
    </div>
  );
}
