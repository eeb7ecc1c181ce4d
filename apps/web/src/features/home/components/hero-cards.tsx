import { FIGURES, lifeYears, type CharacterKey } from '@dwitunggal/contracts/characters';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { IconArrowRight } from '@/components/ui/icons';
import { chatPath } from '@/config/paths';
import soekarnoArt from '@/assets/hero-soekarno.webp';
import hattaArt from '@/assets/hero-hatta.webp';

type Hero = {
  key: CharacterKey;
  name: string;
  title: string;
  years: string;
  blurb: string;
  art: string;
  artAlt: string;
  cta: string;
};

/** The two heroes of the home page (spec section 2: buttons 'Chat dengan Soekarno' / 'Hatta'). */
export const heroes: readonly Hero[] = [
  {
    key: 'soekarno',
    name: FIGURES.soekarno.fullName,
    title: FIGURES.soekarno.title,
    years: lifeYears('soekarno'),
    blurb:
      'Orator ulung dan penggagas Pancasila. Tanyakan tentang pembacaan teks proklamasi, masa pergerakan, dan gagasannya tentang persatuan bangsa.',
    art: soekarnoArt,
    artAlt: FIGURES.soekarno.portraitAlt,
    cta: 'Chat dengan Soekarno',
  },
  {
    key: 'hatta',
    name: FIGURES.hatta.fullName,
    title: FIGURES.hatta.title,
    years: lifeYears('hatta'),
    blurb:
      'Pemikir ekonomi dan Bapak Koperasi Indonesia. Tanyakan tentang perundingan kemerdekaan, pendidikan di Belanda, dan cita-cita ekonomi kerakyatan.',
    art: hattaArt,
    artAlt: FIGURES.hatta.portraitAlt,
    cta: 'Chat dengan Hatta',
  },
];

export function HeroCards() {
  return (
    <ul className="grid gap-5 md:grid-cols-2 lg:gap-7">
      {heroes.map((hero, index) => (
        <li key={hero.key}>
          <article className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-kertas-300 bg-white shadow-kartu transition-shadow hover:shadow-angkat">
            <div className="relative border-b border-kertas-300 bg-kertas-100">
              <img
                src={hero.art}
                alt={hero.artAlt}
                // The first portrait is the page's largest paint on phones: fetch it first.
                fetchPriority={index === 0 ? 'high' : 'auto'}
                width={400}
                height={300}
                className="aspect-[4/3] w-full object-cover"
              />
              <span className="absolute top-3 left-3 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-tinta-700 shadow-sm">
                {hero.years}
              </span>
            </div>
            <div className="flex flex-1 flex-col p-5 sm:p-6">
              <p className="text-xs font-semibold tracking-[0.14em] text-merah-700 uppercase">
                {hero.title}
              </p>
              <h3 className="mt-1.5 text-2xl font-bold">{hero.name}</h3>
              <p className="mt-2.5 flex-1 leading-relaxed text-tinta-600">{hero.blurb}</p>
              <Link
                to={chatPath(hero.key)}
                className={buttonClasses('primary', 'lg', 'mt-5 w-full sm:w-auto sm:self-start')}
              >
                {hero.cta}
                <IconArrowRight className="size-5" />
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
