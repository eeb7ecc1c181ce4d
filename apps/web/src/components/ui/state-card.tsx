import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { IconAlert, IconArchive, IconRefresh } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/** The designed empty or error state of a screen's main content: icon, title, text, action. */
export function StateCard({
  tone,
  title,
  text,
  action,
  className,
}: {
  tone: 'error' | 'empty';
  title: string;
  text: string;
  action?: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'error' ? IconAlert : IconArchive;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center rounded-[var(--radius-card)] border px-6 py-12 text-center',
        tone === 'error'
          ? 'border-merah-200 bg-merah-50/60'
          : 'border-dashed border-kertas-400 bg-white',
        className,
      )}
    >
      <span
        className={cn(
          'grid size-16 place-items-center rounded-full border',
          tone === 'error'
            ? 'border-merah-200 bg-white text-merah-700'
            : 'border-kertas-300 bg-kertas-100 text-tinta-600',
        )}
      >
        <Icon className="size-8" />
      </span>
      <p
        className={cn(
          'mt-4 font-display text-xl font-bold',
          tone === 'error' ? 'text-merah-800' : 'text-tinta-900',
        )}
      >
        {title}
      </p>
      <p className="mt-1.5 max-w-md text-tinta-600">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/** The action of an error state: loads the screen's data again. */
export function RetryButton({
  onClick,
  children = 'Coba lagi',
}: {
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Button variant="secondary" onClick={onClick}>
      <IconRefresh className="size-5" />
      {children}
    </Button>
  );
}
