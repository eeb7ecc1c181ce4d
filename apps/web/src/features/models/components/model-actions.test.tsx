import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { failure } from '@/testing/server';
import { PREPARING_TAB_TEXT } from '../hooks/use-model-update';
import { fakeModelsApi, makeRun, makeVersion, succeededRun } from '../testing';

beforeAll(() => {
  configure({ asyncUtilTimeout: 4000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A stand-in for the tab `window.open` returns (the browser's, not our code). */
function fakeTab() {
  return {
    document: document.implementation.createHTMLDocument(''),
    closed: false,
    opener: window as Window | null,
    close: vi.fn(),
    location: { href: 'about:blank' },
  };
}

async function openArchive(path = '/crudsoekarno') {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await renderApp(path, { session: 'admin' });
  await screen.findByRole('heading', { level: 1, name: /^Arsip / }, { timeout: 5000 });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('update model', () => {
  it('confirms, shows the overlay with timer, progress and estimate, then toasts success and opens the model page 3 s later', async () => {
    let finished = false;
    const steps = [
      makeRun({ status: 'queued', progress: { phase: 'queued', epoch: 0, epochs: 0, loss: null } }),
      makeRun({ progress: { phase: 'training', epoch: 10, epochs: 40, loss: 0.52 } }),
      makeRun({ progress: { phase: 'evaluating', epoch: 2, epochs: 5, loss: 0.2 } }),
    ];
    const api = fakeModelsApi({
      versions: [makeVersion(2, { status: 'active', durationMs: 4200 })],
      // The run follows the steps, then stays in the last one until the test lets it finish.
      runs: (poll) =>
        finished ? succeededRun({ version: 3, durationMs: 2600 }) : steps[Math.min(poll, 2)]!,
    });
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = await openArchive();

    expect(screen.getByRole('link', { name: 'Lihat Model' })).toHaveAttribute(
      'href',
      '/model/soekarno',
    );
    await user.click(screen.getByRole('button', { name: 'Perbarui Model' }));
    const dialog = screen.getByRole('dialog', { name: 'Perbarui model Soekarno?' });
    // The estimate comes from the last version's training time (4.2 s plus the overhead).
    expect(await within(dialog).findByText('± 5 detik')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Ya, perbarui model' }));
    // The tab is opened inside the click, with a note, before any answer arrives.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.document.body.textContent).toBe(PREPARING_TAB_TEXT);
    expect(tab.opener).toBeNull();

    const overlay = await screen.findByRole('dialog', { name: 'Memperbarui model TFJS' });
    expect(
      screen.queryByRole('dialog', { name: 'Perbarui model Soekarno?' }),
    ).not.toBeInTheDocument();
    expect(within(overlay).getByTestId('training-timer')).toHaveTextContent(/^0\s*detik$/);
    expect(within(overlay).getByTestId('training-eta')).toHaveTextContent('± 5 detik');
    expect(within(overlay).getByRole('img', { name: /lembar arsip/ })).toBeInTheDocument();

    await advance(900);
    const bar = within(overlay).getByRole('progressbar', { name: 'Kemajuan pelatihan' });
    expect(within(overlay).getByText('Melatih model · langkah 10 dari 40')).toBeInTheDocument();
    const early = Number(bar.getAttribute('aria-valuenow'));
    expect(early).toBeGreaterThan(0);

    await advance(1200);
    expect(within(overlay).getByText('Menguji model · lipatan 2 dari 5')).toBeInTheDocument();
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(early);
    expect(within(overlay).getByTestId('training-timer')).toHaveTextContent(/^2\s*detik$/);
    expect(POST(api.calls)).toEqual([
      { method: 'POST', path: '/api/etl-run-model1-soekarno', body: {} },
    ]);

    finished = true;
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Memperbarui model TFJS' }),
      ).not.toBeInTheDocument(),
    );
    const toast = screen
      .getByText('Model TFJS berhasil diperbaharui!')
      .closest('[role="status"]') as HTMLElement;
    expect(toast).toHaveTextContent('Versi 3 sekarang aktif');
    expect(within(toast).queryByRole('link')).not.toBeInTheDocument();

    // The model page opens in the prepared tab 3 s after success; the toast stays 4.5 s.
    await advance(2000);
    expect(tab.location.href).toBe('about:blank');
    await advance(1200);
    expect(tab.location.href).toBe(new URL('/model/soekarno', window.location.href).href);
    expect(tab.close).not.toHaveBeenCalled();
    expect(screen.getByText('Model TFJS berhasil diperbaharui!')).toBeInTheDocument();
    await advance(1500);
    expect(screen.queryByText('Model TFJS berhasil diperbaharui!')).not.toBeInTheDocument();
  });

  it('toasts the failure and closes the prepared tab when the run fails', async () => {
    fakeModelsApi({
      runs: [
        makeRun(),
        makeRun({
          status: 'failed',
          progress: { phase: 'failed', epoch: 3, epochs: 40, loss: null },
          error: 'Data latih kosong',
        }),
      ],
    });
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = await openArchive();
    await user.click(screen.getByRole('button', { name: 'Perbarui Model' }));
    const dialog = screen.getByRole('dialog', { name: 'Perbarui model Soekarno?' });
    // No earlier version: the spec's 1 minute.
    expect(await within(dialog).findByText('± 1 menit')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ya, perbarui model' }));
    await advance(1000);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('model TFJS gagal diperbaharui!');
    expect(alert).toHaveTextContent('Data latih kosong');
    expect(tab.close).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(4600);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tab.location.href).toBe('about:blank');
  });

  it("shows the server's message when a run is already in progress (409)", async () => {
    fakeModelsApi({
      start: () => failure(409, 'Model Soekarno sedang dilatih; tunggu sampai pelatihan selesai'),
    });
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = await openArchive();
    await user.click(screen.getByRole('button', { name: 'Perbarui Model' }));
    await user.click(screen.getByRole('button', { name: 'Ya, perbarui model' }));
    expect(
      await screen.findByText('Model Soekarno sedang dilatih; tunggu sampai pelatihan selesai'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('dialog', { name: 'Memperbarui model TFJS' }),
    ).not.toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Perbarui Model' })).toBeEnabled();
  });

  it('puts a link to the model page in the toast when the popup was blocked, and sends force when asked', async () => {
    const api = fakeModelsApi({ runs: [succeededRun({ version: 1 })] });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const user = await openArchive('/crudhatta');
    await user.click(screen.getByRole('button', { name: 'Perbarui Model' }));
    const dialog = screen.getByRole('dialog', { name: 'Perbarui model Hatta?' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Aktifkan walaupun skornya turun' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ya, perbarui model' }));
    await advance(600);
    const toast = await screen.findByText('Model TFJS berhasil diperbaharui!');
    const link = within(toast.closest('[role="status"]') as HTMLElement).getByRole('link', {
      name: 'Buka halaman model',
    });
    expect(link).toHaveAttribute('href', '/model/hatta');
    expect(link).toHaveAttribute('target', '_blank');
    expect(POST(api.calls)).toEqual([
      { method: 'POST', path: '/api/etl-run-model1-hatta', body: { force: true } },
    ]);
  });

  it('says a gated model was kept as a candidate instead of the success wording', async () => {
    fakeModelsApi({
      versions: [makeVersion(2, { status: 'active' })],
      runs: [
        succeededRun({
          version: 3,
          activated: false,
          gate: { passed: false, candidateMacroF1: 0.8, activeMacroF1: 0.9, threshold: 0.02 },
        }),
      ],
    });
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = await openArchive();
    await user.click(screen.getByRole('button', { name: 'Perbarui Model' }));
    await user.click(screen.getByRole('button', { name: 'Ya, perbarui model' }));
    await advance(600);
    const toast = await screen.findByText(/disimpan sebagai kandidat \(versi 3\)/);
    expect(toast.closest('[role="status"]')).toHaveTextContent('F1 makro 80,0%, versi aktif 90,0%');
    expect(screen.queryByText('Model TFJS berhasil diperbaharui!')).not.toBeInTheDocument();
    // The model page (where the candidate can be activated) still opens.
    await advance(3100);
    expect(tab.location.href).toBe(new URL('/model/soekarno', window.location.href).href);
  });

  it('can be cancelled without starting anything', async () => {
    const api = fakeModelsApi({});
    const open = vi.spyOn(window, 'open');
    const user = await openArchive();
    await user.click(screen.getByRole('button', { name: 'Perbarui Model' }));
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(POST(api.calls)).toEqual([]);
  });
});

function POST(calls: { method: string; path: string; body: unknown }[]) {
  return calls.filter((c) => c.method === 'POST');
}
