import type { RuntimeConfig } from '@portal/sdk/client';

/**
 * Error reporting (docs/product.md §9): Sentry runs only when the runtime config carries a DSN. Its SDK
 * is a separate chunk (`lib/sentry.ts`) imported only then, so a portal without error
 * reporting downloads and runs none of it. Errors raised before it is ready are kept (a few)
 * and sent once it is.
 */

type Capture = (error: unknown) => void;

const EARLY_LIMIT = 20;
let capture: Capture | null = null;
let early: unknown[] | null = [];

export function reportError(error: unknown) {
  if (capture) capture(error);
  else if (early && early.length < EARLY_LIMIT) early.push(error);
}

/** Starts Sentry when a DSN is configured; otherwise drops what was kept. Returns whether it started. */
export async function startErrorReporting(
  config: Pick<RuntimeConfig, 'sentry' | 'buildId'>,
  load: () => Promise<{ initSentry: (options: SentryOptions) => Capture }> = () => import('./sentry.ts'),
): Promise<boolean> {
  if (!config.sentry.dsn) {
    early = null;
    return false;
  }
  const { initSentry } = await load();
  capture = initSentry({ dsn: config.sentry.dsn, environment: config.sentry.environment, release: config.buildId });
  for (const error of early ?? []) capture(error);
  early = null;
  return true;
}

export interface SentryOptions {
  dsn: string;
  environment: string;
  release: string;
}

/** For tests: back to the state before start-up. */
export function resetErrorReporting() {
  capture = null;
  early = [];
}
