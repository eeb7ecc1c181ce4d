import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fakeTagsApi } from '@/features/archive/api/fake-tags-api';
import { renderApp, storedAuth } from '@/testing/render-app';
import { failure, learner, server, success, tokens } from '@/testing/server';

const personalKeys = ['chat-soekarno', 'chat-hatta', 'achievement-soekarno', 'achievement-hatta'];
const seedPersonalData = () => personalKeys.forEach((k) => localStorage.setItem(k, '[]'));

/** Renders /home for the learner and opens the account menu; then clicks `item` in it, if given. */
async function openUserMenu(item?: string) {
  const app = await renderApp('/home', { session: 'learner' });
  await app.user.click(await screen.findByRole('button', { name: /Menu akun/ }));
  if (item) await app.user.click(screen.getByRole('button', { name: item }));
  return app;
}

/** Answers `method url` with success; returns the Authorization header of every call, in order. */
function answerAndRecord(method: 'post' | 'delete', url: string) {
  const authorizations: (string | null)[] = [];
  server.use(
    http[method](url, ({ request }) => {
      authorizations.push(request.headers.get('authorization'));
      return success(null);
    }),
  );
  return authorizations;
}

describe('signed-in layout: user menu', () => {
  it('shows the name and email', async () => {
    await openUserMenu();
    expect(screen.getAllByText(learner.name).length).toBeGreaterThan(0);
    expect(screen.getByText(learner.email)).toBeInTheDocument();
  });

  it('logs out: tells the server, clears the session and local chat data, goes to /login', async () => {
    const logoutAuth = answerAndRecord('post', '*/api/auth/logout');
    seedPersonalData();
    localStorage.setItem('selectedModelHatta', 'rag');
    const { router } = await openUserMenu('Keluar');

    expect(
      await screen.findByRole('heading', { name: 'Selamat datang kembali' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(logoutAuth).toEqual([`Bearer ${tokens.learner}`]);
    expect(storedAuth()).toMatchObject({ token: null, user: null, isAuthenticated: false });
    for (const key of personalKeys) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('selectedModelHatta')).toBe('rag');
  });

  it('logs out even when the logout call fails', async () => {
    server.use(http.post('*/api/auth/logout', () => failure(500, 'boom')));
    const { router } = await openUserMenu('Keluar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storedAuth()?.token).toBeNull();
  });

  it('does nothing when the deletion is not confirmed', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const deletions = answerAndRecord('delete', '*/api/auth/me');
    const { router } = await openUserMenu('Hapus Akun');

    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to delete your account? This action cannot be undone.',
    );
    expect(deletions).toEqual([]);
    expect(router.state.location.pathname).toBe('/home');
    expect(storedAuth()?.token).toBe(tokens.learner);
  });

  it('deletes the account when confirmed, clears everything, goes to /login', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const deleteAuth = answerAndRecord('delete', '*/api/auth/me');
    seedPersonalData();
    const { router } = await openUserMenu('Hapus Akun');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(deleteAuth).toEqual([`Bearer ${tokens.learner}`]);
    expect(storedAuth()).toMatchObject({ token: null, isAuthenticated: false });
    for (const key of personalKeys) expect(localStorage.getItem(key)).toBeNull();
  });

  it('still clears everything and goes to /login when the deletion call fails', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    server.use(http.delete('*/api/auth/me', () => failure(500, 'boom')));
    const { router } = await openUserMenu('Hapus Akun');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storedAuth()?.token).toBeNull();
  });

  it('closes with Escape and gives the focus back to its button', async () => {
    const { user } = await openUserMenu();
    expect(screen.getByRole('button', { name: 'Keluar' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Keluar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Menu akun/ })).toHaveFocus();
  });
});

describe('signed-in layout: sidebar', () => {
  it('lists the five entries in order and marks the current page', async () => {
    await renderApp('/home', { session: 'learner' });
    const nav = await screen.findByRole('navigation', { name: 'Navigasi utama' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent?.trim())).toEqual([
      'Beranda',
      'Tanya Bung Karno',
      'Tanya Bung Hatta',
      'Arsip Soekarno',
      'Arsip Hatta',
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/home',
      '/chatsoekarno',
      '/chathatta',
      '/crudsoekarno',
      '/crudhatta',
    ]);
    expect(within(nav).getByRole('link', { name: 'Beranda' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Learners see the archive entries marked as admin-only.
    expect(
      within(nav).getByRole('link', { name: 'Arsip Soekarno (khusus admin)' }),
    ).toBeInTheDocument();
  });

  it('persists its open state in localStorage and restores it on the next visit', async () => {
    const { user, unmount } = await renderApp('/home', { session: 'learner' });
    const toggle = await screen.findByRole('button', { name: 'Tutup menu navigasi' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Buka menu navigasi' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(JSON.parse(localStorage.getItem('ui-storage') ?? '{}')).toEqual({
      state: { sidebarOpen: false },
      version: 1,
    });
    unmount();

    await renderApp('/home', { session: 'learner' });
    expect(await screen.findByRole('button', { name: 'Buka menu navigasi' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('under 1024 px opens as a drawer and closes after navigating', async () => {
    const { user, router } = await renderApp('/home', {
      session: 'learner',
      width: 390,
      sidebarOpen: true,
    });
    // Closed on arrival on a small screen.
    const toggle = await screen.findByRole('button', { name: 'Buka menu navigasi' });
    expect(screen.queryByRole('navigation', { name: 'Navigasi utama' })).not.toBeInTheDocument();

    await user.click(toggle);
    const nav = screen.getByRole('navigation', { name: 'Navigasi utama' });
    await user.click(within(nav).getByRole('link', { name: 'Tanya Bung Hatta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chathatta'));
    expect(screen.queryByRole('navigation', { name: 'Navigasi utama' })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Percakapan dengan Mohammad Hatta' }),
    ).toBeInTheDocument();
  });

  it('under 1024 px closes the drawer with Escape', async () => {
    const { user } = await renderApp('/home', { session: 'learner', width: 390 });
    await user.click(await screen.findByRole('button', { name: 'Buka menu navigasi' }));
    expect(screen.getByRole('navigation', { name: 'Navigasi utama' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Navigasi utama' })).not.toBeInTheDocument();
  });

  it('stays open after navigating on a desktop', async () => {
    fakeTagsApi(); // the archive screen loads its data
    const { user, router } = await renderApp('/home', { session: 'admin', width: 1280 });
    const nav = await screen.findByRole('navigation', { name: 'Navigasi utama' });
    await user.click(within(nav).getByRole('link', { name: 'Arsip Hatta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crudhatta'));
    expect(screen.getByRole('navigation', { name: 'Navigasi utama' })).toBeInTheDocument();
    await act(async () => {});
  });
});
