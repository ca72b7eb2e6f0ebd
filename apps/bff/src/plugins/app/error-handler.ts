import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { errorPage, wantsHtmlPage } from '../../http/error-page.js';
import { BffError, DEFAULT_RETRY_AFTER_SECONDS, errorMessages } from '../../http/errors.js';
import { validationFields } from '../../http/validation-messages.js';
import { reportServerError } from '../../observability/error-reporting.js';
import { isRedisUnavailable } from '../../redis/redis-client.js';

/**
 * The one error handler (docs/architecture.md §5): every failure becomes the BFF's error body
 * (`ErrorBody`, Czech message): validation failures with Czech field messages, Fastify's own
 * 4xx with a known code, Redis out of reach as 503, anything else as a masked 500. 5xx are
 * logged with the request context and reported (observability/error-reporting.ts).
 *
 * Registered before the route plugins: a child plugin keeps the handler it saw when it was
 * registered.
 * @see {@link https://fastify.dev/docs/latest/Reference/Server/#seterrorhandler}
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | BffError, request, reply) => {
      const mapped = toBffError(error);
      if (mapped.statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        reportServerError(error, request);
      }
      for (const [name, value] of Object.entries(mapped.headers)) reply.header(name, value);
      // A browser's page load that is throttled sees a Czech page, not JSON.
      if (mapped.statusCode === 429 && wantsHtmlPage(request)) {
        return reply
          .code(429)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(errorPage('Příliš mnoho požadavků', mapped.message));
      }
      return reply.code(mapped.statusCode).send(mapped.toBody());
    });
    // Every 429 says when to come back, whatever refused the request (a forwarded upstream
    // answer included), so no client has to guess and hammer.
    app.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 429 && !reply.hasHeader('retry-after'))
        reply.header('retry-after', DEFAULT_RETRY_AFTER_SECONDS);
    });
  },
  { name: 'error-handler' },
);

function toBffError(error: FastifyError | BffError): BffError {
  if (error instanceof BffError) return error;
  if (error.validation) {
    return new BffError(400, 'validation_error', errorMessages.validation, validationFields(error.validation));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new BffError(400, 'invalid_json', errorMessages.invalidJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new BffError(413, 'payload_too_large', errorMessages.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new BffError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
    default:
      break;
  }
  // Redis away (restarting): the session store cannot answer, and trying again shortly will do.
  if (isRedisUnavailable(error)) {
    return new BffError(503, 'session_store_unavailable', errorMessages.upstreamUnavailable, undefined, {
      'retry-after': '1',
    });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
  if (status >= 400 && status < 500) return new BffError(status, 'bad_request', errorMessages.validation);
  return new BffError(500, 'internal_error', errorMessages.internal);
}
