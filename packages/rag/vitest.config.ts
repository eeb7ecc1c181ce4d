import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'rag',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
