import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/** The account forms' email input: label, keyboard and autofill hints in one place. */
export const EmailField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label' | 'type'>>(
  function EmailField(props, ref) {
    return (
      <TextField
        ref={ref}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="nama@contoh.id"
        {...props}
      />
    );
  },
);
