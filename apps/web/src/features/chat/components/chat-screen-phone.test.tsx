import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { failure, server } from '@/testing/server';
import { CHAT_MESSAGES } from '../config/characters';
import { forgetModels } from '../lib/model-manager';
import { fakeAudioContext } from '../testing/fake-audio';
import { createModelApi, seedModel } from '../testing/model-server';
import { progressText } from './side-panel';

/** The chat's notices (issue 13): the retry banner of a failed answer and the achievement toast. */

beforeEach(() => {
  vi.stubGlobal(
    'AudioContext',
    fakeAudioContext(() => {}),
  );
  const models = createModelApi();
  models.publish('soekarno', 1, seedModel('soekarno'));
  models.publish('hatta', 1, seedModel('hatta'));
  server.use(...models.handlers);
});

afterEach(() => {
  forgetModels();
  vi.unstubAllGlobals();
});

const bubbles = () => within(screen.getByRole('log')).getAllByRole('listitem');
const texts = () => bubbles().map((b) => b.textContent ?? '');

async function chatWith(width: number, path = '/chatsoekarno') {
  const app = await renderApp(path, { session: 'learner', width });
  const box = await screen.findByRole('textbox', { name: /Pesan untuk/ }, { timeout: 8000 });
  return { user: app.user, box };
}

/** Asks `question` and waits until `count` messages are on screen with no answer pending. */
async function ask(
  user: Awaited<ReturnType<typeof chatWith>>['user'],
  box: HTMLElement,
  question: string,
  count: number,
) {
  await user.type(box, `${question}{Enter}`);
  await waitFor(
    () => {
      expect(screen.queryByText(/sedang mengetik/)).not.toBeInTheDocument();
      expect(bubbles()).toHaveLength(count);
    },
    { timeout: 8000 },
  );
}

const ragAnswer = () =>
  HttpResponse.json({ karakter: 'soekarno', response: 'Saya lahir di Surabaya.', sources: [] });

describe('a failed rag answer', () => {
  beforeEach(() => localStorage.setItem('selectedModelSoekarno', 'rag'));

  it.each([
    ['no connection', () => HttpResponse.error(), /Tidak dapat terhubung ke server/],
    [
      'rate limiting with Retry-After',
      () =>
        HttpResponse.json(
          { code: 429, status: 'error', message: 'Terlalu banyak' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      /Tunggu 30 detik, lalu coba lagi/,
    ],
    ['rate limiting', () => failure(429, 'Terlalu banyak'), /Tunggu sebentar, lalu coba lagi/],
    ['a server error', () => failure(503, 'Sedang sibuk'), /Server sedang bermasalah/],
  ])(
    'on %s: a banner says why, and "Coba lagi" asks the same question once more',
    async (_, fail, why) => {
      const prompts: string[] = [];
      let calls = 0;
      server.use(
        http.post('*/api/chat', async ({ request }) => {
          prompts.push(((await request.json()) as { prompt: string }).prompt);
          calls += 1;
          return calls === 1 ? fail() : ragAnswer();
        }),
      );
      const { user, box } = await chatWith(390);
      await ask(user, box, 'Di mana Bung lahir?', 2);
      expect(screen.getByRole('alert')).toHaveTextContent(why);
      expect(texts()[1]).toContain(CHAT_MESSAGES.ragFallback);

      await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
      await waitFor(() => expect(texts()[1]).toContain('Saya lahir di Surabaya.'));
      // The learner's question is on screen once; the error answer made way for the real one.
      expect(texts()).toHaveLength(2);
      expect(texts()[0]).toContain('Di mana Bung lahir?');
      expect(prompts).toEqual(['Di mana Bung lahir?', 'Di mana Bung lahir?']);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      const stored = JSON.parse(localStorage.getItem('chat-soekarno') ?? '[]') as {
        text: string;
      }[];
      expect(stored.map((m) => m.text)).toEqual(['Di mana Bung lahir?', 'Saya lahir di Surabaya.']);
    },
  );

  it('can be closed without retrying', async () => {
    server.use(http.post('*/api/chat', () => failure(500, 'x')));
    const { user, box } = await chatWith(1280);
    await ask(user, box, 'Di mana Bung lahir?', 2);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Tutup' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the achievement toast', () => {
  it('sits in the flow above the input, not over the messages, and can be closed', async () => {
    const { user, box } = await chatWith(390);
    await ask(user, box, 'Apa itu Marhaenisme?', 2);
    const toast = await screen.findByText(/Pencapaian baru/);
    const region = toast.closest('[role="status"]') as HTMLElement;
    expect(region).toHaveAttribute('aria-live', 'polite');
    // Not inside the scrolling message area, and not laid over anything.
    expect(screen.getByTestId('message-scroller').contains(region)).toBe(false);
    for (let el: HTMLElement | null = region; el; el = el.parentElement) {
      expect(el.className).not.toMatch(/\b(absolute|fixed)\b/);
    }
    await user.click(screen.getByRole('button', { name: 'Tutup pemberitahuan pencapaian' }));
    expect(screen.queryByText(/Pencapaian baru/)).not.toBeInTheDocument();
    // The region stays for the next announcement.
    expect(region).toBeInTheDocument();
  });
});

describe('the achievement line', () => {
  it("at 10 of the figure's 13 topics, says the target is reached, not that all are", async () => {
    const ten = Object.keys(seedModel('soekarno').content.responses).slice(0, 10);
    localStorage.setItem('achievement-soekarno', JSON.stringify(ten));
    await chatWith(1280);
    await waitFor(() => expect(screen.getByTestId('model-status')).toHaveTextContent('13 topik'));
    const panel = screen.getByRole('complementary');
    expect(panel).toHaveTextContent('Target 10 topik tercapai · 10 dari 13 topik terbuka');
    expect(panel).not.toHaveTextContent(/Semua/);
  });

  it('counts towards the target of 10, and says "semua" only when every topic is open', () => {
    expect(progressText(3, 13)).toBe('3 dari 10 topik terbuka');
    expect(progressText(10, 13)).toBe('Target 10 topik tercapai · 10 dari 13 topik terbuka');
    expect(progressText(11, null)).toBe('Target 10 topik tercapai · 11 topik terbuka');
    expect(progressText(13, 13)).toBe('Semua 13 topik terbuka');
  });
});

describe('the chat header on a phone', () => {
  it('shows the full name: smaller, and wrapping rather than cut with an ellipsis', async () => {
    await chatWith(390, '/chathatta');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Mohammad Hatta');
    expect(heading.className.split(' ')).not.toContain('truncate');
    expect(heading.className.split(' ')).toContain('text-base');
  });
});
