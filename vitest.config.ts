import { defineConfig } from 'vitest/config';

// One `vitest run` from the root runs every workspace's suite (each has its own config).
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
