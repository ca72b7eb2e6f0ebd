import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS, CZECH_CONTEXT } from '../support/browser.js';
import { ORIGIN } from './support.js';

/**
 * The production set (scripts/production.sh: nginx with TLS and HTTP/2, two BFF instances on
 * Redis, two API instances on PostgreSQL, an SMTP sink), brought up once by global-setup.ts and taken
 * down by the last project. Separate from the main suite (e2e/playwright.config.ts) and run by
 * its own task: `pnpm --filter @portal/e2e test:production`.
 */
export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // One set of processes, one order: the checks of the running set, then the journeys that
  // kill an instance, then the shutdown.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: ORIGIN,
    // The set's certificate is self-signed for localhost.
    ignoreHTTPSErrors: true,
    ...CZECH_CONTEXT,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    channel: undefined,
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    { name: 'running-set', testMatch: /(recipe|edge|mail|secrets-in-logs|restart)\.spec\.ts$/ },
    // api-failover.spec.ts (an API instance killed and restarted), then failover.spec.ts (a BFF
    // instance killed for good).
    { name: 'failover', testMatch: /failover\.spec\.ts$/, dependencies: ['running-set'] },
    { name: 'shutdown', testMatch: /shutdown\.spec\.ts$/, dependencies: ['failover'] },
  ],
});
