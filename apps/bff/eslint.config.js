import { base } from '@portal/config/eslint/base';
import { boundaries } from '@portal/config/eslint/boundaries';
import { node } from '@portal/config/eslint/node';

const root = import.meta.dirname;

/**
 * The BFF's layers (src/plugins/README.md, src/routes/README.md): imports flow down this list,
 * never up. Only app.ts and server.ts see the routes and the plugins; route folders never import
 * each other; the modules below know nothing of Fastify plugins or routes; test helpers are
 * imported by tests alone.
 */
const layers = [
  {
    name: 'app',
    paths: ['src/app.ts', 'src/server.ts'],
    mayImport: ['routes', 'plugins', 'services', 'upstream', 'foundation', 'config'],
  },
  { name: 'routes', paths: ['src/routes'], mayImport: ['services', 'upstream', 'foundation', 'config'] },
  { name: 'plugins', paths: ['src/plugins'], mayImport: ['services', 'upstream', 'foundation', 'config'] },
  {
    name: 'services',
    paths: ['src/sessions', 'src/bot-protection', 'src/web-app'],
    mayImport: ['upstream', 'foundation', 'config'],
  },
  { name: 'upstream', paths: ['src/upstream'], mayImport: ['foundation', 'config'] },
  { name: 'foundation', paths: ['src/http', 'src/redis', 'src/observability'], mayImport: ['config'] },
  { name: 'config', paths: ['src/config'], mayImport: [] },
  {
    name: 'testing',
    paths: ['src/testing'],
    mayImport: ['app', 'routes', 'plugins', 'services', 'upstream', 'foundation', 'config'],
  },
];

export default [
  ...base({ tsconfigRootDir: root }),
  ...node,
  {
    rules: boundaries({ root, layers, independent: [{ parent: 'src/routes', what: 'route folder' }] }),
  },
  {
    // Tests exercise their module from outside and may reach anything; no-cycle still applies.
    files: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
];
