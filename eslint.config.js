import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Our own folders that a layer must not reach into. */
const boundary = (message, ...groups) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', '.tmp/', 'playwright-report/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The domain is pure and isomorphic: it imports nothing of ours, no node:*, no DOM.
    files: ['src/domain/**/*.ts'],
    rules: boundary(
      'src/domain imports nothing of ours and does no I/O (docs/decisions/001).',
      '**/server/**',
      '**/web/**',
      '**/tests/**',
      'node:*',
    ),
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: boundary(
      'src/web never imports src/server: talk to it over /api (docs/decisions/001).',
      '**/server/**',
      'node:*',
    ),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundary('src/server never imports src/web (docs/decisions/001).', '**/web/**'),
  },
);
