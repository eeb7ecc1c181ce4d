import type { ChangePasswordBody } from '@dwitunggal/contracts/auth';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/password-field';
import { toApiFailure } from '@/lib/api-error';
import { useSchemaForm } from '@/lib/use-schema-form';
import { changePassword } from '../api/session';
import { loadAuthSchemas } from '../api/schemas';

export const changePasswordMessages = {
  success: 'Kata sandi berhasil diubah. Sesi Anda di perangkat lain telah dikeluarkan.',
  generic: 'Kata sandi gagal diubah. Silakan coba lagi.',
  offline: 'Tidak ada koneksi. Periksa internet Anda lalu coba lagi.',
} as const;

const loadSchema = () => loadAuthSchemas().then((m) => m.changePasswordBody);

/**
 * "Ubah kata sandi" from the user menu: the current password and a new one (the registration
 * rules). The server's field errors are shown on their fields, anything else (too many
 * attempts, a managed admin account) above the form. On success this device stays signed in
 * with a fresh token and every other session ends.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const form = useSchemaForm<ChangePasswordBody>({
    defaultValues: { currentPassword: '', newPassword: '' },
    schema: loadSchema,
    onSubmit: async (values) => {
      setError(null);
      try {
        await changePassword(values);
        form.reset();
        setDone(true);
      } catch (e) {
        const failure = toApiFailure(e);
        if (form.setServerErrors(failure.errors)) return;
        if (failure.status === null) setError(changePasswordMessages.offline);
        else setError(failure.message ?? changePasswordMessages.generic);
      }
    },
  });

  const close = () => {
    form.reset();
    setError(null);
    setDone(false);
    onClose();
  };

  const { isSubmitting } = form;
  return (
    <Dialog
      open={open}
      onClose={close}
      busy={isSubmitting}
      eyebrow="Akun"
      title="Ubah kata sandi"
      description="Setelah diubah, sesi Anda di perangkat lain akan dikeluarkan."
    >
      {done ? (
        <div className="space-y-5">
          <Alert tone="success">{changePasswordMessages.success}</Alert>
          <Button type="button" className="w-full" onClick={close}>
            Selesai
          </Button>
        </div>
      ) : (
        <form
          onSubmit={(e) => void form.handleSubmit(e)}
          onFocus={form.preload}
          noValidate
          className="space-y-5"
        >
          {error && <Alert tone="error">{error}</Alert>}
          <PasswordField
            label="Kata Sandi Saat Ini"
            autoComplete="current-password"
            placeholder="Kata sandi yang sekarang"
            {...form.field('currentPassword')}
          />
          <PasswordField
            label="Kata Sandi Baru"
            autoComplete="new-password"
            placeholder="Buat kata sandi baru"
            hint="Minimal 8 karakter, dengan huruf besar, huruf kecil, dan angka."
            {...form.field('newPassword')}
          />
          <div className="flex flex-wrap justify-end gap-2.5">
            <Button type="button" variant="secondary" onClick={close} disabled={isSubmitting}>
              Batal
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {isSubmitting ? 'Menyimpan…' : 'Simpan kata sandi'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
