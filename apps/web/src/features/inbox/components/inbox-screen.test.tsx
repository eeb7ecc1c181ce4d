import { configure, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxGroup } from '@dwitunggal/contracts/learning';
import { renderApp } from '@/testing/render-app';
import { failure, server, success } from '@/testing/server';

const TAGS = [
  { id: '11111111-1111-4111-8111-111111111111', tag: 'keluarga' },
  { id: '22222222-2222-4222-8222-222222222222', tag: 'pendidikan' },
];

const group = (id: number, question: string, extra: Partial<InboxGroup> = {}): InboxGroup => ({
  id,
  count: 1,
  firstSeen: '2026-11-20T08:00:00.000Z',
  lastSeen: '2026-11-25T08:00:00.000Z',
  examples: [question],
  sources: ['fallback'],
  suggestedTag: null,
  suggestedConfidence: null,
  ...extra,
});

/**
 * A fake inbox of Soekarno: answers the page (by offset), the tags, and the actions (recorded,
 * answered by `answer`); acted-on groups leave the list.
 */
function fakeInbox(
  groups: InboxGroup[],
  answer: (body: Record<string, unknown>) => Response | undefined = () => undefined,
) {
  let open = [...groups];
  const actions: Record<string, unknown>[] = [];
  server.use(
    http.get('*/api/inbox/soekarno', ({ request }) => {
      const url = new URL(request.url);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return success({ groups: open.slice(offset, offset + limit), total: open.length });
    }),
    http.get('*/api/inbox/soekarno/summary', () => success({ open: open.length })),
    http.get('*/api/chatbot/tags/nama/Soekarno', () =>
      success(TAGS.map((t) => ({ ...t, nama: 'Soekarno', input: ['x'], responses: ['y'] }))),
    ),
    http.post('*/api/inbox/soekarno/actions', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      actions.push(body);
      const refused = answer(body);
      if (refused) return refused;
      const ids = body.groupIds as number[];
      open = open.filter((g) => !ids.includes(g.id));
      const tag = body.action === 'add' ? TAGS.find((t) => t.id === body.tagId) : null;
      return success({
        action: body.action,
        groups: ids.length,
        questionsAdded: body.action === 'ignore' ? 0 : ids.length,
        tag:
          body.action === 'create'
            ? { id: '33333333-3333-4333-8333-333333333333', tag: body.tagName }
            : (tag ?? null),
      });
    }),
  );
  return { actions };
}

async function openInbox(width?: number) {
  const utils = await renderApp('/kotak-masuk/soekarno', {
    session: 'admin',
    ...(width ? { width } : {}),
  });
  await screen.findByRole('heading', { level: 1, name: 'Kotak Masuk Soekarno' });
  return utils;
}

const card = (question: string) => screen.getByRole('listitem', { name: question });

beforeAll(() => {
  configure({ asyncUtilTimeout: 4000 });
});

describe('Kotak Masuk', () => {
  it('lists the open groups with count, examples, sources, last seen and the suggested tag', async () => {
    fakeInbox([
      group(7, 'Siapa istri Bung Karno?', {
        count: 4,
        examples: ['Siapa istri Bung Karno?', 'istri bung karno siapa', 'Bung Karno menikah?'],
        sources: ['declined', 'unsure'],
        suggestedTag: 'keluarga',
        suggestedConfidence: 0.31,
      }),
      group(8, 'Apa makanan kesukaan Bung Karno?'),
    ]);
    await openInbox();
    const wife = await screen.findByRole('listitem', { name: 'Siapa istri Bung Karno?' });
    expect(within(wife).getByText('4× ditanyakan')).toBeInTheDocument();
    expect(within(wife).getByText('istri bung karno siapa')).toBeInTheDocument();
    expect(within(wife).getByText('Bung Karno menikah?')).toBeInTheDocument();
    expect(within(wife).getByText('RAG menolak')).toBeInTheDocument();
    expect(within(wife).getByText('TFJS ragu')).toBeInTheDocument();
    expect(within(wife).getByText('keluarga (31%)')).toBeInTheDocument();
    expect(within(wife).getByRole('time')).toHaveAttribute('datetime', '2026-11-25T08:00:00.000Z');
    expect(screen.getByText('2 kelompok menunggu')).toBeInTheDocument();
    expect(document.title).toBe('Kotak Masuk Soekarno · Dwitunggal');
  });

  it('adds a group to the suggested tag, chosen first, and the group leaves the list', async () => {
    const api = fakeInbox([
      group(7, 'Siapa istri Bung Karno?', { suggestedTag: 'keluarga', suggestedConfidence: 0.4 }),
      group(8, 'Apa makanan kesukaan Bung Karno?'),
    ]);
    const { user } = await openInbox();
    await screen.findByRole('listitem', { name: 'Siapa istri Bung Karno?' });
    await user.click(
      within(card('Siapa istri Bung Karno?')).getByRole('button', { name: 'Tambahkan ke tag' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Tambahkan ke tag' });
    expect(within(dialog).getByRole('combobox', { name: 'Tag tujuan' })).toHaveValue(TAGS[0]?.id);
    await user.click(within(dialog).getByRole('button', { name: 'Tambahkan' }));
    expect(
      await screen.findByText('1 pertanyaan ditambahkan ke tag “keluarga”'),
    ).toBeInTheDocument();
    expect(api.actions).toEqual([{ action: 'add', tagId: TAGS[0]?.id, groupIds: [7] }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await screen.findByText('1 kelompok menunggu');
    expect(screen.queryByRole('listitem', { name: 'Siapa istri Bung Karno?' })).toBeNull();
  });

  it("creates a new tag and shows the server's refusal (409 name taken, 422 tag limit)", async () => {
    let refusals = [
      failure(409, 'Tag dengan nama ini sudah ada; pilih "tambahkan ke tag"', {
        tagName: 'Tag dengan nama ini sudah ada; pilih "tambahkan ke tag"',
      }),
      failure(422, 'Maksimal 15 tag untuk Soekarno'),
    ];
    const api = fakeInbox([group(8, 'Apa makanan kesukaan Bung Karno?')], () => {
      const [next, ...rest] = refusals;
      refusals = rest;
      return next;
    });
    const { user } = await openInbox();
    await screen.findByRole('listitem', { name: 'Apa makanan kesukaan Bung Karno?' });
    await user.click(
      within(card('Apa makanan kesukaan Bung Karno?')).getByRole('button', {
        name: 'Buat tag baru',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Buat tag baru' });
    const submit = within(dialog).getByRole('button', { name: 'Buat tag' });

    // Both fields are required.
    await user.click(submit);
    expect(await within(dialog).findByText('Nama tag wajib diisi')).toBeInTheDocument();
    expect(within(dialog).getByText('Tulis minimal satu respons')).toBeInTheDocument();
    expect(api.actions).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Nama tag' }), 'keluarga');
    await user.type(within(dialog).getByRole('textbox', { name: /Respons/ }), 'Nasi goreng.');
    await user.click(submit);
    expect(await within(dialog).findByText(/Tag dengan nama ini sudah ada/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nama tag' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.clear(within(dialog).getByRole('textbox', { name: 'Nama tag' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nama tag' }), 'makanan');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Maksimal 15 tag untuk Soekarno',
    );

    await user.click(submit);
    expect(
      await screen.findByText('1 pertanyaan ditambahkan ke tag “makanan”'),
    ).toBeInTheDocument();
    expect(api.actions.at(-1)).toEqual({
      action: 'create',
      tagName: 'makanan',
      responses: ['Nasi goreng.'],
      groupIds: [8],
    });
  });

  it('ignores several selected groups at once', async () => {
    const api = fakeInbox([
      group(1, 'Siapa pemenang piala dunia?'),
      group(2, 'Berapa harga bitcoin?'),
      group(3, 'Kapan Bung Karno lahir?'),
    ]);
    const { user } = await openInbox(390);
    await screen.findByRole('listitem', { name: 'Siapa pemenang piala dunia?' });
    const toolbar = screen.getByRole('toolbar', { name: 'Tindakan untuk kelompok terpilih' });
    expect(within(toolbar).getByRole('button', { name: 'Abaikan' })).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', { name: 'Pilih kelompok “Siapa pemenang piala dunia?”' }),
    );
    await user.click(
      screen.getByRole('checkbox', { name: 'Pilih kelompok “Berapa harga bitcoin?”' }),
    );
    expect(within(toolbar).getByText('2 dipilih')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Abaikan' }));
    expect(await screen.findByText('2 kelompok diabaikan')).toBeInTheDocument();
    expect(api.actions).toEqual([{ action: 'ignore', groupIds: [1, 2] }]);
    await screen.findByText('1 kelompok menunggu');
    expect(screen.getByRole('listitem', { name: 'Kapan Bung Karno lahir?' })).toBeInTheDocument();
  });

  it('pages through the groups', async () => {
    fakeInbox(Array.from({ length: 25 }, (_, i) => group(i + 1, `Pertanyaan nomor ${i + 1}?`)));
    const { user } = await openInbox();
    await screen.findByRole('listitem', { name: 'Pertanyaan nomor 1?' });
    expect(screen.getByText('Halaman 1 dari 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Berikutnya' }));
    expect(
      await screen.findByRole('listitem', { name: 'Pertanyaan nomor 21?' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Pertanyaan nomor 1?' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Berikutnya' })).toBeDisabled();
  });

  it('shows the empty state', async () => {
    fakeInbox([]);
    await openInbox();
    expect(await screen.findByText('Kotak masuk kosong')).toBeInTheDocument();
  });

  it('shows the error state and loads again on retry', async () => {
    let fail = true;
    fakeInbox([group(5, 'Apa itu Marhaenisme?')]);
    server.use(
      http.get('*/api/inbox/soekarno', () => {
        if (!fail) return undefined;
        return failure(500, 'Internal Server Error');
      }),
    );
    const { user } = await openInbox();
    expect(await screen.findByText('Gagal memuat kotak masuk')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(
      await screen.findByRole('listitem', { name: 'Apa itu Marhaenisme?' }),
    ).toBeInTheDocument();
  });

  it('is reached from the archive, which shows how many groups wait', async () => {
    fakeInbox([group(1, 'a?'), group(2, 'b?'), group(3, 'c?')]);
    server.use(http.get('*/api/chatbot/quality/Soekarno', () => failure(500, 'x')));
    const { user } = await renderApp('/crudsoekarno', { session: 'admin' });
    const link = await screen.findByRole('link', { name: 'Kotak Masuk: 3 kelompok menunggu' });
    await user.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kotak Masuk Soekarno' }),
    ).toBeInTheDocument();
  });
});
