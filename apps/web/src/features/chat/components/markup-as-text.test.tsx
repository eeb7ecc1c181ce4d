import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { forgetModels } from '../lib/model-manager';
import { fakeAudioContext } from '../testing/fake-audio';
import { createModelApi, seedModel } from '../testing/model-server';

/**
 * Issue 6, in the browser: a rag answer, its sources and the learner's own message are shown as
 * text. Markup in them (an <img onerror> or a <script>) must appear literally and never become
 * an element, so nothing in an answer can run code in the page.
 */

const IMG = '<img src=x onerror="window.__pwned = true">';
const SCRIPT = '<script>window.__pwned = true</script>';
const ANSWER = `Saya lahir di Bukittinggi ${IMG} pada 12 Agustus 1902. ${SCRIPT}`;
const SOURCE = {
  id: 'hatta-001',
  title: `Kelahiran ${IMG}`,
  reference: `Memoir ${SCRIPT}`,
  excerpt: `Hatta lahir pada 12 Agustus 1902. ${IMG}`,
  score: 7.5,
};

function streamed(events: { event: string; data: unknown }[]) {
  const text = events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join('');
  return new HttpResponse(text, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8' },
  });
}

beforeEach(() => {
  vi.stubGlobal('AudioContext', fakeAudioContext());
  const models = createModelApi();
  models.publish('hatta', 1, seedModel('hatta'));
  models.publish('soekarno', 1, seedModel('soekarno'));
  server.use(...models.handlers);
  localStorage.setItem('selectedModelHatta', 'rag');
  delete (window as { __pwned?: boolean }).__pwned;
});

afterEach(() => {
  forgetModels();
  vi.unstubAllGlobals();
});

describe('chat screen: markup in rag answers is text', () => {
  it('renders an answer, its sources and the question containing <img onerror> literally', async () => {
    server.use(
      http.post('*/api/chat', () =>
        streamed([
          { event: 'delta', data: { text: `Saya lahir di Bukittinggi ${IMG}` } },
          { event: 'delta', data: { text: ` pada 12 Agustus 1902. ${SCRIPT}` } },
          {
            event: 'done',
            data: { karakter: 'hatta', response: ANSWER, sources: [SOURCE], replace: false },
          },
        ]),
      ),
    );
    const { user } = await renderApp('/chathatta', { session: 'learner', width: 1280 });
    const box = await screen.findByRole('textbox', { name: /Pesan untuk/ }, { timeout: 8000 });
    await user.type(box, `Kapan lahir? ${IMG}{Enter}`);

    const log = screen.getByRole('log');
    await waitFor(
      () => {
        expect(screen.queryByText(/sedang mengetik/)).not.toBeInTheDocument();
        expect(within(log).getAllByRole('listitem')).toHaveLength(2);
      },
      { timeout: 8000 },
    );
    const [question, answer] = within(log).getAllByRole('listitem') as [HTMLElement, HTMLElement];

    // The learner's message and the answer show the markup as characters.
    expect(question).toHaveTextContent(`Kapan lahir? ${IMG}`);
    expect(within(answer).getByText(ANSWER)).toBeInTheDocument();
    await user.click(within(answer).getByRole('button', { name: /Lihat 1 sumber/ }));
    expect(within(answer).getByText(SOURCE.title)).toBeVisible();
    expect(within(answer).getByText(SOURCE.reference)).toBeVisible();
    expect(within(answer).getByText(SOURCE.excerpt)).toBeVisible();

    // ... and none of it became an element, or ran.
    // (The figure's portrait is the only image of the conversation.)
    expect(log.querySelector('img[src="x"], script')).toBeNull();
    expect(log.querySelector('[onerror]')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
