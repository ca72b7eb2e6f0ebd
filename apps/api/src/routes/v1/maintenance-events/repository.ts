import type { operations } from '@portal/openapi/upstream-types';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { buildings, maintenanceEvents } from '../../../db/schema.js';
import { tenantBuildingIds } from '../../../domain/buildings.js';
import { serializeEvents } from '../../../domain/maintenance-events.js';
import { selectFirst, selectPage, sortable, type Page } from '../../../domain/queries.js';
import { pragueDayEnd, pragueDayStart } from '../../../domain/prague-time.js';

type Query = NonNullable<operations['listMaintenanceEvents']['parameters']['query']>;

const ordering = sortable(
  { starts_at: maintenanceEvents.startsAt, ends_at: maintenanceEvents.endsAt, created_at: maintenanceEvents.createdAt },
  'starts_at',
  () => asc(maintenanceEvents.id),
);

/**
 * Public events for everyone; tenant-only events only for tenants of that building. A
 * cancelled event is nobody's any more (the list, the detail and the calendar feed all read
 * through here); the staff still see it through their own list.
 */
async function visibleTo(db: Database, tenantId: string | null): Promise<SQL> {
  const notCancelled = isNull(maintenanceEvents.cancelledAt);
  const isPublic = eq(maintenanceEvents.visibility, 'public');
  if (tenantId === null) return and(notCancelled, isPublic) as SQL;
  const ids = await tenantBuildingIds(db, tenantId);
  const visible = ids.length === 0 ? isPublic : (or(isPublic, inArray(maintenanceEvents.buildingId, ids)) as SQL);
  return and(notCancelled, visible) as SQL;
}

/** Not ended by `since`: an event without a known end is never over (upstream.yaml: it counts as ongoing). */
const notEndedBy = (since: Date) => or(isNull(maintenanceEvents.endsAt), gte(maintenanceEvents.endsAt, since)) as SQL;

/** `ended=true`: the end has passed. `ended=false`: under way or still to come. */
function endedFilter(ended: boolean, now: Date): SQL {
  return ended
    ? (and(isNotNull(maintenanceEvents.endsAt), lte(maintenanceEvents.endsAt, now)) as SQL)
    : (or(isNull(maintenanceEvents.endsAt), gt(maintenanceEvents.endsAt, now)) as SQL);
}

/** `listMaintenanceEvents`: the events the caller may see. */
export async function listEvents(db: Database, tenantId: string | null, query: Query, page: Page) {
  const filters: SQL[] = [await visibleTo(db, tenantId)];
  if (query.building !== undefined) filters.push(eq(maintenanceEvents.buildingId, query.building));
  if (query.category !== undefined) filters.push(eq(maintenanceEvents.category, query.category));
  if (query.visibility !== undefined) filters.push(eq(maintenanceEvents.visibility, query.visibility));
  if (query.date_from !== undefined) filters.push(notEndedBy(pragueDayStart(query.date_from)));
  if (query.date_to !== undefined) filters.push(lt(maintenanceEvents.startsAt, pragueDayEnd(query.date_to)));
  if (query.ended !== undefined) filters.push(endedFilter(query.ended, new Date()));
  const { total, rows } = await selectPage(db, maintenanceEvents, page, and(...filters), ordering(query.ordering));
  return { total, items: await serializeEvents(db, rows) };
}

/** `getMaintenanceEvent`: undefined when unknown or not visible to the caller. */
export async function findEvent(db: Database, id: number, tenantId: string | null) {
  const row = await selectFirst(
    db,
    maintenanceEvents,
    and(eq(maintenanceEvents.id, id), await visibleTo(db, tenantId)),
  );
  if (row === undefined) return undefined;
  const [serialized] = await serializeEvents(db, [row]);
  return serialized;
}

/**
 * The calendar feed's events: those visible to the caller that ended at most `lookbackDays`
 * ago, oldest first, at most `limit`, each with its building.
 */
export async function calendarEvents(
  db: Database,
  filter: { tenantId: string | null; building?: number | undefined },
  window: { lookbackDays: number; limit: number },
) {
  const since = new Date(Date.now() - window.lookbackDays * 86_400_000);
  const filters: SQL[] = [await visibleTo(db, filter.tenantId), notEndedBy(since)];
  if (filter.building !== undefined) filters.push(eq(maintenanceEvents.buildingId, filter.building));
  const rows = await db
    .select({ event: maintenanceEvents, building: buildings })
    .from(maintenanceEvents)
    .innerJoin(buildings, eq(buildings.id, maintenanceEvents.buildingId))
    .where(and(...filters))
    .orderBy(asc(maintenanceEvents.startsAt), asc(maintenanceEvents.id))
    .limit(window.limit);
  return rows.map(({ event, building }) => ({ ...event, building }));
}
