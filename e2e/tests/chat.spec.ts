import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  askFigure as ask,
  chatBox as box,
  chatMessages as messages,
  signedInLearner,
} from './helpers';

/**
 * The chat screens against the real built app and server: the tfjs model runs in the browser
 * (TF.js loaded lazily on these screens only, in a Web Worker), the rag model answers from the server with
 * sources, achievements unlock, and a loaded chat keeps answering offline.
 */

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

/** Watches the page's CSP reports, signs a new learner in and opens `path`; returns the reports. */
async function learnerOnChat(page: Page, request: APIRequestContext, name: string, path: string) {
  const csp = watchCsp(page);
  await signedInLearner(page, request, name);
  await page.goto(path);
  return csp;
}

const achievementsOf = (page: Page, figure: string) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '[]') as string[],
    `achievement-${figure}`,
  );

test('a learner chats with both figures on tfjs, sees tag and percentage, and unlocks an achievement', async ({
  page,
  request,
}) => {
  const csp = watchCsp(page);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await signedInLearner(page, request, 'Pelajar Chat');
  await page.waitForLoadState('networkidle');
  // TF.js is neither on /login nor on /home: no lazy chunk, no classifier worker.
  expect(scripts.filter((s) => s.includes('/lazy-'))).toEqual([]);
  expect(page.workers()).toEqual([]);

  await page
    .getByRole('navigation', { name: /Navigasi utama/ })
    .getByRole('link', { name: 'Tanya Bung Karno' })
    .click();
  await expect(page).toHaveURL(/\/chatsoekarno$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Percakapan dengan Soekarno' }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /TF\.js/ })).toBeChecked();
  await expect(page.getByTestId('model-status')).toContainText(/Model versi \d+ siap/, {
    timeout: 30_000,
  });
  // TF.js runs in the classifier's module worker, off the page's main thread.
  expect(
    page.workers().some((w) => /\/assets\/lazy-classifier\.worker-[^/]+\.js$/.test(w.url())),
  ).toBe(true);
  expect(scripts.filter((s) => s.includes('lazy-tfjs'))).toEqual([]);

  // A starter prompt: answered in the browser with the topic's display name and rounded percent.
  await page.getByRole('button', { name: 'Apa itu Marhaenisme?' }).click();
  await expect(page.getByText(/sedang mengetik/)).toBeHidden({ timeout: 30_000 });
  const answer = messages(page).nth(1);
  await expect(answer.getByTestId('message-meta')).toHaveText(
    /^\d{2}:\d{2}, \d{1,2} \p{L}+·\d+,\d{2} detik·TopikMarhaenisme dan Pancasila\d{1,3}%$/u,
  );
  // ... and unlocks the achievement, once.
  await expect(page.getByRole('status').filter({ hasText: 'Pencapaian baru' })).toContainText(
    'Marhaenisme dan Pancasila',
  );
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
  expect(await achievementsOf(page, 'soekarno')).toEqual(['pemikiran']);
  const again = await ask(page, 'Jelaskan Marhaenisme', 4);
  await expect(again.getByTestId('message-meta')).toContainText('Marhaenisme dan Pancasila');
  expect(await achievementsOf(page, 'soekarno')).toEqual(['pemikiran']);

  // Shift+Enter adds a line; Enter sends.
  await box(page).fill('Bagaimana suasana');
  await box(page).press('Shift+Enter');
  await box(page).pressSequentially('17 Agustus 1945?');
  await expect(box(page)).toHaveValue('Bagaimana suasana\n17 Agustus 1945?');
  await box(page).press('Enter');
  await expect(messages(page)).toHaveCount(6, { timeout: 30_000 });
  await expect(messages(page).nth(5).getByTestId('message-meta')).toContainText(
    /Proklamasi kemerdekaan\d{1,3}%/,
  );
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');

  // Hatta, through the sidebar: his own history, model and achievements.
  await page
    .getByRole('navigation', { name: /Navigasi utama/ })
    .getByRole('link', { name: 'Tanya Bung Hatta' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Percakapan dengan Mohammad Hatta' }),
  ).toBeVisible();
  await expect(page.getByRole('complementary').getByText(/1902.1980/)).toBeVisible();
  await page.getByRole('button', { name: 'Mengapa Bung Hatta disebut Bapak Koperasi?' }).click();
  await expect(page.getByText(/sedang mengetik/)).toBeHidden({ timeout: 30_000 });
  await expect(messages(page).nth(1).getByTestId('message-meta')).toContainText(
    /Koperasi dan ekonomi rakyat\d{1,3}%/,
  );
  expect(await achievementsOf(page, 'hatta')).toEqual(['pemikiran']);

  // The history survives a reload.
  await page.reload();
  await expect(messages(page)).toHaveCount(2);
  expect(csp).toEqual([]);
});

test('switching to rag answers with sources, and the choice is kept per figure', async ({
  page,
  request,
}) => {
  const csp = await learnerOnChat(page, request, 'Pelajar RAG', '/chathatta');
  // The radio is visually hidden inside its card: a learner clicks the card.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: /RAG/ }) })
    .click();
  await expect(page.getByRole('radio', { name: /RAG/ })).toBeChecked();
  // The chat may still be hydrating when the card is clicked: the choice is stored once it has.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('selectedModelHatta')))
    .toBe('rag');

  const answer = await ask(page, 'Kapan Bung Hatta lahir?', 2);
  await expect(answer).toContainText('12 Agustus 1902');
  await expect(answer.getByTestId('message-meta')).toContainText('RAG');
  const toggle = answer.getByRole('button', { name: /sumber/ });
  await expect(toggle).toHaveText(/Lihat \d+ sumber/);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const citations = answer.getByRole('listitem');
  expect(await citations.count()).toBeGreaterThan(0);
  await expect(citations.first().locator('blockquote')).toBeVisible();
  await expect(citations.first().locator('p').first()).not.toBeEmpty();
  expect(await achievementsOf(page, 'hatta')).toEqual([]); // rag unlocks nothing

  await page.reload();
  await expect(page.getByRole('radio', { name: /RAG/ })).toBeChecked();
  await page.goto('/chatsoekarno');
  await expect(page.getByRole('radio', { name: /TF\.js/ })).toBeChecked();
  expect(csp).toEqual([]);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the chat answers while the browser is offline once the model has loaded', async ({
    page,
    context,
    request,
  }) => {
    const csp = await learnerOnChat(page, request, 'Pelajar Luring', '/chatsoekarno');
    // Wait for the service worker to control the page, then load the chat through it so that
    // TF.js and the model files land in its runtime caches.
    await page.waitForFunction(
      async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      },
      null,
      { timeout: 30_000 },
    );
    await page.reload();
    // The worker answers the navigation with the prerendered chat it precached, not the shell.
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/chatsoekarno');
    await expect(page.getByTestId('model-status')).toContainText(/Model versi \d+ siap/, {
      timeout: 30_000,
    });
    const online = await ask(page, 'Bung, ceritakan masa kecilmu dong', 2);
    await expect(online.getByTestId('message-meta')).toContainText('Masa kecil');

    await context.setOffline(true);
    await expect(page.getByText('Upss!! sepertinya internet Anda bermasalah')).toBeVisible();
    const offline = await ask(page, 'Bagaimana suasana 17 Agustus 1945?', 4);
    await expect(offline.getByTestId('message-meta')).toContainText(
      /Proklamasi kemerdekaan\d{1,3}%/,
    );
    await expect(offline).not.toHaveAttribute('data-error', 'true');
    await expect(page.getByRole('alert')).toBeHidden();

    // Even a reload while offline: the page, TF.js and the model come from the worker's caches.
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/chatsoekarno');
    await expect(messages(page)).toHaveCount(4);
    const afterReload = await ask(page, 'Apa pesan Bapak untuk generasi muda?', 6);
    await expect(afterReload.getByTestId('message-meta')).toContainText(
      /Pesan untuk pemuda\d{1,3}%/,
    );
    // The precached pages keep their CSP, which allows their inline boot script.
    expect(csp).toEqual([]);
    await context.setOffline(false);
  });
});
