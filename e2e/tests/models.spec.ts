import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './env';
import { createLearner, loginViaForm } from './helpers';

/*
 * Retraining end to end: an admin adds a new tag on /crudsoekarno and retrains from the archive
 * screen; the overlay and the success toast show, the model page opens in a new tab with the new
 * version; a learner whose chat was open before the retrain gets the new tag on their next
 * message without reloading. Afterwards the tag is removed and the previous version restored.
 */

type Tag = { id: string; tag: string };

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function activeVersion(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/models/soekarno/active');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { version: number } }).data.version;
}

const box = (page: Page) => page.getByRole('textbox', { name: /Pesan untuk/ });
const messages = (page: Page) => page.getByRole('log').getByRole('listitem');

test('an admin retrains after adding a tag; the model page opens in a new tab; an open chat uses the new tag', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const name = `e2e_gamelan_${randomBytes(3).toString('hex')}`;
  const before = await activeVersion(request);

  const learnerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    // The learner's chat is open before the retrain, with the current model loaded.
    const learner = await createLearner(request, 'Pelajar Model');
    const chat = await learnerContext.newPage();
    await loginViaForm(chat, learner.email, learner.password);
    await chat.goto('/chatsoekarno');
    await expect(chat.getByTestId('model-status')).toContainText(`Model versi ${before} siap`, {
      timeout: 30_000,
    });

    // The admin adds a new tag with new inputs.
    const page = await adminContext.newPage();
    await loginViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/crudsoekarno');
    await page.getByRole('button', { name: 'Tambah Tag' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah tag baru' });
    await form.getByLabel('Nama Tag').fill(name);
    const input = form.getByLabel('Input', { exact: true });
    for (const phrase of [
      'Bung suka musik gamelan?',
      'Ceritakan tentang gamelan Jawa',
      'Apa pendapat Bung tentang gamelan?',
      'Gamelan kesukaan Bung yang mana?',
      'Pernahkah Bung menabuh gamelan?',
      'Bagaimana gamelan mengiringi wayang?',
    ]) {
      await input.fill(phrase);
      await input.press('Enter');
    }
    const responses = form.getByLabel('Respons', { exact: true });
    await responses.fill('Gamelan adalah jiwa kebudayaan kita, Saudara.');
    await responses.press('Enter');
    await form.getByRole('button', { name: 'Simpan tag' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // Retrain: confirm, the overlay, the success toast, the model page in a new tab.
    await page.getByRole('button', { name: 'Perbarui Model' }).click();
    const confirm = page.getByRole('dialog', { name: 'Perbarui model Soekarno?' });
    await expect(confirm.getByText(/^± \d+ (detik|menit)/)).toBeVisible();
    // Other specs add sparse tags to this figure meanwhile: do not let the gate keep ours back.
    await confirm.getByRole('checkbox', { name: 'Aktifkan walaupun skornya turun' }).check();
    const opened = adminContext.waitForEvent('page');
    await confirm.getByRole('button', { name: 'Ya, perbarui model' }).click();
    const tab = await opened;
    const overlay = page.getByRole('dialog', { name: 'Memperbarui model TFJS' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole('progressbar', { name: 'Kemajuan pelatihan' })).toBeVisible();
    await expect(tab.getByText(/Menyiapkan halaman model/)).toBeVisible();

    const toasts = page.getByRole('region', { name: 'Notifikasi' });
    await expect(toasts).toContainText('Model TFJS berhasil diperbaharui!', { timeout: 60_000 });
    await expect(overlay).toBeHidden();
    const after = await activeVersion(request);
    expect(after).toBeGreaterThan(before);
    await expect(toasts).toContainText(`Versi ${after} sekarang aktif`);

    await expect(tab).toHaveURL(/\/model\/soekarno$/, { timeout: 10_000 });
    await expect(tab.getByRole('heading', { level: 1, name: 'Model Soekarno' })).toBeVisible();
    await expect(tab.getByRole('region', { name: `Versi aktif: ${after}` })).toBeVisible();
    await expect(
      tab.getByRole('article', { name: `Versi ${after}` }).getByText('Aktif', { exact: true }),
    ).toBeVisible();
    // The spec's toast closes after 4.5 s.
    await expect(toasts.getByText('Model TFJS berhasil diperbaharui!')).toBeHidden({
      timeout: 5_000,
    });

    // The learner's open chat picks the new version up on its next message.
    await box(chat).fill('Bung, apakah Bung suka gamelan?');
    await box(chat).press('Enter');
    await expect(messages(chat)).toHaveCount(2, { timeout: 30_000 });
    // A tag without a display name is shown by its name with spaces, capitalised.
    await expect(messages(chat).nth(1).getByTestId('message-meta')).toContainText(
      `E2e gamelan ${name.slice('e2e_gamelan_'.length)}`,
    );
    await expect(chat.getByTestId('model-status')).toContainText(`Model versi ${after} siap`);
  } finally {
    await learnerContext.close();
    await adminContext.close();
    const res = await request.get('/api/chatbot/tags/nama/Soekarno', { headers: auth });
    for (const t of ((await res.json()) as { data: Tag[] }).data) {
      if (t.tag === name) await request.delete(`/api/chatbot/tags/${t.id}`, { headers: auth });
    }
    // Put the earlier model back so that other specs classify against the seeded tags.
    await request.post(`/api/models/soekarno/versions/${before}/activate`, { headers: auth });
  }
});
