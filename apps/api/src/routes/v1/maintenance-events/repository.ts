import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { buildings, maintenanceEvents } from '../../../db/schema.js';
import { tenantBuildingIds } from '../../../domain/buildings.js';
import type { MaintenanceEventRow } from '../../../domain/maintenance-events.js';
import { orderingOf, selectPage, type Page } from '../../../domain/paging.js';
import { pragueDayEnd, pragueDayStart } from '../../../domain/prague-time.js';
import { buildingRefs, iso } from '../../../domain/refs.js';

type Category = MaintenanceEventRow['category'];
type Visibility = MaintenanceEventRow['visibility'];

async function serializeEvents(db: Database, rows: MaintenanceEventRow[]) {
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
async function visibleTo(db: Database, tenantId: string | null): Promise<SQL> {
  const isPublic = eq(maintenanceEvents.visibility, 'public');
  if (tenantId === null) return isPublic;
  const ids = await tenantBuildingIds(db, tenantId);
  return ids.length === 0 ? isPublic : (or(isPublic, inArray(maintenanceEvents.buildingId, ids)) as SQL);
}

/** Not ended by `since`: an event without a known end is never over (upstream.yaml: it counts as ongoing). */
const notEndedBy = (since: Date) => or(isNull(maintenanceEvents.endsAt), gte(maintenanceEvents.endsAt, since)) as SQL;

/** `ended=true`: the end has passed. `ended=false`: under way or still to come. */
function endedFilter(ended: boolean, now: Date): SQL {
  return ended
    ? (and(isNotNull(maintenanceEvents.endsAt), lte(maintenanceEvents.endsAt, now)) as SQL)
    : (or(isNull(maintenanceEvents.endsAt), gt(maintenanceEvents.endsAt, now)) as SQL);
}

export interface EventFilter {
  tenantId: string | null;
  building?: number | undefined;
  category?: Category | undefined;
  visibility?: Visibility | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  ended?: boolean | undefined;
  ordering?: string | undefined;
}

/** `listMaintenanceEvents`. */
export async function listEvents(db: Database, filter: EventFilter, page: Page) {
  const filters: SQL[] = [await visibleTo(db, filter.tenantId)];
  if (filter.building !== undefined) filters.push(eq(maintenanceEvents.buildingId, filter.building));
  if (filter.category !== undefined) filters.push(eq(maintenanceEvents.category, filter.category));
  if (filter.visibility !== undefined) filters.push(eq(maintenanceEvents.visibility, filter.visibility));
  if (filter.dateFrom !== undefined) filters.push(notEndedBy(pragueDayStart(filter.dateFrom)));
  if (filter.dateTo !== undefined) filters.push(lt(maintenanceEvents.startsAt, pragueDayEnd(filter.dateTo)));
  if (filter.ended !== undefined) filters.push(endedFilter(filter.ended, new Date()));
  const { total, rows } = await selectPage(
    db,
    maintenanceEvents,
    {
      where: and(...filters),
      orderBy: orderingOf(
        filter.ordering,
        'starts_at',
        {
          starts_at: maintenanceEvents.startsAt,
          ends_at: maintenanceEvents.endsAt,
          created_at: maintenanceEvents.createdAt,
        },
        () => asc(maintenanceEvents.id),
      ),
    },
    page,
  );
  return { total, items: await serializeEvents(db, rows) };
}

/** `getMaintenanceEvent`: undefined when unknown or not visible to the caller. */
export async function findEvent(db: Database, id: number, tenantId: string | null) {
  const [row] = await db
    .select()
    .from(maintenanceEvents)
    .where(and(eq(maintenanceEvents.id, id), await visibleTo(db, tenantId)))
    .limit(1);
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
