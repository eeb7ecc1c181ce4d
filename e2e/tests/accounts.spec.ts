import { expect, test } from '@playwright/test';
import { ADMIN } from './env';
import {
  createLearner,
  loginViaForm,
  PASSWORD,
  signedInLearner,
  storedToken,
  uniqueEmail,
} from './helpers';

test('a visitor registers, sees the success banner, lands on /login after 2 s, logs in and reaches /home', async ({
  page,
}) => {
  const email = uniqueEmail();
  await page.goto('/');
  await page.getByRole('link', { name: /mulai/i }).first().click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/register');
  await page.getByLabel('Nama Lengkap').fill('Ra');
  await page.getByLabel('Email').fill('bukan-email');
  await page.getByLabel('Kata Sandi', { exact: true }).fill('lemah');
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();
  await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Nama Lengkap').fill('Raden Ajeng Pelajar');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(PASSWORD);
  const started = Date.now();
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /berhasil/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

  await loginViaForm(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: 'Chat dengan Soekarno' })
      .or(page.getByRole('link', { name: 'Chat dengan Soekarno' })),
  ).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: 'Chat dengan Hatta' })
      .or(page.getByRole('link', { name: 'Chat dengan Hatta' })),
  ).toBeVisible();
  await expect(page.getByText('Mulai percakapan sejarah Anda hari ini')).toBeVisible();
  await expect(page.getByText('Para pengembang di balik platform ini')).toBeVisible();
});

test('a wrong password shows the spec message', async ({ page, request }) => {
  const learner = await createLearner(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Kata Sandi', { exact: true }).fill('SalahSekali1');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the sidebar navigates, and logout clears the session and returns to /login', async ({
  page,
  request,
}) => {
  await signedInLearner(page, request, 'Budi Sidebar');
  const nav = page.getByRole('navigation', { name: /utama|sidebar|navigasi/i });
  for (const label of [
    'Beranda',
    'Tanya Bung Karno',
    'Tanya Bung Hatta',
    'Arsip Soekarno',
    'Arsip Hatta',
  ]) {
    await expect(nav.getByRole('link', { name: new RegExp(label) })).toBeVisible();
  }
  await nav.getByRole('link', { name: /Tanya Bung Hatta/ }).click();
  await expect(page).toHaveURL(/\/chathatta$/);

  const token = await storedToken(page);
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: /Menu akun/ }).click();
  await page.getByRole('button', { name: 'Keluar', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  // The old token no longer works on the server either.
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  // And the protected page sends us back to /login.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('deleting the account asks for confirmation, signs out, and the old token fails', async ({
  page,
  request,
}) => {
  const learner = await signedInLearner(page, request, 'Hapus Saya');
  const token = await storedToken(page);
  let dialogText = '';
  page.once('dialog', (dialog) => {
    dialogText = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', { name: /Menu akun/ }).click();
  await page.getByRole('button', { name: 'Hapus Akun', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(dialogText).toBe(
    'Are you sure you want to delete your account? This action cannot be undone.',
  );
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  const login = await request.post('/api/auth/login', {
    data: { email: learner.email, password: learner.password },
  });
  expect(login.status()).toBe(401);
});

test('a learner is sent to /403 from the archive; an admin is not', async ({ page, request }) => {
  await signedInLearner(page, request);
  await page.goto('/crudsoekarno');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('heading', { name: 'Akses Ditolak' })).toBeVisible();
  for (const badge of ['Area Terlindungi', 'Akses Terbatas', 'Izin Diperlukan']) {
    await expect(page.getByText(badge)).toBeVisible();
  }
  await page
    .getByRole('button', { name: 'Kembali' })
    .or(page.getByRole('link', { name: 'Kembali' }))
    .click();
  await expect(page).toHaveURL(/\/home$/);

  const adminPage = await page.context().browser()!.newPage();
  await loginViaForm(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/crudhatta');
  await expect(adminPage).toHaveURL(/\/crudhatta$/);
  await adminPage.close();
});

test('unauthenticated visitors are sent to /login, unknown paths show the not-found page', async ({
  page,
}) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/chatsoekarno');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/halaman/yang/tidak/ada');
  await expect(page.getByText('Maaf halaman yang anda cari tidak ada')).toBeVisible();
  const api404 = await page.request.get('/api/halaman-tidak-ada', {
    headers: { accept: 'text/html' },
  });
  expect(api404.status()).toBe(404);
  expect(api404.headers()['content-type']).toContain('application/json');
});

test('the offline notice appears when the browser goes offline and leaves when it returns', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  // The notice is the app's: wait until it runs (the prerendered form is enabled once hydrated).
  await expect(page.getByLabel('Email')).toBeEnabled();
  const notice = page.getByText('Upss!! sepertinya internet Anda bermasalah');
  await expect(notice).toBeHidden();
  await context.setOffline(true);
  await expect(notice).toBeVisible();
  await context.setOffline(false);
  await expect(notice).toBeHidden();
});

test('the built app runs under the strict Content-Security-Policy without violations', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  const res = await page.goto('/login');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.goto('/register');
  await expect(page.getByLabel('Nama Lengkap')).toBeVisible();
  expect(violations).toEqual([]);
});
