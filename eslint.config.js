import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/dev-dist/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web bundle must never contain server code.
      'no-restricted-imports': restrict([
        {
          group: ['@dwitunggal/server', '**/apps/server/**'],
          message: 'The web app must not import server code.',
        },
      ]),
    },
  },
  {
    // Features never import each other; routes (src/app) compose them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@dwitunggal/server', '**/apps/server/**'],
          message: 'The web app must not import server code.',
        },
        {
          group: ['**/features/*/**', '@/features/**'],
          message: 'Features never import each other; compose them in src/app.',
        },
        { group: ['**/app/**', '@/app/**'], message: 'Features must not depend on the app layer.' },
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@dwitunggal/web', '**/apps/web/**'],
          message: 'The server must not import web code.',
        },
      ]),
    },
  },
  {
    // Shared packages stay pure: no app code.
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@dwitunggal/web', '@dwitunggal/server', '**/apps/**'],
          message: 'Packages must not import apps.',
        },
      ]),
    },
  },
);
