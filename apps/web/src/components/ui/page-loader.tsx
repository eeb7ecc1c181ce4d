import { LogoMark } from './logo';

/** Full-area loading state: the seal breathing, with a text for screen readers and sighted users. */
export function PageLoader({ label = 'Memuat…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60dvh] flex-1 flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <LogoMark className="size-14 animate-denyut" />
      <p className="font-display text-lg font-semibold text-tinta-700">{label}</p>
      <div className="h-1 w-40 overflow-hidden rounded-full bg-kertas-200" aria-hidden="true">
        <div className="garis-muat h-full w-1/3 rounded-full bg-merah-600" />
      </div>
    </div>
  );
}
