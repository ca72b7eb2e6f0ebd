import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/database.js';
import { meetingRooms, reservations } from '../../../db/schema.js';
import { buildingRefs, iso, tenantBuildingIds, userRefs } from '../../../domain/refs.js';
import { ApiError, drfError } from '../../../http/api-error.js';
import { contractSchema } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import { assertPageExists, pageOf, pragueDayEnd, pragueDayStart } from '../../../http/pagination.js';
import { checkRange, checkSlot, isOverlapViolation } from './rules.js';

type RoomRow = typeof meetingRooms.$inferSelect;
type ReservationRow = typeof reservations.$inferSelect;

const roomNotFound = () => drfError(404, 'not_found', 'Zasedací místnost nebyla nalezena.');
const reservationNotFound = () => drfError(404, 'not_found', 'Rezervace nebyla nalezena.');
const conflict = () =>
  drfError(409, 'reservation_conflict', 'Místnost je v tomto čase již obsazená. Vyberte jiný termín.');
const notCancellable = () =>
  drfError(409, 'reservation_not_cancellable', 'Rezervaci už nelze zrušit: již začala nebo byla zrušena.');

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

async function findRoom(db: Database, id: number, tenantId: string | null): Promise<RoomRow | undefined> {
  const [row] = await db
    .select()
    .from(meetingRooms)
    .where(and(eq(meetingRooms.id, id), await visibleRooms(db, tenantId)))
    .limit(1);
  return row;
}

async function serializeRooms(db: Database, rows: RoomRow[]) {
  const places = await buildingRefs(
    db,
    rows.map((row) => row.buildingId),
  );
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

async function roomRefs(db: Database, ids: number[]) {
  const rows = ids.length === 0 ? [] : await db.select().from(meetingRooms).where(inArray(meetingRooms.id, ids));
  const places = await buildingRefs(
    db,
    rows.map((row) => row.buildingId),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, building: places.get(row.buildingId) ?? { id: row.buildingId, name: '' } },
    ]),
  );
}

export async function serializeReservations(db: Database, rows: ReservationRow[], now = new Date()) {
  const [rooms, people] = await Promise.all([
    roomRefs(db, [...new Set(rows.map((row) => row.roomId))]),
    userRefs(
      db,
      rows.map((row) => row.createdBy),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    room: rooms.get(row.roomId) ?? { id: row.roomId, name: '', building: { id: 0, name: '' } },
    title: row.title ?? '',
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    attendees: row.attendees,
    note: row.note,
    status: row.status,
    created_by: row.createdBy === null ? null : (people.get(row.createdBy) ?? null),
    created_at: row.createdAt.toISOString(),
    cancelled_at: iso(row.cancelledAt),
    can_cancel: row.status === 'confirmed' && row.startsAt > now,
  }));
}

async function serializePublic(db: Database, row: ReservationRow) {
  const rooms = await roomRefs(db, [row.roomId]);
  return {
    uuid: row.uuid,
    room: rooms.get(row.roomId) ?? { id: row.roomId, name: '', building: { id: 0, name: '' } },
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    name: row.name ?? '',
    status: row.status,
    created_at: row.createdAt.toISOString(),
    cancelled_at: iso(row.cancelledAt),
  };
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The public reservation behind a cancellation link, or undefined when the uuid is unknown, the
 * token is wrong or the reservation is a tenant's: all three look the same to the caller. The
 * token's hash is compared in constant time (against a dummy hash when the uuid is unknown).
 */
async function publicReservationByToken(
  db: Database,
  uuid: string,
  token: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ReservationRow | undefined> {
  const query = db.select().from(reservations).where(eq(reservations.uuid, uuid.toLowerCase())).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  const given = Buffer.from(digest(token), 'hex');
  const stored = Buffer.from(row?.cancelTokenHash ?? '0'.repeat(64), 'hex');
  const matches = given.length === stored.length && timingSafeEqual(given, stored);
  return row !== undefined && row.tenantId === null && matches ? row : undefined;
}

/** Inserts a confirmed reservation; the exclusion constraint turns a double booking into 409. */
async function insertReservation(tx: Database, values: typeof reservations.$inferInsert): Promise<ReservationRow> {
  try {
    const [row] = await tx.insert(reservations).values(values).returning();
    if (row === undefined) throw new Error('reservation insert returned no row');
    return row;
  } catch (error) {
    if (isOverlapViolation(error)) throw conflict();
    throw error;
  }
}

interface RangeQuery {
  date_from: string;
  date_to: string;
  room?: number;
  building?: number;
}

const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

export const meetingRoomRoutes: FastifyPluginAsync = async (fastify) => {
  const tenantScoped = { onRequest: [fastify.authenticate, fastify.requireTenant] };
  const optional = { onRequest: [fastify.optionalTenant] };

  fastify.get(
    '/meeting_rooms/',
    { schema: contractSchema('listMeetingRooms'), ...optional },
    async (request, reply) => {
      const query = request.query as {
        page?: number;
        page_size?: number;
        ordering?: string;
        building?: number;
        capacity_min?: number;
        public?: boolean;
      };
      const filters: SQL[] = [await visibleRooms(fastify.db, request.tenantId)];
      if (query.building !== undefined) filters.push(eq(meetingRooms.buildingId, query.building));
      if (query.capacity_min !== undefined) filters.push(gte(meetingRooms.capacity, query.capacity_min));
      if (query.public === true) filters.push(eq(meetingRooms.publicBooking, true));
      const where = and(...filters);
      const page = pageOf(query);
      const [total] = await fastify.db.select({ value: count() }).from(meetingRooms).where(where);
      assertPageExists(page, total?.value ?? 0);
      const ordering = query.ordering ?? 'name';
      const column = ordering.endsWith('capacity') ? meetingRooms.capacity : meetingRooms.name;
      const rows = await fastify.db
        .select()
        .from(meetingRooms)
        .where(where)
        .orderBy(ordering.startsWith('-') ? desc(column) : asc(column), asc(meetingRooms.id))
        .limit(page.limit)
        .offset(page.offset);
      return reply.header('x-total-count', String(total?.value ?? 0)).send(await serializeRooms(fastify.db, rows));
    },
  );

  fastify.get('/meeting_rooms/:id/', { schema: contractSchema('getMeetingRoom'), ...optional }, async (request) => {
    const room = await findRoom(fastify.db, idOf(request), request.tenantId);
    if (room === undefined) throw roomNotFound();
    const [serialized] = await serializeRooms(fastify.db, [room]);
    return serialized;
  });

  fastify.get(
    '/meeting_rooms/:id/availability/',
    { schema: contractSchema('getMeetingRoomAvailability'), ...optional },
    async (request) => {
      const { date_from: from, date_to: to } = request.query as RangeQuery;
      checkRange(from, to);
      const room = await findRoom(fastify.db, idOf(request), request.tenantId);
      if (room === undefined) throw roomNotFound();
      const busy = await fastify.db
        .select({ startsAt: reservations.startsAt, endsAt: reservations.endsAt })
        .from(reservations)
        .where(
          and(
            eq(reservations.roomId, room.id),
            eq(reservations.status, 'confirmed'),
            lt(reservations.startsAt, pragueDayEnd(to)),
            gt(reservations.endsAt, pragueDayStart(from)),
          ),
        )
        .orderBy(asc(reservations.startsAt));
      return {
        room: room.id,
        date_from: from,
        date_to: to,
        opening_time: room.openingTime,
        closing_time: room.closingTime,
        slot_minutes: room.slotMinutes,
        busy: busy.map((slot) => ({ starts_at: slot.startsAt.toISOString(), ends_at: slot.endsAt.toISOString() })),
      };
    },
  );

  fastify.get(
    '/meeting_rooms/reservation/',
    { schema: contractSchema('listReservations'), ...tenantScoped },
    async (request, reply) => {
      const query = request.query as {
        page?: number;
        page_size?: number;
        ordering?: string;
        room?: number;
        status?: string;
        date_from?: string;
        date_to?: string;
        mine?: boolean;
      };
      const filters: SQL[] = [eq(reservations.tenantId, request.tenantId as string)];
      if (query.room !== undefined) filters.push(eq(reservations.roomId, query.room));
      if (query.status !== undefined) filters.push(eq(reservations.status, query.status));
      if (query.date_from !== undefined) filters.push(gte(reservations.endsAt, pragueDayStart(query.date_from)));
      if (query.date_to !== undefined) filters.push(lt(reservations.startsAt, pragueDayEnd(query.date_to)));
      if (query.mine === true && request.user !== null) filters.push(eq(reservations.createdBy, request.user.id));
      const where = and(...filters);
      const page = pageOf(query);
      const [total] = await fastify.db.select({ value: count() }).from(reservations).where(where);
      assertPageExists(page, total?.value ?? 0);
      const ordering = query.ordering ?? 'starts_at';
      const column = ordering.endsWith('created_at') ? reservations.createdAt : reservations.startsAt;
      const rows = await fastify.db
        .select()
        .from(reservations)
        .where(where)
        .orderBy(ordering.startsWith('-') ? desc(column) : asc(column), asc(reservations.id))
        .limit(page.limit)
        .offset(page.offset);
      return reply
        .header('x-total-count', String(total?.value ?? 0))
        .send(await serializeReservations(fastify.db, rows));
    },
  );

  fastify.post(
    '/meeting_rooms/reservation/',
    { schema: contractSchema('createReservation'), ...tenantScoped },
    async (request, reply) => {
      const body = request.body as {
        room: number;
        title: string;
        starts_at: string;
        ends_at: string;
        attendees?: number | null;
        note?: string | null;
      };
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      const tenantId = request.tenantId as string;
      const room = await findRoom(fastify.db, body.room, tenantId);
      if (room === undefined) throw new ApiError(400, { room: ['Tuto místnost nemůžete rezervovat.'] });
      if (body.title.trim() === '') throw new ApiError(400, { title: ['Toto pole nesmí být prázdné.'] });
      const startsAt = new Date(body.starts_at);
      const endsAt = new Date(body.ends_at);
      checkSlot(room, startsAt, endsAt);
      if (body.attendees !== undefined && body.attendees !== null && body.attendees > room.capacity) {
        throw new ApiError(400, { attendees: [`Místnost pojme nejvýše ${room.capacity} osob.`] });
      }
      return runCreate(fastify.db, request, reply, 'createReservation', async (tx) => {
        const row = await insertReservation(tx, {
          uuid: randomUUID(),
          roomId: room.id,
          tenantId,
          createdBy: user.id,
          title: body.title.trim(),
          startsAt,
          endsAt,
          attendees: body.attendees ?? null,
          note: body.note ?? null,
        });
        const [serialized] = await serializeReservations(tx, [row]);
        return { statusCode: 201, body: serialized };
      });
    },
  );

  fastify.get(
    '/meeting_rooms/reservation/all/',
    { schema: contractSchema('listAllReservations'), ...tenantScoped },
    async (request, reply) => {
      const query = request.query as RangeQuery;
      checkRange(query.date_from, query.date_to);
      const tenantId = request.tenantId as string;
      const roomFilters: SQL[] = [await visibleRooms(fastify.db, tenantId)];
      if (query.room !== undefined) roomFilters.push(eq(meetingRooms.id, query.room));
      if (query.building !== undefined) roomFilters.push(eq(meetingRooms.buildingId, query.building));
      const rows = await fastify.db
        .select({ reservation: reservations })
        .from(reservations)
        .innerJoin(meetingRooms, eq(meetingRooms.id, reservations.roomId))
        .where(
          and(
            ...roomFilters,
            eq(reservations.status, 'confirmed'),
            lt(reservations.startsAt, pragueDayEnd(query.date_to)),
            gt(reservations.endsAt, pragueDayStart(query.date_from)),
          ),
        )
        .orderBy(asc(reservations.startsAt), asc(reservations.id));
      const items = rows.map(({ reservation }) => {
        const own = reservation.tenantId === tenantId;
        return {
          id: reservation.id,
          room: reservation.roomId,
          starts_at: reservation.startsAt.toISOString(),
          ends_at: reservation.endsAt.toISOString(),
          is_own: own,
          // Who booked someone else's slot is not this tenant's business.
          title: own ? (reservation.title ?? '') : null,
        };
      });
      return reply.header('x-total-count', String(items.length)).send(items);
    },
  );

  fastify.post(
    '/meeting_rooms/reservation/public/',
    { schema: contractSchema('createPublicReservation') },
    async (request, reply) => {
      const body = request.body as {
        room: number;
        starts_at: string;
        ends_at: string;
        name: string;
        email: string;
        phone?: string | null;
        title?: string | null;
        note?: string | null;
      };
      const [room] = await fastify.db
        .select()
        .from(meetingRooms)
        .where(and(eq(meetingRooms.id, body.room), eq(meetingRooms.publicBooking, true)))
        .limit(1);
      if (room === undefined) throw new ApiError(400, { room: ['Tuto místnost nelze rezervovat veřejně.'] });
      if (body.name.trim() === '') throw new ApiError(400, { name: ['Toto pole nesmí být prázdné.'] });
      const startsAt = new Date(body.starts_at);
      const endsAt = new Date(body.ends_at);
      checkSlot(room, startsAt, endsAt);
      return runCreate(fastify.db, request, reply, 'createPublicReservation', async (tx) => {
        const cancelToken = randomBytes(24).toString('base64url');
        const row = await insertReservation(tx, {
          uuid: randomUUID(),
          roomId: room.id,
          tenantId: null,
          title: body.title?.trim() || null,
          startsAt,
          endsAt,
          note: body.note ?? null,
          name: body.name.trim(),
          email: body.email.trim(),
          phone: body.phone?.trim() || null,
          cancelTokenHash: digest(cancelToken),
        });
        const serialized = await serializePublic(tx, row);
        const link = `${fastify.config.portalUrl}/zasedacky?zrusit=${row.uuid}&token=${cancelToken}`;
        fastify.background.run('public-reservation-mail', () =>
          fastify.mailer.send({
            to: body.email.trim(),
            type: 'public-reservation',
            subject: `Rezervace místnosti ${room.name}`,
            text: [
              'Dobrý den,',
              '',
              `potvrzujeme rezervaci místnosti ${room.name} od ${formatPrague(startsAt)} do ${formatPrague(endsAt)}.`,
              '',
              `Číslo rezervace: ${row.uuid}`,
              `Kód pro zrušení: ${cancelToken}`,
              `Rezervaci zrušíte na adrese: ${link}`,
              '',
              'S pozdravem',
              'správa budovy',
            ].join('\n'),
          }),
        );
        return { statusCode: 201, body: { ...serialized, cancel_token: cancelToken } };
      });
    },
  );

  fastify.get(
    '/meeting_rooms/reservation/:id/',
    { schema: contractSchema('getReservation'), ...tenantScoped },
    async (request) => {
      const [row] = await fastify.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.id, idOf(request)), eq(reservations.tenantId, request.tenantId as string)))
        .limit(1);
      if (row === undefined) throw reservationNotFound();
      const [serialized] = await serializeReservations(fastify.db, [row]);
      return serialized;
    },
  );

  fastify.post(
    '/meeting_rooms/reservation/:id/cancel/',
    { schema: contractSchema('cancelReservation'), ...tenantScoped },
    async (request) => {
      const now = new Date();
      return fastify.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(reservations)
          .where(and(eq(reservations.id, idOf(request)), eq(reservations.tenantId, request.tenantId as string)))
          .limit(1)
          .for('update');
        if (row === undefined) throw reservationNotFound();
        if (row.status !== 'confirmed' || row.startsAt <= now) throw notCancellable();
        const [cancelled] = await tx
          .update(reservations)
          .set({ status: 'cancelled', cancelledAt: now })
          .where(eq(reservations.id, row.id))
          .returning();
        const [serialized] = await serializeReservations(tx, [cancelled ?? row], now);
        return serialized;
      });
    },
  );

  fastify.get(
    '/meeting_rooms/reservation/:uuid/cancel/:token/',
    { schema: contractSchema('getPublicReservation') },
    async (request) => {
      const { uuid, token } = request.params as { uuid: string; token: string };
      const row = await publicReservationByToken(fastify.db, uuid, token);
      // A used link (cancelled) answers exactly like a wrong one: nothing left to show or do.
      if (row === undefined || row.status !== 'confirmed') throw reservationNotFound();
      return serializePublic(fastify.db, row);
    },
  );

  fastify.post(
    '/meeting_rooms/reservation/:uuid/cancel/:token/',
    { schema: contractSchema('cancelPublicReservation') },
    async (request) => {
      const { uuid, token } = request.params as { uuid: string; token: string };
      const now = new Date();
      return fastify.db.transaction(async (tx) => {
        const row = await publicReservationByToken(tx, uuid, token, { lock: true });
        if (row === undefined) throw reservationNotFound();
        if (row.status !== 'confirmed' || row.startsAt <= now) throw notCancellable();
        const [cancelled] = await tx
          .update(reservations)
          .set({ status: 'cancelled', cancelledAt: now })
          .where(eq(reservations.id, row.id))
          .returning();
        return serializePublic(tx, cancelled ?? row);
      });
    },
  );
};

const pragueFormat = new Intl.DateTimeFormat('cs-CZ', {
  timeZone: 'Europe/Prague',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function formatPrague(instant: Date): string {
  return pragueFormat.format(instant);
}
