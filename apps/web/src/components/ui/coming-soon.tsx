import { Link } from 'react-router';
import { buttonClasses } from './button';
import { IconArrowLeft, IconHourglass } from './icons';

/** Designed placeholder for screens whose issue has not landed yet. */
export function ComingSoon({
  eyebrow,
  title,
  description,
  backTo,
}: {
  eyebrow: string;
  title: string;
  description: string;
  backTo: string;
}) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-2 py-10 text-center sm:py-16">
      <div className="relative grid size-24 place-items-center rounded-full border border-kertas-300 bg-white shadow-kartu">
        <IconHourglass className="size-10 text-merah-700" />
        <span className="absolute -right-1 -bottom-1 rounded-full bg-merah-600 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">
          Segera
        </span>
      </div>
      <p className="mt-6 text-xs font-semibold tracking-[0.2em] text-merah-700 uppercase">
        {eyebrow}
      </p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-xl leading-relaxed text-tinta-600">{description}</p>
      <div className="mt-3 inline-flex items-center gap-2 rounded-full border border-kertas-300 bg-kertas-100 px-4 py-1.5 text-sm font-medium text-tinta-700">
        Segera hadir
      </div>
      <Link to={backTo} className={buttonClasses('secondary', 'md', 'mt-8')}>
        <IconArrowLeft className="size-5" />
        Kembali ke Beranda
      </Link>
    </section>
  );
}
