import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      // The server bundled by a test that starts it (apps/server/src/test/server-process.ts), while it runs.
      'apps/server/.test-server-*/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Boundaries (docs/conventions.md): the shared package stays framework-free; web features do not import each other.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react*', 'fastify*', 'drizzle*', '@dispatch/*'], message: 'shared depends on zod only' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'features do not import each other' }] },
      ],
    },
  },
  {
    // One way: shared web code never reaches into a feature (docs/conventions.md#where-new-code-goes).
    files: ['apps/web/src/{api,components,hooks,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'api, components, hooks and lib never import features' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/*.repository.js'], message: "call the other module's service, not its repository" },
          ],
        },
      ],
    },
  },
  {
    // The article store's table is read by the four jobs built on it (docs/architecture/server.md#articles).
    files: ['apps/server/src/modules/{catalogue,reading,editorial,writing}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository.js', '!../articles/articles.repository.js'],
              message: "call the other module's service, not its repository (the article store's excepted)",
            },
          ],
        },
      ],
    },
  },
);
