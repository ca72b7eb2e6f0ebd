import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustedProxyList } from '@portal/fastify-common/trusted-proxies';
import { z } from 'zod';
import { MIN_JWT_SECRET_LENGTH } from '../security/jwt.js';

/**
 * The only module that reads `process.env`, validated once at boot (docs/architecture.md §3, §5).
 * Everything else receives the typed {@link AppConfig}, so tests can build the app from a
 * literal config without touching the environment.
 */

/** `<repo>/.data/api`, computed from this file's location so it does not depend on the cwd. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../.data/api', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const LOG_FORMATS = ['json', 'pretty'] as const;
/** `json`: one JSON object per line, for log collectors; `pretty`: coloured lines for a developer's terminal. */
export type LogFormat = (typeof LOG_FORMATS)[number];

/** A Sentry DSN names the project's public key and ends in its numeric id: `https://<key>@<host>/<id>`. */
const isSentryDsn = (value: string) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.username !== '' && /\/\d+$/.test(url.pathname);
};

/** FILE_STORE: where file contents live (src/files/file-store.ts). */
const FILE_STORE_DRIVERS = ['database', 'folder'] as const;
export type FileStoreDriver = (typeof FILE_STORE_DRIVERS)[number];

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const booleanFlag = (defaultValue: boolean) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], {
        error: 'must be one of true, false, 1, 0, yes, no',
      })
      .default(defaultValue ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  );

const positiveInt = (defaultValue: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .positive('must be greater than zero')
      .default(defaultValue),
  );

const optionalBooleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be one of true, false, 1, 0, yes, no' })
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
    .optional(),
);

const portNumber = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** The BFF on the same host: loopback only. */
export const DEFAULT_TRUST_PROXY: readonly string[] = ['127.0.0.0/8', '::1'];
const NOT_A_PROXY_LIST = 'must be a comma-separated list of IP addresses or CIDRs (never true or a hop count)';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z
  .object({
    PORT: z.preprocess(emptyAsUndefined, portNumber.default(4010)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    ),
    JWT_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(MIN_JWT_SECRET_LENGTH, `must be at least ${MIN_JWT_SECRET_LENGTH} characters long`).optional(),
    ),
    ACCESS_TOKEN_TTL_SECONDS: positiveInt(300),
    REFRESH_TOKEN_TTL_SECONDS: positiveInt(950_400),
    /** Unset: seed unless PRODUCTION (resolved in loadConfig). */
    SEED_DEMO_DATA: optionalBooleanFlag,
    PRODUCTION: booleanFlag(false),
    METRICS_PORT: z.preprocess(emptyAsUndefined, portNumber.optional()),
    METRICS_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    ),
    LOG_FORMAT: z.preprocess(
      emptyAsUndefined,
      z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).default('json'),
    ),
    SENTRY_DSN: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^https?$/, error: 'must be a Sentry DSN like https://<key>@<host>/<project id>' })
        .refine(isSentryDsn, 'must be a Sentry DSN like https://<key>@<host>/<project id>')
        .optional(),
    ),
    SENTRY_ENVIRONMENT: z.preprocess(
      emptyAsUndefined,
      z.string().max(64, 'must be at most 64 characters long').default('production'),
    ),
    PORTAL_URL: z.preprocess(emptyAsUndefined, httpUrl.default('http://localhost:3000')),
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
    ANONYMISE_AFTER_DAYS: positiveInt(365),
    TICKET_AUTO_CLOSE_DAYS: positiveInt(7),
    OPERATOR_EMAIL: z.preprocess(emptyAsUndefined, z.email({ error: 'must be an e-mail address' }).optional()),
    RESERVATION_REMINDER_MINUTES: positiveInt(120),
    DATABASE_POOL_SIZE: positiveInt(10),
    /**
     * The BFF's addresses (IPs or CIDRs): only they may name the client in X-Forwarded-For,
     * which keys the failed-login delays. Default: loopback (the BFF on the same host).
     */
    TRUST_PROXY: z.preprocess(emptyAsUndefined, trustedProxyList(NOT_A_PROXY_LIST).default([...DEFAULT_TRUST_PROXY])),
    FILE_STORE: z.preprocess(
      emptyAsUndefined,
      z.enum(FILE_STORE_DRIVERS, { error: `must be one of ${FILE_STORE_DRIVERS.join(', ')}` }).default('database'),
    ),
  })
  .superRefine((env, ctx) => {
    // Several API instances share one PostgreSQL database and must verify each other's
    // tokens, so a generated per-instance secret would silently log users out at random.
    if (env.DATABASE_URL !== undefined && env.JWT_SECRET === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when DATABASE_URL is set',
      });
    }
    if (env.PRODUCTION) refuseUnsafeProductionSettings(env, ctx);
  });

/**
 * PRODUCTION=true turns settings that are fine for a trial into start-up errors, so a
 * deployment cannot go live with demo accounts, a key nobody chose, links to localhost or
 * password-reset mails that land in a folder nobody reads. An explicit flag rather than
 * NODE_ENV (docs/architecture.md §5): libraries read NODE_ENV for their own purposes.
 */
function refuseUnsafeProductionSettings(
  env: {
    SEED_DEMO_DATA?: boolean | undefined;
    JWT_SECRET?: string | undefined;
    PORTAL_URL: string;
    SMTP_URL?: string | undefined;
    METRICS_HOST: string;
    METRICS_PORT?: number | undefined;
    PORT: number;
  },
  ctx: z.RefinementCtx,
): void {
  const refuse = (variable: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message: `${message} (PRODUCTION=true)` });
  if (env.SEED_DEMO_DATA === true) {
    refuse('SEED_DEMO_DATA', 'must not be true: the demo accounts have published passwords');
  }
  if (env.JWT_SECRET === undefined) refuse('JWT_SECRET', 'is required');
  if (new URL(env.PORTAL_URL).protocol !== 'https:') {
    refuse('PORTAL_URL', "must be the portal's public https:// address (it goes into e-mailed links)");
  }
  if (env.SMTP_URL === undefined) {
    refuse('SMTP_URL', 'is required: without it password-reset mails only land in DATA_DIR/outbox');
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    refuse('METRICS_PORT', 'must differ from PORT: metrics must not be served on the public port');
  }
}

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path; holds `pglite/`, `outbox/` and, in embedded mode, the generated JWT key. */
  dataDir: string;
  /** PostgreSQL when set; the embedded PGlite store in `dataDir/pglite` otherwise. */
  databaseUrl: string | undefined;
  /** Undefined only in embedded mode, where a key is generated once into `dataDir`. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  seedDemoData: boolean;
  logLevel: LogLevel;
  /** How log lines are written; `json` unless a developer asks for `pretty`. */
  logFormat?: LogFormat | undefined;
  /** Server errors (5xx) are reported to Sentry when set (plugins/external/error-reporting.ts). */
  errorReporting?: { dsn: string; environment: string } | undefined;
  /** Base address of the portal, used in links sent by e-mail. No trailing slash. */
  portalUrl: string;
  /** SMTP server for outgoing mail (nodemailer URL); undefined writes mail to DATA_DIR/outbox. */
  smtpUrl?: string | undefined;
  /** Sender address of outgoing mail. */
  mailFrom?: string | undefined;
  /** Days after which anonymous visitors' personal data is anonymised. */
  anonymiseAfterDays: number;
  /** Days after which a resolved ticket the tenant has not answered closes by itself; 7 when absent. */
  ticketAutoCloseDays?: number | undefined;
  /** Connections in the PostgreSQL pool (ignored for PGlite); 10 when absent. */
  databasePoolSize?: number | undefined;
  /** A mailbox that gets a copy of every new ticket and public request (OPERATOR_EMAIL). */
  operatorEmail?: string | undefined;
  /** How long before its start a reservation's reminder is sent; 120 minutes when absent. */
  reservationReminderMinutes?: number | undefined;
  /** How often the job worker looks for due jobs; 1000 ms when absent (tests shorten it). */
  jobPollMs?: number | undefined;
  /** The first retry delay of a failed job, growing fourfold per try; 30 s when absent. */
  jobBackoffSeconds?: number | undefined;
  /** false: this instance enqueues jobs but runs none (tests that drive the queue by hand). */
  jobWorker?: boolean | undefined;
  /**
   * Where file contents live (src/files): `database` (the default when absent) or `folder`
   * (`dataDir/attachments`, `dataDir/statements`).
   */
  fileStore?: FileStoreDriver | undefined;
  /**
   * Addresses allowed to name the client in X-Forwarded-For (the BFF); absent: loopback.
   * Never `true`: anyone could then pick the address the failed-login delays are keyed by.
   */
  trustProxy?: string[] | undefined;
  /** Prometheus metrics on their own listener (never the API's port); off when undefined. */
  metrics?: { host: string; port: number } | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Validates the environment and returns the app configuration.
 * @throws {ConfigError} naming every offending variable, so start-up stops with a clear message.
 */
export function loadConfig(
  source: Readonly<Record<string, string | undefined>> = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const variable = issue.path.length > 0 ? issue.path.join('.') : '(environment)';
      return `  ${variable}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR === undefined ? DEFAULT_DATA_DIR : path.resolve(cwd, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    seedDemoData: env.SEED_DEMO_DATA ?? !env.PRODUCTION,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    errorReporting:
      env.SENTRY_DSN === undefined ? undefined : { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT },
    portalUrl: env.PORTAL_URL.replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    anonymiseAfterDays: env.ANONYMISE_AFTER_DAYS,
    ticketAutoCloseDays: env.TICKET_AUTO_CLOSE_DAYS,
    operatorEmail: env.OPERATOR_EMAIL,
    reservationReminderMinutes: env.RESERVATION_REMINDER_MINUTES,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    fileStore: env.FILE_STORE,
    trustProxy: env.TRUST_PROXY,
    metrics: env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.METRICS_PORT },
  };
}

/* ----------------------------------------------------------------------------------------- */
/* Test-only settings, read here so that this stays the one module that reads the environment. */

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export type ContractCheckMode = 'strict' | 'warn' | 'off';

export interface TestEnv {
  /** PostgreSQL server on which tests create (and drop) throwaway databases. */
  testDatabaseUrl: string;
  /** How tests treat responses that do not match openapi/upstream.yaml (src/testing/contract.ts). */
  contractCheck: ContractCheckMode;
  /**
   * Folder with ready PGlite stores (`seeded/`, `migrated/`) made once per test run by
   * src/testing/global-setup.ts; scratch stores start as copies instead of a fresh initdb.
   */
  pgliteTemplateDir?: string | undefined;
}

const testEnvSchema = z.object({
  TEST_DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .default(DEFAULT_TEST_DATABASE_URL),
  ),
  API_CONTRACT_CHECK: z.preprocess(
    emptyAsUndefined,
    z.enum(['strict', 'warn', 'off'], { error: 'must be one of strict, warn, off' }).default('strict'),
  ),
  PORTAL_API_TEST_PGLITE_TEMPLATE: z.preprocess(emptyAsUndefined, z.string().optional()),
});

export function loadTestEnv(source: Readonly<Record<string, string | undefined>> = process.env): TestEnv {
  const parsed = testEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid test environment:\n${lines.join('\n')}`);
  }
  return {
    testDatabaseUrl: parsed.data.TEST_DATABASE_URL,
    contractCheck: parsed.data.API_CONTRACT_CHECK,
    pgliteTemplateDir: parsed.data.PORTAL_API_TEST_PGLITE_TEMPLATE,
  };
}
