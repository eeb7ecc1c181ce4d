import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/**
 * Two-column account screen (spec: /login): the brand panel and the form. On phones the brand
 * panel becomes a compact band above the form.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)]">
      <aside
        className="relative isolate overflow-hidden bg-merah-700 px-6 [&_:focus-visible]:outline-white py-6 text-white sm:px-10 lg:flex lg:flex-col lg:justify-between lg:px-14 lg:py-12"
        aria-label="Tentang Dwitunggal"
      >
        <BrandPattern />
        <Link
          to={paths.landing}
          className="inline-block rounded-lg"
          aria-label="Dwitunggal, ke halaman awal"
        >
          <Logo tone="light" />
        </Link>
        <div className="mt-5 max-w-lg lg:mt-0">
          <p className="text-xs font-semibold tracking-[0.2em] text-merah-100 uppercase">
            Jakarta, 17 Agustus 1945
          </p>
          <p className="mt-2 font-display text-2xl leading-snug font-semibold text-white sm:text-3xl lg:mt-4 lg:text-[2.6rem] lg:leading-tight">
            Dua tokoh, satu tekad: Indonesia merdeka.
          </p>
          <p className="mt-4 hidden max-w-md text-base leading-relaxed text-merah-50 lg:block">
            Bertanyalah langsung kepada Soekarno dan Mohammad Hatta. Dengarkan kisah perjuangan,
            pemikiran, dan peristiwa di sekitar proklamasi dari sudut pandang mereka.
          </p>
        </div>
        <p className="hidden font-display text-sm text-merah-100 italic lg:block">
          &ldquo;Dwitunggal&rdquo;: dua yang menjadi satu.
        </p>
        <div className="absolute inset-x-0 bottom-0 h-1.5 bg-white/90" aria-hidden="true" />
      </aside>
      <main className="kertas-tekstur flex items-start justify-center px-5 py-8 sm:px-8 sm:py-12 lg:items-center lg:py-16">
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}

/** Faint kawung motif over the red panel. */
function BrandPattern() {
  return (
    <svg
      className="absolute inset-0 -z-10 size-full opacity-[0.09]"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <pattern id="kawung" width="56" height="56" patternUnits="userSpaceOnUse">
          <g fill="none" stroke="#fff" strokeWidth="1.6">
            <ellipse cx="28" cy="17" rx="7" ry="11" />
            <ellipse cx="28" cy="39" rx="7" ry="11" />
            <ellipse cx="17" cy="28" rx="11" ry="7" />
            <ellipse cx="39" cy="28" rx="11" ry="7" />
          </g>
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill="url(#kawung)" />
    </svg>
  );
}
