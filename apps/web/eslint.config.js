import { base } from '@portal/config/eslint/base';
import { boundaries } from '@portal/config/eslint/boundaries';
import { react } from '@portal/config/eslint/react';

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
];
