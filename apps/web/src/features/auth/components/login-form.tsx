import type { LoginBody } from '@dwitunggal/contracts/auth';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { EmailField } from './email-field';
import { warmUpHandlers } from './warm-up';
import { useHydrated } from '@/prerender/hydration';
import { useSchemaForm } from '@/lib/use-schema-form';
import { loadAuthSchemas } from '../api/schemas';
import { LoginError, loginMessages, signIn } from '../api/session';

// The shared schema with the spec's messages, imported after first paint (see useSchemaForm).
const loadSchema = () => loadAuthSchemas().then((m) => m.loginBody);

/**
 * Login form (spec sections 2, 4, 5, 8): validates on submit and re-validates on change, shows
 * the API error, and calls `onSuccess` once the profile is loaded.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useCountdown();

  const form = useSchemaForm<LoginBody>({
    defaultValues: { email: '', password: '' },
    schema: loadSchema,
    onSubmit: async (values) => {
      setError(null);
      try {
        await signIn(values);
        onSuccess();
      } catch (e) {
        if (e instanceof LoginError) {
          setError(e.message);
          if (e.retryAfter) setSecondsLeft(e.retryAfter);
        } else {
          setError(loginMessages.generic);
        }
      }
    },
  });
  const locked = secondsLeft > 0;
  const { isSubmitting } = form;
  // The prerendered /login is on screen before its script runs: until the form is hydrated its
  // controls stay disabled, so that nothing typed is lost and no native submit sends the fields.
  const hydrated = useHydrated();

  return (
    <form onSubmit={(e) => void form.handleSubmit(e)} {...warmUpHandlers(form.preload)} noValidate>
      <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
        {error && (
          <Alert tone="error">
            {error}
            {locked && <span className="mt-1 block">Coba lagi dalam {secondsLeft} detik.</span>}
          </Alert>
        )}
        <EmailField {...form.field('email')} />
        <PasswordField
          label="Kata Sandi"
          autoComplete="current-password"
          placeholder="Masukkan kata sandi"
          {...form.field('password')}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} disabled={locked}>
          {isSubmitting ? 'Memproses…' : locked ? `Tunggu ${secondsLeft} detik` : 'Masuk'}
        </Button>
      </fieldset>
    </form>
  );
}

/** A seconds countdown (429 Retry-After): set it, and it ticks down to 0 once a second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const id = window.setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearTimeout(id);
  }, [seconds]);
  return [seconds, setSeconds];
}
