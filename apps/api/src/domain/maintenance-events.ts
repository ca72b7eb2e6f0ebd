import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { maintenanceCategoryValues } from '@portal/openapi/upstream-types';
import type { Database } from '../db/database.js';
import { notifyOutage } from './notifications.js';
import { buildings, maintenanceEvents } from '../db/schema.js';
import { drfError, fieldErrors, requireText } from './errors.js';
import { selectFirst, selectPage, type Page } from './queries.js';
import { buildingRefsOf, iso } from './refs.js';
import { buildingFilter, checkVersion, coversBuilding, type StaffScope } from './staff.js';

export type MaintenanceEventRow = typeof maintenanceEvents.$inferSelect;
export type NewMaintenanceEvent = Omit<typeof maintenanceEvents.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The contract's values, in its order (generated from upstream.yaml). */
export const MAINTENANCE_CATEGORIES = maintenanceCategoryValues;

/**
 * Publishes planned outages: `public` ones for everyone, `tenant_only` ones for the tenants of
 * the building. An end that is not known yet (null) means the outage counts as under way.
 */
export async function publishMaintenanceEvents(
  db: Database,
  events: readonly NewMaintenanceEvent[],
): Promise<MaintenanceEventRow[]> {
  if (events.length === 0) return [];
  return db
    .insert(maintenanceEvents)
    .values([...events])
    .returning();
}

/* ---- the staff's side ------------------------------------------------------------------- */

export const eventNotFound = (id: number) =>
  drfError(404, 'not_found', `Plánovaná odstávka č. ${id} neexistuje nebo k ní nemáte přístup.`);
export const eventCancelled = () => drfError(409, 'event_cancelled', 'Odstávka je zrušená; nelze ji dále měnit.');

export type MaintenanceCategory = MaintenanceEventRow['category'];
export type MaintenanceVisibility = MaintenanceEventRow['visibility'];

/** The fields of `MaintenanceEvent`, what tenants and the public see of an outage. */
function publicFields(row: MaintenanceEventRow, places: Awaited<ReturnType<typeof buildingRefsOf>>) {
  return {
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
  };
}

/** `MaintenanceEvent`. */
export async function serializeEvents(db: Database, rows: MaintenanceEventRow[]) {
  const places = await buildingRefsOf(db, rows);
  return rows.map((row) => publicFields(row, places));
}

/** `StaffMaintenanceEvent`: the public fields plus the version and the cancellation. */
export async function serializeStaffEvents(db: Database, rows: MaintenanceEventRow[]) {
  const places = await buildingRefsOf(db, rows);
  return rows.map((row) => ({
    ...publicFields(row, places),
    version: row.version,
    cancelled_at: iso(row.cancelledAt),
    cancel_reason: row.cancelReason,
  }));
}

export async function serializeStaffEvent(db: Database, row: MaintenanceEventRow) {
  const [event] = await serializeStaffEvents(db, [row]);
  if (event === undefined) throw new Error('event serialisation failed');
  return event;
}

export type StaffEventState = 'upcoming' | 'past' | 'cancelled' | 'all';

/** The staff's list: `upcoming` (not cancelled, not over), `past`, `cancelled` or `all`. */
export async function listStaffEvents(
  db: Database,
  scope: StaffScope,
  filter: { building?: number | undefined; state?: StaffEventState | undefined; ordering?: string | undefined },
  page: Page,
) {
  const now = new Date();
  const filters: Array<SQL | undefined> = [buildingFilter(scope, maintenanceEvents.buildingId)];
  if (filter.building !== undefined) filters.push(eq(maintenanceEvents.buildingId, filter.building));
  const state = filter.state ?? 'upcoming';
  if (state === 'cancelled') filters.push(isNotNull(maintenanceEvents.cancelledAt));
  if (state === 'upcoming')
    filters.push(
      isNull(maintenanceEvents.cancelledAt),
      or(isNull(maintenanceEvents.endsAt), gt(maintenanceEvents.endsAt, now)),
    );
  if (state === 'past')
    filters.push(
      isNull(maintenanceEvents.cancelledAt),
      isNotNull(maintenanceEvents.endsAt),
      lte(maintenanceEvents.endsAt, now),
    );
  const ordering = filter.ordering ?? 'starts_at';
  const column = ordering.endsWith('created_at') ? maintenanceEvents.createdAt : maintenanceEvents.startsAt;
  const descending = ordering.startsWith('-');
  const { total, rows } = await selectPage(db, maintenanceEvents, page, and(...filters), [
    descending ? desc(column) : asc(column),
    descending ? desc(maintenanceEvents.id) : asc(maintenanceEvents.id),
  ]);
  return { total, items: await serializeStaffEvents(db, rows) };
}

export interface StaffEventFields {
  buildingId: number;
  title: string;
  description: string;
  category: MaintenanceCategory;
  visibility: MaintenanceVisibility;
  startsAt: Date;
  endsAt: Date | null;
}

/** The rules the JSON schema cannot express: texts not blank, the end after the start, a managed building. */
async function checkEvent(db: Database, scope: StaffScope, event: StaffEventFields): Promise<void> {
  requireText('title', event.title);
  requireText('description', event.description);
  if (event.endsAt !== null && event.endsAt.getTime() <= event.startsAt.getTime()) {
    throw fieldErrors({ ends_at: ['Konec odstávky musí být po jejím začátku.'] });
  }
  const building = await selectFirst(db, buildings, eq(buildings.id, event.buildingId));
  if (building === undefined || !coversBuilding(scope, event.buildingId)) {
    throw fieldErrors({ building: ['Vyberte budovu, kterou spravujete.'] });
  }
}

/** A planned outage announced by a staff member (the same as `portal-admin publish-maintenance`). */
export async function createStaffEvent(db: Database, scope: StaffScope, event: StaffEventFields) {
  await checkEvent(db, scope, event);
  const [row] = await publishMaintenanceEvents(db, [
    { ...event, title: event.title.trim(), description: event.description.trim() },
  ]);
  if (row === undefined) throw new Error('event insert returned no row');
  await notifyOutage(db, row, 'published');
  return row;
}

async function findStaffEvent(db: Database, scope: StaffScope, id: number) {
  const row = await selectFirst(
    db,
    maintenanceEvents,
    and(eq(maintenanceEvents.id, id), buildingFilter(scope, maintenanceEvents.buildingId)),
    { lock: true },
  );
  if (row === undefined) throw eventNotFound(id);
  return row;
}

/** Edits an outage that is not cancelled, checked against the version the change is based on. */
export async function updateStaffEvent(
  tx: Database,
  scope: StaffScope,
  id: number,
  expectedVersion: number | undefined,
  change: Partial<StaffEventFields>,
) {
  const row = await findStaffEvent(tx, scope, id);
  checkVersion(expectedVersion, row.version);
  if (row.cancelledAt !== null) throw eventCancelled();
  const next: StaffEventFields = {
    buildingId: change.buildingId ?? row.buildingId,
    title: change.title ?? row.title,
    description: change.description ?? row.description,
    category: change.category ?? row.category,
    visibility: change.visibility ?? row.visibility,
    startsAt: change.startsAt ?? row.startsAt,
    endsAt: change.endsAt === undefined ? row.endsAt : change.endsAt,
  };
  await checkEvent(tx, scope, next);
  const [updated] = await tx
    .update(maintenanceEvents)
    .set({
      ...next,
      title: next.title.trim(),
      description: next.description.trim(),
      updatedAt: new Date(),
      version: sql`${maintenanceEvents.version} + 1`,
    })
    .where(eq(maintenanceEvents.id, row.id))
    .returning();
  const moved =
    next.startsAt.getTime() !== row.startsAt.getTime() ||
    (next.endsAt?.getTime() ?? null) !== (row.endsAt?.getTime() ?? null);
  if (updated !== undefined && moved) await notifyOutage(tx, updated, 'moved');
  return updated ?? row;
}

/** Cancels an outage: gone from every tenant and public answer at once. */
export async function cancelStaffEvent(
  tx: Database,
  scope: StaffScope,
  userId: number,
  id: number,
  reason: string | null,
) {
  const row = await findStaffEvent(tx, scope, id);
  if (row.cancelledAt !== null) throw eventCancelled();
  const [updated] = await tx
    .update(maintenanceEvents)
    .set({
      cancelledAt: new Date(),
      cancelReason: reason?.trim() || null,
      cancelledBy: userId,
      updatedAt: new Date(),
      version: sql`${maintenanceEvents.version} + 1`,
    })
    .where(eq(maintenanceEvents.id, row.id))
    .returning();
  return updated ?? row;
}
