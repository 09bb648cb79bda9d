import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'apps/*/scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never reaches into the server; shared types come from the contract package.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/server/**', '@xueba/server', '@xueba/server/*'], message: 'The web app talks to the server only through @xueba/contract.' }] }],
    },
  },
  {
    // Shared layers never import upward (bulletproof-react zones): components/lib/hooks may not use features or app.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/hooks/**', 'apps/web/src/locales/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'], message: 'Shared code must not import features or the app layer.' }] }],
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/app/*', '../../app/*'], message: 'Features must not import the app layer.' }] }],
    },
  },
  {
    // Strings the API accepts refuse NUL (PostgreSQL cannot store it): the contract builds them with safeString() from common.ts.
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='z'][property.name='string']", message: 'Build strings with safeString() from common.ts: it refuses NUL, which PostgreSQL cannot store.' },
        { selector: "MemberExpression[object.property.name='coerce'][property.name='string']", message: 'Build strings with safeString() from common.ts: it refuses NUL, which PostgreSQL cannot store.' },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/web/**', '@xueba/web'], message: 'The server never imports the web app.' }] }],
    },
  },
);
