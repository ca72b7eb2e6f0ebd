import { randomUUID } from 'node:crypto';
import { hashAccessCode, newCancelToken } from '../../../domain/access-codes.js';
import { czechCount } from '../../../domain/czech-count.js';
import { drfError, fieldErrors, requireText } from '../../../domain/errors.js';
import {
  cancelReservation,
  checkRange,
  checkSlot,
  insertReservations,
  serializeRooms,
} from '../../../domain/meeting-rooms.js';
import { notifyReservationConfirmed } from '../../../domain/notifications.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import { pageOf, paged } from '../../../http/pagination.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { currentTenant } from '../../../plugins/app/tenant-guard.js';
import {
  busySlots,
  findPublicRoom,
  findReservation,
  findRoom,
  listReservations,
  listRooms,
  publicReservationByToken,
  reservationCalendar,
  serializePublicReservation,
  serializeReservations,
} from './repository.js';

const roomNotFound = () => drfError(404, 'not_found', 'Zasedací místnost nebyla nalezena.');
const reservationNotFound = () => drfError(404, 'not_found', 'Rezervace nebyla nalezena.');

/** Meeting rooms, tenants' and visitors' reservations; the booking rules are domain/meeting-rooms.ts. */
export const meetingRoomRoutes: ContractRoutes = async (fastify) => {
  const tenantScoped = { onRequest: [fastify.authenticate, fastify.requireTenant] };
  const optionalTenant = { onRequest: [fastify.optionalTenant] };

  fastify.get(
    '/meeting_rooms/',
    { schema: contractSchema('listMeetingRooms'), ...optionalTenant },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { total, items } = await listRooms(fastify.db, request.tenantId, request.query, page);
      return paged(reply, page, total).send(items);
    },
  );

  fastify.get(
    '/meeting_rooms/:id/',
    { schema: contractSchema('getMeetingRoom'), ...optionalTenant },
    async (request) => {
      const room = await findRoom(fastify.db, request.params.id, request.tenantId);
      if (room === undefined) throw roomNotFound();
      const [serialized] = await serializeRooms(fastify.db, [room]);
      return serialized;
    },
  );

  fastify.get(
    '/meeting_rooms/:id/availability/',
    { schema: contractSchema('getMeetingRoomAvailability'), ...optionalTenant },
    async (request) => {
      const { date_from: from, date_to: to } = request.query;
      checkRange(from, to);
      const room = await findRoom(fastify.db, request.params.id, request.tenantId);
      if (room === undefined) throw roomNotFound();
      return {
        room: room.id,
        date_from: from,
        date_to: to,
        opening_time: room.openingTime,
        closing_time: room.closingTime,
        slot_minutes: room.slotMinutes,
        busy: await busySlots(fastify.db, room.id, from, to),
      };
    },
  );

  fastify.get(
    '/meeting_rooms/reservation/',
    { schema: contractSchema('listReservations'), ...tenantScoped },
    async (request, reply) => {
      const caller = { tenantId: currentTenant(request), userId: currentUser(request).id };
      const page = pageOf(request.query);
      const { total, items } = await listReservations(fastify.db, caller, request.query, page);
      return paged(reply, page, total).send(items);
    },
  );

  fastify.post(
    '/meeting_rooms/reservation/',
    { schema: contractSchema('createReservation'), ...tenantScoped },
    async (request, reply) => {
      const { body } = request;
      const user = currentUser(request);
      const tenantId = currentTenant(request);
      const room = await findRoom(fastify.db, body.room, tenantId);
      if (room === undefined) throw fieldErrors({ room: ['Tuto místnost nemůžete rezervovat.'] });
      requireText('title', body.title);
      const startsAt = new Date(body.starts_at);
      const endsAt = new Date(body.ends_at);
      checkSlot(room, startsAt, endsAt);
      if (body.attendees !== undefined && body.attendees !== null && body.attendees > room.capacity) {
        throw fieldErrors({
          attendees: [
            `Místnost pojme nejvýše ${czechCount(room.capacity, { one: 'osobu', few: 'osoby', other: 'osob' })}.`,
          ],
        });
      }
      return runCreate(fastify.db, request, reply, 'createReservation', async (tx) => {
        const rows = await insertReservations(tx, [
          {
            uuid: randomUUID(),
            roomId: room.id,
            tenantId,
            createdBy: user.id,
            title: body.title.trim(),
            startsAt,
            endsAt,
            attendees: body.attendees ?? null,
            note: body.note ?? null,
          },
        ]);
        for (const row of rows) await notifyReservationConfirmed(tx, row);
        const [serialized] = await serializeReservations(tx, rows);
        return { statusCode: 201, body: serialized };
      });
    },
  );

  fastify.get(
    '/meeting_rooms/reservation/all/',
    { schema: contractSchema('listAllReservations'), ...tenantScoped },
    async (request, reply) => {
      const { date_from: from, date_to: to, room, building } = request.query;
      checkRange(from, to);
      const items = await reservationCalendar(fastify.db, {
        tenantId: currentTenant(request),
        from,
        to,
        room,
        building,
      });
      return reply.header('x-total-count', String(items.length)).send(items);
    },
  );

  fastify.post(
    '/meeting_rooms/reservation/public/',
    { schema: contractSchema('createPublicReservation') },
    async (request, reply) => {
      const { body } = request;
      const room = await findPublicRoom(fastify.db, body.room);
      if (room === undefined) throw fieldErrors({ room: ['Tuto místnost nelze rezervovat veřejně.'] });
      requireText('name', body.name);
      const startsAt = new Date(body.starts_at);
      const endsAt = new Date(body.ends_at);
      checkSlot(room, startsAt, endsAt);
      return runCreate(fastify.db, request, reply, 'createPublicReservation', async (tx) => {
        const cancelToken = newCancelToken();
        const [row] = await insertReservations(tx, [
          {
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
            cancelTokenHash: hashAccessCode(cancelToken),
          },
        ]);
        if (row === undefined) throw new Error('reservation insert returned no row');
        await notifyReservationConfirmed(tx, row, cancelToken);
        return {
          statusCode: 201,
          body: { ...(await serializePublicReservation(tx, row)), cancel_token: cancelToken },
        };
      });
    },
  );

  fastify.get(
    '/meeting_rooms/reservation/:id/',
    { schema: contractSchema('getReservation'), ...tenantScoped },
    async (request) => {
      const row = await findReservation(fastify.db, request.params.id, currentTenant(request));
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
        const row = await findReservation(tx, request.params.id, currentTenant(request), { lock: true });
        if (row === undefined) throw reservationNotFound();
        const [serialized] = await serializeReservations(tx, [await cancelReservation(tx, row, now)], now);
        return serialized;
      });
    },
  );

  fastify.get(
    '/meeting_rooms/reservation/:uuid/cancel/:token/',
    { schema: contractSchema('getPublicReservation') },
    async (request) => {
      const row = await publicReservationByToken(fastify.db, request.params.uuid, request.params.token);
      // A used link (cancelled) answers exactly like a wrong one: nothing left to show or do.
      if (row === undefined || row.status !== 'confirmed') throw reservationNotFound();
      return serializePublicReservation(fastify.db, row);
    },
  );

  fastify.post(
    '/meeting_rooms/reservation/:uuid/cancel/:token/',
    { schema: contractSchema('cancelPublicReservation') },
    async (request) =>
      fastify.db.transaction(async (tx) => {
        const row = await publicReservationByToken(tx, request.params.uuid, request.params.token, { lock: true });
        if (row === undefined) throw reservationNotFound();
        return serializePublicReservation(tx, await cancelReservation(tx, row));
      }),
  );
};
