import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

/** A form's values: text fields, and lists (of phrases edited as chips, or of records). */
type FormValues = Record<string, string | unknown[]>;
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;
type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

type Options<T extends FormValues, Out> = {
  defaultValues: T;
  /**
   * Loads the zod schema (one of the shared @dwitunggal/contracts schemas). It is imported on
   * demand so that zod stays out of the first paint; `preload` runs once the page is idle.
   */
  schema: () => Promise<z.ZodType<Out, T>>;
  onSubmit: (data: Out) => Promise<void> | void;
};

/**
 * The one form hook (spec section 4: "the form validates on submit and re-validates on change;
 * defaults are empty"), used instead of react-hook-form to keep the initial JavaScript of /login
 * within its 120 KiB budget (ADR 019). Shows the first message per field, focuses the first
 * invalid field, and shows the server's field errors (`setServerErrors`, `setFieldError`). Text
 * fields bind with `field(name)`, lists with `listField(name)` (each with its message).
 */
export function useSchemaForm<T extends FormValues, Out = T>({
  defaultValues,
  schema,
  onSubmit,
}: Options<T, Out>) {
  const [values, setValues] = useState<T>(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submitted = useRef(false);
  const fields = useRef(new Map<string, HTMLElement>());
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

  const setValue = <K extends keyof T & string>(name: K, value: T[K]) => {
    const next = { ...valuesRef.current, [name]: value };
    valuesRef.current = next;
    setValues(next);
    if (submitted.current) void revalidateField(name, next);
  };

  const ref = (name: string) => (el: HTMLElement | null) => {
    if (el) fields.current.set(name, el);
    else fields.current.delete(name);
  };

  const focus = useCallback((name: keyof T & string) => fields.current.get(name)?.focus(), []);

  /** Focuses the first field, in the order of `defaultValues`, that has a message. */
  const focusFirst = (found: FieldErrors<T>) => {
    const first = (Object.keys(defaults.current) as (keyof T & string)[]).find(
      (k) => found[k] !== undefined,
    );
    if (first) focus(first);
  };

  const field = (name: KeysOf<T, string>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    ref: ref(name),
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      setValue(name, e.target.value as T[typeof name]),
  });

  const listField = <K extends KeysOf<T, unknown[]>>(name: K) => ({
    ref: ref(name),
    error: errors[name],
    items: values[name],
    onChange: (items: T[K]) => setValue(name, items),
  });

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (isSubmitting) return;
    submitted.current = true;
    setIsSubmitting(true);
    try {
      const result = await validate(valuesRef.current);
      setErrors(result.errors);
      if (!result.data) return focusFirst(result.errors);
      await onSubmit(result.data);
    } finally {
      setIsSubmitting(false);
    }
  };

  const setFieldError = (name: keyof T & string, message: string, moveFocus = true) => {
    setErrors((prev) => ({ ...prev, [name]: message }));
    if (moveFocus) focus(name);
  };

  /**
   * Shows the server's field errors (an error envelope's `errors`) on the form's own fields and
   * focuses the first of them. Returns false when none of them is a field of this form.
   */
  const setServerErrors = (serverErrors: Record<string, string>): boolean => {
    const found: FieldErrors<T> = {};
    for (const key of Object.keys(defaults.current) as (keyof T & string)[]) {
      if (serverErrors[key] !== undefined) found[key] = serverErrors[key];
    }
    setErrors(found);
    focusFirst(found);
    return Object.keys(found).length > 0;
  };

  /** Back to the defaults (or to `next`, e.g. a record loaded for editing), with no messages. */
  const reset = useCallback((next: T = defaults.current) => {
    submitted.current = false;
    valuesRef.current = next;
    setValues(next);
    setErrors({});
  }, []);

  const preload = useCallback(() => {
    void loadSchema.current().catch(() => undefined);
  }, []);

  return {
    values,
    errors,
    isSubmitting,
    field,
    listField,
    focus,
    handleSubmit,
    setFieldError,
    setServerErrors,
    reset,
    preload,
  };
}
