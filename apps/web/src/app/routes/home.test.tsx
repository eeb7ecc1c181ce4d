import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

describe('/home', () => {
  it('welcomes the user and offers both heroes, the team and the footer line', async () => {
    await renderApp('/home', { session: 'learner' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Selamat datang, Sari!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat dengan Soekarno' })).toHaveAttribute(
      'href',
      '/chatsoekarno',
    );
    expect(screen.getByRole('link', { name: 'Chat dengan Hatta' })).toHaveAttribute(
      'href',
      '/chathatta',
    );
    expect(screen.getByRole('heading', { name: 'Tim Pengembang Dwitunggal' })).toBeInTheDocument();
    expect(screen.getByText('Para pengembang di balik platform ini')).toBeInTheDocument();
    // The carousel renders right after its placeholder (jsdom has no IntersectionObserver).
    expect(await screen.findAllByRole('group')).toHaveLength(6);
    expect(screen.getByText('Mulai percakapan sejarah Anda hari ini')).toBeInTheDocument();
  });

  it('starts a chat from a hero button', async () => {
    const { user, router } = await renderApp('/home', { session: 'learner' });
    await user.click(await screen.findByRole('link', { name: 'Chat dengan Hatta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chathatta'));
    expect(
      await screen.findByRole('heading', { name: 'Percakapan dengan Mohammad Hatta' }),
    ).toBeInTheDocument();
  });
});

describe('public pages', () => {
  it('/ starts at /login for visitors and at /home when signed in', async () => {
    const first = await renderApp('/');
    expect(await screen.findByRole('link', { name: 'Mulai Belajar' })).toHaveAttribute(
      'href',
      '/login',
    );
    first.unmount();

    await renderApp('/', { session: 'learner' });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Mulai Belajar' })).toHaveAttribute('href', '/home'),
    );
  });

  it('shows the not-found page for any other path, with a way back home', async () => {
    await renderApp('/tidak/ada');
    expect(
      await screen.findByRole('heading', { name: 'Maaf halaman yang anda cari tidak ada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke Beranda' })).toHaveAttribute(
      'href',
      '/home',
    );
  });
});
