import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { forgetRestored } from '../learning/restore';
import { learningApi } from '../learning/testing/learning-api';
import { admin, failure, learner, server, success, tokens } from '@/testing/server';
import { CHAT_MESSAGES } from '../config/characters';
import { STARTERS } from '../config/starters';
import { forgetModels } from '../lib/model-manager';
import { fakeAudioContext } from '../testing/fake-audio';
import { createModelApi, seedDataset, seedModel, trainModel } from '../testing/model-server';
import { DEFAULT_THRESHOLDS } from '@dwitunggal/classifier/artifacts';
import { parseDataset } from '@dwitunggal/classifier/dataset';
import { train } from '@dwitunggal/classifier/train';

let notesPlayed = 0;
const FakeAudioContext = fakeAudioContext(() => {
  notesPlayed += 1;
});

let models: ReturnType<typeof createModelApi>;

beforeEach(() => {
  notesPlayed = 0;
  vi.stubGlobal('AudioContext', FakeAudioContext);
  models = createModelApi();
  models.publish('soekarno', 1, seedModel('soekarno'));
  models.publish('hatta', 1, seedModel('hatta'));
  server.use(...models.handlers);
});

afterEach(() => {
  forgetModels();
  forgetRestored();
  vi.unstubAllGlobals();
});

async function openChat(
  path = '/chatsoekarno',
  options: { width?: number; session?: 'learner' | 'admin' } = {},
) {
  const utils = await renderApp(path, { session: 'learner', width: 1280, ...options });
  const box = await screen.findByRole('textbox', { name: /Pesan untuk/ }, { timeout: 8000 });
  const sendButton = () => screen.getByRole('button', { name: 'Kirim pesan' });
  return { ...utils, box, sendButton };
}

const log = () => screen.getByRole('log');
const items = () => within(log()).getAllByRole('listitem');
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

/** Waits until the conversation holds `n` messages and no answer is pending. */
async function waitForMessages(n: number) {
  await waitFor(
    () => {
      expect(screen.queryByText(/sedang mengetik/)).not.toBeInTheDocument();
      expect(items()).toHaveLength(n);
    },
    { timeout: 8000 },
  );
}

/** A rag handler answering with server-sent events, as the server streams them. */
function sseAnswer(events: { event: string; data: unknown }[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const e of events) {
        const text = `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
        // Split each event in two chunks: the parser must join them.
        controller.enqueue(encoder.encode(text.slice(0, 9)));
        controller.enqueue(encoder.encode(text.slice(9)));
      }
      controller.close();
    },
  });
  return new HttpResponse(body, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8' },
  });
}

const SOURCES = [
  {
    id: 'hatta-lahir',
    title: 'Masa kecil di Bukittinggi',
    reference: 'Memoir Mohammad Hatta, bab 1',
    excerpt: 'Hatta lahir di Fort de Kock (Bukittinggi) pada 12 Agustus 1902.',
    score: 7.1,
  },
  {
    id: 'hatta-keluarga',
    title: 'Keluarga Hatta',
    reference: 'Ensiklopedia Tokoh Nasional, hlm. 88',
    excerpt: 'Ayahnya, Haji Mohammad Djamil, wafat ketika Hatta berusia delapan bulan.',
    score: 5.4,
  },
];

describe('chat screen: layout and empty state', () => {
  it('shows the header, the four starters, the profile card and the default tfjs model', async () => {
    await openChat('/chatsoekarno');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Percakapan dengan Soekarno' }),
    ).toBeInTheDocument();
    const starters = screen
      .getAllByRole('button')
      .filter((b) => STARTERS.soekarno.includes(b.textContent ?? ''));
    expect(starters).toHaveLength(4);
    const panel = screen.getByRole('complementary', { name: /Profil dan pencapaian Soekarno/ });
    expect(within(panel).getByText(/1901.1970/)).toBeInTheDocument();
    expect(within(panel).getByRole('radio', { name: /TF\.js/ })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: /RAG/ })).not.toBeChecked();
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('shows Hatta with his years and starters on /chathatta', async () => {
    await openChat('/chathatta');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Percakapan dengan Mohammad Hatta' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getByText(/1902.1980/)).toBeInTheDocument();
    for (const text of STARTERS.hatta)
      expect(screen.getByRole('button', { name: text })).toBeInTheDocument();
  });

  it('copies the starters from the seed data, and each classifies as its tag', async () => {
    for (const figure of ['soekarno', 'hatta'] as const) {
      const seed = seedDataset(figure);
      expect(STARTERS[figure]).toEqual(seed.starters.map((s) => s.text));
    }
    // Asked through the screen with the seed-trained model: the meta line shows the tag's name.
    const { user } = await openChat('/chathatta');
    await user.click(screen.getByRole('button', { name: STARTERS.hatta[2] as string }));
    await waitForMessages(2);
    expect(
      within(items()[1] as HTMLElement).getByText('Koperasi dan ekonomi rakyat'),
    ).toBeInTheDocument();
  });
});

describe('chat screen: sending', () => {
  it('Enter sends; Shift+Enter adds a line', async () => {
    const { user, box } = await openChat();
    await user.type(box, 'Halo Bung{Shift>}{Enter}{/Shift}apa kabar?');
    expect(box).toHaveValue('Halo Bung\napa kabar?');
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitForMessages(2);
    expect(
      within(items()[0] as HTMLElement).getByText(/Halo Bung\s+apa kabar\?/),
    ).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('keeps the send button disabled while the text is blank', async () => {
    const { user, box, sendButton } = await openChat();
    expect(sendButton()).toBeDisabled();
    await user.type(box, '   ');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    await user.type(box, 'Siapa Anda?');
    expect(sendButton()).toBeEnabled();
  });

  it('shows the typing indicator and disables sending while an answer is pending, without blocking typing', async () => {
    localStorage.setItem('selectedModelSoekarno', 'rag');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/chat', async () => {
        await gate;
        return HttpResponse.json({
          karakter: 'soekarno',
          response: 'Merdeka, Saudara!',
          sources: [],
        });
      }),
    );
    const { user, box, sendButton } = await openChat();
    await user.type(box, 'Halo{Enter}');
    expect(await screen.findByText('Bung Karno sedang mengetik…')).toBeInTheDocument();
    await user.type(box, 'pertanyaan berikutnya');
    expect(box).toHaveValue('pertanyaan berikutnya');
    expect(box).toBeEnabled();
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(items()).toHaveLength(2); // the user message and the typing indicator only
    release();
    expect(await screen.findByText('Merdeka, Saudara!')).toBeInTheDocument();
    expect(screen.queryByText('Bung Karno sedang mengetik…')).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    expect(box).toHaveValue('pertanyaan berikutnya');
  });

  it('answers with tfjs: a response of the predicted tag, with time, elapsed seconds, tag and percent', async () => {
    const { answer } = await firstAnswer();
    const responses = seedModel('soekarno').content.responses.pemikiran as string[];
    const text = within(answer).getByText(
      (_, el) => el?.tagName === 'P' && responses.includes(el.textContent ?? ''),
    );
    expect(text).toBeInTheDocument();
    const meta = within(answer).getByTestId('message-meta');
    expect(meta.textContent).toMatch(
      /^\d{2}:\d{2}, \d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember)·\d+,\d{2} detik·TopikMarhaenisme dan Pancasila\d{1,3}%$/,
    );
    // The user's message shows its time only.
    expect(within(items()[0] as HTMLElement).getByTestId('message-meta').textContent).toMatch(
      /^\d{2}:\d{2}, \d{1,2} \p{L}+$/u,
    );
  });

  it('persists the history under chat-{character} and shows it again on the next visit', async () => {
    const first = await openChat();
    await first.user.type(first.box, 'Bagaimana suasana 17 Agustus 1945?{Enter}');
    await waitForMessages(2);
    const history = stored('chat-soekarno') as {
      text: string;
      sender: string;
      timestamp: string;
      meta?: { tag?: string };
    }[];
    expect(history.map((m) => m.sender)).toEqual(['user', 'soekarno']);
    expect(history[0]?.text).toBe('Bagaimana suasana 17 Agustus 1945?');
    expect(history[1]?.meta?.tag).toBe('proklamasi');
    expect(Number.isNaN(Date.parse(history[0]?.timestamp ?? ''))).toBe(false);
    expect(stored('chat-hatta')).toBeNull();
    first.unmount();

    await openChat();
    expect(await screen.findByText('Bagaimana suasana 17 Agustus 1945?')).toBeInTheDocument();
    expect(items()).toHaveLength(2);
  });

  it('clears the history after confirmation, keeping the achievements', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, box } = await openChat();
    await user.type(box, 'Apa itu Marhaenisme?{Enter}');
    await waitForMessages(2);
    await user.click(screen.getByRole('button', { name: 'Hapus riwayat' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Soekarno'));
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: STARTERS.soekarno[0] as string }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('chat-soekarno')).toBeNull();
    expect(stored('achievement-soekarno')).toEqual(['pemikiran']);
    // The server's copy goes too; the achievements stay there as well.
    await waitFor(() =>
      expect(learningApi.state.calls).toContain('DELETE /api/conversations/soekarno'),
    );
    expect(learningApi.turnsFor(learner.id, 'soekarno')).toEqual([]);
    expect([...learningApi.tagsFor(learner.id, 'soekarno')]).toEqual(['pemikiran']);
  });
});

/** Opens Soekarno's chat and asks one question answered by tfjs: the answer's list item. */
async function firstAnswer() {
  const { user, box } = await openChat();
  await user.type(box, 'Apa itu Marhaenisme?{Enter}');
  await waitForMessages(2);
  return { user, answer: items()[1] as HTMLElement };
}

describe('chat screen: history on the server', () => {
  it('sends tfjs turns with what the classifier decided, and the reached tags', async () => {
    const { user, box } = await openChat();
    await user.type(box, 'Apa itu Marhaenisme?{Enter}');
    await waitForMessages(2);
    await user.type(box, 'qwrtzx vbnmkj{Enter}');
    await waitForMessages(4);
    const shown = stored('chat-soekarno') as { id: string; text: string }[];
    await waitFor(() => expect(learningApi.turnsFor(learner.id, 'soekarno')).toHaveLength(4));
    const kept = learningApi.turnsFor(learner.id, 'soekarno');
    expect(kept.map((t) => [t.clientId, t.role, t.model, t.text])).toEqual(
      shown.map((m, i) => [m.id, i % 2 ? 'figure' : 'user', 'tfjs', m.text]),
    );
    expect(kept[1]?.meta).toEqual({ tag: 'pemikiran', confidence: expect.any(Number) });
    expect(kept[3]?.meta).toMatchObject({ fallback: true });
    expect([...learningApi.tagsFor(learner.id, 'soekarno')]).toEqual(['pemikiran']);
  });

  it('rates an answer down with a reason and a comment', async () => {
    const { user, answer } = await firstAnswer();
    const down = within(answer).getByRole('button', { name: 'Jawaban kurang tepat' });
    await user.click(down);
    expect(down).toHaveAttribute('aria-expanded', 'true');
    const form = within(answer).getByRole('form', { name: 'Apa yang kurang tepat?' });
    await user.click(within(form).getByRole('button', { name: 'Kirim penilaian' }));
    expect(within(answer).getByRole('alert')).toHaveTextContent('Pilih alasannya.');
    await user.click(within(form).getByRole('radio', { name: 'Salah fakta' }));
    await user.type(within(form).getByRole('textbox', { name: /Keterangan/ }), 'Tahunnya keliru');
    await user.click(within(form).getByRole('button', { name: 'Kirim penilaian' }));
    expect(await within(answer).findByRole('status')).toHaveTextContent('Terima kasih');
    expect(down).toHaveAttribute('aria-pressed', 'true');
    const shown = stored('chat-soekarno') as { id: string; meta?: { rating?: string } }[];
    // Kept with the answer: it shows again after a reload.
    expect(shown[1]?.meta?.rating).toBe('down');
    expect(learningApi.state.feedback.map((f) => f.body)).toEqual([
      {
        character: 'soekarno',
        messageId: shown[1]?.id,
        rating: 'down',
        reason: 'salah_fakta',
        comment: 'Tahunnya keliru',
      },
    ]);
  });

  it('stores an answer answered offline before rating it', async () => {
    learningApi.state.online = false;
    const { user, answer } = await firstAnswer();
    const up = within(answer).getByRole('button', { name: 'Jawaban membantu' });
    await user.click(up);
    expect(await within(answer).findByRole('alert')).toHaveTextContent('Periksa koneksi');
    expect(up).toHaveAttribute('aria-pressed', 'false');

    learningApi.state.online = true;
    await user.click(up);
    expect(await within(answer).findByRole('status')).toHaveTextContent('Terima kasih');
    expect(up).toHaveAttribute('aria-pressed', 'true');
    const posts = learningApi.state.calls.filter((c) => c.startsWith('POST'));
    expect(posts.indexOf('POST /api/conversations/soekarno/turns')).toBeLessThan(
      posts.indexOf('POST /api/feedback'),
    );
  });

  it('opens the privacy setting from the chat, saves the opt-out and downloads my data', async () => {
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Atur privasi' }));
    const toggle = await screen.findByRole('switch', { name: /Bantu menyempurnakan tokoh/ });
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(learningApi.state.contribute.get(learner.id)).toBe(false));
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:data'),
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('dwitunggal-data-2026-11-26.json');
    });
    await user.click(screen.getByRole('button', { name: 'Unduh data saya' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const data = JSON.parse(await (saved[0] as Blob).text()) as { settings: unknown };
    expect(data.settings).toEqual({ contribute: false });
  });

  it('shows the history and achievements kept on the server when the device has none', async () => {
    learningApi.storeExchange(learner.id, 'hatta', [
      'Kapan Bapak lahir?',
      'Saya lahir tahun 1902.',
    ]);
    learningApi.tagsFor(learner.id, 'hatta').add('kelahiran');
    await openChat('/chathatta');
    await waitForMessages(2);
    expect(within(items()[0] as HTMLElement).getByText('Kapan Bapak lahir?')).toBeInTheDocument();
    expect(
      within(items()[1] as HTMLElement).getByText('Saya lahir tahun 1902.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(stored('achievement-hatta')).toEqual(['kelahiran']));
    expect(screen.getByTestId('achievement-percent')).toHaveTextContent('10%');
  });
});

describe('chat screen: errors', () => {
  it('shows the banner and an error message when the model cannot be reached', async () => {
    models.failActive(500);
    const { user, box } = await openChat();
    await user.type(box, 'Halo Bung{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(CHAT_MESSAGES.banner);
    await waitForMessages(2);
    const error = items()[1] as HTMLElement;
    expect(error).toHaveTextContent(CHAT_MESSAGES.error);
    expect(error.querySelector('[data-error="true"]')).not.toBeNull();
    const history = stored('chat-soekarno') as { text: string; isError?: boolean }[];
    expect(history[1]).toMatchObject({ text: CHAT_MESSAGES.error, isError: true });
    expect(stored('achievement-soekarno')).toBeNull();

    // The next successful message clears the banner.
    models.failActive(null);
    await user.type(box, 'Apa itu Marhaenisme?{Enter}');
    await waitForMessages(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains in the panel when the figure has no model yet', async () => {
    server.use(http.get('*/api/models/hatta/active', () => failure(404, 'Model belum tersedia')));
    const { user, box } = await openChat('/chathatta');
    await user.type(box, 'Halo{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(CHAT_MESSAGES.banner);
    expect(screen.getByTestId('model-status')).toHaveTextContent('Model belum tersedia');
  });
});

describe('chat screen: model selector', () => {
  it('persists the choice per figure under selectedModelSoekarno / selectedModelHatta', async () => {
    const { user, unmount } = await openChat('/chatsoekarno');
    await user.click(screen.getByRole('radio', { name: /RAG/ }));
    expect(localStorage.getItem('selectedModelSoekarno')).toBe('rag');
    expect(localStorage.getItem('selectedModelHatta')).toBeNull();
    unmount();

    await openChat('/chathatta');
    expect(screen.getByRole('radio', { name: /TF\.js/ })).toBeChecked();
  });

  it('reads the stored choice on the next visit', async () => {
    localStorage.setItem('selectedModelHatta', 'rag');
    await openChat('/chathatta');
    expect(screen.getByRole('radio', { name: /RAG/ })).toBeChecked();
  });
});

describe('chat screen: "Maksud Anda ...?"', () => {
  /** Soekarno's seed model, with every in-scope question a close call. */
  function publishAlwaysAsking() {
    const dataset = parseDataset(seedDataset('soekarno'));
    const artifacts = train(dataset, {
      seed: 1,
      thresholds: { ...DEFAULT_THRESHOLDS, closeMargin: 1 },
    }).artifacts;
    models.publish('soekarno', 2, artifacts);
    return artifacts.content;
  }

  it('asks with both display names as buttons; a click answers with that tag as a normal turn', async () => {
    const content = publishAlwaysAsking();
    const { user, box } = await openChat();
    await user.type(box, 'Apa itu Marhaenisme?{Enter}');
    await waitForMessages(2);
    const prompt = items()[1] as HTMLElement;
    expect(prompt).toHaveTextContent(/Maksud Anda "Marhaenisme dan Pancasila" atau ".+"\?/);
    const group = within(prompt).getByRole('group', { name: 'Pilih maksud Anda' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Marhaenisme dan Pancasila',
      expect.any(String),
    ]);
    const second = buttons[1] as HTMLElement;
    const runnerUp = Object.entries(content.labels ?? {}).find(
      ([, label]) => label === second.textContent,
    )?.[0] as string;
    expect(runnerUp).toBeDefined();
    expect(runnerUp).not.toBe('pemikiran');
    // A question is no answer: nothing unlocked, nothing kept yet, no raw tag id shown.
    expect(stored('achievement-soekarno')).toBeNull();
    expect(prompt).not.toHaveTextContent('pemikiran');

    await user.click(second);
    await waitForMessages(3);
    const answer = items()[2] as HTMLElement;
    const responses = content.responses[runnerUp] as string[];
    expect(
      within(answer).getByText(
        (_, el) => el?.tagName === 'P' && responses.includes(el.textContent ?? ''),
      ),
    ).toBeInTheDocument();
    expect(within(answer).getByTestId('message-meta')).toHaveTextContent(second.textContent);
    expect(stored('achievement-soekarno')).toEqual([runnerUp]);
    for (const b of within(items()[1] as HTMLElement).getAllByRole('button')) {
      expect(b).toBeDisabled();
    }
    // Kept on the server like any tfjs turn: the question and the chosen answer.
    await waitFor(() => expect(learningApi.turnsFor(learner.id, 'soekarno')).toHaveLength(2));
    const kept = learningApi.turnsFor(learner.id, 'soekarno');
    expect(kept.map((t) => [t.role, t.text])).toEqual([
      ['user', 'Apa itu Marhaenisme?'],
      ['figure', answer.querySelector('p')?.textContent],
    ]);
    expect(kept[1]?.meta).toEqual({ tag: runnerUp, confidence: expect.any(Number) });
  });
});

describe('chat screen: achievements', () => {
  it('unlocks a new tag once, with a sound, and shows the floored percent', async () => {
    const { user, box } = await openChat();
    await user.type(box, 'Apa itu Marhaenisme?{Enter}');
    await waitForMessages(2);
    expect(await screen.findByText(/Pencapaian baru/)).toHaveTextContent(
      'Marhaenisme dan Pancasila',
    );
    expect(stored('achievement-soekarno')).toEqual(['pemikiran']);
    expect(notesPlayed).toBe(3); // one chime: three notes
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(screen.getByTestId('achievement-percent')).toHaveTextContent('10%');

    await user.type(box, 'Jelaskan Marhaenisme dong{Enter}');
    await waitForMessages(4);
    expect(
      within(items()[3] as HTMLElement).getByText('Marhaenisme dan Pancasila'),
    ).toBeInTheDocument();
    expect(stored('achievement-soekarno')).toEqual(['pemikiran']);
    expect(notesPlayed).toBe(3);

    await user.type(box, 'Bagaimana suasana 17 Agustus 1945?{Enter}');
    await waitForMessages(6);
    expect(stored('achievement-soekarno')).toEqual(['pemikiran', 'proklamasi']);
    expect(notesPlayed).toBe(6);
    expect(screen.getByTestId('achievement-percent')).toHaveTextContent('20%');
  });

  it('caps the percent at 100 with more tags than the denominator', async () => {
    const tags = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
    localStorage.setItem('achievement-soekarno', JSON.stringify(tags));
    await openChat();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('achievement-percent')).toHaveTextContent('100%');
  });

  it('answers a low-confidence message with an in-character fallback and unlocks nothing', async () => {
    const { user, box } = await openChat();
    await user.type(box, 'qwrtzx vbnmkj{Enter}');
    await waitForMessages(2);
    const answer = items()[1] as HTMLElement;
    expect(answer).toHaveTextContent(/model rag|Saudara/);
    expect(within(answer).getByText('keyakinan rendah')).toBeInTheDocument();
    expect(stored('achievement-soekarno')).toBeNull();
    expect(notesPlayed).toBe(0);
    expect(screen.queryByText(/Pencapaian baru/)).not.toBeInTheDocument();
  });

  it('does not unlock achievements with rag', async () => {
    localStorage.setItem('selectedModelSoekarno', 'rag');
    server.use(
      http.post('*/api/chat', () =>
        HttpResponse.json({
          karakter: 'soekarno',
          response: 'Marhaenisme adalah ...',
          sources: [],
        }),
      ),
    );
    const { user, box } = await openChat();
    await user.type(box, 'Apa itu Marhaenisme?{Enter}');
    await waitForMessages(2);
    expect(stored('achievement-soekarno')).toBeNull();
  });
});

describe('chat screen: new model versions', () => {
  const dataset = (reply: string) => ({
    tags: [
      {
        tag: 'sapaan',
        input: ['halo bung', 'hai bung', 'selamat pagi bung', 'apa kabar bung'],
        responses: [reply],
      },
      {
        tag: 'perpisahan',
        input: ['sampai jumpa', 'terima kasih bung', 'dadah', 'pamit dulu'],
        responses: ['Sampai jumpa.'],
      },
      {
        tag: 'lahir',
        input: [
          'di mana bapak lahir',
          'kapan bapak lahir',
          'tempat lahir bapak',
          'lahir tahun berapa',
        ],
        responses: ['Saya lahir di Surabaya.'],
      },
    ],
  });

  it('reaches an open chat on the next message, and the last good model stays when a new one fails', async () => {
    models.publish('soekarno', 1, trainModel(dataset('Jawaban versi satu.'), true));
    const { user, box } = await openChat();
    await user.type(box, 'halo bung{Enter}');
    expect(
      await screen.findByText('Jawaban versi satu.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();

    models.publish('soekarno', 2, trainModel(dataset('Jawaban versi dua.'), true));
    await user.type(box, 'halo bung{Enter}');
    expect(
      await screen.findByText('Jawaban versi dua.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('model-status')).toHaveTextContent('Model versi 2 siap');

    models.publish('soekarno', 3, trainModel(dataset('Jawaban versi tiga.'), true));
    models.breakWeights('soekarno', 3);
    await user.type(box, 'halo bung{Enter}');
    await waitForMessages(6);
    expect(within(items()[5] as HTMLElement).getByText('Jawaban versi dua.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(models.requests).toContain('soekarno/3/weights.bin');

    // Offline (the active check fails): the loaded model still answers.
    models.failActive(503);
    await user.type(box, 'halo bung{Enter}');
    await waitForMessages(8);
    expect(within(items()[7] as HTMLElement).getByText('Jawaban versi dua.')).toBeInTheDocument();
    expect(models.requests.filter((r) => r === 'soekarno/2/model.json')).toHaveLength(1);
  });
});

describe('chat screen: rag', () => {
  beforeEach(() => localStorage.setItem('selectedModelHatta', 'rag'));

  it('streams the answer and shows its sources as expandable citations', async () => {
    let body: unknown = null;
    let auth: string | null = null;
    server.use(
      http.post('*/api/chat', async ({ request }) => {
        body = await request.json();
        auth = request.headers.get('authorization');
        return sseAnswer([
          { event: 'delta', data: { text: 'Saya lahir di Bukittinggi ' } },
          { event: 'delta', data: { text: 'pada 12 Agustus 1902.' } },
          {
            event: 'done',
            data: {
              karakter: 'hatta',
              response: 'Saya lahir di Bukittinggi pada 12 Agustus 1902.',
              sources: SOURCES,
              replace: false,
            },
          },
        ]);
      }),
    );
    const { user, box } = await openChat('/chathatta');
    await user.type(box, 'Kapan Bung Hatta lahir?{Enter}');
    await waitForMessages(2);
    // The server keeps both turns under the ids the chat shows (issue 15).
    const shown = stored('chat-hatta') as { id: string }[];
    expect(body).toEqual({
      karakter: 'hatta',
      prompt: 'Kapan Bung Hatta lahir?',
      turnIds: { user: shown[0]?.id, figure: shown[1]?.id },
    });
    expect(auth).toBe(`Bearer ${tokens.learner}`);
    const answer = items()[1] as HTMLElement;
    expect(
      within(answer).getByText('Saya lahir di Bukittinggi pada 12 Agustus 1902.'),
    ).toBeInTheDocument();
    expect(within(answer).getByTestId('message-meta')).toHaveTextContent(/detik·RAG$/);

    const toggle = within(answer).getByRole('button', { name: /Lihat 2 sumber/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(answer).queryByText(SOURCES[0]!.excerpt)).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const source of SOURCES) {
      expect(within(answer).getByText(source.title)).toBeVisible();
      expect(within(answer).getByText(source.reference)).toBeVisible();
      expect(within(answer).getByText(source.excerpt)).toBeVisible();
    }
    const history = stored('chat-hatta') as { meta?: { model: string; sources?: unknown[] } }[];
    expect(history[1]?.meta).toMatchObject({ model: 'rag', sources: SOURCES });
  });

  it('sends the recent turns with a follow-up question', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/chat', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          karakter: 'hatta',
          response: bodies.length === 1 ? 'Istri saya bernama Rahmi.' : 'Ia lahir di Bandung.',
          sources: [],
        });
      }),
    );
    const { user, box } = await openChat('/chathatta');
    await user.type(box, 'Siapa istri Bapak?{Enter}');
    await waitForMessages(2);
    await user.type(box, 'beliau lahir di mana?{Enter}');
    await waitForMessages(4);
    expect(bodies).toMatchObject([
      { karakter: 'hatta', prompt: 'Siapa istri Bapak?' },
      {
        karakter: 'hatta',
        prompt: 'beliau lahir di mana?',
        history: [
          { role: 'user', text: 'Siapa istri Bapak?' },
          { role: 'figure', text: 'Istri saya bernama Rahmi.' },
        ],
      },
    ]);
  });

  it('shows the final text when the server replaces the streamed one', async () => {
    server.use(
      http.post('*/api/chat', () =>
        sseAnswer([
          { event: 'delta', data: { text: 'Draf jawaban' } },
          {
            event: 'done',
            data: {
              karakter: 'hatta',
              response: 'Jawaban akhir yang benar.',
              sources: [],
              replace: true,
            },
          },
        ]),
      ),
    );
    const { user, box } = await openChat('/chathatta');
    await user.type(box, 'Ceritakan tentang koperasi{Enter}');
    expect(await screen.findByText('Jawaban akhir yang benar.')).toBeInTheDocument();
    expect(screen.queryByText('Draf jawaban')).not.toBeInTheDocument();
  });

  it('reads a plain JSON answer too', async () => {
    server.use(
      http.post('*/api/chat', () =>
        HttpResponse.json({
          karakter: 'hatta',
          response: 'Koperasi adalah soko guru ekonomi.',
          sources: SOURCES.slice(0, 1),
        }),
      ),
    );
    const { user, box } = await openChat('/chathatta');
    await user.type(box, 'Apa itu koperasi?{Enter}');
    expect(await screen.findByText('Koperasi adalah soko guru ekonomi.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Lihat 1 sumber/ })).toBeInTheDocument();
  });

  it.each([
    ['a server error', () => failure(500, 'Maaf, terjadi kesalahan dalam memproses pesan.')],
    ['rate limiting', () => failure(429, 'Terlalu banyak pertanyaan.')],
    [
      'an error event',
      () =>
        sseAnswer([
          { event: 'delta', data: { text: 'Sebagian' } },
          { event: 'error', data: { code: 500, status: 'error', message: 'x' } },
        ]),
    ],
    ['no connection', () => HttpResponse.error()],
  ])('answers with the spec fallback text on %s', async (_, respond) => {
    server.use(http.post('*/api/chat', respond));
    const { user, box } = await openChat('/chathatta');
    await user.type(box, 'Kapan Bung Hatta lahir?{Enter}');
    await waitForMessages(2);
    expect(items()[1]).toHaveTextContent(CHAT_MESSAGES.ragFallback);
    expect(screen.queryByText('Sebagian')).not.toBeInTheDocument();
  });
});

describe('chat screen: input and scrolling', () => {
  it('grows the textarea between 45 and 100 px', async () => {
    const { user, box } = await openChat();
    let contentHeight = 22;
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => contentHeight });
    await user.type(box, 'a');
    expect(box.style.height).toBe('45px');
    contentHeight = 70;
    await user.type(box, 'b');
    expect(box.style.height).toBe('70px');
    contentHeight = 400;
    await user.type(box, 'c');
    expect(box.style.height).toBe('100px');
    expect(box.style.overflowY).toBe('auto');
  });

  it('offers the scroll-to-bottom button beyond 100 px from the bottom', async () => {
    const history = Array.from({ length: 12 }, (_, i) => ({
      id: `m${i}`,
      text: `Pesan nomor ${i}`,
      sender: i % 2 ? 'soekarno' : 'user',
      timestamp: '2025-08-17T03:00:00.000Z',
    }));
    localStorage.setItem('chat-soekarno', JSON.stringify(history));
    await openChat();
    const scroller = screen.getByTestId('message-scroller');
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 600 });
    scroller.scrollTop = 1300; // 100 px from the bottom
    fireEvent.scroll(scroller);
    expect(
      screen.queryByRole('button', { name: 'Gulir ke pesan terbaru' }),
    ).not.toBeInTheDocument();
    scroller.scrollTop = 1299; // 101 px
    fireEvent.scroll(scroller);
    const button = screen.getByRole('button', { name: 'Gulir ke pesan terbaru' });
    const scrollTo = vi.spyOn(scroller, 'scrollTo');
    fireEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith({ top: 2000, behavior: 'smooth' });
    expect(
      screen.queryByRole('button', { name: 'Gulir ke pesan terbaru' }),
    ).not.toBeInTheDocument();
  });

  it('opens the side panel as a drawer on a phone and closes it with Escape', async () => {
    const { user } = await openChat('/chatsoekarno', { width: 390 });
    const panel = screen.getByRole('dialog', { hidden: true, name: /Profil dan pencapaian/ });
    expect(panel).toHaveAttribute('inert');
    const opener = screen.getByRole('button', { name: /Profil & pencapaian/ });
    await user.click(opener);
    expect(panel).not.toHaveAttribute('inert');
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(within(panel).getByText(/1901.1970/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Tutup panel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(panel).toHaveAttribute('inert');
    await act(async () => {});
    expect(opener).toHaveFocus();
  });
});

describe('chat screen: a shared computer', () => {
  const A_MESSAGE = 'Pesan pribadi pengguna pertama tentang Bung Karno';

  /** The admin (user A) chats with Soekarno; the history is stored on this device. */
  async function userAChats() {
    const a = await openChat('/chatsoekarno', { session: 'admin' });
    await a.user.type(a.box, `${A_MESSAGE}{Enter}`);
    await waitForMessages(2);
    expect(localStorage.getItem('chat-soekarno')).toContain(A_MESSAGE);
    expect(localStorage.getItem('dw-device-owner')).toBe(admin.id);
    a.unmount();
  }

  it("does not show user A's messages to user B who signs in after A's session expired", async () => {
    await userAChats();
    localStorage.setItem('selectedModelSoekarno', 'rag');
    // A's token expired: the app forgot the session, without the logout button.
    localStorage.removeItem('auth-storage');

    server.use(
      http.post('*/api/auth/login', () => success({ token: tokens.learner, user: learner })),
    );
    const login = await renderApp('/login');
    await login.user.type(await screen.findByLabelText('Email'), learner.email);
    await login.user.type(screen.getByLabelText('Kata Sandi'), 'rahasia1');
    await login.user.click(screen.getByRole('button', { name: 'Masuk' }));
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(localStorage.getItem('dw-device-owner')).toBe(learner.id));
    for (const key of ['chat-soekarno', 'achievement-soekarno', 'selectedModelSoekarno']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    login.unmount();

    await openChat('/chatsoekarno');
    expect(screen.queryByText(A_MESSAGE)).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: STARTERS.soekarno[0] as string }),
    ).toBeInTheDocument();
  });

  it('clears the data of another account when the profile fetched at start is not its owner', async () => {
    await userAChats();
    // B signed in on this browser (e.g. in another tab) while A's data was still here.
    await openChat('/chatsoekarno', { session: 'learner' });
    await waitFor(() => expect(localStorage.getItem('dw-device-owner')).toBe(learner.id));
    expect(screen.queryByText(A_MESSAGE)).not.toBeInTheDocument();
    expect(localStorage.getItem('chat-soekarno')).toBeNull();
  });

  it("keeps the signed-in user's own history across visits", async () => {
    await userAChats();
    await openChat('/chatsoekarno', { session: 'admin' });
    expect(await screen.findByText(A_MESSAGE)).toBeInTheDocument();
    expect(localStorage.getItem('chat-soekarno')).toContain(A_MESSAGE);
  });
});
