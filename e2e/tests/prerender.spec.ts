import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createLearner, PASSWORD } from './helpers';

/**
 * The public pages are prerendered at build time (apps/web/src/prerender/build/prerender-pages.ts): their content
 * is in the HTML, on screen before the app's script runs, and the app then hydrates that DOM
 * instead of replacing it.
 */

/** Holds the entry bundle until `release()`, to look at the page before any app code ran. */
async function holdEntryScript(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * Page errors and console errors (a hydration mismatch is reported as either). The suite blocks
 * service workers (playwright.config.ts), so their registration failing is expected here.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Service worker registration failed')) {
      errors.push(msg.text());
    }
  });
  return errors;
}

test('/login shows its form before the script runs, hydrates the same DOM, and then signs in', async ({
  page,
  request,
}) => {
  const learner = await createLearner(request, 'Pelajar Prarender');
  const errors = collectErrors(page);
  const release = await holdEntryScript(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });

  const heading = page.getByRole('heading', { level: 1, name: 'Selamat datang kembali' });
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle('Masuk · Dwitunggal');
  // Inert until hydrated: nothing typed can be lost, no native submit can send the fields.
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Masuk', exact: true })).toBeDisabled();
  await page.evaluate(() => {
    (window as unknown as { before: Element | null }).before = document.querySelector('h1');
  });

  release();
  await expect(page.getByLabel('Email')).toBeEnabled();
  expect(
    await page.evaluate(
      () =>
        document.querySelector('h1') === (window as unknown as { before: Element | null }).before,
    ),
  ).toBe(true);

  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(errors).toEqual([]);
});

test('/ shows the landing page before the script runs and hydrates it in place', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const release = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sang Dwitunggal');
  await page.evaluate(() => {
    (window as unknown as { before: Element | null }).before = document.querySelector('main');
  });

  release();
  // Hydrated: React has claimed the prerendered link (its DOM node carries React's fiber key;
  // before that a click would be an ordinary page load), and the prerendered <main> is the one
  // on screen, not a replacement.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const link = Array.from(document.querySelectorAll('a')).find((a) =>
          a.textContent?.includes('Mulai Belajar'),
        );
        return Boolean(link && Object.keys(link).some((key) => key.startsWith('__reactFiber')));
      }),
    )
    .toBe(true);
  expect(
    await page.evaluate(
      () =>
        document.querySelector('main') === (window as unknown as { before: Element | null }).before,
    ),
  ).toBe(true);
  // Client-side navigation (no document load) proves the router took over the prerendered links.
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.getByRole('link', { name: /Mulai Belajar/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(errors).toEqual([]);
});

test('a signed-in visitor of / gets the signed-in landing page, not the prerendered one', async ({
  page,
  request,
}) => {
  const learner = await createLearner(request, 'Pelajar Bersesi');
  const login = await request.post('/api/auth/login', {
    data: { email: learner.email, password: learner.password },
  });
  const { data } = (await login.json()) as { data: { token: string } };
  await page.goto('/robots.txt');
  await page.evaluate((token) => {
    localStorage.setItem(
      'auth-storage',
      JSON.stringify({ state: { user: null, token, isAuthenticated: true }, version: 1 }),
    );
  }, data.token);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Beranda', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Masuk', exact: true })).toHaveCount(0);
});

/** Signs `learner` in through the API and stores the session as the app would. */
async function storeSession(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  const { data } = (await login.json()) as { data: { token: string } };
  const me = await request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${data.token}` },
  });
  const { data: user } = (await me.json()) as { data: unknown };
  await page.goto('/robots.txt');
  await page.evaluate(
    ([token, profile]) => {
      localStorage.setItem(
        'auth-storage',
        JSON.stringify({ state: { user: profile, token, isAuthenticated: true }, version: 1 }),
      );
    },
    [data.token, user] as const,
  );
}

/**
 * Creates a learner named `name`, stores their session (and the `stored` localStorage entries)
 * as the app would, and opens `path` with the app's script held: the prerendered page alone.
 */
async function openSignedInHeld(
  page: Page,
  request: APIRequestContext,
  name: string,
  path: string,
  stored: Record<string, string> = {},
) {
  const learner = await createLearner(request, name);
  await storeSession(page, request, learner.email, learner.password);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  const errors = collectErrors(page);
  const release = await holdEntryScript(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return { errors, release };
}

test('/home is on screen before the script runs, then hydrated in place with the visitor\u2019s name', async ({
  page,
  request,
}) => {
  const { errors, release } = await openSignedInHeld(page, request, 'Ratna Prarender', '/home');

  // Built for no one in particular: the greeting has no name yet.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Selamat datang!');
  await expect(page).toHaveTitle('Beranda · Dwitunggal');
  await expect(page.getByRole('link', { name: /Chat dengan Soekarno/ })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { before: Element | null }).before = document.querySelector('h1');
  });
  // The team carousel renders once hydrated and near the viewport, in the place kept for it:
  // nothing below it moves.
  const footerTop = () =>
    page.evaluate(
      () => document.querySelector('main footer')!.getBoundingClientRect().top + window.scrollY,
    );
  const footerBefore = await footerTop();

  release();
  await expect(heading).toHaveText('Selamat datang, Ratna!');
  await page.locator('main footer').scrollIntoViewIfNeeded();
  await expect(page.locator('[aria-roledescription="carousel"]')).toBeVisible();
  expect(await footerTop()).toBe(footerBefore);
  await expect(page.getByRole('button', { name: 'Menu akun Ratna Prarender' })).toBeVisible();
  expect(
    await page.evaluate(
      () =>
        document.querySelector('h1') === (window as unknown as { before: Element | null }).before,
    ),
  ).toBe(true);
  expect(errors).toEqual([]);
});

test('a stored chat is not covered by the prerendered empty state, and shows once hydrated', async ({
  page,
  request,
}) => {
  const at = new Date().toISOString();
  const { errors, release } = await openSignedInHeld(
    page,
    request,
    'Bayu Prarender',
    '/chatsoekarno',
    {
      'chat-soekarno': JSON.stringify([
        { id: 'm1', text: 'Kapan proklamasi dibacakan?', sender: 'user', timestamp: at },
        { id: 'm2', text: 'Pada 17 Agustus 1945.', sender: 'soekarno', timestamp: at },
      ]),
    },
  );

  await expect(page.getByRole('heading', { level: 1 })).toContainText('Soekarno');
  // The prerendered empty state is in the page but hidden: it would contradict the history.
  await expect(page.getByRole('heading', { name: /Mulai bercakap/ })).toBeHidden();
  // Typing waits for the app (it could not reach the draft before).
  await expect(page.getByLabel('Pesan untuk Soekarno')).not.toBeEditable();

  release();
  await expect(page.getByText('Pada 17 Agustus 1945.')).toBeVisible();
  await expect(page.getByLabel('Pesan untuk Soekarno')).toBeEditable();
  // Clearing the history brings the empty state back, visible.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Hapus riwayat' }).click();
  await expect(page.getByRole('heading', { name: /Mulai bercakap/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a model picked on the prerendered chat before the script runs is kept and stored', async ({
  page,
  request,
}) => {
  const { errors, release } = await openSignedInHeld(page, request, 'Wati Prarender', '/chathatta');

  // The learner taps the RAG card before any app code has run: the browser checks the radio.
  const rag = page.getByRole('radio', { name: /RAG/ });
  await page.locator('label').filter({ has: rag }).click();
  await expect(rag).toBeChecked();

  release();
  await expect(page.getByLabel('Pesan untuk Mohammad Hatta')).toBeEditable();
  // Hydrated: the choice is still on screen, in the header, and stored for the next visit.
  await expect(rag).toBeChecked();
  await expect(
    page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) }),
  ).toContainText('Model: RAG');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('selectedModelHatta')))
    .toBe('rag');
  await page.reload();
  await expect(rag).toBeChecked();
  expect(errors).toEqual([]);
});

test('a starter question tapped before the script runs is asked once the chat is hydrated', async ({
  page,
  request,
}) => {
  const { errors, release } = await openSignedInHeld(
    page,
    request,
    'Tono Prarender',
    '/chatsoekarno',
  );

  const starter = page.getByRole('button', { name: 'Apa itu Marhaenisme?' });
  await starter.click();
  await expect(page.getByRole('log')).toHaveCount(0); // nothing handles the tap yet

  release();
  const log = page.getByRole('log');
  await expect(log.getByText('Apa itu Marhaenisme?')).toBeVisible();
  await expect(page.getByText(/sedang mengetik/)).toBeHidden({ timeout: 30_000 });
  await expect(log.getByRole('listitem')).toHaveCount(2); // asked once, answered once
  expect(errors).toEqual([]);
});

test('a visitor without a session who opens /home goes to /login before the page paints', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Selamat datang kembali' })).toBeVisible();
  expect(errors).toEqual([]);
});
