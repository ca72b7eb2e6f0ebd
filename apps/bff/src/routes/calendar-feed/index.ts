import type { FastifyPluginAsync } from 'fastify';
import { BffError, errorMessages } from '../../http/errors.js';
import { upstreamErrorBody } from '../../upstream/upstream-errors.js';

/** The public address calendar applications subscribe to (also as `webcal://`). */
export const CALENDAR_FEED_PATH = '/kalendar/planovane-vypadky.ics';
/** Upstream operation `getMaintenanceEventsCalendar` (upstream.yaml). */
const UPSTREAM_CALENDAR_PATH = '/api/v1/maintenance_events/calendar.ics';
/** Calendar applications poll; planned outages a quarter of an hour old are fresh enough. */
const CACHE_CONTROL = 'public, max-age=900';

/**
 * Not an operation of bff.yaml (the document describes `/api`, where every call carries
 * `X-CSRF`), so its one parameter is declared here.
 */
interface CalendarFeedRoute {
  Querystring: { budova?: number };
}

/**
 * The planned-outage feed for calendar applications: the documented exception to the rule that
 * every request under `/api` carries `X-CSRF: 1` and rides on the session (docs/architecture.md §4, CSRF).
 *
 * A calendar application (Google Calendar, Outlook, iOS) fetches a subscribed URL on its own
 * schedule, from its own servers, with no cookie and no custom header, so the allowlisted
 * `GET /api/v1/maintenance_events/calendar.ics` (which requires `X-CSRF`) cannot serve it. This
 * route lives outside `/api`, where the CSRF check does not apply, and is safe there because:
 * - it is a GET without side effects, so forging it gains an attacker nothing;
 * - it never reads the session: the upstream is called without a token, so the answer holds the
 *   public outages only (what `/planovane-vypadky` shows a guest), never a tenant's data, and a
 *   shared cache may keep it;
 * - it forwards nothing from the caller but a validated building id.
 * The `maintenanceEvents` flag hides it like every other part of the feature (404).
 */
export const calendarFeedRoutes: FastifyPluginAsync = async (app) => {
  const { config, upstream } = app;

  app.get<CalendarFeedRoute>(
    CALENDAR_FEED_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          // `budova` (building) in Czech, like the page's own query parameters.
          properties: { budova: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
        },
      },
    },
    async (request, reply) => {
      if (!config.features.maintenanceEvents) throw new BffError(404, 'not_found', errorMessages.notFound);
      const { budova } = request.query;
      const response = await upstream.request({
        method: 'GET',
        path: budova === undefined ? UPSTREAM_CALENDAR_PATH : `${UPSTREAM_CALENDAR_PATH}?building=${budova}`,
        headers: { accept: 'text/calendar', 'x-request-id': request.id },
      });
      if (response.statusCode >= 400) {
        const { statusCode, body } = upstreamErrorBody(response.statusCode, await response.body.text().catch(() => ''));
        return reply.code(statusCode).header('cache-control', 'no-store').send(body);
      }
      const contentType = String(response.headers['content-type'] ?? '');
      if (response.statusCode !== 200 || !contentType.toLowerCase().startsWith('text/calendar')) {
        await response.body.dump().catch(() => undefined);
        throw new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse);
      }
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="planovane-vypadky.ics"')
        .header('cache-control', CACHE_CONTROL)
        .send(response.body);
    },
  );
};
