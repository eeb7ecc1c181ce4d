import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'text',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
