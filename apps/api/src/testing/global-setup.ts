import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { testConfig } from './test-config.js';

/**
 * Vitest global setup: boots the app once on PGlite with and once without demo data and keeps
 * the two stores as templates for this run (PORTAL_API_TEST_PGLITE_TEMPLATE, read through
 * config/env.ts loadTestEnv). Every PGlite scratch store then starts as a copy – about a second
 * instead of five for a fresh cluster – and still gets its own directory, so tests stay
 * isolated. Made per run, so the demo data's dates are as fresh as with a new store.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'portal-api-templates-'));
  for (const [kind, seedDemoData] of [
    ['seeded', true],
    ['migrated', false],
  ] as const) {
    const app = await buildApp(testConfig({ dataDir: path.join(root, kind), seedDemoData }));
    await app.ready();
    await app.close();
  }
  process.env['PORTAL_API_TEST_PGLITE_TEMPLATE'] = root;
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
