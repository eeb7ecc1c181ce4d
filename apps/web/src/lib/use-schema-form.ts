import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type StringValues = Record<string, string>;
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

type Options<T extends StringValues> = {
  defaultValues: T;
  /**
   * Loads the zod schema (one of the shared @dwitunggal/contracts schemas). It is imported on
   * demand so that zod stays out of the first paint; `preload` runs once the page is idle.
   */
  schema: () => Promise<z.ZodType<T, T>>;
  onSubmit: (data: T) => Promise<void> | void;
};

/**
 * A small form hook for the account screens (spec section 4: "the form validates on submit and
 * re-validates on change; defaults are empty"). It replaces react-hook-form there to keep the
 * initial JavaScript of /login within its 120 KiB budget. Shows the first message per field,
 * focuses the first invalid field, and exposes server-side field errors through `setFieldError`.
 */
export function useSchemaForm<T extends StringValues>({
  defaultValues,
  schema,
  onSubmit,
}: Options<T>) {
  const [values, setValues] = useState<T>(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submitted = useRef(false);
  const fields = useRef(new Map<keyof T & string, HTMLInputElement>());
  const versions = useRef(new Map<string, number>());
  const defaults = useRef(defaultValues);
  const loadSchema = useRef(schema);
  const valuesRef = useRef(values);

  useEffect(() => {
    valuesRef.current = values;
  }, [values]);

  const validate = useCallback(async (candidate: T) => {
    const parsed = await (await loadSchema.current()).safeParseAsync(candidate);
    const found: FieldErrors<T> = {};
    if (parsed.success) return { data: parsed.data, errors: found };
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as keyof T & string;
      if (key && found[key] === undefined) found[key] = issue.message;
    }
    return { data: null, errors: found };
  }, []);

  const revalidateField = useCallback(
    async (name: keyof T & string, next: T) => {
      const version = (versions.current.get(name) ?? 0) + 1;
      versions.current.set(name, version);
      const result = await validate(next).catch(() => null);
      if (!result || versions.current.get(name) !== version) return; // a newer keystroke won
      setErrors((prev) => ({ ...prev, [name]: result.errors[name] }));
    },
    [validate],
  );

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    ref: (el: HTMLInputElement | null) => {
      if (el) fields.current.set(name, el);
      else fields.current.delete(name);
    },
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...valuesRef.current, [name]: e.target.value };
      valuesRef.current = next;
      setValues(next);
      if (submitted.current) void revalidateField(name, next);
    },
  });

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (isSubmitting) return;
    submitted.current = true;
    setIsSubmitting(true);
    try {
      const result = await validate(valuesRef.current);
      setErrors(result.errors);
      if (!result.data) {
        const first = Object.keys(defaults.current).find(
          (k) => result.errors[k as keyof T & string] !== undefined,
        );
        if (first) fields.current.get(first)?.focus();
        return;
      }
      await onSubmit(result.data);
    } finally {
      setIsSubmitting(false);
    }
  };

  const setFieldError = (name: keyof T & string, message: string, focus = true) => {
    setErrors((prev) => ({ ...prev, [name]: message }));
    if (focus) fields.current.get(name)?.focus();
  };

  const reset = () => {
    submitted.current = false;
    valuesRef.current = defaults.current;
    setValues(defaults.current);
    setErrors({});
  };

  const preload = useCallback(() => {
    void loadSchema.current().catch(() => undefined);
  }, []);

  return { values, errors, isSubmitting, field, handleSubmit, setFieldError, reset, preload };
}
