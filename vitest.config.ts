import { defineConfig } from 'vitest/config';

// One `vitest run` from the root runs every workspace's suite (each has its own config).
export default defineConfig({
  test: {
    // Two cores here and in CI: two test files at a time (PGlite is single-threaded WASM).
    maxWorkers: 2,
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
