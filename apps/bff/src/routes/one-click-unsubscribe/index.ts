import type { FastifyPluginAsync } from 'fastify';
import { BffError, errorMessages } from '../../http/errors.js';
import { upstreamErrorBody } from '../../upstream/upstream-errors.js';

/** The page every non-security mail links to; its POST is the RFC 8058 one-click unsubscribe. */
export const UNSUBSCRIBE_PATH = '/odhlasit-odber';
/** Upstream operation `unsubscribe` (upstream.yaml). */
const UPSTREAM_UNSUBSCRIBE_PATH = '/api/v1/notifications/unsubscribe/';

interface OneClickRoute {
  Querystring: { token: string };
}

/**
 * One-click unsubscribe (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` to the
 * `List-Unsubscribe` address (`/odhlasit-odber?token=…`) with no cookie and no custom header.
 * Like the calendar feed, it lives outside `/api`, where the CSRF check does not apply, and is
 * safe there because the signed token alone decides what is switched off (one kind of mail
 * for one address), the session is never read, and a GET of the same address only shows the
 * SPA's confirmation page (link scanners act on GET; nothing acts on GET).
 */
export const oneClickUnsubscribeRoutes: FastifyPluginAsync = async (app) => {
  const { upstream } = app;
  // The body RFC 8058 prescribes; its content is fixed, so it is only read, not trusted.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post<OneClickRoute>(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string', minLength: 1, maxLength: 1000 } },
        },
      },
    },
    async (request, reply) => {
      const response = await upstream.request({
        method: 'POST',
        path: UPSTREAM_UNSUBSCRIBE_PATH,
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-id': request.id },
        body: JSON.stringify({ token: request.query.token }),
      });
      if (response.statusCode >= 400) {
        const { statusCode, body } = upstreamErrorBody(response.statusCode, await response.body.text().catch(() => ''));
        return reply.code(statusCode).header('cache-control', 'no-store').send(body);
      }
      if (response.statusCode !== 200) {
        await response.body.dump().catch(() => undefined);
        throw new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse);
      }
      await response.body.dump().catch(() => undefined);
      return reply.code(200).header('cache-control', 'no-store').send({ unsubscribed: true });
    },
  );
};
