import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const inputClasses = (invalid: boolean) =>
  cn(
    'block w-full min-h-12 rounded-xl border bg-white px-4 text-base text-tinta-900 placeholder:text-tinta-500',
    // Focus: the global 3px merah-600 outline (index.css), plus a matching border.
    'transition-colors focus:border-merah-600',
    invalid ? 'border-merah-500 bg-merah-50/40' : 'border-kertas-400 hover:border-tinta-400',
  );

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered inside the input box, on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
};

/** A labelled input with its hint and error wired through aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, id, className, ...inputProps },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-tinta-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClasses(Boolean(error)), trailing ? 'pr-14' : undefined)}
          {...inputProps}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      <FieldError id={errorId} error={error} />
      {hint && (
        <p id={hintId} className="text-sm text-tinta-500">
          {hint}
        </p>
      )}
    </div>
  );
});

/** A field's error under it (its id is the field's aria-describedby); nothing without one. */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-merah-700">
      <span
        aria-hidden="true"
        className="mt-[0.45rem] size-1.5 shrink-0 rounded-full bg-merah-600"
      />
      {error}
    </p>
  );
}
