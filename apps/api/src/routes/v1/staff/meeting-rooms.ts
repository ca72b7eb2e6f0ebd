import { cancelStaffReservation, listStaffReservations, listStaffRooms } from '../../../domain/meeting-rooms.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { currentStaffScope } from '../../../plugins/app/staff-guard.js';

/** A room's reservations per day, and cancelling one with a reason (domain/meeting-rooms.ts). */
export const staffMeetingRoomRoutes: ContractRoutes = async (fastify) => {
  const staffOnly = { onRequest: [fastify.authenticate, fastify.requireStaff] };

  fastify.get(
    '/staff/meeting_rooms/',
    { schema: contractSchema('listStaffMeetingRooms'), ...staffOnly },
    async (request, reply) => {
      const rooms = await listStaffRooms(fastify.db, currentStaffScope(request), request.query.building);
      return reply.header('x-total-count', String(rooms.length)).send(rooms);
    },
  );

  fastify.get(
    '/staff/meeting_rooms/reservations/',
    { schema: contractSchema('listStaffReservations'), ...staffOnly },
    async (request, reply) => {
      const { room, day } = request.query;
      const rows = await listStaffReservations(fastify.db, currentStaffScope(request), room, day);
      return reply.header('x-total-count', String(rows.length)).send(rows);
    },
  );

  fastify.post(
    '/staff/meeting_rooms/reservations/:id/cancel/',
    { schema: contractSchema('cancelStaffReservation'), ...staffOnly },
    async (request) => {
      const scope = currentStaffScope(request);
      return fastify.db.transaction((tx) =>
        cancelStaffReservation(tx, scope, scope.userId, request.params.id, request.body.reason),
      );
    },
  );
};
