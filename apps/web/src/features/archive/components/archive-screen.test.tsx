import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { failure, server, success } from '@/testing/server';
import { fakeTagsApi, makeTag } from '../api/fake-tags-api';

async function openArchive(path = '/crudsoekarno', width?: number) {
  const utils = await renderApp(path, { session: 'admin', ...(width ? { width } : {}) });
  await screen.findByRole('heading', { level: 1, name: /^Arsip / }, { timeout: 5000 });
  return utils;
}

/** The table (wide screens) once the list has loaded. */
/** Opens the archive of Soekarno and its "Tambah tag baru" modal. */
async function openCreateModal() {
  const { user } = await openArchive();
  await table();
  await user.click(screen.getByRole('button', { name: 'Tambah Tag' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Tambah tag baru' }) };
}

async function table() {
  return screen.findByRole('table', { name: /Daftar tag/ });
}

function rowOf(tableEl: HTMLElement, name: string) {
  // The row header reads "sapaan, 3 input 2 respons".
  const header = within(tableEl).getByRole('rowheader', { name: new RegExp(`^${name},`) });
  return header.closest('tr') as HTMLElement;
}

beforeAll(() => {
  // The whole app renders (lazy routes, guards, profile check): allow a loaded machine time.
  configure({ asyncUtilTimeout: 4000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('archive table', () => {
  it('lists the tags: number, tag, the first two inputs and responses with +N, and the actions', async () => {
    fakeTagsApi({
      Soekarno: [makeTag('sapaan', 36, 5), makeTag('proklamasi', 2, 1), makeTag('pemikiran', 3, 3)],
    });
    await openArchive();
    const t = await table();
    const rows = within(t).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    const sapaan = rowOf(t, 'sapaan');
    const cells = within(sapaan).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('1');
    expect(within(sapaan).getByText('Pertanyaan 1 tentang sapaan')).toBeInTheDocument();
    expect(within(sapaan).getByText('Pertanyaan 2 tentang sapaan')).toBeInTheDocument();
    expect(within(sapaan).queryByText('Pertanyaan 3 tentang sapaan')).not.toBeInTheDocument();
    expect(within(sapaan).getByText('+34')).toHaveTextContent('+34 input lainnya');
    expect(within(sapaan).getByText('+3')).toHaveTextContent('+3 respons lainnya');
    for (const action of ['Lihat', 'Ubah', 'Hapus']) {
      expect(within(sapaan).getByRole('button', { name: `${action} tag sapaan` })).toBeEnabled();
    }

    // Two or fewer phrases: no +N.
    const proklamasi = rowOf(t, 'proklamasi');
    expect(within(proklamasi).getAllByRole('cell')[0]).toHaveTextContent('2');
    expect(within(proklamasi).queryByText(/^\+\d/)).not.toBeInTheDocument();
    expect(
      within(rowOf(t, 'pemikiran'))
        .getAllByText('+1')
        .map((el) => el.textContent),
    ).toEqual(['+1 input lainnya', '+1 respons lainnya']);

    expect(screen.getByText('3 dari 15 tag')).toBeInTheDocument();
    expect(document.title).toBe('Arsip Soekarno · Dwitunggal');
  });

  it("shows Hatta's tags on /crudhatta", async () => {
    const api = fakeTagsApi({ Hatta: [makeTag('koperasi', 4, 1, 'Hatta')] });
    await openArchive('/crudhatta');
    expect(await screen.findByRole('rowheader', { name: /koperasi/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/chatbot/tags/nama/')[0]?.path).toBe('/api/chatbot/tags/nama/Hatta');
  });

  it("shows 'Belum ada data tag' for an empty list", async () => {
    fakeTagsApi();
    await openArchive();
    expect(await screen.findByText('Belum ada data tag')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tambah Tag' })).toBeEnabled();
  });

  it("shows 'Error: Data tidak valid' when the list is not an array", async () => {
    fakeTagsApi();
    server.use(http.get('*/api/chatbot/tags/nama/:nama', () => success({ tags: 'bukan array' })));
    await openArchive();
    expect(await screen.findByText('Error: Data tidak valid')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows 'Gagal memuat data tags' when the list fails, and retries", async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    let fail = true;
    server.use(
      http.get('*/api/chatbot/tags/nama/:nama', () =>
        fail ? failure(500, 'Internal Server Error') : undefined,
      ),
    );
    const { user } = await openArchive();
    expect(await screen.findByText('Gagal memuat data tags')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('rowheader', { name: /sapaan/ })).toBeInTheDocument();
  });

  it('becomes cards on a phone', async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan', 5, 3)] });
    await openArchive('/crudsoekarno', 390);
    const list = await screen.findByRole('list', { name: 'Daftar tag Soekarno' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('article', { name: 'sapaan' });
    expect(within(card).getByText('+3')).toHaveTextContent('+3 input lainnya');
    expect(within(card).getByRole('button', { name: 'Ubah tag sapaan' })).toHaveTextContent('Ubah');
  });
});

describe('the 15-tag limit', () => {
  it('disables the create button with the maximum-reached message at 15 tags', async () => {
    fakeTagsApi({
      Soekarno: Array.from({ length: 15 }, (_, i) => makeTag(`tag_${i + 1}`)),
    });
    await openArchive();
    const button = await screen.findByRole('button', { name: /Maksimal 15 tag tercapai/ });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Tambah Tag/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Maksimal 15 tag telah tercapai untuk Soekarno/)).toBeInTheDocument();
    expect(button).toHaveAccessibleDescription(/Maksimal 15 tag telah tercapai/);
  });

  it('keeps the button enabled at 14 tags', async () => {
    fakeTagsApi({ Soekarno: Array.from({ length: 14 }, (_, i) => makeTag(`tag_${i + 1}`)) });
    await openArchive();
    await table();
    expect(screen.getByRole('button', { name: 'Tambah Tag' })).toBeEnabled();
  });
});

describe('create', () => {
  it('validates on submit with the spec messages', async () => {
    const api = fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    const { user, dialog } = await openCreateModal();
    expect(within(dialog).getByLabelText('Nama Tag')).toHaveFocus();

    await user.type(within(dialog).getByLabelText('Nama Tag'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan tag' }));
    expect(within(dialog).getByText('Tag name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('At least one input is required')).toBeInTheDocument();
    expect(within(dialog).getByText('At least one response is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nama Tag')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Nama Tag')).toHaveFocus();
    expect(api.callsTo('POST', '/chatbot/tags')).toHaveLength(0);

    // Re-validated on change once submitted.
    await user.type(within(dialog).getByLabelText('Nama Tag'), 'kemerdekaan');
    expect(within(dialog).queryByText('Tag name is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('At least one input is required')).toBeInTheDocument();
  });

  it('adds chips with Enter (trimmed, blanks and repeats ignored), removes them, and creates the tag', async () => {
    const api = fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    const { user, dialog } = await openCreateModal();
    const input = within(dialog).getByLabelText('Input');
    const responses = within(dialog).getByLabelText('Respons');

    await user.type(within(dialog).getByLabelText('Nama Tag'), '  kemerdekaan ');
    await user.type(
      within(dialog).getByLabelText('Nama tampilan (opsional)'),
      ' Hari kemerdekaan ',
    );
    await user.type(input, '   Kapan Indonesia merdeka?  {Enter}');
    expect(input).toHaveValue('');
    await user.type(input, '    {Enter}');
    await user.type(input, '{Enter}');
    await user.type(input, 'kapan   indonesia MERDEKA?{Enter}');
    expect(within(dialog).getByText('Input ini sudah ada di daftar.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Siapa yang membacakan proklamasi?{Enter}');
    await user.type(input, 'Hapus saya{Enter}');

    const inputChips = within(dialog).getByRole('list', { name: /Daftar input/ });
    expect(
      within(inputChips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kapan Indonesia merdeka?', 'Siapa yang membacakan proklamasi?', 'Hapus saya']);
    await user.click(within(dialog).getByRole('button', { name: 'Hapus input "Hapus saya"' }));
    expect(within(inputChips).getAllByRole('listitem')).toHaveLength(2);
    expect(input).toHaveFocus();

    // The add button does what Enter does.
    await user.type(responses, ' Pada 17 Agustus 1945. ');
    await user.click(within(dialog).getByRole('button', { name: 'Tambah respons' }));
    expect(within(dialog).getByRole('list', { name: /Daftar respons/ })).toHaveTextContent(
      'Pada 17 Agustus 1945.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Simpan tag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/chatbot/tags')[0]?.body).toEqual({
      nama: 'Soekarno',
      tag: 'kemerdekaan',
      label: 'Hari kemerdekaan',
      input: ['Kapan Indonesia merdeka?', 'Siapa yang membacakan proklamasi?'],
      responses: ['Pada 17 Agustus 1945.'],
    });
    // Server message plus the counts.
    const toasts = screen.getByRole('region', { name: 'Notifikasi' });
    const toast = await within(toasts).findByRole('status');
    expect(toast).toHaveTextContent('Tag berhasil dibuat');
    expect(toast).toHaveTextContent('2 input dan 1 respons ditambahkan');
    // The list is reloaded.
    expect(await screen.findByRole('rowheader', { name: /kemerdekaan/ })).toBeInTheDocument();
    expect(screen.getByText('2 dari 15 tag')).toBeInTheDocument();
  });

  it('pastes several lines as several chips', async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    const { user, dialog } = await openCreateModal();
    await user.click(within(dialog).getByLabelText('Input'));
    await user.paste('Satu\n\n  Dua  \r\nTiga');
    expect(
      within(within(dialog).getByRole('list', { name: /Daftar input/ }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Satu', 'Dua', 'Tiga']);
  });

  it('says when a create will merge into an existing tag, and shows the merge counts', async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan', 3, 1)] });
    const { user, dialog } = await openCreateModal();
    await user.type(within(dialog).getByLabelText('Nama Tag'), 'SAPAAN');
    expect(within(dialog).getByText(/Tag "sapaan" sudah ada/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Input'), 'Halo Bung{Enter}');
    await user.type(within(dialog).getByLabelText('Respons'), 'Jawaban 1 tentang sapaan{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan tag' }));
    expect(await screen.findByText('Tag berhasil digabungkan')).toBeInTheDocument();
    expect(screen.getByText('1 input dan 0 respons ditambahkan')).toBeInTheDocument();
  });

  it("shows the server's message when the create fails, else 'Gagal Create/Update Tag'", async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    let answer: 'message' | 'network' = 'message';
    server.use(
      http.post('*/api/chatbot/tags', () =>
        answer === 'message'
          ? failure(409, 'Maksimal 15 tag per karakter telah tercapai', {
              tag: 'Maksimal 15 tag per karakter telah tercapai',
            })
          : HttpResponse.error(),
      ),
    );
    const { user, dialog } = await openCreateModal();
    await user.type(within(dialog).getByLabelText('Nama Tag'), 'baru');
    await user.type(within(dialog).getByLabelText('Input'), 'satu{Enter}');
    await user.type(within(dialog).getByLabelText('Respons'), 'dua{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan tag' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Maksimal 15 tag per karakter telah tercapai');
    // The field error too.
    expect(within(dialog).getByLabelText('Nama Tag')).toHaveAccessibleDescription(
      /Maksimal 15 tag per karakter/,
    );

    answer = 'network';
    await user.click(within(dialog).getByRole('button', { name: 'Simpan tag' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Gagal Create/Update Tag'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('edit and view', () => {
  it('loads the detail, saves the full replacement, toasts and reloads', async () => {
    const sapaan = makeTag('sapaan', 3, 2);
    const api = fakeTagsApi({ Soekarno: [sapaan, makeTag('proklamasi')] });
    const { user } = await openArchive();
    const t = await table();
    await user.click(within(rowOf(t, 'sapaan')).getByRole('button', { name: 'Ubah tag sapaan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah tag "sapaan"' });
    const name = await within(dialog).findByLabelText('Nama Tag');
    expect(api.callsTo('GET', `/chatbot/tags/${sapaan.id}`)).toHaveLength(1);
    expect(name).toHaveValue('sapaan');
    await waitFor(() => expect(name).toHaveFocus());
    expect(
      within(within(dialog).getByRole('list', { name: /Daftar input/ })).getAllByRole('listitem'),
    ).toHaveLength(3);

    await user.clear(name);
    await user.type(name, 'salam');
    await user.click(
      within(dialog).getByRole('button', { name: 'Hapus input "Pertanyaan 1 tentang sapaan"' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Simpan perubahan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/chatbot/update/')[0]).toMatchObject({
      path: `/api/chatbot/update/${sapaan.id}`,
      body: {
        nama: 'Soekarno',
        tag: 'salam',
        input: ['Pertanyaan 2 tentang sapaan', 'Pertanyaan 3 tentang sapaan'],
        responses: ['Jawaban 1 tentang sapaan', 'Jawaban 2 tentang sapaan'],
      },
    });
    expect(await screen.findByText('Tag berhasil diperbarui')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /salam/ })).toBeInTheDocument();
  });

  it('links inputs to the response they ask for, and drops a link whose response is removed', async () => {
    const sapaan = {
      ...makeTag('sapaan', 3, 3),
      links: [{ input: 'Pertanyaan 1 tentang sapaan', response: 'Jawaban 2 tentang sapaan' }],
    };
    const api = fakeTagsApi({ Soekarno: [sapaan] });
    const { user } = await openArchive('/crudsoekarno', 390);
    await user.click(await screen.findByRole('button', { name: 'Ubah tag sapaan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah tag "sapaan"' });
    await within(dialog).findByLabelText('Nama Tag');

    // The disclosure opens from the keyboard; each input has its "Jawaban" select.
    const toggle = within(dialog).getByRole('button', { name: /^Jawaban per input/ });
    expect(toggle).toHaveTextContent('· 1 terhubung');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const select = (n: number) =>
      within(dialog).getByRole('combobox', {
        name: `Jawaban untuk Pertanyaan ${n} tentang sapaan`,
      });
    expect(select(1)).toHaveDisplayValue('2. Jawaban 2 tentang sapaan');
    expect(select(2)).toHaveDisplayValue('— otomatis —');
    expect(
      within(select(3))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      '— otomatis —',
      '1. Jawaban 1 tentang sapaan',
      '2. Jawaban 2 tentang sapaan',
      '3. Jawaban 3 tentang sapaan',
    ]);
    await user.selectOptions(select(2), '3. Jawaban 3 tentang sapaan');
    await user.selectOptions(select(3), '1. Jawaban 1 tentang sapaan');
    await user.selectOptions(select(3), '— otomatis —');
    expect(toggle).toHaveTextContent('· 2 terhubung');

    // Removing a response removes the links to it.
    await user.click(
      within(dialog).getByRole('button', { name: 'Hapus respons "Jawaban 2 tentang sapaan"' }),
    );
    expect(select(1)).toHaveDisplayValue('— otomatis —');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan perubahan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/chatbot/update/')[0]?.body).toMatchObject({
      responses: ['Jawaban 1 tentang sapaan', 'Jawaban 3 tentang sapaan'],
      links: [{ input: 'Pertanyaan 2 tentang sapaan', response: 'Jawaban 3 tentang sapaan' }],
    });
  });

  it("shows 'Gagal memperbarui tag' when an update fails without a message, the server's otherwise", async () => {
    const sapaan = makeTag('sapaan');
    fakeTagsApi({ Soekarno: [sapaan] });
    let answer: 'clash' | 'network' = 'network';
    server.use(
      http.put('*/api/chatbot/update/:id', () =>
        answer === 'network'
          ? HttpResponse.error()
          : failure(409, 'Tag "proklamasi" sudah ada untuk Soekarno', {
              tag: 'Tag "proklamasi" sudah ada untuk Soekarno',
            }),
      ),
    );
    const { user } = await openArchive();
    const t = await table();
    await user.click(within(rowOf(t, 'sapaan')).getByRole('button', { name: 'Ubah tag sapaan' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText('Nama Tag');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan perubahan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Gagal memperbarui tag');

    answer = 'clash';
    await user.click(within(dialog).getByRole('button', { name: 'Simpan perubahan' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Tag "proklamasi" sudah ada untuk Soekarno',
      ),
    );
    expect(within(dialog).getByLabelText('Nama Tag')).toHaveAttribute('aria-invalid', 'true');
  });

  it('views every input and response, and switches to edit', async () => {
    const sapaan = makeTag('sapaan', 4, 3);
    fakeTagsApi({ Soekarno: [sapaan] });
    const { user } = await openArchive();
    const t = await table();
    await user.click(within(rowOf(t, 'sapaan')).getByRole('button', { name: 'Lihat tag sapaan' }));
    const dialog = await screen.findByRole('dialog', { name: 'sapaan' });
    const inputs = await within(dialog).findByRole('region', { name: 'Input (4)' });
    expect(within(inputs).getAllByRole('listitem')).toHaveLength(4);
    expect(within(dialog).getByRole('region', { name: 'Respons (3)' })).toHaveTextContent(
      'Jawaban 3 tentang sapaan',
    );
    // Fewer than 10 inputs: a hint.
    expect(within(dialog).getByText(/baru memiliki 4 input/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ubah tag' }));
    expect(screen.getByRole('dialog', { name: 'Ubah tag "sapaan"' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nama Tag')).toHaveValue('sapaan');
  });

  it("toasts 'Gagal memuat detail tag' when the detail cannot be loaded", async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    server.use(http.get('*/api/chatbot/tags/:id', () => failure(404, 'Tag tidak ditemukan')));
    const { user } = await openArchive();
    const t = await table();
    await user.click(within(rowOf(t, 'sapaan')).getByRole('button', { name: 'Lihat tag sapaan' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Gagal memuat detail tag');
    expect(toast).toHaveTextContent('Tag tidak ditemukan');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('modal keyboard use', () => {
  it('traps focus, closes on Escape and returns focus to the button that opened it', async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    const { user } = await openArchive();
    await table();
    const opener = screen.getByRole('button', { name: 'Tambah Tag' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const name = within(dialog).getByLabelText('Nama Tag');
    expect(name).toHaveFocus();

    // Shift+Tab from the first field wraps to the last button, Tab from there wraps back.
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    const save = within(dialog).getByRole('button', { name: 'Simpan tag' });
    expect(save).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Tutup' })).toHaveFocus();
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('delete', () => {
  it('asks the exact confirmation; cancelling sends nothing, accepting deletes, toasts and reloads', async () => {
    const api = fakeTagsApi({ Soekarno: [makeTag('sapaan'), makeTag('proklamasi')] });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await openArchive();
    const t = await table();
    await user.click(within(rowOf(t, 'sapaan')).getByRole('button', { name: 'Hapus tag sapaan' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete "sapaan"?');
    expect(api.callsTo('DELETE', '/chatbot/tags/')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(within(rowOf(t, 'sapaan')).getByRole('button', { name: 'Hapus tag sapaan' }));
    expect(await screen.findByText('Tag berhasil dihapus')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/chatbot/tags/')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /sapaan/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('rowheader', { name: /proklamasi/ })).toBeInTheDocument();
    expect(screen.getByText('1 dari 15 tag')).toBeInTheDocument();
  });

  it("toasts 'Gagal menghapus tag' when the delete fails", async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    server.use(http.delete('*/api/chatbot/tags/:id', () => failure(500, 'Internal Server Error')));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openArchive();
    const t = await table();
    await user.click(within(rowOf(t, 'sapaan')).getByRole('button', { name: 'Hapus tag sapaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gagal menghapus tag');
    expect(screen.getByRole('rowheader', { name: /sapaan/ })).toBeInTheDocument();
  });
});

describe('toasts', () => {
  it('clear automatically after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeTagsApi({ Soekarno: [makeTag('sapaan'), makeTag('proklamasi')] });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await openArchive();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const t = await table();
    await user.click(within(rowOf(t, 'sapaan')).getByRole('button', { name: 'Hapus tag sapaan' }));
    const toast = await screen.findByText('Tag berhasil dihapus');
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(toast).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.queryByText('Tag berhasil dihapus')).not.toBeInTheDocument();
  });

  it('can be closed earlier', async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openArchive();
    const t = await table();
    await user.click(within(rowOf(t, 'sapaan')).getByRole('button', { name: 'Hapus tag sapaan' }));
    await screen.findByText('Tag berhasil dihapus');
    await user.click(screen.getByRole('button', { name: 'Tutup notifikasi' }));
    expect(screen.queryByText('Tag berhasil dihapus')).not.toBeInTheDocument();
  });
});

describe('search and filter', () => {
  it('filters by words in the tag, its inputs or responses, and by few inputs', async () => {
    const api = fakeTagsApi({
      Soekarno: [
        makeTag('sapaan', 12, 2),
        makeTag('proklamasi', 4, 1),
        makeTag('pemikiran', 15, 1),
      ],
    });
    api.db.Soekarno[2]!.responses = ['Pancasila lahir pada 1 Juni 1945.'];
    const { user } = await openArchive();
    const t = await table();
    const search = screen.getByRole('searchbox', { name: 'Cari tag' });

    await user.type(search, 'PANCASILA juni');
    expect(within(t).getAllByRole('row')).toHaveLength(2);
    expect(within(t).getByRole('rowheader', { name: /pemikiran/ })).toBeInTheDocument();
    // Numbers stay those of the full list.
    expect(within(rowOf(t, 'pemikiran')).getAllByRole('cell')[0]).toHaveTextContent('3');
    expect(screen.getByText('Menampilkan 1 dari 3 tag')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'tidak ada di mana pun');
    expect(screen.getByText('Tidak ada tag yang cocok')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hapus filter' }));
    expect(within(await table()).getAllByRole('row')).toHaveLength(4);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tampilkan' }), 'few-inputs');
    const filtered = await table();
    expect(within(filtered).getAllByRole('row')).toHaveLength(2);
    expect(within(filtered).getByRole('rowheader', { name: /proklamasi/ })).toBeInTheDocument();
  });
});

describe('quality panel', () => {
  it('summarises the report and lists its findings on demand', async () => {
    const api = fakeTagsApi({ Soekarno: [makeTag('sapaan', 30, 2), makeTag('proklamasi', 4, 1)] });
    api.setQuality({
      issues: [
        {
          kind: 'duplicate_across_tags',
          severity: 'error',
          tags: ['sapaan', 'proklamasi'],
          inputs: ['halo'],
          message: 'Input "halo" ada di 2 tag ("sapaan", "proklamasi").',
        },
        {
          kind: 'few_inputs',
          severity: 'warning',
          tags: ['proklamasi'],
          message: 'Tag "proklamasi" baru memiliki 4 input.',
        },
        {
          kind: 'imbalance',
          severity: 'warning',
          tags: ['sapaan', 'proklamasi'],
          message: 'Data tidak seimbang: tag "sapaan" memiliki 30 input.',
        },
      ],
      stats: { tags: 2, inputs: 34, minInputs: 4, maxInputs: 30 },
    });
    const { user } = await openArchive();
    const panel = await screen.findByRole('region', { name: 'Kualitas data' });
    expect(await within(panel).findByText('1 galat')).toBeInTheDocument();
    expect(within(panel).getByText('2 peringatan')).toBeInTheDocument();
    expect(within(panel).getByText('4–30')).toBeInTheDocument();
    const toggle = within(panel).getByRole('button', { name: 'Lihat rincian' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).queryByRole('list')).not.toBeInTheDocument();

    await user.click(toggle);
    const findings = within(panel).getByRole('list', { name: 'Temuan kualitas data' });
    expect(within(findings).getAllByRole('listitem')).toHaveLength(3);
    expect(findings).toHaveTextContent('Input sama di beberapa tag');
    expect(findings).toHaveTextContent('Input terlalu sedikit');
    expect(findings).toHaveTextContent('Data tidak seimbang');

    // The flagged filter uses the report.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tampilkan' }), 'flagged');
    expect(within(await table()).getAllByRole('row')).toHaveLength(3);
  });
});

describe('import', () => {
  const archiveFile = (tags: { tag: string; input: string[]; responses: string[] }[]) =>
    new File([JSON.stringify({ version: 1, nama: 'Soekarno', tags })], 'arsip.json', {
      type: 'application/json',
    });

  /** Opens the archive of Soekarno and its import dialog. */
  async function openImport() {
    const { user } = await openArchive();
    await table();
    await user.click(screen.getByRole('button', { name: 'Impor' }));
    const dialog = screen.getByRole('dialog', { name: 'Impor data tag' });
    const upload = (file: File) =>
      user.upload(within(dialog).getByLabelText(/Pilih berkas arsip/), file);
    return { user, dialog, upload };
  }

  it('previews a JSON file with counts, then applies it and reloads', async () => {
    const api = fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    const { user, dialog, upload } = await openImport();
    const apply = within(dialog).getByRole('button', { name: 'Terapkan impor' });
    expect(apply).toBeDisabled();
    // The dialog says how CSV cells that look like spreadsheet formulas are exported and read.
    expect(within(dialog).getByText(/awalan ' agar tidak menjadi rumus/)).toBeVisible();

    await upload(
      archiveFile([
        { tag: 'sapaan', input: ['Halo Bung'], responses: ['Halo!'] },
        {
          tag: 'sumpah_pemuda',
          input: ['Apa itu Sumpah Pemuda?', 'Kapan 1928?'],
          responses: ['Ikrar pemuda.'],
        },
      ]),
    );
    const preview = await within(dialog).findByRole('region', { name: 'Pratinjau impor' });
    const count = (term: string) => within(preview).getByText(term).nextElementSibling?.textContent;
    expect(count('Tag baru')).toBe('1');
    expect(count('Tag digabung')).toBe('1');
    expect(count('Input ditambahkan')).toBe('3');
    expect(count('Respons ditambahkan')).toBe('2');
    expect(within(preview).getByText('Jumlah tag setelah impor: 2 dari 15')).toBeInTheDocument();
    expect(api.callsTo('POST', '/chatbot/import/')).toHaveLength(1);
    expect(api.callsTo('POST', '/chatbot/import/')[0]).toMatchObject({
      path: '/api/chatbot/import/Soekarno',
      query: '?dryRun=true',
    });

    await user.click(apply);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/chatbot/import/')[1]?.query).toBe('?dryRun=false');
    expect(screen.getByText('Data berhasil diimpor')).toBeInTheDocument();
    expect(
      screen.getByText('1 tag baru, 1 tag digabung, 3 input dan 2 respons ditambahkan'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /sumpah_pemuda/ })).toBeInTheDocument();
  });

  it('shows the problems of a file that would exceed 15 tags and does not allow applying it', async () => {
    fakeTagsApi({ Soekarno: Array.from({ length: 14 }, (_, i) => makeTag(`tag_${i + 1}`)) });
    const { dialog, upload } = await openImport();
    await upload(
      archiveFile([
        { tag: 'baru_1', input: ['a'], responses: ['b'] },
        { tag: 'baru_2', input: ['c'], responses: ['d'] },
      ]),
    );
    const problems = await within(dialog).findByRole('alert');
    expect(problems).toHaveTextContent('Berkas tidak dapat diimpor');
    expect(problems).toHaveTextContent('hasilnya akan menjadi 16 tag');
    expect(within(dialog).getByText('Jumlah tag setelah impor: 16 dari 15')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Terapkan impor' })).toBeDisabled();
  });

  it('refuses a file that is not JSON before calling the server', async () => {
    const api = fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    const { dialog, upload } = await openImport();
    await upload(new File(['{"tags": ['], 'rusak.json', { type: 'application/json' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Berkas JSON tidak valid');
    expect(api.callsTo('POST', '/chatbot/import/')).toHaveLength(0);
  });
});

describe('model actions in the header', () => {
  it('offers "Perbarui Model" (it opens its confirmation) and a link to the model page', async () => {
    fakeTagsApi({ Soekarno: [makeTag('sapaan')] });
    server.use(http.get('*/api/models/:figure/versions', () => success([])));
    const { user } = await openArchive();
    expect(screen.getByRole('link', { name: 'Lihat Model' })).toHaveAttribute(
      'href',
      '/model/soekarno',
    );
    const button = screen.getByRole('button', { name: 'Perbarui Model' });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Perbarui model Soekarno?' })).toBeInTheDocument();
  });
});
