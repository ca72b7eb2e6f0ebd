import { base } from '@portal/config/eslint/base';
import { boundaries } from '@portal/config/eslint/boundaries';
import { node } from '@portal/config/eslint/node';

const root = import.meta.dirname;

/**
 * The operator API's layers (docs/architecture.md §2; the table with the reasons is in
 * README.md "Layers"). Imports flow routes → domain → db, never back; the CLI and the demo seed
 * change data only through the domain. A layer may import itself and what it lists.
 */
const layers = [
  { name: 'config', paths: ['src/config'], mayImport: ['security'] },
  { name: 'the database schema', paths: ['src/db/schema.ts'], mayImport: [] },
  // Opening a store and listening for its notifications (db/listen.ts, PostgreSQL's LISTEN).
  {
    name: 'the database connection',
    paths: ['src/db/database.ts', 'src/db/listen.ts'],
    mayImport: ['the database schema'],
  },
  { name: 'security', paths: ['src/security'], mayImport: [] },
  { name: 'pdf', paths: ['src/pdf'], mayImport: [] },
  // Image work (sharp, the HEIC decoder's worker thread): bytes in, bytes out.
  { name: 'images', paths: ['src/images'], mayImport: [] },
  // Where file contents live (FILE_STORE): the database's files tables or DATA_DIR.
  { name: 'the file store', paths: ['src/files'], mayImport: ['the database schema', 'the database connection'] },
  {
    name: 'domain',
    paths: ['src/domain'],
    mayImport: ['the database schema', 'the database connection', 'the file store', 'security', 'pdf', 'images'],
  },
  {
    name: 'the demo seed',
    paths: ['src/demo'],
    mayImport: ['domain', 'the database connection', 'the file store'],
  },
  // Outgoing mail: nodemailer transports, the Czech templates and the calendar attachments.
  { name: 'mail', paths: ['src/mail'], mayImport: ['domain'] },
  { name: 'http', paths: ['src/http'], mayImport: ['domain', 'the database connection', 'the file store'] },
  {
    name: 'plugins',
    paths: ['src/plugins'],
    mayImport: [
      'config',
      'the database connection',
      'the file store',
      'security',
      'domain',
      'http',
      'the demo seed',
      'mail',
    ],
  },
  // A route folder's handlers are HTTP adapters: they reach the database only through the domain
  // or through their folder's repository.ts (queries no other folder needs).
  {
    name: 'route handlers',
    paths: ['src/routes/**/!(repository).ts'],
    mayImport: ['domain', 'http', 'plugins', 'route repositories'],
  },
  {
    name: 'route repositories',
    paths: ['src/routes/**/repository.ts'],
    mayImport: ['the database schema', 'the database connection', 'domain'],
  },
  {
    name: 'the CLI',
    paths: ['src/cli'],
    mayImport: ['config', 'the database connection', 'the file store', 'domain'],
  },
  {
    name: 'scripts',
    paths: ['src/scripts'],
    mayImport: ['config', 'the database connection', 'the file store', 'the demo seed'],
  },
  {
    name: 'the app',
    paths: ['src/app.ts', 'src/server.ts'],
    mayImport: ['config', 'http', 'plugins', 'route handlers'],
  },
];

layers.push({
  name: 'test support',
  paths: ['src/testing'],
  mayImport: layers.map((layer) => layer.name),
});

export default [
  ...base({ tsconfigRootDir: root }),
  ...node,
  {
    files: ['src/**'],
    // Tests may reach into any layer to set up and inspect; import cycles are still checked.
    ignores: ['**/*.test.ts'],
    rules: boundaries({
      root,
      layers,
      independent: [
        { parent: 'src/routes/v1', what: 'route folder' },
        { parent: 'src/routes/v1/allauth', what: 'allauth route folder' },
      ],
    }),
  },
  {
    // The one module that reads the environment (docs/architecture.md §5).
    files: ['src/config/env.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
];
