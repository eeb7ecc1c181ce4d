import { cn } from '@/lib/cn';

/** The Dwitunggal seal: two peci over the red and white. Same drawing as public/favicon.svg. */
export function LogoMark({ className, title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      className={className}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <circle cx="32" cy="32" r="30.5" fill="#fbf7f0" stroke="#33281e" strokeWidth="2" />
      <path d="M5.5 32a26.5 26.5 0 0 1 53 0z" fill="#b01e1e" />
      <path d="M5.5 32a26.5 26.5 0 0 0 53 0z" fill="#ffffff" />
      <circle cx="32" cy="32" r="26.5" fill="none" stroke="#33281e" strokeWidth="1.2" />
      <g fill="#221a13" strokeLinejoin="round">
        <path d="M8.5 40.5 C9.2 35 9.8 31 11.2 28.6 C11.8 27.6 12.8 27.2 14.2 27.2 L19.2 27.2 Q20.5 28.2 21.8 27.2 L27.4 27.2 C28.8 27.2 29.8 27.6 30.4 28.6 C31.8 31 32.4 35 33.1 40.5 Q20.8 42.6 8.5 40.5Z" />
        <path
          d="M30.9 40.5 C31.6 35 32.2 31 33.6 28.6 C34.2 27.6 35.2 27.2 36.6 27.2 L41.6 27.2 Q42.9 28.2 44.2 27.2 L49.8 27.2 C51.2 27.2 52.2 27.6 52.8 28.6 C54.2 31 54.8 35 55.5 40.5 Q43.2 42.6 30.9 40.5Z"
          stroke="#fbf7f0"
          strokeWidth="1.6"
        />
      </g>
    </svg>
  );
}

/** Logo mark plus the word mark. */
export function Logo({
  className,
  tone = 'dark',
}: {
  className?: string;
  tone?: 'dark' | 'light';
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className="size-9 shrink-0" />
      <span
        className={cn(
          'font-display text-xl font-bold tracking-tight',
          tone === 'dark' ? 'text-tinta-900' : 'text-white',
        )}
      >
        Dwitunggal
      </span>
    </span>
  );
}
