import type { operations } from '@portal/openapi/upstream-types';
import { and, asc, eq, gt, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { meetingRooms, reservations } from '../../../db/schema.js';
import { accessCodeMatches } from '../../../domain/access-codes.js';
import { tenantBuildingIds } from '../../../domain/buildings.js';
import { canCancel, serializeRooms, type ReservationRow, type RoomRow } from '../../../domain/meeting-rooms.js';
import { selectFirst, selectPage, sortable, type Page } from '../../../domain/queries.js';
import { pragueDayEnd, pragueDayStart } from '../../../domain/prague-time.js';
import { buildingRefsOf, iso, userRefs } from '../../../domain/refs.js';

type RoomQuery = NonNullable<operations['listMeetingRooms']['parameters']['query']>;
type ReservationQuery = NonNullable<operations['listReservations']['parameters']['query']>;

const roomOrdering = sortable({ name: meetingRooms.name, capacity: meetingRooms.capacity }, 'name', () =>
  asc(meetingRooms.id),
);
const reservationOrdering = sortable(
  { starts_at: reservations.startsAt, created_at: reservations.createdAt },
  'starts_at',
  () => asc(reservations.id),
);

/**
 * Which rooms a caller may see and book: anonymous callers the rooms open to public booking;
 * a tenant additionally every room in the buildings where it rents space.
 */
async function visibleRooms(db: Database, tenantId: string | null): Promise<SQL> {
  const isPublic = eq(meetingRooms.publicBooking, true);
  if (tenantId === null) return isPublic;
  const ids = await tenantBuildingIds(db, tenantId);
  return ids.length === 0 ? isPublic : (or(isPublic, inArray(meetingRooms.buildingId, ids)) as SQL);
}

/** A room the caller may see (`tenantId` null: an anonymous visitor). */
export async function findRoom(db: Database, id: number, tenantId: string | null): Promise<RoomRow | undefined> {
  return selectFirst(db, meetingRooms, and(eq(meetingRooms.id, id), await visibleRooms(db, tenantId)));
}

/** `MeetingRoomRef`s by id; a room that is gone shows with an empty name. */
async function roomRefs(db: Database, ids: number[]) {
  const rows = ids.length === 0 ? [] : await db.select().from(meetingRooms).where(inArray(meetingRooms.id, ids));
  const places = await buildingRefsOf(db, rows);
  const refs = new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, building: places.get(row.buildingId) ?? { id: row.buildingId, name: '' } },
    ]),
  );
  return (id: number) => refs.get(id) ?? { id, name: '', building: { id: 0, name: '' } };
}

export async function serializeReservations(db: Database, rows: ReservationRow[], now = new Date()) {
  const creators = rows.map((row) => row.createdBy);
  const [roomOf, people] = await Promise.all([
    roomRefs(db, [...new Set(rows.map((row) => row.roomId))]),
    userRefs(db, creators),
  ]);
  return rows.map((row) => ({
    id: row.id,
    room: roomOf(row.roomId),
    title: row.title ?? '',
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    attendees: row.attendees,
    note: row.note,
    status: row.status,
    created_by: row.createdBy === null ? null : (people.get(row.createdBy) ?? null),
    created_at: row.createdAt.toISOString(),
    cancelled_at: iso(row.cancelledAt),
    can_cancel: canCancel(row, now),
  }));
}

/** A visitor's reservation as its cancellation link shows it. */
export async function serializePublicReservation(db: Database, row: ReservationRow) {
  const roomOf = await roomRefs(db, [row.roomId]);
  return {
    uuid: row.uuid,
    room: roomOf(row.roomId),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    name: row.name ?? '',
    status: row.status,
    created_at: row.createdAt.toISOString(),
    cancelled_at: iso(row.cancelledAt),
  };
}

/**
 * The public reservation behind a cancellation link, or undefined when the uuid is unknown, the
 * token is wrong or the reservation is a tenant's: all three look the same to the caller. The
 * token is checked in constant time, also when the uuid is unknown.
 */
export async function publicReservationByToken(
  db: Database,
  uuid: string,
  token: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ReservationRow | undefined> {
  const row = await selectFirst(db, reservations, eq(reservations.uuid, uuid.toLowerCase()), { lock });
  const matches = accessCodeMatches(token, row?.cancelTokenHash);
  return row !== undefined && row.tenantId === null && matches ? row : undefined;
}

/** `listMeetingRooms`: the rooms the caller may see. */
export async function listRooms(db: Database, tenantId: string | null, query: RoomQuery, page: Page) {
  const filters: SQL[] = [await visibleRooms(db, tenantId)];
  if (query.building !== undefined) filters.push(eq(meetingRooms.buildingId, query.building));
  if (query.capacity_min !== undefined) filters.push(gte(meetingRooms.capacity, query.capacity_min));
  if (query.public === true) filters.push(eq(meetingRooms.publicBooking, true));
  const { total, rows } = await selectPage(db, meetingRooms, page, and(...filters), roomOrdering(query.ordering));
  return { total, items: await serializeRooms(db, rows) };
}

/** Confirmed reservations overlapping the Prague days `from`..`to` (inclusive). */
const overlapping = (from: string, to: string) => [
  eq(reservations.status, 'confirmed'),
  lt(reservations.startsAt, pragueDayEnd(to)),
  gt(reservations.endsAt, pragueDayStart(from)),
];

/** `getMeetingRoomAvailability`: the busy slots of a room, without saying whose. */
export async function busySlots(db: Database, roomId: number, from: string, to: string) {
  const rows = await db
    .select({ startsAt: reservations.startsAt, endsAt: reservations.endsAt })
    .from(reservations)
    .where(and(eq(reservations.roomId, roomId), ...overlapping(from, to)))
    .orderBy(asc(reservations.startsAt));
  return rows.map((slot) => ({ starts_at: slot.startsAt.toISOString(), ends_at: slot.endsAt.toISOString() }));
}

/** `listReservations`: the tenant's reservations; with `mine`, only those `userId` made. */
export async function listReservations(
  db: Database,
  caller: { tenantId: string; userId: number },
  query: ReservationQuery,
  page: Page,
) {
  const filters: SQL[] = [eq(reservations.tenantId, caller.tenantId)];
  if (query.room !== undefined) filters.push(eq(reservations.roomId, query.room));
  if (query.status !== undefined) filters.push(eq(reservations.status, query.status));
  if (query.date_from !== undefined) filters.push(gte(reservations.endsAt, pragueDayStart(query.date_from)));
  if (query.date_to !== undefined) filters.push(lt(reservations.startsAt, pragueDayEnd(query.date_to)));
  if (query.mine === true) filters.push(eq(reservations.createdBy, caller.userId));
  const { total, rows } = await selectPage(
    db,
    reservations,
    page,
    and(...filters),
    reservationOrdering(query.ordering),
  );
  return { total, items: await serializeReservations(db, rows) };
}

/**
 * `listAllReservations`: every confirmed reservation in the rooms the tenant may see, for its
 * calendar; whose another tenant's reservation is and what it is for is not shown.
 */
export async function reservationCalendar(
  db: Database,
  filter: { tenantId: string; from: string; to: string; room?: number | undefined; building?: number | undefined },
) {
  const roomFilters: SQL[] = [await visibleRooms(db, filter.tenantId)];
  if (filter.room !== undefined) roomFilters.push(eq(meetingRooms.id, filter.room));
  if (filter.building !== undefined) roomFilters.push(eq(meetingRooms.buildingId, filter.building));
  const rows = await db
    .select({ reservation: reservations })
    .from(reservations)
    .innerJoin(meetingRooms, eq(meetingRooms.id, reservations.roomId))
    .where(and(...roomFilters, ...overlapping(filter.from, filter.to)))
    .orderBy(asc(reservations.startsAt), asc(reservations.id));
  return rows.map(({ reservation }) => {
    const own = reservation.tenantId === filter.tenantId;
    return {
      id: reservation.id,
      room: reservation.roomId,
      starts_at: reservation.startsAt.toISOString(),
      ends_at: reservation.endsAt.toISOString(),
      is_own: own,
      title: own ? (reservation.title ?? '') : null,
    };
  });
}

/** One of the tenant's reservations, locked for update when asked. */
export async function findReservation(
  db: Database,
  id: number,
  tenantId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ReservationRow | undefined> {
  return selectFirst(db, reservations, and(eq(reservations.id, id), eq(reservations.tenantId, tenantId)), { lock });
}

/** A public room (open to visitors' bookings), or undefined. */
export async function findPublicRoom(db: Database, id: number): Promise<RoomRow | undefined> {
  return selectFirst(db, meetingRooms, and(eq(meetingRooms.id, id), eq(meetingRooms.publicBooking, true)));
}
