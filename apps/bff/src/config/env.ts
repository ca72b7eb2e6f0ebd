import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The BFF's whole configuration, read from the environment in this one place and validated
 * at start-up: a bad value stops the process with a message naming the variable.
 */

export const FEATURE_FLAGS = [
  'tenantLogin',
  'tenantSwitcher',
  'meterReadings',
  'billingStatements',
  'meetingRooms',
  'incidents',
  'publicSupport',
  'publicMeetingRooms',
  'maintenanceEvents',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
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
  UPSTREAM_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4010'),
  /** The portal's public origin, used for the Origin check; derived from Host when unset. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** `false` only for plain-HTTP set-ups other than localhost; drops the `__Host-` prefix. */
  COOKIE_SECURE: booleanString.default(true),
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(60).default(30 * 60),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
  HIDE_TENANT_LOGIN: booleanString.default(false),
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).default('production'),
  BUILD_ID: z.string().min(1).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...Object.fromEntries(FEATURE_FLAGS.map((flag) => [featureEnvName(flag), booleanString.default(true)])),
});

export interface BffConfig {
  host: string;
  port: number;
  upstreamUrl: string;
  publicOrigin: string | null;
  cookieSecure: boolean;
  sessionIdleTimeoutSeconds: number;
  webDistDir: string;
  features: FeatureFlags;
  hideTenantLogin: boolean;
  sentry: { dsn: string | null; environment: string };
  buildId: string | null;
  upstreamTimeoutMs: number;
  logLevel: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

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
  const features = Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, values[featureEnvName(flag)] as boolean]),
  ) as FeatureFlags;
  return {
    host: values.HOST,
    port: values.PORT,
    upstreamUrl: values.UPSTREAM_URL.replace(/\/+$/, ''),
    publicOrigin: values.PUBLIC_ORIGIN ? new URL(values.PUBLIC_ORIGIN).origin : null,
    cookieSecure: values.COOKIE_SECURE,
    sessionIdleTimeoutSeconds: values.SESSION_IDLE_TIMEOUT_SECONDS,
    webDistDir: values.WEB_DIST_DIR,
    features,
    hideTenantLogin: values.HIDE_TENANT_LOGIN,
    sentry: { dsn: values.SENTRY_DSN ?? null, environment: values.SENTRY_ENVIRONMENT },
    buildId: values.BUILD_ID ?? null,
    upstreamTimeoutMs: values.UPSTREAM_TIMEOUT_MS,
    logLevel: values.LOG_LEVEL,
  };
}
