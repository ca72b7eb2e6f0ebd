import { drfError } from '../../../domain/errors.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { pageOf, paged } from '../../../http/pagination.js';
import { buildMaintenanceCalendar } from './calendar.js';
import { calendarEvents, findEvent, listEvents } from './repository.js';

/** What the calendar feed looks back: outages that ended longer ago are of no use there. */
const CALENDAR_LOOKBACK_DAYS = 90;
/** The feed's size limit; an operator with more outages than this has other problems. */
const CALENDAR_MAX_EVENTS = 500;
/** Calendar applications poll; a quarter of an hour old is fresh enough for planned outages. */
const CALENDAR_MAX_AGE_SECONDS = 900;

/** Planned outages: public ones for everyone, tenant-only ones for the tenants of the building. */
export const maintenanceEventRoutes: ContractRoutes = async (fastify) => {
  const optionalTenant = { onRequest: [fastify.optionalTenant] };

  fastify.get(
    '/maintenance_events/',
    { schema: contractSchema('listMaintenanceEvents'), ...optionalTenant },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { total, items } = await listEvents(fastify.db, request.tenantId, request.query, page);
      return paged(reply, page, total).send(items);
    },
  );

  fastify.get(
    '/maintenance_events/calendar.ics',
    { schema: contractSchema('getMaintenanceEventsCalendar'), ...optionalTenant },
    async (request, reply) => {
      const { building } = request.query;
      const events = await calendarEvents(
        fastify.db,
        { tenantId: request.tenantId, building },
        { lookbackDays: CALENDAR_LOOKBACK_DAYS, limit: CALENDAR_MAX_EVENTS },
      );
      const buildingName = building === undefined ? null : (events[0]?.building.name ?? null);
      const body = buildMaintenanceCalendar(events, {
        portalUrl: fastify.config.portalUrl,
        name: buildingName === null ? 'Plánované odstávky' : `Plánované odstávky – ${buildingName}`,
      });
      // A tenant's feed includes its tenant-only outages: no shared cache may keep it.
      const scope = request.user === null ? 'public' : 'private';
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="planovane-vypadky.ics"')
        .header('cache-control', `${scope}, max-age=${CALENDAR_MAX_AGE_SECONDS}`)
        .send(body);
    },
  );

  fastify.get(
    '/maintenance_events/:id/',
    { schema: contractSchema('getMaintenanceEvent'), ...optionalTenant },
    async (request) => {
      const event = await findEvent(fastify.db, request.params.id, request.tenantId);
      if (event === undefined) throw drfError(404, 'not_found', 'Plánovaná odstávka nebyla nalezena.');
      return event;
    },
  );
};
