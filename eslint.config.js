import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
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
  // Type-aware: every TypeScript file is linted with the types of the tsconfig that includes it
  // (no-floating-promises, no-misused-promises, await-thenable, no-unnecessary-type-assertion,
  // unbound-method, the no-unsafe-* family, ...).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // The one TypeScript file that no workspace's tsconfig includes.
          allowDefaultProject: [
            'vitest.config.ts',
            'packages/contracts/vitest.config.ts',
            'scripts/*.d.mts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows only the files that it can parse: TypeScript ones too.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Off: Fastify plugins, hooks and route handlers are async by contract (the promise is how
      // Fastify learns they are done or failed), and an async function without await still turns
      // a throw into a rejection. The rule would only ask to rewrite them as promise plumbing.
      '@typescript-eslint/require-await': 'off',
      // Bug finders beyond the recommended set.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      // A cycle of value imports: one module of it runs while another is half-initialised.
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Tests read response bodies as `any` (inject's `res.json()`) and assert on them with
    // expect, and the prerender tests run built inline-script strings with `new Function`:
    // there the no-unsafe-* family and no-implied-eval would only ask for casts.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-implied-eval': 'off',
    },
  },
  {
    // Plain JavaScript (this file, the .mjs scripts): in no tsconfig, so linted without types.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
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
      // app.ts composes the modules: a module that imports it (even for a type) closes a cycle,
      // which no-cycle does not see when the import is type-only.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'apps/server/src/*/**/!(*.test).ts',
              from: 'apps/server/src/app.ts',
              message: 'app.ts composes the server; the code it composes must not import it.',
            },
          ],
        },
      ],
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
