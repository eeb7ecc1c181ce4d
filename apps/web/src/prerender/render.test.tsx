import { screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { storageKeys } from '@/config/storage-keys';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { learner, tokens } from '@/testing/server';
import { recordEarlyClicks } from './early-click';
import { mount } from './mount';
import { PRERENDERED_ROUTES, prerender } from './render';

/**
 * The signed-in screens are prerendered without any visitor's data (build/prerender-pages.ts). With
 * a stored session the app hydrates that markup: the same DOM nodes stay, nothing mismatches,
 * and the visitor's name, stored history and model choice are filled in right after.
 */

const errors: string[] = [];
const original = console.error;
let root: Root | undefined;

beforeEach(() => {
  // The real start-up path (mount.ts) runs outside act(), as in a browser.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  errors.length = 0;
  console.error = (...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  };
  window.addEventListener('error', onError);
});
afterEach(() => {
  // Unmounted while the test's window exists: React's scheduled work must not outlive it.
  root?.unmount();
  root = undefined;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  console.error = original;
  window.removeEventListener('error', onError);
  document.getElementById('root')?.remove();
  window.history.replaceState(null, '', '/');
});
function onError(event: ErrorEvent) {
  errors.push(String(event.error ?? event.message));
}

/**
 * Puts the prerendered page for `path` on screen, as the server sends it, lets `beforeScript` act
 * on it as a visitor would before the app's script runs, and hydrates it.
 */
async function loadPrerendered(path: string, beforeScript?: (container: HTMLElement) => void) {
  const page = await prerender(path);
  const entry = PRERENDERED_ROUTES.find((r) => r.path === path)!;
  const container = document.createElement('div');
  container.id = 'root';
  container.dataset.prerendered = path;
  container.dataset.session = entry.session;
  container.innerHTML = page.html;
  document.body.append(container);
  window.history.replaceState(null, '', path);
  const before = container.querySelector('h1');
  beforeScript?.(container);
  const router = createAppRouter();
  root = await mount(
    container,
    router,
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  return { container, before, page };
}

async function storeSession() {
  localStorage.setItem(
    storageKeys.auth,
    JSON.stringify({
      state: { token: tokens.learner, user: learner, isAuthenticated: true },
      version: 1,
    }),
  );
  await useAuthStore.persist.rehydrate();
}

describe('prerendered signed-in screens', () => {
  it('builds /home without a visitor: a greeting without a name, an empty avatar, no style attribute', async () => {
    const { html } = await prerender('/home');
    expect(html).toContain('Selamat datang<!-- -->!');
    expect(html).not.toContain(learner.name);
    expect(html).not.toMatch(/ style=/);
    // Every sidebar entry is there (locked ones marked), as for a learner.
    expect(html).toContain('Arsip Soekarno (khusus admin)');
  });

  it('/home hydrates the same DOM with a stored session and then greets the visitor by name', async () => {
    await storeSession();
    const { container, before } = await loadPrerendered('/home');
    await waitFor(() =>
      expect(within(container).getByRole('heading', { level: 1 })).toHaveTextContent(
        'Selamat datang, Sari!',
      ),
    );
    expect(container.querySelector('h1')).toBe(before);
    expect(screen.getByText('Menu akun Sari Wulandari')).toBeInTheDocument();
    expect(errors).toEqual([]);
  });

  it('/chatsoekarno hydrates, then shows the stored history and the stored model choice', async () => {
    await storeSession();
    localStorage.setItem('selectedModelSoekarno', 'rag');
    localStorage.setItem(
      storageKeys.chat('soekarno'),
      JSON.stringify([
        { id: 'a', text: 'Siapa Bung?', sender: 'user', timestamp: '2026-08-17T03:00:00.000Z' },
        {
          id: 'b',
          text: 'Saya Soekarno.',
          sender: 'soekarno',
          timestamp: '2026-08-17T03:00:02.000Z',
        },
      ]),
    );
    const { container, before, page } = await loadPrerendered('/chatsoekarno');
    // Built with the empty state and the default model, no history.
    expect(page.html).toContain('data-empty-history');
    expect(page.html).not.toContain('Siapa Bung?');

    await waitFor(() => expect(within(container).getByText('Saya Soekarno.')).toBeInTheDocument());
    expect(within(container).getByText('Siapa Bung?')).toBeInTheDocument();
    expect(container.querySelector('[data-empty-history]')).toBeNull();
    // The header names the model in use.
    expect(container.querySelector('section header')).toHaveTextContent('Model: RAG');
    expect(container.querySelector('h1')).toBe(before);
    expect(errors).toEqual([]);
  });

  it('keeps a model picked on the prerendered chat before the script ran, and stores it', async () => {
    await storeSession();
    const { container } = await loadPrerendered('/chathatta', (page) => {
      // The learner taps the RAG card: the browser checks its radio, no app code sees it.
      page.querySelector<HTMLInputElement>('input[type=radio][value=rag]')!.click();
    });
    await waitFor(() => expect(localStorage.getItem('selectedModelHatta')).toBe('rag'));
    await waitFor(() =>
      expect(container.querySelector('section header')).toHaveTextContent('Model: RAG'),
    );
    expect(within(container).getByRole('radio', { name: /RAG/ })).toBeChecked();
    expect(within(container).getByRole('radio', { name: /TF\.js/ })).not.toBeChecked();
    expect(errors).toEqual([]);
  });

  it('clicks again, once hydrated, a button clicked before the script ran', async () => {
    window.innerWidth = 390; // a phone: the side panel is a drawer, opened by a header button
    await storeSession();
    const { container } = await loadPrerendered('/chatsoekarno', (page) => {
      // The page's boot script records the click (inline/page-boot.ts); nothing handles it yet.
      recordEarlyClicks();
      const opener = page.querySelector<HTMLButtonElement>('button[aria-controls=panel-soekarno]')!;
      opener.click();
      expect(opener).toHaveAttribute('aria-expanded', 'false');
    });
    await waitFor(() =>
      expect(container.querySelector('button[aria-controls=panel-soekarno]')).toHaveAttribute(
        'aria-expanded',
        'true',
      ),
    );
    expect(within(container).getByRole('button', { name: 'Tutup panel' })).toBeInTheDocument();
    expect(errors).toEqual([]);
  });

  it('renders from scratch instead when no session is stored, and the guard sends the visitor to /login', async () => {
    const { container } = await loadPrerendered('/home');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(
      await within(container).findByRole('heading', { name: 'Selamat datang kembali' }),
    ).toBeInTheDocument();
    expect(errors).toEqual([]);
  });
});
