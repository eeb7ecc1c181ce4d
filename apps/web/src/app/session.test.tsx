import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storedAuth } from '@/testing/render-app';
import { failure, learner, server, success, tokens } from '@/testing/server';

describe('session at application start', () => {
  afterEach(() => vi.restoreAllMocks());

  it('validates the stored token with a bearer header and shows the fresh profile', async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.get('*/api/auth/me', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return success({ ...learner, name: 'Sari Baru' });
      }),
    );
    await renderApp('/home', { session: { token: tokens.learner, user: learner } });
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang, Sari!' }),
    ).toBeInTheDocument();
    // The stored profile is on screen at once; the check goes out once the API client has loaded.
    await waitFor(() => expect(seen[0]).toBe(`Bearer ${tokens.learner}`));
    await waitFor(() => expect(storedAuth()?.user).toMatchObject({ name: 'Sari Baru' }));
  });

  it('clears everything and goes to /login when the server rejects the token', async () => {
    const { router } = await renderApp('/home', {
      session: { token: 'revoked-token', user: learner },
    });
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang kembali' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(storedAuth()).toMatchObject({ token: null, user: null, isAuthenticated: false });

    // The bearer header is gone too: the next call goes out without it.
    let header: string | null = 'unset';
    server.use(
      http.post('*/api/auth/login', ({ request }) => {
        header = request.headers.get('authorization');
        return failure(401, 'Invalid email or password');
      }),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sari@contoh.id');
    await user.type(screen.getByLabelText('Kata Sandi'), 'rahasia1');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await screen.findByRole('alert');
    expect(header).toBeNull();
  });

  it('keeps the stored session when the browser is offline at start', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.get('*/api/auth/me', () => HttpResponse.error()));
    const { router } = await renderApp('/home', { session: 'learner' });
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang, Sari!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByText('Upss!! sepertinya internet Anda bermasalah')).toBeInTheDocument();
  });

  it('re-validates when the browser is back online and signs out if the token was revoked', async () => {
    const { router } = await renderApp('/home', { session: 'learner' });
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang, Sari!' }),
    ).toBeInTheDocument();

    // The token is revoked elsewhere (for example by a logout on another device).
    server.use(http.get('*/api/auth/me', () => failure(401, 'Unauthorized')));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storedAuth()?.token).toBeNull();
  });
});
