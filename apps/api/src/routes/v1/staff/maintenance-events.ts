import {
  cancelStaffEvent,
  createStaffEvent,
  listStaffEvents,
  serializeStaffEvent,
  updateStaffEvent,
} from '../../../domain/maintenance-events.js';
import { parseIfMatch, versionTag } from '../../../domain/staff.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import { pageOf, paged } from '../../../http/pagination.js';
import { currentStaffScope } from '../../../plugins/app/staff-guard.js';

/** Planned outages as the staff manage them (domain/maintenance-events.ts). */
export const staffMaintenanceRoutes: ContractRoutes = async (fastify) => {
  const staffOnly = { onRequest: [fastify.authenticate, fastify.requireStaff] };

  fastify.get(
    '/staff/maintenance_events/',
    { schema: contractSchema('listStaffMaintenanceEvents'), ...staffOnly },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { total, items } = await listStaffEvents(fastify.db, currentStaffScope(request), request.query, page);
      return paged(reply, page, total).send(items);
    },
  );

  fastify.post(
    '/staff/maintenance_events/',
    { schema: contractSchema('createStaffMaintenanceEvent'), ...staffOnly },
    async (request, reply) => {
      const { body } = request;
      const scope = currentStaffScope(request);
      return runCreate(fastify.db, request, reply, 'createStaffMaintenanceEvent', async (tx) => {
        const row = await createStaffEvent(tx, scope, {
          buildingId: body.building,
          title: body.title,
          description: body.description,
          category: body.category,
          visibility: body.visibility,
          startsAt: new Date(body.starts_at),
          endsAt: body.ends_at === undefined || body.ends_at === null ? null : new Date(body.ends_at),
        });
        reply.header('etag', versionTag(row.version));
        return { statusCode: 201, body: await serializeStaffEvent(tx, row) };
      });
    },
  );

  fastify.patch(
    '/staff/maintenance_events/:id/',
    { schema: contractSchema('updateStaffMaintenanceEvent'), ...staffOnly },
    async (request, reply) => {
      const { body } = request;
      const scope = currentStaffScope(request);
      const event = await fastify.db.transaction(async (tx) => {
        const row = await updateStaffEvent(tx, scope, request.params.id, parseIfMatch(request.headers['if-match']), {
          buildingId: body.building,
          title: body.title,
          description: body.description,
          category: body.category,
          visibility: body.visibility,
          startsAt: body.starts_at === undefined ? undefined : new Date(body.starts_at),
          endsAt: body.ends_at === undefined ? undefined : body.ends_at === null ? null : new Date(body.ends_at),
        });
        return serializeStaffEvent(tx, row);
      });
      return reply.header('etag', versionTag(event.version)).send(event);
    },
  );

  fastify.post(
    '/staff/maintenance_events/:id/cancel/',
    { schema: contractSchema('cancelStaffMaintenanceEvent'), ...staffOnly },
    async (request, reply) => {
      const scope = currentStaffScope(request);
      const event = await fastify.db.transaction(async (tx) => {
        const row = await cancelStaffEvent(tx, scope, scope.userId, request.params.id, request.body.reason ?? null);
        return serializeStaffEvent(tx, row);
      });
      return reply.header('etag', versionTag(event.version)).send(event);
    },
  );
};
