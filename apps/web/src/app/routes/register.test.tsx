import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { failure, server, success } from '@/testing/server';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function fill(user: User, values: { name: string; email: string; password: string }) {
  await user.type(await screen.findByLabelText('Nama Lengkap'), values.name);
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Kata Sandi'), values.password);
}

const valid = { name: 'Sari Wulandari', email: 'sari@contoh.id', password: 'Merdeka1945' };

describe('/register', () => {
  it('shows the spec messages on submit, re-validates on change, and sends nothing while invalid', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/auth/register', () => {
        calls += 1;
        return success({});
      }),
    );
    const { user } = await renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Daftar' }));

    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    // The first invalid field gets the focus, and announces its error.
    expect(screen.getByLabelText('Nama Lengkap')).toHaveFocus();
    expect(screen.getByLabelText('Nama Lengkap')).toHaveAccessibleDescription(
      'Name must be at least 3 characters',
    );

    // Re-validation on change: the message follows what is typed.
    await user.type(screen.getByLabelText('Kata Sandi'), 'merdeka45');
    expect(
      await screen.findByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Kata Sandi'));
    await user.type(screen.getByLabelText('Kata Sandi'), 'MERDEKA45');
    expect(
      await screen.findByText('Password must contain at least one lowercase letter'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Kata Sandi'));
    await user.type(screen.getByLabelText('Kata Sandi'), 'Merdekaaa');
    expect(
      await screen.findByText('Password must contain at least one number'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nama Lengkap'), 'x'.repeat(51));
    expect(await screen.findByText('Name cannot exceed 50 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Nama Lengkap'));
    await user.type(screen.getByLabelText('Nama Lengkap'), 'Sari');
    await waitFor(() => expect(screen.queryByText(/^Name /)).not.toBeInTheDocument());

    expect(calls).toBe(0);
  });

  it.each([
    {
      // The server's exact answer to a taken email.
      title: 'maps a 409 naming the email to the email field',
      answer: () =>
        failure(409, 'This email is already registered', { email: 'Email already registered' }),
      label: 'Email',
      message: 'Email already registered',
    },
    {
      title: 'maps a 409 naming the name to the name field',
      answer: () => failure(409, 'That name is taken'),
      label: 'Nama Lengkap',
      message: 'Name already taken',
    },
    {
      title: 'puts the field errors of a 400 under their fields',
      answer: () =>
        failure(400, 'Validation failed', { email: 'Please enter a valid email address' }),
      label: 'Email',
      message: 'Please enter a valid email address',
    },
  ])('$title', async ({ answer, label, message }) => {
    server.use(http.post('*/api/auth/register', answer));
    const { user } = await renderApp('/register');
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));

    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Buat akun baru' })).toBeInTheDocument();
  });

  it('shows the server message, or the spec fallback when there is none', async () => {
    server.use(
      http.post('*/api/auth/register', () => failure(503, 'Service unavailable, try later')),
    );
    const { user } = await renderApp('/register');
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable, try later');

    server.use(http.post('*/api/auth/register', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Registration failed. Please try again.'),
    );
  });

  it('on success sends the fields, clears the form, shows the banner, then goes to /login after 2 s', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/auth/register', async ({ request }) => {
        body = await request.json();
        await new Promise((r) => setTimeout(r, 50));
        return success({ user: { id: '1' } }, 201, 'Registered');
      }),
    );
    const { user, router } = await renderApp('/register');
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Daftar' }));

    // Loading state while submitting.
    expect(await screen.findByRole('button', { name: 'Mendaftarkan…' })).toBeDisabled();

    expect(await screen.findByText('Pendaftaran berhasil!')).toBeInTheDocument();
    expect(body).toEqual(valid);
    expect(screen.getByLabelText('Nama Lengkap')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    const shownAt = Date.now();
    expect(router.state.location.pathname).toBe('/register');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3500 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1900);
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang kembali' }),
    ).toBeInTheDocument();
    expect(within(document.body).queryByText('Pendaftaran berhasil!')).not.toBeInTheDocument();
  });
});
