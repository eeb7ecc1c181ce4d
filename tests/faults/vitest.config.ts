import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The fault suite (`npm run test:faults`, also run by `npm test` after the build): real built
 * server processes killed, stopped and starved of their database. Not one of the root config's
 * projects, so a plain `npx vitest run` never starts it.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // Each case runs several server processes on two cores: two files at a time at most.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
