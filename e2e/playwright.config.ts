import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_API_PORT, E2E_BFF_PORT, E2E_DATA_DIR_ENV } from './support/stack.js';

/**
 * The whole stack, as a user gets it: the reference upstream on a fresh embedded database,
 * the BFF serving the built web app, and Debian's Chromium (never a downloaded browser).
 */

// Playwright evaluates this file in every worker; only the main process starts servers, and it
// passes its data folder on so workers (which read the outbox) find the same one.
const dataDir = process.env[E2E_DATA_DIR_ENV] ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env[E2E_DATA_DIR_ENV] = dataDir;

const baseURL = `http://localhost:${E2E_BFF_PORT}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'cs-CZ',
    timezoneId: 'Europe/Prague',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    {
      command: 'node ../apps/api/dist/server.js',
      url: `http://127.0.0.1:${E2E_API_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(E2E_API_PORT),
        DATA_DIR: join(dataDir, 'api'),
        PORTAL_URL: baseURL,
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: 'node ../apps/bff/dist/server.js',
      url: `http://127.0.0.1:${E2E_BFF_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(E2E_BFF_PORT),
        UPSTREAM_URL: `http://127.0.0.1:${E2E_API_PORT}`,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
