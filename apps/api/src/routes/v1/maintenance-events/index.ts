import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../db/database.js';
import { buildings, maintenanceEvents } from '../../../db/schema.js';
import { buildingRefs, iso, tenantBuildingIds } from '../../../domain/refs.js';
import { drfError } from '../../../http/api-error.js';
import { contractSchema } from '../../../http/contract-schema.js';
import { assertPageExists, pageOf, pragueDayEnd, pragueDayStart } from '../../../http/pagination.js';
import { buildMaintenanceCalendar } from './calendar.js';

interface ListQuery {
  page?: number;
  page_size?: number;
  ordering?: string;
  building?: number;
  category?: string;
  visibility?: 'public' | 'tenant_only';
  date_from?: string;
  date_to?: string;
  ended?: boolean;
}

/** What the calendar feed looks back: outages that ended longer ago are of no use there. */
const CALENDAR_LOOKBACK_DAYS = 90;
/** The feed's size limit; an operator with more outages than this has other problems. */
const CALENDAR_MAX_EVENTS = 500;
/** Calendar applications poll; a quarter of an hour old is fresh enough for planned outages. */
const CALENDAR_MAX_AGE_SECONDS = 900;

type EventRow = typeof maintenanceEvents.$inferSelect;

async function serializeEvents(db: Database, rows: EventRow[]) {
  const places = await buildingRefs(
    db,
    rows.map((row) => row.buildingId),
  );
  return rows.map((row) => ({
    id: row.id,
    building: places.get(row.buildingId) ?? { id: row.buildingId, name: '' },
    title: row.title,
    description: row.description,
    category: row.category,
    visibility: row.visibility,
    starts_at: row.startsAt.toISOString(),
    ends_at: iso(row.endsAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Public events for everyone; tenant-only events only for tenants of that building. */
async function visibility(db: Database, tenantId: string | null): Promise<SQL> {
  const isPublic = eq(maintenanceEvents.visibility, 'public');
  if (tenantId === null) return isPublic;
  const ids = await tenantBuildingIds(db, tenantId);
  return ids.length === 0 ? isPublic : (or(isPublic, inArray(maintenanceEvents.buildingId, ids)) as SQL);
}

const COLUMNS = {
  starts_at: maintenanceEvents.startsAt,
  ends_at: maintenanceEvents.endsAt,
  created_at: maintenanceEvents.createdAt,
} as const;

export const maintenanceEventRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get(
    '/maintenance_events/',
    { schema: contractSchema('listMaintenanceEvents'), onRequest: [fastify.optionalTenant] },
    async (request, reply) => {
      const query = request.query as ListQuery;
      const filters: SQL[] = [await visibility(fastify.db, request.tenantId)];
      if (query.building !== undefined) filters.push(eq(maintenanceEvents.buildingId, query.building));
      if (query.category !== undefined) filters.push(eq(maintenanceEvents.category, query.category));
      if (query.visibility !== undefined) filters.push(eq(maintenanceEvents.visibility, query.visibility));
      if (query.date_from !== undefined) {
        filters.push(
          or(isNull(maintenanceEvents.endsAt), gte(maintenanceEvents.endsAt, pragueDayStart(query.date_from))) as SQL,
        );
      }
      if (query.date_to !== undefined) filters.push(lt(maintenanceEvents.startsAt, pragueDayEnd(query.date_to)));
      if (query.ended !== undefined) filters.push(endedFilter(query.ended, new Date()));
      const where = and(...filters);
      const page = pageOf(query);
      const [total] = await fastify.db.select({ value: count() }).from(maintenanceEvents).where(where);
      assertPageExists(page, total?.value ?? 0);
      const ordering = query.ordering ?? 'starts_at';
      const column = COLUMNS[ordering.replace(/^-/, '') as keyof typeof COLUMNS] ?? maintenanceEvents.startsAt;
      const rows = await fastify.db
        .select()
        .from(maintenanceEvents)
        .where(where)
        .orderBy(ordering.startsWith('-') ? desc(column) : asc(column), asc(maintenanceEvents.id))
        .limit(page.limit)
        .offset(page.offset);
      return reply.header('x-total-count', String(total?.value ?? 0)).send(await serializeEvents(fastify.db, rows));
    },
  );

  fastify.get(
    '/maintenance_events/calendar.ics',
    { schema: contractSchema('getMaintenanceEventsCalendar'), onRequest: [fastify.optionalTenant] },
    async (request, reply) => {
      const query = request.query as { building?: number };
      const now = new Date();
      const since = new Date(now.getTime() - CALENDAR_LOOKBACK_DAYS * 86_400_000);
      const filters: SQL[] = [
        await visibility(fastify.db, request.tenantId),
        or(isNull(maintenanceEvents.endsAt), gte(maintenanceEvents.endsAt, since)) as SQL,
      ];
      if (query.building !== undefined) filters.push(eq(maintenanceEvents.buildingId, query.building));
      const rows = await fastify.db
        .select({ event: maintenanceEvents, building: buildings })
        .from(maintenanceEvents)
        .innerJoin(buildings, eq(buildings.id, maintenanceEvents.buildingId))
        .where(and(...filters))
        .orderBy(asc(maintenanceEvents.startsAt), asc(maintenanceEvents.id))
        .limit(CALENDAR_MAX_EVENTS);
      const buildingName = query.building === undefined ? null : (rows[0]?.building.name ?? null);
      const body = buildMaintenanceCalendar(
        rows.map(({ event, building }) => ({ ...event, building })),
        {
          portalUrl: fastify.config.portalUrl,
          name: buildingName === null ? 'Plánované výpadky' : `Plánované výpadky – ${buildingName}`,
        },
      );
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
    { schema: contractSchema('getMaintenanceEvent'), onRequest: [fastify.optionalTenant] },
    async (request) => {
      const { id } = request.params as { id: number };
      const [row] = await fastify.db
        .select()
        .from(maintenanceEvents)
        .where(and(eq(maintenanceEvents.id, id), await visibility(fastify.db, request.tenantId)))
        .limit(1);
      if (row === undefined) throw drfError(404, 'not_found', 'Plánovaná odstávka nebyla nalezena.');
      const [serialized] = await serializeEvents(fastify.db, [row]);
      return serialized;
    },
  );
};

/**
 * `ended=true`: the end has passed. `ended=false`: under way or still to come; an event without
 * a known end is never over (upstream.yaml: it counts as ongoing).
 */
function endedFilter(ended: boolean, now: Date): SQL {
  return ended
    ? (and(isNotNull(maintenanceEvents.endsAt), lte(maintenanceEvents.endsAt, now)) as SQL)
    : (or(isNull(maintenanceEvents.endsAt), gt(maintenanceEvents.endsAt, now)) as SQL);
}
