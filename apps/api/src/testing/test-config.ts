import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config/env.js';

/** A complete configuration for tests: quiet, no fixed port, a fresh signing key. */
export function testConfig(overrides: Partial<AppConfig> & Pick<AppConfig, 'dataDir'>): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('base64url'),
    accessTokenTtlSeconds: 300,
    refreshTokenTtlSeconds: 950_400,
    seedDemoData: true,
    logLevel: 'silent',
    portalUrl: 'http://portal.test',
    anonymiseAfterDays: 365,
    ...overrides,
  };
}
