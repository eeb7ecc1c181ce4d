import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { IconEye, IconEyeOff } from './icons';
import { TextField } from './text-field';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A password input with a show/hide toggle (spec: login and registration). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        ref={ref}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...props}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-label="Tampilkan kata sandi"
            title={visible ? 'Sembunyikan kata sandi' : 'Tampilkan kata sandi'}
            className="grid size-11 place-items-center rounded-lg text-tinta-500 hover:bg-kertas-100 hover:text-tinta-800"
          >
            {visible ? <IconEyeOff className="size-5" /> : <IconEye className="size-5" />}
          </button>
        }
      />
    );
  },
);
