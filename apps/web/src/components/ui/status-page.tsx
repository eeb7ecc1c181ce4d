import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';

/**
 * Full-page frame for the public status screens (403, not found, errors): the code is shown as
 * an archive's rubber stamp.
 */
export function StatusPage({
  code,
  stamp,
  children,
}: {
  code: string;
  /** Small caps line under the code on the stamp. */
  stamp: string;
  children: ReactNode;
}) {
  return (
    <div className="kertas-tekstur flex min-h-dvh flex-col">
      <header className="px-5 py-5 sm:px-8">
        <Link to="/" className="inline-block rounded-lg" aria-label="Dwitunggal, ke halaman awal">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-5 pt-4 pb-16">
        <div className="w-full max-w-xl text-center">
          <div className="mb-8 inline-flex -rotate-3 flex-col items-center rounded-2xl border-[3px] border-merah-700 px-7 pt-2 pb-3 text-merah-700 shadow-[inset_0_0_0_3px_var(--color-kertas-50),inset_0_0_0_4px_var(--color-merah-700)]">
            <span className="font-display text-6xl leading-none font-bold tracking-wide sm:text-7xl">
              {code}
            </span>
            <span className="mt-1 text-[0.7rem] font-semibold tracking-[0.3em] uppercase">
              {stamp}
            </span>
          </div>
          {children}
        </div>
      </main>
      <div className="garis-bendera h-2" aria-hidden="true" />
    </div>
  );
}
