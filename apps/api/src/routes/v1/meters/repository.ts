import type { operations } from '@portal/openapi/upstream-types';
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { meters, readings } from '../../../db/schema.js';
import { readingStates, serializeReadings } from '../../../domain/meters.js';
import { selectPage, sortable, type Page } from '../../../domain/queries.js';
import { pragueDayEnd, pragueDayStart } from '../../../domain/prague-time.js';
import { buildingRefsOf } from '../../../domain/refs.js';

type MeterQuery = NonNullable<operations['listMeters']['parameters']['query']>;
type ReadingQuery = NonNullable<operations['listReadings']['parameters']['query']>;

const meterOrdering = sortable({ serial_number: meters.serialNumber, kind: meters.kind }, 'serial_number', () =>
  asc(meters.id),
);
const readingOrdering = sortable({ read_at: readings.readAt }, '-read_at', (descending) =>
  descending ? desc(readings.id) : asc(readings.id),
);

/** `listMeters`: the tenant's meters, each with its last reading and usual daily consumption. */
export async function listMeters(db: Database, tenantId: string, query: MeterQuery, page: Page) {
  const filters: SQL[] = [eq(meters.tenantId, tenantId)];
  if (query.building !== undefined) filters.push(eq(meters.buildingId, query.building));
  if (query.kind !== undefined) filters.push(eq(meters.kind, query.kind));
  const { total, rows } = await selectPage(db, meters, page, and(...filters), meterOrdering(query.ordering));
  const ids = rows.map((row) => row.id);
  const [places, states] = await Promise.all([buildingRefsOf(db, rows), readingStates(db, ids)]);
  const items = rows.map((row) => {
    const state = states.get(row.id);
    return {
      id: row.id,
      serial_number: row.serialNumber,
      kind: row.kind,
      unit: row.unit,
      building: places.get(row.buildingId) ?? { id: row.buildingId, name: '' },
      location: row.location,
      last_reading:
        state === undefined
          ? null
          : { id: state.last.id, value: state.last.value, read_at: state.last.readAt.toISOString() },
      usual_daily_consumption: state?.usualDailyConsumption ?? null,
    };
  });
  return { total, items };
}

/** `listReadings`: readings of the tenant's meters, newest first unless asked otherwise. */
export async function listReadings(db: Database, tenantId: string, query: ReadingQuery, page: Page) {
  const tenantMeters = db.select({ id: meters.id }).from(meters).where(eq(meters.tenantId, tenantId));
  const filters: SQL[] = [inArray(readings.meterId, tenantMeters)];
  if (query.meter !== undefined) filters.push(eq(readings.meterId, query.meter));
  if (query.date_from !== undefined) filters.push(gte(readings.readAt, pragueDayStart(query.date_from)));
  if (query.date_to !== undefined) filters.push(lt(readings.readAt, pragueDayEnd(query.date_to)));
  const { total, rows } = await selectPage(db, readings, page, and(...filters), readingOrdering(query.ordering));
  return { total, items: await serializeReadings(db, rows) };
}
