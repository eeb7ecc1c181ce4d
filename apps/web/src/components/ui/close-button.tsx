import type { Ref } from 'react';
import { cn } from '@/lib/cn';
import { IconClose } from './icons';

/** A square button with a cross that closes a notice, a panel or a toast; `label` names it. */
export function CloseButton({
  label,
  onClick,
  className,
  iconClassName = 'size-5',
  ref,
}: {
  label: string;
  onClick: () => void;
  /** Size, shape and colours (a grid that centres the cross is given). */
  className: string;
  iconClassName?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn('grid shrink-0 place-items-center', className)}
    >
      <IconClose className={iconClassName} />
    </button>
  );
}
