import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { forgetModels } from '../lib/model-manager';
import { createModelApi, seedModel } from '../testing/model-server';

// Its own file: the page-settled moment happens once per page (module). Here the document is
// still loading, so the page never settles during the test.
let models: ReturnType<typeof createModelApi>;

beforeEach(() => {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  models = createModelApi();
  models.publish('soekarno', 1, seedModel('soekarno'));
  server.use(...models.handlers);
});

afterEach(() => {
  forgetModels();
  delete (document as { readyState?: unknown }).readyState;
});

it('loads the model when the learner moves into the input, before the freshly loaded page has settled', async () => {
  await renderApp('/chatsoekarno', { session: 'learner', width: 1280 });
  const box = await screen.findByRole('textbox', { name: /Pesan untuk/ }, { timeout: 8000 });
  // The page has not settled: nothing is fetched for the model.
  await new Promise((r) => setTimeout(r, 300));
  expect(models.requests).not.toContain('active:soekarno');
  fireEvent.focus(box);
  await waitFor(() => expect(models.requests).toContain('active:soekarno'));
});
