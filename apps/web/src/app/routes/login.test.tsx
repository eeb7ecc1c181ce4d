import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, storedAuth } from '@/testing/render-app';
import { failure, learner, server, success, tokens } from '@/testing/server';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function submit(user: User, email = 'sari@contoh.id', password = 'rahasia1') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Kata Sandi'), password);
  await user.click(screen.getByRole('button', { name: 'Masuk' }));
}

describe('/login', () => {
  it('validates on submit with the spec messages and re-validates on change', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'sari@');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Kata Sandi'), '12345');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Kata Sandi'), '6');
    await waitFor(() => expect(screen.queryByText(/^Password/)).not.toBeInTheDocument());
  });

  it('toggles the password visibility', async () => {
    const { user } = await renderApp('/login');
    const password = await screen.findByLabelText('Kata Sandi');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Tampilkan kata sandi' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Tampilkan kata sandi' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows "Invalid email or password" on 401 and stays on /login', async () => {
    server.use(http.post('*/api/auth/login', () => failure(401, 'Unauthorized')));
    const { user, router } = await renderApp('/login');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(storedAuth()?.token ?? null).toBeNull();
  });

  it('shows "Login failed. Please try again." when the answer carries no token', async () => {
    server.use(http.post('*/api/auth/login', () => success({ user: learner })));
    const { user, router } = await renderApp('/login');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('clears the session and says so when the profile cannot be fetched', async () => {
    server.use(
      http.post('*/api/auth/login', () => success({ token: 'fresh-token', user: learner })),
      http.get('*/api/auth/me', () => failure(500, 'Internal Server Error')),
    );
    const { user, router } = await renderApp('/login');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to retrieve user information. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(storedAuth()).toMatchObject({ token: null, user: null, isAuthenticated: false });
  });

  it('shows the server message otherwise, and the spec fallback when there is none', async () => {
    server.use(http.post('*/api/auth/login', () => failure(503, 'Maintenance in progress')));
    const { user } = await renderApp('/login');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Maintenance in progress');

    server.use(http.post('*/api/auth/login', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'An error occurred. Please try again later.',
      ),
    );
  });

  it('on 429 shows the message and holds the button for Retry-After seconds', async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json(
          { code: 429, status: 'error', message: 'Too many login attempts' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    const { user } = await renderApp('/login');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts');
    expect(screen.getByRole('button', { name: /Tunggu (30|29) detik/ })).toBeDisabled();
  });

  it('stores the token, loads the profile with it, and lands on /home', async () => {
    let loginBody: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        loginBody = await request.json();
        return success({ token: tokens.learner, user: learner });
      }),
    );
    const { user, router } = await renderApp('/login');
    await submit(user, '  sari@contoh.id ', 'rahasia1');

    expect(
      await screen.findByRole('heading', { name: 'Selamat datang, Sari!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(loginBody).toEqual({ email: 'sari@contoh.id', password: 'rahasia1' });
    expect(storedAuth()).toMatchObject({
      token: tokens.learner,
      isAuthenticated: true,
      user: { name: learner.name },
    });
  });

  it('sends a signed-in visitor straight to /home', async () => {
    const { router } = await renderApp('/login', { session: 'learner' });
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang, Sari!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
