import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { meters, readings } from '../../../db/schema.js';
import { readingStates, serializeReadings, type MeterKind } from '../../../domain/meters.js';
import { orderingOf, selectPage, type Page } from '../../../domain/paging.js';
import { pragueDayEnd, pragueDayStart } from '../../../domain/prague-time.js';
import { buildingRefs } from '../../../domain/refs.js';

/** `listMeters`: the tenant's meters, each with its last reading and usual daily consumption. */
export async function listMeters(
  db: Database,
  filter: {
    tenantId: string;
    building?: number | undefined;
    kind?: MeterKind | undefined;
    ordering?: string | undefined;
  },
  page: Page,
) {
  const filters: SQL[] = [eq(meters.tenantId, filter.tenantId)];
  if (filter.building !== undefined) filters.push(eq(meters.buildingId, filter.building));
  if (filter.kind !== undefined) filters.push(eq(meters.kind, filter.kind));
  const { total, rows } = await selectPage(
    db,
    meters,
    {
      where: and(...filters),
      orderBy: orderingOf(
        filter.ordering,
        'serial_number',
        { serial_number: meters.serialNumber, kind: meters.kind },
        () => asc(meters.id),
      ),
    },
    page,
  );
  const [places, states] = await Promise.all([
    buildingRefs(
      db,
      rows.map((row) => row.buildingId),
    ),
    readingStates(
      db,
      rows.map((row) => row.id),
    ),
  ]);
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
export async function listReadings(
  db: Database,
  filter: {
    tenantId: string;
    meter?: number | undefined;
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
    ordering?: string | undefined;
  },
  page: Page,
) {
  const tenantMeters = db.select({ id: meters.id }).from(meters).where(eq(meters.tenantId, filter.tenantId));
  const filters: SQL[] = [inArray(readings.meterId, tenantMeters)];
  if (filter.meter !== undefined) filters.push(eq(readings.meterId, filter.meter));
  if (filter.dateFrom !== undefined) filters.push(gte(readings.readAt, pragueDayStart(filter.dateFrom)));
  if (filter.dateTo !== undefined) filters.push(lt(readings.readAt, pragueDayEnd(filter.dateTo)));
  const { total, rows } = await selectPage(
    db,
    readings,
    {
      where: and(...filters),
      orderBy: orderingOf(filter.ordering, '-read_at', { read_at: readings.readAt }, (descending) =>
        descending ? desc(readings.id) : asc(readings.id),
      ),
    },
    page,
  );
  return { total, items: await serializeReadings(db, rows) };
}
