import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { fakeTagsApi } from '@/features/archive/api/fake-tags-api';
import { learner, server, success } from '@/testing/server';

describe('route guards', () => {
  it('sends a visitor without a token to /login, replacing the history entry', async () => {
    const { router } = await renderApp('/home', { history: ['/'] });
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang kembali' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');

    // Back goes to the page before, not to the protected page that redirected.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/chatsoekarno', '/chathatta', '/crudsoekarno', '/crudhatta'])(
    'protects %s from visitors without a token',
    async (path) => {
      const { router } = await renderApp(path);
      expect(
        await screen.findByRole('heading', { name: 'Selamat datang kembali' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('renders a protected page at once from the stored session while the token is validated', async () => {
    let answer: (() => void) | null = null;
    server.use(
      http.get('*/api/auth/me', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return success({ ...learner, name: 'Ratna Dewi' });
      }),
    );
    await renderApp('/home', { session: 'learner' });
    // The stored profile, before /auth/me has answered.
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang, Sari!' }),
    ).toBeInTheDocument();
    // The profile request is on its way (axios loads lazily, so it may start after the render).
    await waitFor(() => expect(answer).not.toBeNull());
    act(() => answer?.());
    // Then the fresh one.
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang, Ratna!' }),
    ).toBeInTheDocument();
  });

  it('shows a designed loading state while a token without a stored profile is validated', async () => {
    // The server answers only once the loading state has been seen (no race with a timer).
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/auth/me', async () => {
        await answered;
        return success(learner);
      }),
    );
    await renderApp('/home', { session: { token: 'token-learner', user: null } });
    expect(await screen.findByText('Memeriksa sesi Anda…')).toBeInTheDocument();
    answer();
    expect(
      await screen.findByRole('heading', { name: 'Selamat datang, Sari!' }),
    ).toBeInTheDocument();
  });

  it.each(['/crudsoekarno', '/crudhatta'])('sends a learner on %s to /403', async (path) => {
    const { router } = await renderApp(path, { session: 'learner' });
    expect(await screen.findByRole('heading', { name: 'Akses Ditolak' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
    expect(screen.getByText(/Hanya pengguna dengan peran/)).toHaveTextContent(
      'Hanya pengguna dengan peran admin yang dapat memasuki halaman pengelolaan data.',
    );
    for (const badge of ['Area Terlindungi', 'Akses Terbatas', 'Izin Diperlukan']) {
      expect(screen.getByText(badge)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Kembali' })).toHaveAttribute('href', '/home');
  });

  it('lets an admin into the archive pages', async () => {
    fakeTagsApi();
    const { router } = await renderApp('/crudsoekarno', { session: 'admin' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arsip Soekarno' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/crudsoekarno');

    await act(() => router.navigate('/crudhatta'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arsip Hatta' }),
    ).toBeInTheDocument();
  });

  it('decides on the role of the fresh profile, not the stored one', async () => {
    // The stored copy says admin; the server says the account is a learner now.
    const { router } = await renderApp('/crudhatta', {
      session: { token: 'token-learner', user: { ...learner, role: 'admin' as never } },
    });
    expect(await screen.findByRole('heading', { name: 'Akses Ditolak' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
  });

  it('lets a learner into the chat pages', async () => {
    await renderApp('/chathatta', { session: 'learner' });
    expect(
      await screen.findByRole('heading', { name: 'Percakapan dengan Mohammad Hatta' }),
    ).toBeInTheDocument();
  });
});
