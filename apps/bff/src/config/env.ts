import { fileURLToPath } from 'node:url';
import { trustedProxyList } from '@portal/fastify-common/trusted-proxies';
import { z } from 'zod';

/**
 * The BFF's whole configuration, read from the environment in this one place and validated
 * at start-up: a bad value stops the process with a message naming the variable.
 */

// The flags are the product's (docs/product.md §9); the contract package holds their one list.
import { FEATURE_FLAGS, type FeatureFlag } from '@portal/openapi/documents';

export { FEATURE_FLAGS, type FeatureFlag };
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** `tenantLogin` → `FEATURE_TENANT_LOGIN`. */
export function featureEnvName(flag: FeatureFlag): string {
  return `FEATURE_${flag.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'expected true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** One upstream base URL, or several instances' separated by commas (balanced by the upstream client). */
  UPSTREAM_URL: z
    .string()
    .default('http://127.0.0.1:4010')
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== ''),
    )
    .pipe(
      z
        .array(z.url({ protocol: /^https?$/, error: 'must be http(s) URLs separated by commas' }))
        .min(1, 'must name at least one http(s) URL'),
    ),
  /** The portal's public origin, used for the Origin check; derived from Host when unset. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** `false` only for plain-HTTP set-ups other than localhost; drops the `__Host-` prefix. */
  COOKIE_SECURE: booleanString.default(true),
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 60),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
  HIDE_TENANT_LOGIN: booleanString.default(false),
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).default('production'),
  BUILD_ID: z.string().min(1).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Total time for one upstream call including its retry; the per-try limit is UPSTREAM_TIMEOUT_MS. */
  UPSTREAM_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  /**
   * Instance-wide retry budget (docs/architecture.md §4, Retries): retries may add at most this share of the upstream
   * calls of the last 10 s, so an upstream outage does not double the load; the minimum keeps
   * single retries working on a quiet instance.
   */
  UPSTREAM_RETRY_BUDGET_PERCENT: z.coerce.number().min(0).max(100).default(20),
  UPSTREAM_RETRY_BUDGET_MIN_PER_SECOND: z.coerce.number().min(0).max(1_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` lines for production and log collectors; `pretty` for a developer's terminal. */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** Shared sessions, renewal locks, rate limits and the ALTCHA replay store; memory when unset. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('portal:bff:'),
  /**
   * The reverse proxies in front of the BFF (comma-separated addresses or CIDRs). Their
   * X-Forwarded-For names the client; anyone else's is ignored. Never `true` (spoofable).
   */
  TRUST_PROXY: trustedProxyList(
    'expected a comma-separated list of IP addresses or CIDRs (never true or a hop count)',
  ).optional(),
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  TURNSTILE_VERIFY_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** The hostname Turnstile must report; defaults to the host of PUBLIC_ORIGIN. */
  TURNSTILE_HOSTNAME: z.string().min(1).optional(),
  /** Allows Cloudflare's published dummy secrets (tests and local trials only). */
  TURNSTILE_ALLOW_TEST_KEYS: booleanString.default(false),
  /** Secret for signing self-hosted ALTCHA challenges (at least 32 characters). */
  ALTCHA_HMAC_KEY: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
  /** Upper bound of the ALTCHA work (SHA-256 iterations the browser tries on average ~half). */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  BOT_VERIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_PUBLIC_FORMS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_NOT_FOUND_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Wrong access codes (or unknown ids) per client IP and minute before its access-code calls answer 429. */
  RATE_LIMIT_ACCESS_CODE_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Bytes each client IP may upload anonymously (public support attachments) in a day; 50 MiB. */
  RATE_LIMIT_PUBLIC_UPLOAD_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 * 1024),
  /**
   * Overload protection (@fastify/under-pressure): 503 above these; 0 switches a check off. The
   * mean event-loop delay is what users feel; utilisation is off by default because a proxy
   * at full, healthy throughput sits near 1.
   */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  /** Refuse settings that are only fine for trials and tests (see refuseUnsafeProductionSettings). */
  PRODUCTION: booleanString.default(false),
  /** Prometheus metrics on their own listener, never the public port; off when unset. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  ...Object.fromEntries(FEATURE_FLAGS.map((flag) => [featureEnvName(flag), booleanString.default(true)])),
});

export interface BffConfig {
  host: string;
  port: number;
  /** The first of `upstreamUrls` (the only one when a single upstream is configured). */
  upstreamUrl: string;
  /** Every upstream instance, balanced by the upstream client; at least one. */
  upstreamUrls: string[];
  publicOrigin: string | null;
  cookieSecure: boolean;
  sessionIdleTimeoutSeconds: number;
  webDistDir: string;
  features: FeatureFlags;
  hideTenantLogin: boolean;
  sentry: { dsn: string | null; environment: string };
  buildId: string | null;
  upstreamTimeoutMs: number;
  upstreamDeadlineMs: number;
  /** Retries as a share of calls (0–1) and the per-second minimum; see upstream/retry-budget.ts. */
  upstreamRetryBudget: { ratio: number; minPerSecond: number };
  logLevel: string;
  logFormat: 'json' | 'pretty';
  redis: { url: string; keyPrefix: string } | null;
  trustProxy: string[] | null;
  botProtection: BotProtectionConfig;
  rateLimits: {
    loginPerMinute: number;
    passwordResetPerMinute: number;
    publicFormsPerMinute: number;
    notFoundPerMinute: number;
    accessCodeFailuresPerMinute: number;
    /** Anonymous upload volume per client IP and day (see http/upload-quota.ts). */
    publicUploadBytesPerDay: number;
  };
  overload: { maxEventLoopDelayMs: number; maxEventLoopUtilization: number };
  metrics: { host: string; port: number } | null;
}

export type BotProtectionConfig =
  | { provider: null }
  | {
      provider: 'turnstile';
      siteKey: string;
      secretKey: string;
      verifyUrl: string;
      /** null: the request's own host is expected. */
      hostname: string | null;
      timeoutMs: number;
    }
  | { provider: 'altcha'; hmacKey: string; maxNumber: number };

/**
 * Cloudflare's published test secrets (always pass, always fail, "already spent"). They accept
 * only the dummy token, so a production deployment using one would let every bot through.
 */
export const TURNSTILE_TEST_SECRETS = [
  '1x0000000000000000000000000000000AA',
  '2x0000000000000000000000000000000AA',
  '3x0000000000000000000000000000000AA',
];

/** Cloudflare's published test site keys (always pass, always block, force a challenge…). */
export const TURNSTILE_TEST_SITE_KEYS = [
  '1x00000000000000000000AA',
  '2x00000000000000000000AB',
  '1x00000000000000000000BB',
  '2x00000000000000000000BB',
  '3x00000000000000000000FF',
];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// eslint-disable-next-line no-restricted-properties -- the one reader of the environment (docs/architecture.md §5)
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const parsed = envSchema.safeParse(
    // Empty strings mean "not set", as in most .env tooling.
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid BFF configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data as z.infer<typeof envSchema> & Record<string, boolean>;
  if (values.PRODUCTION) refuseUnsafeProductionSettings(values);
  const botProtection = botProtectionFrom(values);
  const upstreamDeadlineMs = values.UPSTREAM_DEADLINE_MS ?? values.UPSTREAM_TIMEOUT_MS * 2 + 1_000;
  if (upstreamDeadlineMs < values.UPSTREAM_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid BFF configuration:\n  UPSTREAM_DEADLINE_MS: must not be shorter than UPSTREAM_TIMEOUT_MS',
    );
  }
  const features = Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, values[featureEnvName(flag)] as boolean]),
  ) as FeatureFlags;
  return {
    host: values.HOST,
    port: values.PORT,
    upstreamUrl: (values.UPSTREAM_URL[0] ?? '').replace(/\/+$/, ''),
    upstreamUrls: values.UPSTREAM_URL.map((url) => url.replace(/\/+$/, '')),
    publicOrigin: values.PUBLIC_ORIGIN ? new URL(values.PUBLIC_ORIGIN).origin : null,
    cookieSecure: values.COOKIE_SECURE,
    sessionIdleTimeoutSeconds: values.SESSION_IDLE_TIMEOUT_SECONDS,
    webDistDir: values.WEB_DIST_DIR,
    features,
    hideTenantLogin: values.HIDE_TENANT_LOGIN,
    sentry: { dsn: values.SENTRY_DSN ?? null, environment: values.SENTRY_ENVIRONMENT },
    buildId: values.BUILD_ID ?? null,
    upstreamTimeoutMs: values.UPSTREAM_TIMEOUT_MS,
    upstreamDeadlineMs,
    upstreamRetryBudget: {
      ratio: values.UPSTREAM_RETRY_BUDGET_PERCENT / 100,
      minPerSecond: values.UPSTREAM_RETRY_BUDGET_MIN_PER_SECOND,
    },
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    redis: values.REDIS_URL ? { url: values.REDIS_URL, keyPrefix: values.REDIS_KEY_PREFIX } : null,
    trustProxy: values.TRUST_PROXY && values.TRUST_PROXY.length > 0 ? values.TRUST_PROXY : null,
    botProtection,
    rateLimits: {
      loginPerMinute: values.RATE_LIMIT_LOGIN_PER_MINUTE,
      passwordResetPerMinute: values.RATE_LIMIT_PASSWORD_RESET_PER_MINUTE,
      publicFormsPerMinute: values.RATE_LIMIT_PUBLIC_FORMS_PER_MINUTE,
      notFoundPerMinute: values.RATE_LIMIT_NOT_FOUND_PER_MINUTE,
      accessCodeFailuresPerMinute: values.RATE_LIMIT_ACCESS_CODE_FAILURES_PER_MINUTE,
      publicUploadBytesPerDay: values.RATE_LIMIT_PUBLIC_UPLOAD_BYTES_PER_DAY,
    },
    overload: {
      maxEventLoopDelayMs: values.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: values.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
    },
    metrics: values.METRICS_PORT === undefined ? null : { host: values.METRICS_HOST, port: values.METRICS_PORT },
  };
}

/**
 * PRODUCTION=true: the settings that are convenient for a trial on one machine but unsafe
 * behind a load balancer stop start-up, all named at once. An explicit flag, not NODE_ENV
 * (docs/architecture.md §5).
 */
function refuseUnsafeProductionSettings(values: z.infer<typeof envSchema>): void {
  const problems: string[] = [];
  const refuse = (variable: string, message: string) => problems.push(`${variable}: ${message} (PRODUCTION=true)`);
  if (!values.REDIS_URL) {
    refuse(
      'REDIS_URL',
      'is required: sessions, renewal locks, rate limits and the replay store must be shared by every instance',
    );
  }
  if (!values.TRUST_PROXY || values.TRUST_PROXY.length === 0) {
    refuse(
      'TRUST_PROXY',
      "is required: the addresses of the reverse proxy, or every client counts as the proxy's address and X-Forwarded-For is lost",
    );
  }
  if (!values.PUBLIC_ORIGIN || new URL(values.PUBLIC_ORIGIN).protocol !== 'https:') {
    refuse('PUBLIC_ORIGIN', "must be the portal's public https:// origin (Origin check, __Host- cookies)");
  }
  if (!values.COOKIE_SECURE)
    refuse('COOKIE_SECURE', 'must not be false: the session cookie would travel over plain HTTP');
  const turnstile = values.TURNSTILE_SITE_KEY !== undefined || values.TURNSTILE_SECRET_KEY !== undefined;
  if (!turnstile && values.ALTCHA_HMAC_KEY === undefined) {
    refuse(
      'TURNSTILE_SITE_KEY/TURNSTILE_SECRET_KEY or ALTCHA_HMAC_KEY',
      'bot protection of the public forms is required',
    );
  }
  if (values.TURNSTILE_ALLOW_TEST_KEYS) refuse('TURNSTILE_ALLOW_TEST_KEYS', 'must not be true');
  if (values.TURNSTILE_SECRET_KEY !== undefined && TURNSTILE_TEST_SECRETS.includes(values.TURNSTILE_SECRET_KEY)) {
    refuse('TURNSTILE_SECRET_KEY', "is one of Cloudflare's published test secrets");
  }
  if (values.TURNSTILE_SITE_KEY !== undefined && TURNSTILE_TEST_SITE_KEYS.includes(values.TURNSTILE_SITE_KEY)) {
    refuse('TURNSTILE_SITE_KEY', "is one of Cloudflare's published test site keys");
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    refuse('METRICS_PORT', 'must differ from PORT: metrics must not be served on the public port');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid BFF configuration:\n  ${problems.join('\n  ')}`);
}

function botProtectionFrom(values: z.infer<typeof envSchema>): BotProtectionConfig {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid BFF configuration:\n  ${message}`);
  };
  const turnstile = values.TURNSTILE_SITE_KEY !== undefined || values.TURNSTILE_SECRET_KEY !== undefined;
  if (turnstile && values.ALTCHA_HMAC_KEY !== undefined) {
    fail('TURNSTILE_* and ALTCHA_HMAC_KEY: configure one bot protection, not both');
  }
  if (turnstile) {
    if (!values.TURNSTILE_SITE_KEY) fail('TURNSTILE_SITE_KEY: required with TURNSTILE_SECRET_KEY');
    if (!values.TURNSTILE_SECRET_KEY) fail('TURNSTILE_SECRET_KEY: required with TURNSTILE_SITE_KEY');
    const secretKey = values.TURNSTILE_SECRET_KEY as string;
    if (TURNSTILE_TEST_SECRETS.includes(secretKey) && !values.TURNSTILE_ALLOW_TEST_KEYS) {
      fail("TURNSTILE_SECRET_KEY: Cloudflare's dummy test secret; set TURNSTILE_ALLOW_TEST_KEYS=true only for tests");
    }
    return {
      provider: 'turnstile',
      siteKey: values.TURNSTILE_SITE_KEY as string,
      secretKey,
      verifyUrl: values.TURNSTILE_VERIFY_URL,
      hostname: values.TURNSTILE_HOSTNAME ?? (values.PUBLIC_ORIGIN ? new URL(values.PUBLIC_ORIGIN).hostname : null),
      timeoutMs: values.BOT_VERIFY_TIMEOUT_MS,
    };
  }
  if (values.ALTCHA_HMAC_KEY !== undefined) {
    return { provider: 'altcha', hmacKey: values.ALTCHA_HMAC_KEY, maxNumber: values.ALTCHA_MAX_NUMBER };
  }
  return { provider: null };
}
