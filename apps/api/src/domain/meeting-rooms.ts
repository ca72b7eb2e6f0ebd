import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { meetingRooms, reservations } from '../db/schema.js';
import { drfError, fieldErrors } from './errors.js';
import { daysBetween, isRealDay, pragueWallTime } from './prague-time.js';

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
    add('ends_at', `Rezervace smí trvat nejvýše ${room.maxDurationMinutes} minut.`);
  }
  const start = pragueWallTime(startsAt);
  const end = pragueWallTime(endsAt);
  const opening = minutesOf(room.openingTime);
  const closing = minutesOf(room.closingTime);
  const endMinutes = end.day === start.day ? end.minutes : end.minutes + 24 * 60 * daysBetween(start.day, end.day);
  if (start.minutes < opening || endMinutes > closing) {
    add('non_field_errors', `Místnost lze rezervovat jen v otevírací době ${room.openingTime}–${room.closingTime}.`);
  }
  const onGrid = (instant: Date, minutes: number) =>
    instant.getUTCSeconds() === 0 && instant.getUTCMilliseconds() === 0 && (minutes - opening) % room.slotMinutes === 0;
  if (!onGrid(startsAt, start.minutes) || !onGrid(endsAt, endMinutes)) {
    add('non_field_errors', `Začátek i konec rezervace musí ležet na mřížce po ${room.slotMinutes} minutách.`);
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** `date_from`..`date_to`, inclusive, at most 31 days (upstream.yaml). */
export function checkRange(from: string, to: string, maxDays = 31): void {
  if (!isRealDay(from)) throw fieldErrors({ date_from: ['Zadejte datum ve formátu RRRR-MM-DD.'] });
  if (!isRealDay(to)) throw fieldErrors({ date_to: ['Zadejte datum ve formátu RRRR-MM-DD.'] });
  const days = daysBetween(from, to);
  if (days < 0) throw fieldErrors({ date_to: ['Konec rozsahu musí být stejný den nebo po jeho začátku.'] });
  if (days > maxDays) throw fieldErrors({ date_to: [`Rozsah smí mít nejvýše ${maxDays} dní.`] });
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
