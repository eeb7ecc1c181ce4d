import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { IconAlert, IconCheck, IconInfo } from './icons';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-merah-200 bg-merah-50 text-merah-800',
  success: 'border-hijau-700/25 bg-hijau-50 text-hijau-700',
  info: 'border-kertas-300 bg-kertas-100 text-tinta-700',
};

const icons = { error: IconAlert, success: IconCheck, info: IconInfo };

/**
 * A message box. Errors are announced assertively (role=alert), the rest politely (role=status).
 */
export function Alert({
  tone = 'error',
  title,
  children,
  className,
}: {
  tone?: Tone;
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-xl border px-4 py-3 text-sm animate-muncul',
        tones[tone],
        className,
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        <div className="break-words">{children}</div>
      </div>
    </div>
  );
}
