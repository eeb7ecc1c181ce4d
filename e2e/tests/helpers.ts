import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const uniqueEmail = (prefix = 'pelajar') =>
  `${prefix}.${randomBytes(4).toString('hex')}@example.com`;
export const PASSWORD = 'Merdeka1945';

/** Creates a learner through the API (fast); returns its credentials. */
export async function createLearner(request: APIRequestContext, name = 'Siti Pelajar') {
  const creds = { name, email: uniqueEmail(), password: PASSWORD };
  const res = await request.post('/api/auth/register', { data: creds });
  expect(res.status()).toBe(201);
  return creds;
}

/** Signs in through the login form and waits for /home. */
export async function loginViaForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** A new learner (created through the API), signed in through the login form in `page`. */
export async function signedInLearner(page: Page, request: APIRequestContext, name?: string) {
  const learner = await createLearner(request, name);
  await loginViaForm(page, learner.email, learner.password);
  return learner;
}

/** The token the app keeps in localStorage (spec: auth state, version 1). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('auth-storage');
    return raw
      ? ((JSON.parse(raw) as { state?: { token?: string | null } }).state?.token ?? null)
      : null;
  });
}

/** The chat's message box and its list of messages. */
export const chatBox = (page: Page) => page.getByRole('textbox', { name: /Pesan untuk/ });
export const chatMessages = (page: Page) => page.getByRole('log').getByRole('listitem');

/** Sends `text` with Enter and waits for the figure's answer (the `n`-th message, 1-based). */
export async function askFigure(page: Page, text: string, n: number) {
  await chatBox(page).fill(text);
  await chatBox(page).press('Enter');
  await expect(page.getByText(/sedang mengetik/)).toBeHidden({ timeout: 30_000 });
  await expect(chatMessages(page)).toHaveCount(n);
  return chatMessages(page).nth(n - 1);
}
