import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { askFigure, chatBox, chatMessages, signedInLearner } from './helpers';

/**
 * The tfjs chat on a phone (issue 13): it keeps answering offline with nothing covering the input
 * or the messages, and each starter of both figures is answered from the starter's own tag.
 */

type SeedFile = {
  starters: { text: string; tag: string }[];
  tags: { tag: string; responses: string[] }[];
};
const seed = (figure: string): SeedFile =>
  JSON.parse(
    readFileSync(new URL(`../../data/seed/tags/${figure}.json`, import.meta.url), 'utf8'),
  ) as SeedFile;

const FIGURES = [
  { key: 'soekarno', path: '/chatsoekarno', name: 'Soekarno' },
  { key: 'hatta', path: '/chathatta', name: 'Mohammad Hatta' },
] as const;

test.use({ viewport: { width: 390, height: 844 } });

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Opens a figure's chat and waits until its tfjs model is loaded in the browser. */
async function openChat(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('model-status')).toContainText(/Model versi \d+ siap/, {
    timeout: 30_000,
  });
}

/**
 * Checks that `answer` carries one of `tag`'s replies in the seed (read from the text, not from
 * the tag shown under it, whose label may change).
 */
async function expectReplyOf(answer: Locator, figure: string, tag: string) {
  const replies =
    seed(figure)
      .tags.find((t) => t.tag === tag)
      ?.responses.map(squash) ?? [];
  expect(replies.length, `${figure}: ${tag}`).toBeGreaterThan(0);
  await expect(answer.getByTestId('message-meta')).toBeVisible();
  const text = squash(await answer.innerText());
  expect(
    replies.some((reply) => text.includes(reply)),
    `${figure}: ${tag} answered "${text}"`,
  ).toBe(true);
}

/** The figure's full name fits the chat header: no ellipsis, no overflow. */
async function expectFullName(page: Page, name: string) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(name);
  await page.evaluate(() => document.fonts.ready);
  const cut = await heading.evaluate((el) => {
    // Chromium reports an ellipsised line as fitting, so the name is measured on its own: cut
    // means cut with an ellipsis, or wider than the heading's box.
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return 'no canvas';
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.lastChild?.textContent?.trim() ?? '';
    const fits = context.measureText(text).width <= el.clientWidth;
    if (style.textOverflow === 'ellipsis' && !fits) return 'ellipsis';
    return el.scrollWidth > el.clientWidth ? 'overflow' : null;
  });
  expect(cut, name).toBeNull();
}

/** Fails when the two elements' boxes on screen overlap. */
async function expectApart(a: Locator, b: Locator) {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  expect(boxA && boxB).toBeTruthy();
  if (!boxA || !boxB) return;
  const apart =
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y;
  expect(apart, `${JSON.stringify(boxA)} overlaps ${JSON.stringify(boxB)}`).toBe(true);
}

test('offline on a 390 px phone, the tfjs chat answers and nothing covers the input or the answer', async ({
  page,
  context,
  request,
}) => {
  await signedInLearner(page, request, 'Pelajar Luring');
  await openChat(page, '/chathatta');

  await context.setOffline(true);
  const notice = page.getByText('Upss!! sepertinya internet Anda bermasalah');
  await expect(notice).toBeVisible();
  const answer = await askFigure(page, 'Apa pesan Bung Hatta untuk generasi muda?', 2);
  await expectReplyOf(answer, 'hatta', 'nasihat');
  // With the achievement badge grown to 10%, the full name still fits the header.
  await expectFullName(page, 'Mohammad Hatta');
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(chatBox(page)).toBeVisible();
  await expectApart(notice, chatBox(page));
  await expectApart(notice, answer);
  // The achievement this answer unlocked is announced beside the input, over neither.
  const toast = page.getByRole('status').filter({ hasText: 'Pencapaian baru' });
  await expect(toast).toBeVisible();
  await expectApart(toast, chatBox(page));
  await expectApart(toast, answer);
  await expectApart(toast, chatMessages(page).first());

  // The learner closes the notice and goes on chatting; the next offline event brings it back.
  await page.getByRole('button', { name: 'Tutup pemberitahuan', exact: true }).click();
  await expect(notice).toBeHidden();
  await expectReplyOf(
    await askFigure(page, 'Mengapa Bung Hatta disebut Bapak Koperasi?', 4),
    'hatta',
    'pemikiran',
  );
  await context.setOffline(false);
  await context.setOffline(true);
  await expect(notice).toBeVisible();
});

test('tfjs answers every starter of both figures from the starter’s own tag', async ({
  page,
  request,
}) => {
  await signedInLearner(page, request, 'Pelajar Pembuka');
  for (const figure of FIGURES) {
    const { starters } = seed(figure.key);
    await openChat(page, figure.path);
    for (const [i, starter] of starters.entries()) {
      const answer = await askFigure(page, starter.text, 2 * i + 2);
      await expectReplyOf(answer, figure.key, starter.tag);
    }
    await expect(chatMessages(page)).toHaveCount(2 * starters.length);
    await expectFullName(page, figure.name);
  }
});
