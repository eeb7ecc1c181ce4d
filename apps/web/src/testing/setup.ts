import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useUiStore } from '@/features/shell/stores/ui-store';
import { learningApi } from '@/features/chat/learning/testing/learning-api';
import { server } from './server';

// Lazy routes compile on first use in jsdom; on a loaded 2-core machine that can exceed Testing
// Library's default 1 s wait. Waiting longer changes no outcome, only how long a failure takes.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The learner's history, achievements and feedback (issue 15), empty at each test's start.
beforeEach(() => server.use(...learningApi.handlers));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  learningApi.reset();
  useAuthStore.getState().clearAuth();
  useUiStore.setState({ sidebarOpen: true });
  localStorage.clear();
  window.innerWidth = 1280;
});
afterAll(() => server.close());

// jsdom lacks these; the app only needs them to exist.
window.scrollTo = () => {};
Element.prototype.scrollTo = () => {};
