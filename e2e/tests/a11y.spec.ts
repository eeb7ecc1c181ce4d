import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './env';
import { loginViaForm, signedInLearner } from './helpers';

/**
 * Accessibility of every screen, checked by axe-core in the real built app at a phone width and a
 * desktop width: no serious or critical violation of the WCAG 2.0/2.1 A and AA rules, in the
 * screens' resting states and with their dialogs, drawers and a conversation open.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const VIEWPORTS = [
  { name: 'ponsel 390', width: 390, height: 844 },
  { name: 'desktop 1280', width: 1280, height: 800 },
] as const;

type Finding = { state: string; rule: string; impact: string; help: string; targets: string[] };

/** Runs axe on the page as it is now; returns its serious and critical violations. */
async function audit(page: Page, state: string): Promise<Finding[]> {
  // Let entrance animations finish, so that colours are read at their final opacity.
  await page.waitForTimeout(400);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      state,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/** Opens `path`, waits for its level-1 heading, and audits it. */
async function auditPage(page: Page, path: string, heading: string | RegExp): Promise<Finding[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return audit(page, path);
}

for (const viewport of VIEWPORTS) {
  test.describe(`aksesibilitas, ${viewport.name}`, () => {
    // axe walks the whole DOM (the archive table is large): give it room on a busy machine.
    test.describe.configure({ mode: 'parallel', timeout: 180_000 });
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public screens: landing, login, register, 403 and not found', async ({ page }) => {
      const findings: Finding[] = [];
      for (const [path, heading] of [
        ['/', /Dwitunggal|Bung|Sejarah/i],
        ['/login', /Masuk|Selamat datang/i],
        ['/register', /Daftar|Buat akun/i],
        ['/403', 'Akses Ditolak'],
        ['/halaman-yang-tidak-ada', /Maaf halaman yang anda cari tidak ada/],
      ] as const) {
        findings.push(...(await auditPage(page, path, heading)));
      }
      // Login with the form's errors shown.
      await page.goto('/login');
      await page.getByRole('button', { name: 'Masuk', exact: true }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      findings.push(...(await audit(page, '/login with errors')));
      expect(findings).toEqual([]);
    });

    test('learner screens: home, both chats, a conversation and the side panel', async ({
      page,
      request,
    }) => {
      await signedInLearner(page, request, 'Pelajar Aksesibilitas');
      const findings: Finding[] = [];

      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The team carousel renders when it comes near the viewport: bring it there first.
      await page.locator('main footer').scrollIntoViewIfNeeded();
      await expect(page.locator('[aria-roledescription="carousel"]')).toBeVisible();
      findings.push(...(await audit(page, '/home')));

      await page.goto('/chatsoekarno');
      await expect(page.getByRole('button', { name: 'Apa itu Marhaenisme?' })).toBeVisible();
      findings.push(...(await audit(page, '/chatsoekarno empty')));

      await page.getByRole('button', { name: 'Apa itu Marhaenisme?' }).click();
      await expect(page.getByRole('log').getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
      await expect(page.getByText(/sedang mengetik/)).toBeHidden({ timeout: 30_000 });
      findings.push(...(await audit(page, '/chatsoekarno with an answer')));

      const panelButton = page.getByRole('button', { name: /Profil & pencapaian/ });
      if (viewport.width < 1280) {
        await panelButton.click();
        await expect(
          page.getByRole('dialog', { name: /Profil dan pencapaian Soekarno/ }),
        ).toBeVisible();
        findings.push(...(await audit(page, '/chatsoekarno drawer open')));
      } else {
        // Wide screens show the panel beside the conversation, without a button.
        await expect(panelButton).toHaveCount(0);
        await expect(
          page.getByRole('complementary', { name: /Profil dan pencapaian Soekarno/ }),
        ).toBeVisible();
      }

      findings.push(...(await auditPage(page, '/chathatta', /Hatta/)));
      expect(findings).toEqual([]);
    });

    test('admin screens: both archives and the tag modal', async ({ page }) => {
      await loginViaForm(page, ADMIN.email, ADMIN.password);
      const findings: Finding[] = [];

      await page.goto('/crudsoekarno');
      await expect(
        page
          .getByRole('table', { name: /Daftar tag/ })
          .or(page.getByRole('list', { name: /Daftar tag/ })),
      ).toBeVisible();
      findings.push(...(await audit(page, '/crudsoekarno')));

      await page.getByRole('button', { name: 'Tambah Tag' }).click();
      await expect(page.getByRole('dialog', { name: 'Tambah tag baru' })).toBeVisible();
      findings.push(...(await audit(page, '/crudsoekarno tag modal')));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      findings.push(...(await auditPage(page, '/crudhatta', /Hatta/)));
      expect(findings).toEqual([]);
    });

    test('admin screen: the model page of a figure', async ({ page }) => {
      await loginViaForm(page, ADMIN.email, ADMIN.password);
      expect(await auditPage(page, '/model/soekarno', /Soekarno/)).toEqual([]);
    });
  });
}
