import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS, CZECH_CONTEXT } from './support/browser.js';
import {
  bffUrl,
  E2E_API_PORT,
  E2E_BFF_ALTCHA_PORT,
  E2E_BFF_FLAGS_OFF_PORT,
  E2E_BFF_HIDE_TENANT_PORT,
  E2E_BFF_PORT,
  E2E_BFF_TURNSTILE_PORT,
  E2E_DATA_DIR_ENV,
  E2E_DATABASE_URL_ENV,
  E2E_FAKE_SITEVERIFY_PORT,
  E2E_JWT_SECRET_ENV,
  E2E_POSTGRES_SERVER,
} from './support/stack.js';

/**
 * The whole stack, as a user gets it: the reference upstream on a fresh embedded database,
 * the BFF serving the built web app, and Debian's Chromium (never a downloaded browser).
 * Two more BFF instances on the same upstream carry other runtime flags, so the
 * flag-dependent navigation outcomes run against real configuration, not stubs.
 */

// Playwright evaluates this file in every worker; only the main process starts servers, and it
// passes its data folder on so workers (which read the outbox) find the same one.
const dataDir = process.env[E2E_DATA_DIR_ENV] ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env[E2E_DATA_DIR_ENV] = dataDir;

// A fresh database per run on the local PostgreSQL server (see stack.ts for why not PGlite).
// Created once in the main process; workers inherit its URL to run the operator CLI.
if (!process.env[E2E_DATABASE_URL_ENV]) {
  const name = `portal_e2e_${process.pid}_${Date.now()}`;
  const server = new URL(E2E_POSTGRES_SERVER);
  execFileSync('createdb', [
    '-h',
    server.hostname,
    '-p',
    server.port || '5432',
    '-U',
    server.username || 'postgres',
    name,
  ]);
  process.env[E2E_DATABASE_URL_ENV] = `${E2E_POSTGRES_SERVER}/${name}`;
  process.env[E2E_JWT_SECRET_ENV] = randomBytes(32).toString('hex');
}
const databaseUrl = process.env[E2E_DATABASE_URL_ENV] ?? '';
const jwtSecret = process.env[E2E_JWT_SECRET_ENV] ?? '';

const baseURL = bffUrl(E2E_BFF_PORT);

const bff = (port: number, env: Record<string, string> = {}) => ({
  command: 'node ../apps/bff/dist/server.js',
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    PORT: String(port),
    UPSTREAM_URL: `http://127.0.0.1:${E2E_API_PORT}`,
    LOG_LEVEL: 'warn',
    // Every browser of the run comes from 127.0.0.1, so the per-address limits (tested in
    // apps/bff) would count the whole suite as one visitor. The API's per-account limits stay.
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '1000',
    RATE_LIMIT_PUBLIC_FORMS_PER_MINUTE: '1000',
    RATE_LIMIT_NOT_FOUND_PER_MINUTE: '1000',
    RATE_LIMIT_ACCESS_CODE_FAILURES_PER_MINUTE: '1000',
    RATE_LIMIT_PUBLIC_UPLOAD_BYTES_PER_DAY: String(1024 * 1024 * 1024),
    ...env,
  },
});

const ACCOUNT_CHANGING = /(profile|password-reset)\.spec\.ts$/;
const DESKTOP = { ...devices['Desktop Chrome'], channel: undefined };
const PHONE = {
  ...devices['Desktop Chrome'],
  channel: undefined,
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
};

export default defineConfig({
  testDir: './tests',
  globalTeardown: './support/global-teardown.ts',
  fullyParallel: false,
  // Two workers: the read-mostly journeys of both viewports run side by side; the files that
  // change a demo account's data run afterwards, one project at a time (see projects).
  workers: 2,
  // One retry in CI: the suite runs on shared two-core machines, where a rare timing failure of
  // the whole stack should not throw away a run of twenty minutes. A test that passes only on
  // its retry is still listed as "flaky" in the summary, for someone to fix; locally, none.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // A hang guard, not a speed check: two workers, two browsers and the whole stack share two
  // cores, and a long keyboard journey that takes 13 s alone took 31 s beside another one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    ...CZECH_CONTEXT,
    // Recording a trace (a screencast and DOM snapshots of every action) took a fifth of the
    // suite's time even for the tests that pass and drop it: in CI only a retry records one,
    // so a failure still leaves its trace; locally every failure keeps it.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    { name: 'desktop', testIgnore: ACCOUNT_CHANGING, use: DESKTOP },
    // The main journeys again on a small phone (360 px wide, touch).
    { name: 'phone', grep: /@journey/, testIgnore: ACCOUNT_CHANGING, use: PHONE },
    // These change Jana's profile (and put it back), so they must not overlap with tests that
    // log in as her; their password changes and resets are of accounts of their own.
    { name: 'desktop-accounts', testMatch: ACCOUNT_CHANGING, dependencies: ['desktop', 'phone'], use: DESKTOP },
    {
      name: 'phone-accounts',
      testMatch: ACCOUNT_CHANGING,
      grep: /@journey/,
      dependencies: ['desktop-accounts'],
      use: PHONE,
    },
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
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        PORTAL_URL: baseURL,
        LOG_LEVEL: 'warn',
      },
    },
    bff(E2E_BFF_PORT),
    bff(E2E_BFF_HIDE_TENANT_PORT, { HIDE_TENANT_LOGIN: 'true' }),
    // Every feature hidden at once: each feature's "disappears when its flag is off" test runs here.
    bff(E2E_BFF_FLAGS_OFF_PORT, {
      FEATURE_TENANT_LOGIN: 'false',
      FEATURE_TENANT_SWITCHER: 'false',
      FEATURE_METER_READINGS: 'false',
      FEATURE_BILLING_STATEMENTS: 'false',
      FEATURE_MEETING_ROOMS: 'false',
      FEATURE_INCIDENTS: 'false',
      FEATURE_PUBLIC_SUPPORT: 'false',
      FEATURE_PUBLIC_MEETING_ROOMS: 'false',
      FEATURE_MAINTENANCE_EVENTS: 'false',
    }),
    // Bot protection on the public forms, one BFF per provider (public-support-bot-protection.spec.ts).
    {
      command: 'node support/fake-siteverify.mjs',
      url: `http://127.0.0.1:${E2E_FAKE_SITEVERIFY_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(E2E_FAKE_SITEVERIFY_PORT), TURNSTILE_HOSTNAME: 'localhost' },
    },
    bff(E2E_BFF_TURNSTILE_PORT, {
      TURNSTILE_SITE_KEY: 'e2e-turnstile-site-key',
      TURNSTILE_SECRET_KEY: 'e2e-turnstile-secret-key',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${E2E_FAKE_SITEVERIFY_PORT}/turnstile/v0/siteverify`,
    }),
    bff(E2E_BFF_ALTCHA_PORT, {
      ALTCHA_HMAC_KEY: 'e2e-altcha-hmac-key-at-least-32-characters-long',
      // Little work per challenge: the browser solves it in a blink, the check is the same.
      ALTCHA_MAX_NUMBER: '2000',
    }),
  ],
});
