import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATA_DIR, loadConfig, loadTestEnv } from './env.js';

const SECRET = 'a'.repeat(32);

describe('loadConfig', () => {
  it('has safe embedded defaults', () => {
    expect(loadConfig({}, '/somewhere')).toEqual({
      port: 4010,
      host: '127.0.0.1',
      dataDir: DEFAULT_DATA_DIR,
      databaseUrl: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 950_400,
      seedDemoData: true,
      logLevel: 'info',
      logFormat: 'json',
      errorReporting: undefined,
      portalUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: undefined,
      anonymiseAfterDays: 365,
      ticketAutoCloseDays: 7,
      operatorEmail: undefined,
      reservationReminderMinutes: 120,
      databasePoolSize: 10,
      fileStore: 'database',
      trustProxy: ['127.0.0.0/8', '::1'],
    });
    expect(DEFAULT_DATA_DIR.endsWith(path.join('.data', 'api'))).toBe(true);
    expect(path.isAbsolute(DEFAULT_DATA_DIR)).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/api',
        DATABASE_URL: 'postgresql://portal:pw@db:5432/portal',
        JWT_SECRET: SECRET,
        ACCESS_TOKEN_TTL_SECONDS: '60',
        REFRESH_TOKEN_TTL_SECONDS: '3600',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'pretty',
        SENTRY_DSN: 'https://0123abcd@o1.ingest.sentry.example/42',
        SENTRY_ENVIRONMENT: 'staging',
        PORTAL_URL: 'https://portal.example.cz/',
        SMTP_URL: 'smtps://portal:pw@mail.example.cz:465',
        MAIL_FROM: 'Portál <portal@example.cz>',
        ANONYMISE_AFTER_DAYS: '90',
        TICKET_AUTO_CLOSE_DAYS: '10',
        OPERATOR_EMAIL: 'dispecink@sprava.example.cz',
        RESERVATION_REMINDER_MINUTES: '30',
        DATABASE_POOL_SIZE: '24',
        FILE_STORE: 'folder',
        TRUST_PROXY: '10.0.0.7, 10.1.0.0/16',
        METRICS_PORT: '9410',
        METRICS_HOST: '10.0.0.5',
      },
      '/srv',
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/var/api',
      databaseUrl: 'postgresql://portal:pw@db:5432/portal',
      jwtSecret: SECRET,
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      seedDemoData: false,
      logLevel: 'warn',
      logFormat: 'pretty',
      errorReporting: { dsn: 'https://0123abcd@o1.ingest.sentry.example/42', environment: 'staging' },
      portalUrl: 'https://portal.example.cz',
      smtpUrl: 'smtps://portal:pw@mail.example.cz:465',
      mailFrom: 'Portál <portal@example.cz>',
      anonymiseAfterDays: 90,
      ticketAutoCloseDays: 10,
      operatorEmail: 'dispecink@sprava.example.cz',
      reservationReminderMinutes: 30,
      databasePoolSize: 24,
      fileStore: 'folder',
      trustProxy: ['10.0.0.7', '10.1.0.0/16'],
      metrics: { host: '10.0.0.5', port: 9410 },
    });
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', JWT_SECRET: ' ', SEED_DEMO_DATA: '', SENTRY_DSN: '', LOG_FORMAT: '' });
    expect(config.port).toBe(4010);
    expect(config.errorReporting).toBeUndefined();
    expect(config.logFormat).toBe('json');
  });

  it('reports errors to the production environment unless another is named', () => {
    expect(loadConfig({ SENTRY_DSN: 'https://key@sentry.example/7' }).errorReporting).toEqual({
      dsn: 'https://key@sentry.example/7',
      environment: 'production',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z', JWT_SECRET: SECRET }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://x@y/z' }, 'JWT_SECRET: is required when DATABASE_URL is set'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ACCESS_TOKEN_TTL_SECONDS: '0' }, 'ACCESS_TOKEN_TTL_SECONDS'],
    [{ REFRESH_TOKEN_TTL_SECONDS: '1.5' }, 'REFRESH_TOKEN_TTL_SECONDS'],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT: must be one of json, pretty'],
    [{ SENTRY_DSN: 'not a url' }, 'SENTRY_DSN'],
    [{ SENTRY_DSN: 'https://o1.ingest.sentry.example/42' }, 'SENTRY_DSN: must be a Sentry DSN'],
    [{ SENTRY_DSN: 'https://key@o1.ingest.sentry.example/' }, 'SENTRY_DSN: must be a Sentry DSN'],
    [{ PORTAL_URL: 'javascript:alert(1)' }, 'PORTAL_URL'],
    [{ SMTP_URL: 'http://mail:25' }, 'SMTP_URL'],
    [{ ANONYMISE_AFTER_DAYS: '0' }, 'ANONYMISE_AFTER_DAYS'],
    [{ TICKET_AUTO_CLOSE_DAYS: '0' }, 'TICKET_AUTO_CLOSE_DAYS'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ FILE_STORE: 's3' }, 'FILE_STORE: must be one of database, folder'],
  ])('stops start-up on %j with a message naming %s', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('never repeats a secret value in its message', () => {
    try {
      loadConfig({ DATABASE_URL: 'postgres://user:topsecret@db/x', JWT_SECRET: 'tiny' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('topsecret');
      expect(String(error)).not.toContain('tiny');
    }
  });
});

describe('loadConfig with PRODUCTION=true', () => {
  const safe = {
    PRODUCTION: 'true',
    DATABASE_URL: 'postgres://portal@db/portal',
    JWT_SECRET: SECRET,
    PORTAL_URL: 'https://portal.example.cz',
    SMTP_URL: 'smtp://mail.example.cz:25',
  };

  it('starts with safe settings and does not seed demo data unless told', () => {
    const config = loadConfig(safe);
    expect(config.seedDemoData).toBe(false);
    expect(config.metrics).toBeUndefined();
    expect(loadConfig({ ...safe, SEED_DEMO_DATA: 'false', METRICS_PORT: '9410' }).metrics).toEqual({
      host: '127.0.0.1',
      port: 9410,
    });
  });

  it.each([
    [{ SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA: must not be true'],
    [{ JWT_SECRET: undefined, DATABASE_URL: undefined }, 'JWT_SECRET: is required (PRODUCTION=true)'],
    [{ PORTAL_URL: undefined }, 'PORTAL_URL'],
    [{ PORTAL_URL: 'http://portal.example.cz' }, 'PORTAL_URL'],
    [{ SMTP_URL: undefined }, 'SMTP_URL: is required'],
    [{ METRICS_PORT: '4010' }, 'METRICS_PORT: must differ from PORT'],
  ])('refuses %j', (override, expected) => {
    expect(() => loadConfig({ ...safe, ...override })).toThrow(expected);
  });

  it('names every unsafe setting at once', () => {
    expect(() => loadConfig({ PRODUCTION: 'true', SEED_DEMO_DATA: 'yes' })).toThrow(
      /SEED_DEMO_DATA[\s\S]*JWT_SECRET[\s\S]*PORTAL_URL[\s\S]*SMTP_URL/,
    );
  });
});

describe('loadTestEnv', () => {
  it('defaults to the local PostgreSQL server and strict contract checks', () => {
    expect(loadTestEnv({})).toEqual({
      testDatabaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      contractCheck: 'strict',
    });
  });

  it('rejects a non-PostgreSQL URL', () => {
    expect(() => loadTestEnv({ TEST_DATABASE_URL: 'http://x' })).toThrow('TEST_DATABASE_URL');
  });
});
