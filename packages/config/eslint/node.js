// Flavour for Node services and tools: Node globals.
import globals from 'globals';

/** @type {import('eslint').Linter.Config[]} */
export const node = [
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Fastify plugins, hooks and handlers are async functions by convention, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      // Only the env modules read process.env (docs/architecture.md §5); they opt out locally.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from the validated env module.' },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/testing/**', '**/bench/**', '**/scripts/**', '*.config.*'],
    rules: { 'no-restricted-properties': 'off' },
  },
];
