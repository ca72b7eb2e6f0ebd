// The workspace's ESLint presets (flat config). Each package's eslint.config.js composes
// `base` with a flavour (`node`, `react`) and declares its own layers with `layers()`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/** Files no package lints: build output, caches and generated code. */
export const ignores = [
  '**/dist/**',
  '**/node_modules/**',
  '**/.turbo/**',
  '**/.data/**',
  '**/coverage/**',
  '**/test-results/**',
  '**/playwright-report/**',
  '**/*.gen.ts',
];

/**
 * Type-checked TypeScript rules, import hygiene and kebab-case file names for every package.
 * `tsconfigRootDir` is the package folder (pass `import.meta.dirname`).
 * @param {{ tsconfigRootDir: string }} options
 * @returns {import('typescript-eslint').ConfigArray}
 */
export function base({ tsconfigRootDir }) {
  return tseslint.config(
    { ignores },
    js.configs.recommended,
    tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        parserOptions: {
          // Plain JavaScript in the package root (eslint.config.js, scripts) has no tsconfig.
          projectService: { allowDefaultProject: ['*.js', '*.mjs'] },
          tsconfigRootDir,
        },
      },
      linterOptions: { reportUnusedDisableDirectives: 'error' },
      plugins: { 'import-x': importX, 'check-file': checkFile },
      settings: {
        'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
        // import-x reads only .js, .mjs and .cjs modules unless told otherwise; without this,
        // no-cycle never follows an import into a TypeScript file and finds no cycle at all.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      },
      rules: {
        '@typescript-eslint/no-explicit-any': 'error',
        '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
        ],
        // Template literals with numbers are fine; with objects they print [object Object].
        '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'import-x/no-self-import': 'error',
        'import-x/no-useless-path-segments': 'error',
        'import-x/no-duplicates': 'error',
        'import-x/first': 'error',
        'check-file/filename-naming-convention': [
          'error',
          { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
          { ignoreMiddleExtensions: true },
        ],
        'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
      },
    },
    {
      // Plain JavaScript (config files, scripts) gets no type-aware rules.
      files: ['**/*.js', '**/*.mjs'],
      extends: [tseslint.configs.disableTypeChecked],
    },
    prettier,
  );
}
