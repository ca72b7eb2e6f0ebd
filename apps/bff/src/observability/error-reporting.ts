import type * as SentryModule from '@sentry/node';
import type { ErrorEvent } from '@sentry/node';
import type { FastifyRequest } from 'fastify';
import { redactUrlSecrets } from '@portal/fastify-common/redact-url';
import type { BffConfig } from '../config/env.js';

/**
 * Server-side error reporting to Sentry, on only when `SENTRY_DSN` is set (the DSN and
 * `SENTRY_ENVIRONMENT` the browser reports with, passed to it through `GET /api/config`).
 *
 * Only answers of 5xx are reported (the error handler calls {@link reportServerError} exactly
 * where it logs "request failed"): a 4xx is the client's matter and says nothing about the
 * BFF. Events carry no personal data and no secret: data collection is off, no default
 * integration runs (so no request headers, cookies, bodies or breadcrumbs of HTTP calls with
 * their URLs are collected), the request is described only by its method, its redacted URL
 * and its request id, and {@link scrubEvent} removes whatever else could carry a token.
 *
 * Sentry is one client per process, so this module keeps the one reference to it; the SDK is
 * loaded only when reporting is on.
 * @see {@link https://docs.sentry.io/platforms/javascript/guides/node/}
 */

let sentry: typeof SentryModule | null = null;

/** Starts reporting when a DSN is configured; call once, before the app is built. */
export async function startErrorReporting(config: Pick<BffConfig, 'sentry'>): Promise<boolean> {
  const { dsn, environment } = config.sentry;
  if (!dsn) return false;
  const loaded = await import('@sentry/node');
  loaded.init({
    dsn,
    environment,
    // Sentry 11's successor of `sendDefaultPii: false`: nothing about the user, the request's
    // headers, cookies, query or body, nor local variables, which may hold a token.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    defaultIntegrations: false,
    integrations: [
      loaded.linkedErrorsIntegration(),
      // A crash is worth a report too; close-with-grace (server.ts) still decides what happens next.
      loaded.onUncaughtExceptionIntegration(),
      loaded.onUnhandledRejectionIntegration(),
    ],
    beforeSend: scrubEvent,
    beforeBreadcrumb: () => null,
  });
  sentry = loaded;
  return true;
}

/** Reports an error the BFF answered with a 5xx; does nothing while reporting is off. */
export function reportServerError(error: unknown, request: FastifyRequest): void {
  sentry?.captureException(error, {
    tags: { request_id: request.id },
    extra: { method: request.method, url: redactUrlSecrets(request.url) },
  });
}

/** Sends what is still queued (at shutdown); waits at most `timeoutMs`. */
export async function flushErrorReports(timeoutMs = 2_000): Promise<void> {
  await sentry?.flush(timeoutMs);
}

/** Removes from an event everything that could carry a token, a cookie or a password. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    const { method, url } = event.request;
    event.request = { ...(method ? { method } : {}), ...(url ? { url: redactUrlSecrets(url) } : {}) };
  }
  delete event.user;
  return event;
}
