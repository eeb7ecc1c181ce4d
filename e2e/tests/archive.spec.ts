import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './env';
import { loginViaForm, signedInLearner } from './helpers';

/*
 * The archive screens against the real built app and server. The server is shared by the whole
 * run: every test uses tag names of its own and removes what it added (also when it fails), the
 * creating tests use /crudsoekarno and the 15-tag test uses /crudhatta, so that no test sees
 * another's figure at its limit.
 */

const unique = (prefix: string) => `${prefix}_${randomBytes(3).toString('hex')}`;

type Tag = { id: string; tag: string; input: string[]; responses: string[] };

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function listTags(request: APIRequestContext, token: string, nama: string): Promise<Tag[]> {
  const res = await request.get(`/api/chatbot/tags/nama/${nama}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Tag[] }).data;
}

/** Deletes the figure's tags with these names (cleanup; missing ones are fine). */
async function removeTags(
  request: APIRequestContext,
  token: string,
  nama: string,
  names: string[],
) {
  for (const t of await listTags(request, token, nama)) {
    if (names.includes(t.tag)) {
      await request.delete(`/api/chatbot/tags/${t.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    }
  }
}

/** Collects Content-Security-Policy violations reported on the console. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

const table = (page: Page) => page.getByRole('table', { name: /Daftar tag/ });
const row = (page: Page, name: string) =>
  // A row header reads "sapaan, 45 input 5 respons".
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}\\s*,`) }) });

test('an admin lists, creates (chips with Enter), edits, views and deletes a tag on /crudsoekarno', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const name = unique('e2e_tag');
  const renamed = `${name}_baru`;
  const csp = watchCsp(page);
  try {
    await loginViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/crudsoekarno');
    await expect(page.getByRole('heading', { level: 1, name: 'Arsip Soekarno' })).toBeVisible();

    // The seeded tags are listed, numbered, with +N counts (tags other tests add come and go).
    const seeded = (await listTags(request, token, 'Soekarno')).filter(
      (t) => !t.tag.startsWith('e2e_'),
    );
    expect(seeded.length).toBeGreaterThan(0);
    for (const t of seeded) await expect(row(page, t.tag)).toHaveCount(1);
    const first = seeded[0]!;
    const firstRow = row(page, first.tag);
    await expect(firstRow.getByRole('cell').first()).toHaveText('1');
    await expect(firstRow.getByRole('listitem').first()).toContainText(first.input[0]!);
    await expect(
      firstRow.getByText(new RegExp(`^\\+${first.input.length - 2} input lainnya$`)),
    ).toBeVisible();

    // Create, adding chips with Enter.
    await page.getByRole('button', { name: 'Tambah Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah tag baru' });
    await expect(dialog.getByLabel('Nama Tag')).toBeFocused();
    await dialog.getByRole('button', { name: 'Simpan tag' }).click();
    await expect(dialog.getByText('Tag name is required')).toBeVisible();
    await expect(dialog.getByText('At least one input is required')).toBeVisible();
    await expect(dialog.getByText('At least one response is required')).toBeVisible();

    await dialog.getByLabel('Nama Tag').fill(name);
    const input = dialog.getByLabel('Input', { exact: true });
    await input.fill('  Apa arti Trisakti, Bung?  ');
    await input.press('Enter');
    await input.press('Enter'); // blank: ignored
    await input.fill('Jelaskan berdikari di bidang ekonomi');
    await input.press('Enter');
    const responses = dialog.getByLabel('Respons', { exact: true });
    await responses.fill(
      'Berdaulat dalam politik, berdikari dalam ekonomi, berkepribadian dalam kebudayaan.',
    );
    await responses.press('Enter');
    await expect(
      dialog.getByRole('list', { name: /Daftar input/ }).getByRole('listitem'),
    ).toHaveText(['Apa arti Trisakti, Bung?', 'Jelaskan berdikari di bidang ekonomi']);
    await dialog.getByRole('button', { name: 'Simpan tag' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const toasts = page.getByRole('region', { name: 'Notifikasi' });
    await expect(toasts).toContainText('Tag berhasil dibuat');
    await expect(toasts).toContainText('2 input dan 1 respons ditambahkan');
    await expect(row(page, name)).toBeVisible();
    await expect(row(page, name).getByRole('cell').first()).toHaveText(/^\d+$/);
    // Toasts clear after 3 s.
    await expect(toasts.getByText('Tag berhasil dibuat')).toBeHidden({ timeout: 5000 });

    // Edit: rename and add an input.
    await row(page, name)
      .getByRole('button', { name: `Ubah tag ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Ubah tag "${name}"` });
    await expect(edit.getByLabel('Nama Tag')).toHaveValue(name);
    await edit.getByLabel('Nama Tag').fill(renamed);
    await edit.getByLabel('Input', { exact: true }).fill('Apa itu Nawacita?');
    await edit.getByLabel('Input', { exact: true }).press('Enter');
    await edit.getByRole('button', { name: 'Hapus input "Apa itu Nawacita?"' }).click();
    await edit.getByLabel('Input', { exact: true }).fill('Apa itu Tavip?');
    await edit.getByLabel('Input', { exact: true }).press('Enter');
    await edit.getByRole('button', { name: 'Simpan perubahan' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(toasts).toContainText('Tag berhasil diperbarui');
    await expect(row(page, renamed)).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);

    // View.
    await row(page, renamed)
      .getByRole('button', { name: `Lihat tag ${renamed}` })
      .click();
    const view = page.getByRole('dialog', { name: renamed });
    await expect(view.getByRole('region', { name: 'Input (3)' }).getByRole('listitem')).toHaveText([
      '1.Apa arti Trisakti, Bung?',
      '2.Jelaskan berdikari di bidang ekonomi',
      '3.Apa itu Tavip?',
    ]);
    await expect(view.getByRole('region', { name: 'Respons (1)' })).toContainText(
      'berdikari dalam ekonomi',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // Delete, accepting the browser's confirmation.
    let question = '';
    page.once('dialog', (d) => {
      question = d.message();
      void d.accept();
    });
    await row(page, renamed)
      .getByRole('button', { name: `Hapus tag ${renamed}` })
      .click();
    await expect(toasts).toContainText('Tag berhasil dihapus');
    expect(question).toBe(`Are you sure you want to delete "${renamed}"?`);
    await expect(row(page, renamed)).toHaveCount(0);
    expect((await listTags(request, token, 'Soekarno')).map((t) => t.tag)).not.toContain(renamed);
    expect(csp).toEqual([]);
  } finally {
    await removeTags(request, token, 'Soekarno', [name, renamed]);
  }
});

test('at 15 tags the create button is disabled with the maximum-reached message (/crudhatta)', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const added: string[] = [];
  try {
    const current = await listTags(request, token, 'Hatta');
    // Fill up to 15 through the API (fast).
    for (let i = current.length; i < 15; i += 1) {
      const name = unique('e2e_isi');
      const res = await request.post('/api/chatbot/tags', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          nama: 'Hatta',
          tag: name,
          input: [`Pertanyaan ${name}`],
          responses: [`Jawaban ${name}`],
        },
      });
      if (res.status() === 409) break; // filled meanwhile by another run
      expect(res.status()).toBe(201);
      added.push(name);
    }
    // The server refuses a 16th.
    const refused = await request.post('/api/chatbot/tags', {
      headers: { authorization: `Bearer ${token}` },
      data: { nama: 'Hatta', tag: unique('e2e_lebih'), input: ['satu'], responses: ['dua'] },
    });
    expect(refused.status()).toBe(409);

    await loginViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/crudhatta');
    await expect(page.getByRole('heading', { level: 1, name: 'Arsip Hatta' })).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(16);
    const button = page.getByRole('button', { name: /Maksimal 15 tag tercapai/ });
    await expect(button).toBeDisabled();
    await expect(page.getByText(/Maksimal 15 tag telah tercapai untuk Hatta/)).toBeVisible();
    await expect(page.getByText('15 dari 15 tag')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tambah Tag' })).toHaveCount(0);
  } finally {
    await removeTags(request, token, 'Hatta', added);
  }
  expect((await listTags(request, token, 'Hatta')).length).toBeLessThan(15);
});

test('an admin imports a JSON file: preview with counts, then apply (/crudsoekarno)', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const name = unique('e2e_impor');
  const file = path.join(os.tmpdir(), `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      nama: 'Soekarno',
      tags: [
        {
          tag: name,
          input: [
            'Apa makna Sumpah Pemuda bagi Bung?',
            'Bagaimana Bung memandang Sumpah Pemuda 1928?',
          ],
          responses: ['Sumpah Pemuda adalah tonggak persatuan kita.'],
        },
      ],
    }),
  );
  try {
    await loginViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/crudsoekarno');
    await expect(table(page)).toBeVisible();
    await page.getByRole('button', { name: 'Impor', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Impor data tag' });
    await expect(dialog.getByRole('button', { name: 'Terapkan impor' })).toBeDisabled();
    await dialog.locator('input[type="file"]').setInputFiles(file);

    const preview = dialog.getByRole('region', { name: 'Pratinjau impor' });
    await expect(preview).toBeVisible();
    const count = (term: string) =>
      preview.locator('div', { has: page.getByText(term, { exact: true }) }).locator('dd');
    await expect(count('Tag baru')).toHaveText('1');
    await expect(count('Tag digabung')).toHaveText('0');
    await expect(count('Input ditambahkan')).toHaveText('2');
    await expect(count('Respons ditambahkan')).toHaveText('1');
    await expect(preview.getByText(/^Jumlah tag setelah impor: \d+ dari 15$/)).toBeVisible();
    // A preview writes nothing.
    expect((await listTags(request, token, 'Soekarno')).map((t) => t.tag)).not.toContain(name);

    await dialog.getByRole('button', { name: 'Terapkan impor' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('region', { name: 'Notifikasi' })).toContainText(
      'Data berhasil diimpor',
    );
    await expect(row(page, name)).toBeVisible();
    const imported = (await listTags(request, token, 'Soekarno')).find((t) => t.tag === name);
    expect(imported?.input).toHaveLength(2);
  } finally {
    await removeTags(request, token, 'Soekarno', [name]);
  }
});

test('a learner is sent from /crudhatta to /403, and the API refuses their writes with 403', async ({
  page,
  request,
}) => {
  const learner = await signedInLearner(page, request, 'Pelajar Arsip');
  await page.goto('/crudhatta');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('heading', { name: 'Akses Ditolak' })).toBeVisible();

  const login = await request.post('/api/auth/login', {
    data: { email: learner.email, password: learner.password },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.post('/api/chatbot/tags', {
    headers: { authorization: `Bearer ${token}` },
    data: { nama: 'Hatta', tag: unique('e2e_pelajar'), input: ['halo'], responses: ['halo juga'] },
  });
  expect(res.status()).toBe(403);
  const body = (await res.json()) as { status: string; code: number };
  expect(body).toMatchObject({ status: 'error', code: 403 });
});
