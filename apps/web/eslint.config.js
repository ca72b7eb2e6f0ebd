import { base } from '@portal/config/eslint/base';
import { boundaries } from '@portal/config/eslint/boundaries';
import { react } from '@portal/config/eslint/react';
import globals from 'globals';

const root = import.meta.dirname;

export default [
  ...base({ tsconfigRootDir: root }),
  ...react,
  {
    files: ['src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: boundaries({
      root,
      layers: [
        {
          name: 'shared code',
          paths: ['src/components', 'src/lib', 'src/config', 'src/types', 'src/utils', 'src/locales'],
          mayImport: [],
        },
        { name: 'a feature', paths: ['src/features'], mayImport: ['shared code'] },
        {
          name: 'the app',
          paths: ['src/app', 'src/prerender', 'src/main.tsx'],
          mayImport: ['shared code', 'a feature'],
        },
        { name: 'test support', paths: ['src/testing'], mayImport: ['shared code', 'a feature', 'the app'] },
      ],
      independent: [{ parent: 'src/features', what: 'feature' }],
    }),
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // React Router's loaders stop a navigation by throwing `redirect()` (a Response) or `data()`
      // (an error page with a status); that is the router's API, not a thrown non-error.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  {
    // The one module that reads Vite's build-time variables (docs/architecture.md §3).
    files: ['src/config/env.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Build scripts run in Node, not in the browser.
    files: ['scripts/**', 'build/**', '*.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
];
