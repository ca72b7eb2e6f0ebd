import * as Sentry from '@sentry/react';
import type { SentryOptions } from './error-reporting.ts';

/** The rates of docs/product.md §9 and the logger name the operator's Sentry project filters on. */
export const SENTRY_SETTINGS = {
  tracesSampleRate: 0.2,
  replaysSessionSampleRate: 0,
  replaysOnErrorSampleRate: 0,
  logger: 'javascript-admin',
} as const;

/**
 * Loaded only when a DSN is configured (lib/error-reporting.ts). Session replay is off at both
 * rates, so its integration is not added at all. Events carry the logger as the event's
 * `logger` attribute and as a tag, so either kind of filter finds them.
 * @see {@link https://docs.sentry.io/platforms/javascript/guides/react/configuration/options/}
 */
export function initSentry({ dsn, environment, release }: SentryOptions) {
  Sentry.init({
    dsn,
    environment,
    release,
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: SENTRY_SETTINGS.tracesSampleRate,
    replaysSessionSampleRate: SENTRY_SETTINGS.replaysSessionSampleRate,
    replaysOnErrorSampleRate: SENTRY_SETTINGS.replaysOnErrorSampleRate,
    initialScope: { tags: { logger: SENTRY_SETTINGS.logger } },
    beforeSend: (event) => ({ ...event, logger: SENTRY_SETTINGS.logger }),
  });
  return (error: unknown) => {
    Sentry.captureException(error);
  };
}
