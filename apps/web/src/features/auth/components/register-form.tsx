import type { RegisterBody } from '@dwitunggal/contracts/auth';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { EmailField } from './email-field';
import { warmUpHandlers } from './warm-up';
import { toApiFailure } from '@/lib/api-error';
import { useSchemaForm } from '@/lib/use-schema-form';
import { registerAccount } from '../api/auth-api';
import { loadAuthSchemas } from '../api/schemas';

/** Spec section 8: registration errors (verbatim). */
export const registerMessages = {
  generic: 'Registration failed. Please try again.',
  emailTaken: 'Email already registered',
  nameTaken: 'Name already taken',
} as const;

// The shared schema with the spec's messages, imported after first paint (see useSchemaForm).
const loadSchema = () => loadAuthSchemas().then((m) => m.registerBody);

/**
 * Registration form (spec sections 2, 4, 5, 8). On success the form is cleared and `onSuccess`
 * runs (the route shows the banner and redirects). On failure the API message is shown; a 409
 * naming the email (or the name) marks that field instead.
 */
export function RegisterForm({
  onSuccess,
  disabled = false,
}: {
  onSuccess: () => void;
  disabled?: boolean;
}) {
  const [error, setError] = useState<string | null>(null);

  const form = useSchemaForm<RegisterBody>({
    defaultValues: { name: '', email: '', password: '' },
    schema: loadSchema,
    onSubmit: async (values) => {
      setError(null);
      try {
        await registerAccount(values);
        form.reset();
        onSuccess();
      } catch (e) {
        const failure = toApiFailure(e);
        const message = failure.message ?? registerMessages.generic;
        let mapped = false;
        if (failure.status === 409) {
          const lower = message.toLowerCase();
          if (lower.includes('email')) {
            form.setFieldError('email', registerMessages.emailTaken);
            mapped = true;
          } else if (lower.includes('name')) {
            form.setFieldError('name', registerMessages.nameTaken);
            mapped = true;
          }
        } else {
          mapped = form.setServerErrors(failure.errors);
        }
        if (!mapped) setError(message);
      }
    },
  });
  const { isSubmitting } = form;
  return (
    <form
      onSubmit={(e) => void form.handleSubmit(e)}
      {...warmUpHandlers(form.preload)}
      noValidate
      className="space-y-5"
    >
      {error && <Alert tone="error">{error}</Alert>}
      <fieldset disabled={disabled} className="space-y-5">
        <TextField
          label="Nama Lengkap"
          autoComplete="name"
          placeholder="Nama lengkap Anda"
          {...form.field('name')}
        />
        <EmailField {...form.field('email')} />
        <PasswordField
          label="Kata Sandi"
          autoComplete="new-password"
          placeholder="Buat kata sandi"
          hint="Minimal 8 karakter, dengan huruf besar, huruf kecil, dan angka."
          {...form.field('password')}
        />
      </fieldset>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting} disabled={disabled}>
        {isSubmitting ? 'Mendaftarkan…' : 'Daftar'}
      </Button>
    </form>
  );
}
