import { expect, test, type Page } from '@playwright/test';
import {
  askFigure as ask,
  chatMessages as messages,
  loginViaForm,
  storedToken,
  signedInLearner,
} from './helpers';

/**
 * Learning that lasts (issue 15), against the real built app and server: a learner's history,
 * achievements and ratings live on the server, survive logout and come back in a fresh browser
 * profile; turns answered offline reach the server once the browser is back online.
 */

async function openSoekarno(page: Page) {
  await page
    .getByRole('navigation', { name: /Navigasi utama/ })
    .getByRole('link', { name: 'Tanya Bung Karno' })
    .click();
  await expect(page).toHaveURL(/\/chatsoekarno$/);
  await expect(page.getByTestId('model-status')).toContainText(/Model versi \d+ siap/, {
    timeout: 60_000,
  });
}

/** The learner's turns of a figure as the server keeps them. */
async function serverTurns(page: Page, figure: string) {
  const token = await storedToken(page);
  const res = await page.request.get(`/api/conversations/${figure}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { turns: { text: string; role: string }[] } };
  return body.data.turns;
}

test('history, achievements and a rating survive logout and come back in a fresh browser profile', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const learner = await signedInLearner(page, request, 'Pelajar Riwayat');
  await openSoekarno(page);

  // A tfjs answer (a starter) unlocks an achievement; it is rated down with a reason.
  await page.getByRole('button', { name: 'Apa itu Marhaenisme?' }).click();
  await expect(page.getByText(/sedang mengetik/)).toBeHidden({ timeout: 30_000 });
  const answer = messages(page).nth(1);
  await expect(answer).toBeVisible();
  await answer.getByRole('button', { name: 'Jawaban kurang tepat' }).click();
  const form = answer.getByRole('form', { name: 'Apa yang kurang tepat?' });
  await form.getByRole('radio', { name: 'Tidak menjawab pertanyaan' }).click();
  await form.getByRole('button', { name: 'Kirim penilaian' }).click();
  await expect(answer.getByRole('status')).toContainText('Terima kasih');
  // The rating stays shown after a reload.
  await page.reload();
  await expect(
    messages(page).nth(1).getByRole('button', { name: 'Jawaban kurang tepat' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // A rag question: the server stores its turns itself.
  // The radio is visually hidden inside its card: a learner clicks the card.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: /RAG/ }) })
    .click();
  await expect(page.getByRole('radio', { name: /RAG/ })).toBeChecked();
  await ask(page, 'Kapan Bung Karno lahir?', 4);

  await expect
    .poll(async () => (await serverTurns(page, 'soekarno')).length, { timeout: 15_000 })
    .toBe(4);
  const stored = await serverTurns(page, 'soekarno');
  // Newest first: the oldest figure turn is the tfjs answer.
  const answerText = [...stored].reverse().find((t) => t.role === 'figure')?.text ?? '';
  expect(answerText.length).toBeGreaterThan(20);
  const achievementsBefore = await page.evaluate(() =>
    localStorage.getItem('achievement-soekarno'),
  );
  expect(JSON.parse(achievementsBefore ?? '[]')).toContain('pemikiran');

  // Logout clears the device copy.
  await page.getByRole('button', { name: /Menu akun/ }).click();
  await page.getByRole('button', { name: 'Keluar', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('chat-soekarno'))).toBeNull();

  // A fresh browser profile: everything comes back from the server.
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const again = await fresh.newPage();
  await loginViaForm(again, learner.email, learner.password);
  await openSoekarno(again);
  await expect(messages(again)).toHaveCount(4, { timeout: 15_000 });
  await expect(messages(again).nth(0)).toContainText('Apa itu Marhaenisme?');
  await expect(messages(again).nth(1)).toContainText(answerText.slice(0, 40));
  await expect(messages(again).nth(2)).toContainText('Kapan Bung Karno lahir?');
  // The rated answer shows its rating, and the rag answer its sources.
  await expect(
    messages(again).nth(1).getByRole('button', { name: 'Jawaban kurang tepat' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(
    messages(again)
      .nth(3)
      .getByRole('button', { name: /Lihat \d+ sumber/ }),
  ).toBeVisible();
  const achievementsAfter = await again.evaluate(() =>
    localStorage.getItem('achievement-soekarno'),
  );
  expect(JSON.parse(achievementsAfter ?? '[]')).toContain('pemikiran');

  // The rating is on the server too (the learner's own export).
  const token = await storedToken(again);
  const exported = await again.request.get('/api/me/export', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(exported.status()).toBe(200);
  const data = JSON.stringify(await exported.json());
  expect(data).toContain('tidak_menjawab');
  await fresh.close();
});

test('turns answered offline reach the server once the browser is back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await signedInLearner(page, request, 'Pelajar Luring');
  await openSoekarno(page);

  await context.setOffline(true);
  await ask(page, 'Apa itu Marhaenisme?', 2);
  await context.setOffline(false);
  await expect
    .poll(async () => (await serverTurns(page, 'soekarno')).map((t) => t.role), {
      timeout: 20_000,
    })
    .toEqual(expect.arrayContaining(['user', 'figure']));
  const turns = await serverTurns(page, 'soekarno');
  expect(turns.map((t) => t.text)).toContain('Apa itu Marhaenisme?');
});
