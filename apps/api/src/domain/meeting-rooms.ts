import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { notifyReservationCancelledByStaff } from './notifications.js';
import { buildings, meetingRooms, reservations, tenants } from '../db/schema.js';
import { czechCount, czechDuration, czechTime } from './czech-count.js';
import { drfError, fieldErrors, requireText } from './errors.js';
import { daysBetween, isRealDay, pragueDayEnd, pragueDayStart, pragueWallTime } from './prague-time.js';
import { selectFirst } from './queries.js';
import { buildingRefsOf, iso, userRefs } from './refs.js';
import { buildingFilter, coversBuilding, type StaffScope } from './staff.js';

/**
 * Meeting rooms and the booking rules of upstream.yaml `createReservation`, shared by the
 * tenants' and the visitors' bookings, the operator's CLI and the demo seed.
 */

export type RoomRow = typeof meetingRooms.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

export const reservationConflict = () =>
  drfError(409, 'reservation_conflict', 'Místnost je v tomto čase již obsazená. Vyberte jiný termín.');

export async function createRoom(
  db: Database,
  room: Omit<typeof meetingRooms.$inferInsert, 'id' | 'createdAt'>,
): Promise<RoomRow> {
  const [row] = await db.insert(meetingRooms).values(room).returning();
  if (row === undefined) throw new Error(`Inserting the room ${room.name} returned no row.`);
  return row;
}

/**
 * Inserts confirmed reservations; the exclusion constraint `reservations_no_overlap` turns a
 * double booking into 409 `reservation_conflict`, also between concurrent requests.
 */
export async function insertReservations(
  db: Database,
  values: ReadonlyArray<typeof reservations.$inferInsert>,
): Promise<ReservationRow[]> {
  try {
    return await db
      .insert(reservations)
      .values([...values])
      .returning();
  } catch (error) {
    if (isOverlapViolation(error)) throw reservationConflict();
    throw error;
  }
}

export interface RoomRules {
  openingTime: string;
  closingTime: string;
  slotMinutes: number;
  maxDurationMinutes: number;
}

const minutesOf = (time: string) => {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
};

/**
 * The booking rules of upstream.yaml `createReservation`: a future slot on the room's grid,
 * inside its opening hours on one Prague day, no longer than its maximum. Every broken rule is
 * reported as a DRF field error in Czech.
 */
export function checkSlot(room: RoomRules, startsAt: Date, endsAt: Date, now = new Date()): void {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (Number.isNaN(startsAt.getTime())) add('starts_at', 'Zadejte platné datum a čas začátku.');
  if (Number.isNaN(endsAt.getTime())) add('ends_at', 'Zadejte platné datum a čas konce.');
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);

  if (endsAt <= startsAt) add('ends_at', 'Konec rezervace musí být po jejím začátku.');
  if (startsAt <= now) add('starts_at', 'Rezervovat lze jen termín v budoucnosti.');
  const duration = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  if (duration > room.maxDurationMinutes) {
    add('ends_at', `Rezervace může trvat nejvýše ${czechDuration(room.maxDurationMinutes)}.`);
  }
  const start = pragueWallTime(startsAt);
  const end = pragueWallTime(endsAt);
  const opening = minutesOf(room.openingTime);
  const closing = minutesOf(room.closingTime);
  const endMinutes = end.day === start.day ? end.minutes : end.minutes + 24 * 60 * daysBetween(start.day, end.day);
  if (start.minutes < opening || endMinutes > closing) {
    add(
      'non_field_errors',
      `Místnost lze rezervovat jen v otevírací době ${czechTime(room.openingTime)}–${czechTime(room.closingTime)}.`,
    );
  }
  const onGrid = (instant: Date, minutes: number) =>
    instant.getUTCSeconds() === 0 && instant.getUTCMilliseconds() === 0 && (minutes - opening) % room.slotMinutes === 0;
  if (!onGrid(startsAt, start.minutes) || !onGrid(endsAt, endMinutes)) {
    add(
      'non_field_errors',
      `Začátek i konec rezervace musí odpovídat úsekům po ${czechCount(room.slotMinutes, { one: 'minutě', few: 'minutách', other: 'minutách' })} od začátku otevírací doby.`,
    );
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** `date_from`..`date_to`, inclusive, at most 31 days (upstream.yaml). */
export function checkRange(from: string, to: string, maxDays = 31): void {
  if (!isRealDay(from)) throw fieldErrors({ date_from: ['Zadejte datum ve formátu RRRR-MM-DD.'] });
  if (!isRealDay(to)) throw fieldErrors({ date_to: ['Zadejte datum ve formátu RRRR-MM-DD.'] });
  const days = daysBetween(from, to);
  if (days < 0) throw fieldErrors({ date_to: ['Konec rozsahu musí být stejný den nebo po jeho začátku.'] });
  if (days > maxDays) throw fieldErrors({ date_to: [`Rozsah může mít nejvýše ${maxDays} dní.`] });
}

/** PostgreSQL's exclusion_violation (23P01), also when wrapped by drizzle's query error. */
export function isOverlapViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: string }).code === '23P01') return true;
  }
  return false;
}

const notCancellable = () =>
  drfError(409, 'reservation_not_cancellable', 'Rezervaci už nelze zrušit: již začala nebo byla zrušena.');

/** Whether a reservation may still be cancelled: confirmed and not yet begun. */
export const canCancel = (row: ReservationRow, now: Date) => row.status === 'confirmed' && row.startsAt > now;

/** Cancels a reservation that has not begun (upstream.yaml `cancelReservation`); 409 otherwise. */
export async function cancelReservation(tx: Database, row: ReservationRow, now = new Date()): Promise<ReservationRow> {
  if (!canCancel(row, now)) throw notCancellable();
  const [cancelled] = await tx
    .update(reservations)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(eq(reservations.id, row.id))
    .returning();
  return cancelled ?? row;
}

/* ---- the staff's side ------------------------------------------------------------------- */

const roomNotFound = (id: number) =>
  drfError(404, 'not_found', `Místnost č. ${id} neexistuje nebo k ní nemáte přístup.`);
const reservationNotFound = (id: number) =>
  drfError(404, 'not_found', `Rezervace č. ${id} neexistuje nebo k ní nemáte přístup.`);

/** A room of a building the scope covers, with its building's reference; 404 otherwise. */
async function staffRoom(db: Database, scope: StaffScope, roomId: number) {
  const [row] = await db
    .select({ room: meetingRooms, buildingName: buildings.name })
    .from(meetingRooms)
    .innerJoin(buildings, eq(buildings.id, meetingRooms.buildingId))
    .where(eq(meetingRooms.id, roomId))
    .limit(1);
  if (row === undefined || !coversBuilding(scope, row.room.buildingId)) throw roomNotFound(roomId);
  return {
    row: row.room,
    ref: { id: row.room.id, name: row.room.name, building: { id: row.room.buildingId, name: row.buildingName } },
  };
}

/** `StaffReservation`: who booked it – a tenant (and its user) or a visitor. */
async function serializeStaffReservations(
  db: Database,
  rows: ReservationRow[],
  room: { id: number; name: string; building: { id: number; name: string } },
  now = new Date(),
) {
  const tenantIds = [...new Set(rows.map((row) => row.tenantId).filter((id): id is string => id !== null))];
  const names = new Map(
    (tenantIds.length === 0
      ? []
      : await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, tenantIds))
    ).map((tenant) => [tenant.id, tenant]),
  );
  const people = await userRefs(
    db,
    rows.map((row) => row.createdBy),
  );
  return rows.map((row) => ({
    id: row.id,
    room,
    title: row.title,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status,
    booked_by:
      row.tenantId === null
        ? { kind: 'public' as const, tenant: null, user: null, name: row.name, email: row.email, phone: row.phone }
        : {
            kind: 'tenant' as const,
            tenant: names.get(row.tenantId) ?? { id: row.tenantId, name: '' },
            user: row.createdBy === null ? null : (people.get(row.createdBy) ?? null),
            name: null,
            email: null,
            phone: null,
          },
    created_at: row.createdAt.toISOString(),
    cancelled_at: iso(row.cancelledAt),
    cancel_reason: row.cancelReason,
    can_cancel: canCancel(row, now),
  }));
}

/** Every reservation of a room that overlaps a Prague day, confirmed and cancelled, by start. */
export async function listStaffReservations(db: Database, scope: StaffScope, roomId: number, day: string) {
  if (!isRealDay(day)) throw fieldErrors({ day: ['Zadejte platné datum.'] });
  const { ref } = await staffRoom(db, scope, roomId);
  const rows = await db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.roomId, roomId),
        lt(reservations.startsAt, pragueDayEnd(day)),
        gt(reservations.endsAt, pragueDayStart(day)),
      ),
    )
    .orderBy(asc(reservations.startsAt), asc(reservations.id));
  return serializeStaffReservations(db, rows, ref);
}

/**
 * The staff cancel a reservation that has not begun, with a reason kept beside it and who did
 * it; the same row lock and 409 as a tenant's cancel. Answers the reservation and the notice
 * the booker is to get (null when no address is known, e.g. anonymised).
 */
export async function cancelStaffReservation(
  tx: Database,
  scope: StaffScope,
  userId: number,
  id: number,
  reason: string,
) {
  requireText('reason', reason);
  const row = await selectFirst(tx, reservations, eq(reservations.id, id), { lock: true });
  if (row === undefined) throw reservationNotFound(id);
  const room = await staffRoom(tx, scope, row.roomId).catch(() => {
    throw reservationNotFound(id);
  });
  const cancelled = await cancelReservation(tx, row);
  const [withReason] = await tx
    .update(reservations)
    .set({ cancelReason: reason.trim(), cancelledBy: userId })
    .where(eq(reservations.id, cancelled.id))
    .returning();
  const [serialized] = await serializeStaffReservations(tx, [withReason ?? cancelled], room.ref);
  if (serialized === undefined) throw new Error('reservation serialisation failed');
  // Whoever booked it learns why, with METHOD:CANCEL for the calendar (committed with the cancel).
  await notifyReservationCancelledByStaff(tx, withReason ?? cancelled, reason.trim());
  return serialized;
}

/** `MeetingRoom` of upstream.yaml. */
export async function serializeRooms(db: Database, rows: RoomRow[]) {
  const places = await buildingRefsOf(db, rows);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    building: places.get(row.buildingId) ?? { id: row.buildingId, name: '' },
    floor: row.floor,
    capacity: row.capacity,
    equipment: row.equipment,
    description: row.description,
    photo_url: row.photoUrl,
    public_booking: row.publicBooking,
    opening_time: row.openingTime,
    closing_time: row.closingTime,
    slot_minutes: row.slotMinutes,
    max_duration_minutes: row.maxDurationMinutes,
  }));
}

/** Every room of the scope's buildings (or of one of them), by building and name. */
export async function listStaffRooms(db: Database, scope: StaffScope, building: number | undefined) {
  const rows = await db
    .select()
    .from(meetingRooms)
    .where(
      and(
        buildingFilter(scope, meetingRooms.buildingId),
        building === undefined ? undefined : eq(meetingRooms.buildingId, building),
      ),
    )
    .orderBy(asc(meetingRooms.buildingId), asc(meetingRooms.name), asc(meetingRooms.id));
  return serializeRooms(db, rows);
}
