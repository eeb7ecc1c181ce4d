import { configure, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { failure, server, success, tokens } from '@/testing/server';
import { fakeModelsApi, makeVersion } from '../testing';

beforeAll(() => {
  configure({ asyncUtilTimeout: 4000 });
});

const three = () => [
  makeVersion(3, { status: 'candidate' }),
  makeVersion(2, { status: 'active', durationMs: 4200 }),
  makeVersion(1, { status: 'retired' }),
];

async function openPage(session: 'admin' | 'learner', path = '/model/soekarno') {
  const utils = await renderApp(path, { session });
  await screen.findByRole('heading', { level: 1, name: /^Model / }, { timeout: 5000 });
  return utils;
}

describe('model page', () => {
  it('shows a learner the active version, its scores, the details and every version with its files', async () => {
    fakeModelsApi({ versions: three() });
    await openPage('learner');
    expect(document.title).toBe('Model Soekarno · Dwitunggal');
    const summary = await screen.findByRole('region', { name: 'Versi aktif: 2' });
    expect(
      within(summary).getByText('Akurasi (validasi silang)').nextElementSibling,
    ).toHaveTextContent('90%');
    expect(
      within(summary).getByText('Akurasi (uji terpisah)').nextElementSibling,
    ).toHaveTextContent('91,7%');

    const list = screen.getByRole('list', { name: 'Riwayat versi' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Versi 3',
      'Versi 2',
      'Versi 1',
    ]);
    const v3 = within(list).getByRole('article', { name: 'Versi 3' });
    expect(within(v3).getByText('Kandidat')).toBeInTheDocument();
    expect(within(v3).getByText('3f3a9c0d1e2b')).toBeInTheDocument();
    expect(within(v3).getByText('47,1 KiB')).toBeInTheDocument();
    for (const file of ['model.json', 'weights.bin', 'word_index.json', 'content.json']) {
      expect(within(v3).getByRole('link', { name: `Unduh ${file} versi 3` })).toHaveAttribute(
        'href',
        `/api/models/soekarno/v/3/${file}`,
      );
    }
    expect(within(list).getByRole('article', { name: 'Versi 1' })).toHaveTextContent('Diarsipkan');
    // Learners read, never activate.
    expect(screen.queryByRole('button', { name: 'Aktifkan' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Kembalikan ke versi ini' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Kelola arsip' })).not.toBeInTheDocument();

    // The details of the active version: loss curve, F1 bars and the confusion matrix.
    expect(screen.getByRole('heading', { name: 'Rincian versi 2' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Kurva loss: dari 1,10 pada langkah 1 ke 0,120/ }),
    ).toBeInTheDocument();
    const bars = screen.getByRole('list', { name: 'F1 per tag' });
    expect(within(bars).getAllByRole('listitem')[0]).toHaveTextContent(/^sapaan/);
    const matrix = screen.getByRole('table', {
      name: /Matriks kebingungan versi 2, validasi silang/,
    });
    const cell = within(matrix).getByRole('cell', {
      name: 'Asli pemikiran, prediksi sapaan: 2 dari 10',
    });
    expect(cell).toHaveTextContent('2');
    expect(cell).toHaveAttribute('data-share', '0.20');
    expect(
      within(matrix).getByRole('cell', {
        name: 'Asli proklamasi, prediksi proklamasi: 10 dari 10',
      }),
    ).toHaveAttribute('data-share', '1.00');
  });

  it("downloads a retired version's file with the token (the server refuses it without)", async () => {
    fakeModelsApi({ versions: three() });
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/models/soekarno/v/1/content.json', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return new Response('{"tags":[]}', {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:model-file';
    };
    URL.revokeObjectURL = () => {};
    const { user } = await openPage('learner');
    const v1 = await screen.findByRole('article', { name: 'Versi 1' });
    await user.click(within(v1).getByRole('link', { name: 'Unduh content.json versi 1' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(seen).toEqual([`Bearer ${tokens.learner}`]);
    expect(await created[0]!.text()).toBe('{"tags":[]}');
    // The active version's files stay plain links: the browser fetches them without a token.
    const v2 = screen.getByRole('article', { name: 'Versi 2' });
    expect(within(v2).getByRole('link', { name: 'Unduh model.json versi 2' })).toHaveAttribute(
      'href',
      '/api/models/soekarno/v/2/model.json',
    );
  });

  it('switches the details to another version and to the held-out questions', async () => {
    fakeModelsApi({
      versions: [
        makeVersion(2, { status: 'active' }),
        makeVersion(1, { status: 'retired', history: [] }),
      ],
    });
    const { user } = await openPage('learner');
    await screen.findByRole('heading', { name: 'Rincian versi 2' });
    await user.click(
      within(screen.getByRole('article', { name: 'Versi 1' })).getByRole('button', {
        name: 'Lihat rincian',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Rincian versi 1' })).toHaveFocus();
    expect(screen.getByText('Riwayat loss tidak tersedia untuk versi ini.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Uji terpisah' }));
    const matrix = screen.getByRole('table', { name: /versi 1, uji terpisah/ });
    expect(
      within(matrix).getByRole('cell', { name: 'Asli proklamasi, prediksi sapaan: 1 dari 4' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pilih versi' }), '2');
    expect(screen.getByRole('heading', { name: 'Rincian versi 2' })).toBeInTheDocument();
  });

  it('lets an admin activate a candidate and roll back, with confirmation, a toast and a refresh', async () => {
    const api = fakeModelsApi({ versions: three() });
    const { user } = await openPage('admin');
    expect(screen.getByRole('link', { name: 'Kelola arsip' })).toHaveAttribute(
      'href',
      '/crudsoekarno',
    );
    const v3 = await screen.findByRole('article', { name: 'Versi 3' });
    expect(
      within(screen.getByRole('article', { name: 'Versi 2' })).queryByRole('button', {
        name: /Aktifkan|Kembalikan/,
      }),
    ).toBeNull();

    await user.click(within(v3).getByRole('button', { name: 'Aktifkan' }));
    const dialog = screen.getByRole('dialog', { name: 'Aktifkan versi 3?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ya, aktifkan' }));
    expect(await screen.findByText('Versi 3 sekarang aktif')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/models/soekarno/versions/3/activate',
    ]);
    expect(await screen.findByRole('region', { name: 'Versi aktif: 3' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Versi 2' })).getByText('Diarsipkan'),
    ).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('article', { name: 'Versi 1' })).getByRole('button', {
        name: 'Kembalikan ke versi ini',
      }),
    );
    const back = screen.getByRole('dialog', { name: 'Kembalikan ke versi 1?' });
    await user.click(within(back).getByRole('button', { name: 'Ya, kembalikan' }));
    expect(await screen.findByRole('region', { name: 'Versi aktif: 1' })).toBeInTheDocument();
  });

  it('toasts a failed activation and keeps the list', async () => {
    fakeModelsApi({ versions: three() });
    server.use(
      http.post('*/api/models/:figure/versions/:version/activate', () =>
        failure(500, 'Internal Server Error'),
      ),
    );
    const { user } = await openPage('admin');
    await user.click(
      within(await screen.findByRole('article', { name: 'Versi 3' })).getByRole('button', {
        name: 'Aktifkan',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Ya, aktifkan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gagal mengaktifkan versi model');
    expect(screen.getByRole('region', { name: 'Versi aktif: 2' })).toBeInTheDocument();
  });

  it('shows the empty state when the figure has no model yet', async () => {
    fakeModelsApi({ versions: [] });
    await openPage('learner', '/model/hatta');
    expect(await screen.findByText('Belum ada model untuk Hatta')).toBeInTheDocument();
    expect(
      screen.getByText('Model akan muncul di sini setelah admin melatihnya.'),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry when the versions cannot be loaded', async () => {
    let fail = true;
    fakeModelsApi({ versions: three() });
    server.use(
      http.get('*/api/models/:figure/versions', () =>
        fail ? failure(500, 'Internal Server Error') : undefined,
      ),
    );
    const { user } = await openPage('learner');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Gagal memuat data model');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Versi aktif: 2' })).toBeInTheDocument(),
    );
  });

  it('sends a signed-out visitor to /login', async () => {
    server.use(http.get('*/api/models/:figure/versions', () => success([])));
    const { router } = await renderApp('/model/soekarno');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
