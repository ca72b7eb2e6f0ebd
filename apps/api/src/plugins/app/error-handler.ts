import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrlSecrets } from '@portal/fastify-common/redact-url';
import { ApiError } from '../../domain/errors.js';
import { toAllauthErrors, toDrfValidationBody } from '../../http/validation-errors.js';
import { reportServerError } from '../external/error-reporting.js';

export type ErrorStyle = 'drf' | 'allauth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Which error body the route answers with. allauth routes get `'allauth'` from their
     * folder plugin (routes/v1/allauth/index.ts); everything else is DRF-style.
     */
    errorStyle?: ErrorStyle;
  }
}

/** Status → DRF-like `code` and `detail` for errors raised by Fastify itself or by plugins. */
const CLIENT_ERRORS: Record<number, { code: string; detail: string }> = {
  400: { code: 'parse_error', detail: 'Tělo požadavku není platný JSON.' },
  401: { code: 'not_authenticated', detail: 'Nebyly zadány přihlašovací údaje.' },
  403: { code: 'permission_denied', detail: 'K této akci nemáte oprávnění.' },
  404: { code: 'not_found', detail: 'Požadovaný záznam nebyl nalezen.' },
  405: { code: 'method_not_allowed', detail: 'Tato metoda není povolena.' },
  406: { code: 'not_acceptable', detail: 'Požadovaný formát odpovědi není k dispozici.' },
  408: { code: 'request_timeout', detail: 'Vypršel časový limit požadavku.' },
  409: { code: 'conflict', detail: 'Požadavek je v rozporu se současným stavem.' },
  413: { code: 'request_too_large', detail: 'Požadavek je příliš velký.' },
  415: { code: 'unsupported_media_type', detail: 'Nepodporovaný typ obsahu; posílejte application/json.' },
  429: { code: 'throttled', detail: 'Příliš mnoho požadavků. Zkuste to prosím později.' },
};

const SERVER_ERROR = {
  code: 'server_error',
  detail: 'Na serveru došlo k chybě. Zkuste to prosím později.',
} as const;

/**
 * One error handler and one not-found handler for the whole app (docs/architecture.md §5):
 * - {@link ApiError}s are sent as built;
 * - schema validation failures become DRF field errors or allauth error items;
 * - other 4xx keep their status with a generic, known body (Fastify's own messages are
 *   English internals such as "Body cannot be empty when content-type is set to
 *   'application/json'" and are logged, not sent);
 * - 5xx are logged with the request context, reported to Sentry when it is configured, and
 *   masked; a stack trace never leaves the process (a 4xx is the client's mistake: not reported).
 * @see {@link https://fastify.dev/docs/latest/Reference/Server/#seterrorhandler}
 */
export const errorHandlerPlugin = fp(
  (fastify, _opts, done) => {
    fastify.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      const style: ErrorStyle = request.routeOptions.config.errorStyle ?? 'drf';

      if (error instanceof ApiError) {
        return reply.code(error.statusCode).headers(error.headers).send(error.body);
      }

      if (error.validation !== undefined) {
        request.log.info({ validation: error.validation }, 'request validation failed');
        return reply
          .code(400)
          .send(
            style === 'allauth'
              ? { status: 400, errors: toAllauthErrors(error.validation) }
              : toDrfValidationBody(error.validation),
          );
      }

      const statusCode =
        typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
          ? error.statusCode
          : 500;

      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        reportServerError(error, request);
        return sendError(reply, style, statusCode, SERVER_ERROR);
      }

      // Expected client mistakes: no stack trace in the log either.
      request.log.info({ code: error.code, reason: error.message, statusCode }, 'request rejected');
      return sendError(
        reply,
        style,
        statusCode,
        CLIENT_ERRORS[statusCode] ?? { code: 'client_error', detail: 'Neplatný požadavek.' },
      );
    });

    // Every 429 says when to come back (the allauth reset request's included), so no client
    // has to guess and hammer.
    fastify.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    });

    fastify.setNotFoundHandler((request, reply) => {
      request.log.info({ method: request.method, url: redactUrlSecrets(request.url) }, 'route not found');
      return reply.code(404).send({ detail: CLIENT_ERRORS[404]?.detail, code: 'not_found' });
    });

    done();
  },
  { name: 'error-handler' },
);

function sendError(
  reply: FastifyReply,
  style: ErrorStyle,
  statusCode: number,
  error: { code: string; detail: string },
): FastifyReply {
  return reply
    .code(statusCode)
    .send(
      style === 'allauth'
        ? { status: statusCode, errors: [{ code: error.code, message: error.detail }] }
        : { detail: error.detail, code: error.code },
    );
}
