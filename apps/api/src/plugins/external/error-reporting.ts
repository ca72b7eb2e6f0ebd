import * as Sentry from '@sentry/node';
import type { FastifyRequest } from 'fastify';
import { redactUrlSecrets } from '@portal/fastify-common/redact-url';
import type { AppConfig } from '../../config/env.js';

/**
 * Server errors reported to Sentry, only when `SENTRY_DSN` is set. server.ts starts it before it
 * builds the app; the central error handler (plugins/app/error-handler.ts) reports every 5xx
 * through {@link reportServerError}, never a 4xx – that is the client's mistake, not a fault to
 * fix. Events carry the method, the route and the URL without secrets, and the request id that
 * finds the request in the logs; never headers, bodies or addresses.
 * @see {@link https://docs.sentry.io/platforms/javascript/guides/fastify/}
 */
export function startErrorReporting(config: Pick<AppConfig, 'errorReporting'>): boolean {
  if (config.errorReporting === undefined) return false;
  Sentry.init({
    dsn: config.errorReporting.dsn,
    environment: config.errorReporting.environment,
    // The central error handler reports, and only 5xx; the SDK's own Fastify integration would
    // capture errors a second way, with other rules.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Fastify'),
    beforeSend(event) {
      // Whatever an integration attached about the request, only these survive.
      if (event.request !== undefined) {
        event.request = {
          method: event.request.method,
          url: event.request.url === undefined ? undefined : redactUrlSecrets(event.request.url),
        };
      }
      return event;
    },
  });
  return true;
}

/** Reports a server error of a request; does nothing while reporting is off. */
export function reportServerError(error: unknown, request: FastifyRequest): void {
  if (!Sentry.isInitialized()) return;
  Sentry.withScope((scope) => {
    scope.setTag('request_id', request.id);
    scope.setContext('request', {
      method: request.method,
      route: request.routeOptions.url,
      url: redactUrlSecrets(request.url),
    });
    Sentry.captureException(error);
  });
}

/** Sends what is still queued (at most `timeoutMs`) and stops; for a graceful shutdown. */
export async function stopErrorReporting(timeoutMs = 2_000): Promise<void> {
  if (Sentry.isInitialized()) await Sentry.close(timeoutMs);
}
