import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/ops/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The layout is the architecture: domain depends on nothing internal, web never reaches into server.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@heloc/server*', '@heloc/web*', '**/apps/**'] }],
    },
  },
  {
    // The borrower driver (test and simulator tooling) speaks HTTP to the server: it imports only the domain.
    files: ['packages/borrower-driver/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@heloc/server*', '@heloc/web*', '@heloc/ops*', '**/apps/**'] },
      ],
    },
  },
  {
    // The shared browser packages (the HTTP client, the chat's components) serve both apps: they import
    // only the domain, never an app.
    files: ['packages/api-client/**/*.ts', 'packages/chat-ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@heloc/server*', '@heloc/web*', '@heloc/ops*', '**/apps/**', '@heloc/borrower-driver*'],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@heloc/server*', '**/apps/server/**', '@heloc/borrower-driver*'] },
      ],
    },
  },
  {
    // The borrower app's layers (README "Architecture map"): features never import each other; what
    // several features need lives in platform/ (application flow and frame, organisation, PDF viewer,
    // sign-in) or in the shared components/, hooks/, lib/, config/. Only app/ (routes) composes features.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } },
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'platform', pattern: 'apps/web/src/platform/*', capture: ['module'] },
        {
          type: 'shared',
          pattern: 'apps/web/src/{components,hooks,lib,config}',
        },
        { type: 'testing', pattern: 'apps/web/src/testing' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } },
                },
              },
              message:
                'Features never import each other: move what both need to platform/ or the shared layer',
            },
            {
              from: { element: { types: ['platform', 'shared'] } },
              disallow: { to: { element: { types: ['feature', 'app'] } } },
              message: 'platform/ and the shared layer never import a feature or the routes',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { type: 'platform' } } },
              message: 'The shared layer (components, hooks, lib, config) never imports platform/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/ops/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@heloc/server*',
            '@heloc/web*',
            '**/apps/server/**',
            '**/apps/web/**',
            '@heloc/borrower-driver*',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@heloc/web*', '**/apps/web/**'] }] },
  },
);
