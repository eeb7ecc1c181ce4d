import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, storedAuth } from '@/testing/render-app';
import { failure, learner, server, success, tokens } from '@/testing/server';

async function openDialog() {
  const app = await renderApp('/home', { session: 'learner' });
  await app.user.click(await screen.findByRole('button', { name: /Menu akun/ }));
  await app.user.click(screen.getByRole('button', { name: 'Ubah kata sandi' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ubah kata sandi' });
  return { ...app, dialog };
}

/** Types the current and the new password into the dialog and submits it. */
async function submitPasswords(
  user: Awaited<ReturnType<typeof openDialog>>['user'],
  dialog: HTMLElement,
  current: string,
  next: string,
) {
  await user.type(within(dialog).getByLabelText('Kata Sandi Saat Ini'), current);
  await user.type(within(dialog).getByLabelText('Kata Sandi Baru'), next);
  await user.click(within(dialog).getByRole('button', { name: 'Simpan kata sandi' }));
}

describe('user menu: change password', () => {
  it('changes the password and keeps this device signed in with the fresh token', async () => {
    let sent: { body: unknown; authorization: string | null } | null = null;
    server.use(
      http.post('*/api/auth/password', async ({ request }) => {
        sent = { body: await request.json(), authorization: request.headers.get('authorization') };
        return success({ token: 'token-fresh', user: learner }, 200, 'Password changed');
      }),
    );
    const { user, dialog } = await openDialog();
    await submitPasswords(user, dialog, 'Merdeka1945', 'Pancasila1945');

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Kata sandi berhasil diubah. Sesi Anda di perangkat lain telah dikeluarkan.',
    );
    expect(sent).toEqual({
      body: { currentPassword: 'Merdeka1945', newPassword: 'Pancasila1945' },
      authorization: `Bearer ${tokens.learner}`,
    });
    expect(storedAuth()).toMatchObject({ token: 'token-fresh', isAuthenticated: true });

    await user.click(within(dialog).getByRole('button', { name: 'Selesai' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server field error for a wrong current password and stays signed in', async () => {
    server.use(
      http.post('*/api/auth/password', () =>
        failure(400, 'Current password is incorrect', {
          currentPassword: 'Current password is incorrect',
        }),
      ),
    );
    const { user, dialog, router } = await openDialog();
    await submitPasswords(user, dialog, 'Salah12345', 'Pancasila1945');
    const current = within(dialog).getByLabelText('Kata Sandi Saat Ini');

    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    expect(storedAuth()?.token).toBe(tokens.learner);
    expect(router.state.location.pathname).toBe('/home');
  });

  it('checks the new password with the registration rules before calling the server', async () => {
    let called = false;
    server.use(
      http.post('*/api/auth/password', () => {
        called = true;
        return success({ token: 'x', user: learner });
      }),
    );
    const { user, dialog } = await openDialog();
    await submitPasswords(user, dialog, 'Merdeka1945', 'pancasila');

    expect(
      await within(dialog).findByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('shows a refusal without a field (too many attempts) above the form', async () => {
    server.use(
      http.post('*/api/auth/password', () =>
        failure(429, 'Too many login attempts. Please try again later.'),
      ),
    );
    const { user, dialog } = await openDialog();
    await submitPasswords(user, dialog, 'Merdeka1945', 'Pancasila1945');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many login attempts. Please try again later.',
    );
    expect(storedAuth()?.token).toBe(tokens.learner);
  });
});
