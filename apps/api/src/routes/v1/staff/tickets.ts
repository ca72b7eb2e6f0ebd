import { drfError, requireText } from '../../../domain/errors.js';
import { pragueDayEnd, pragueDayStart } from '../../../domain/prague-time.js';
import { parseIfMatch, versionTag } from '../../../domain/staff.js';
import {
  addStaffMessage,
  listStaffTicketPage,
  staffTicketCounts,
  staffTicketDetail,
  updateStaffTicket,
  type StaffTicketChange,
} from '../../../domain/staff-tickets.js';
import { serializeTimelineEntries, type Actor } from '../../../domain/tickets.js';
import { sendAttachment } from '../../../http/attachments.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import { pageOf, paged, sendJsonText } from '../../../http/pagination.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { currentStaffScope } from '../../../plugins/app/staff-guard.js';
import { findStaffTicketAttachment } from './repository.js';

interface DayRange {
  created_from?: string | undefined;
  created_to?: string | undefined;
}

const createdRange = (query: DayRange) => ({
  createdFrom: query.created_from === undefined ? undefined : pragueDayStart(query.created_from),
  createdTo: query.created_to === undefined ? undefined : pragueDayEnd(query.created_to),
});

/** The staff queue, a ticket's detail, changes and messages (domain/staff-tickets.ts). */
export const staffTicketRoutes: ContractRoutes = async (fastify) => {
  const staffOnly = { onRequest: [fastify.authenticate, fastify.requireStaff] };
  const actorOf = (userId: number): Actor => ({ userId, role: 'operator' });

  fastify.get(
    '/staff/support_tickets/',
    { schema: contractSchema('listStaffSupportTickets'), ...staffOnly },
    async (request, reply) => {
      const { query } = request;
      const page = pageOf(query);
      const result = await listStaffTicketPage(fastify.db, {
        scope: currentStaffScope(request),
        status: query.status,
        priority: query.priority,
        building: query.building,
        tenant: query.tenant,
        assignee: query.assignee,
        search: query.search,
        ...createdRange(query),
        ordering: query.ordering,
        limit: page.limit,
        offset: page.offset,
      });
      // JSON text built by PostgreSQL in the contract's shape (domain/staff-tickets.ts).
      return sendJsonText(paged(reply, page, result.total), result.json);
    },
  );

  fastify.get(
    '/staff/support_tickets/counts/',
    { schema: contractSchema('getStaffSupportTicketCounts'), ...staffOnly },
    async (request) => {
      const { query } = request;
      return staffTicketCounts(fastify.db, {
        scope: currentStaffScope(request),
        priority: query.priority,
        building: query.building,
        tenant: query.tenant,
        assignee: query.assignee,
        search: query.search,
        ...createdRange(query),
      });
    },
  );

  fastify.get(
    '/staff/support_tickets/:id/',
    { schema: contractSchema('getStaffSupportTicket'), ...staffOnly },
    async (request, reply) => {
      const detail = await staffTicketDetail(fastify.db, currentStaffScope(request), request.params.id);
      return reply.header('etag', versionTag(detail.version)).send(detail);
    },
  );

  fastify.patch(
    '/staff/support_tickets/:id/',
    { schema: contractSchema('updateStaffSupportTicket'), ...staffOnly },
    async (request, reply) => {
      const { id } = request.params;
      const { body } = request;
      const scope = currentStaffScope(request);
      if (body.resolution !== undefined) requireText('resolution', body.resolution);
      const change: StaffTicketChange = {
        status: body.status,
        priority: body.priority,
        assignee: body.assignee,
        resolution: body.resolution,
        visit:
          body.visit === undefined
            ? undefined
            : body.visit === null
              ? null
              : { from: new Date(body.visit.from), to: new Date(body.visit.to), note: body.visit.note ?? null },
      };
      const detail = await fastify.db.transaction(async (tx) => {
        await updateStaffTicket(
          tx,
          scope,
          actorOf(scope.userId),
          id,
          parseIfMatch(request.headers['if-match']),
          change,
        );
        return staffTicketDetail(tx, scope, id);
      });
      return reply.header('etag', versionTag(detail.version)).send(detail);
    },
  );

  fastify.post(
    '/staff/support_tickets/:id/messages/',
    { schema: contractSchema('addStaffSupportTicketMessage'), ...staffOnly },
    async (request, reply) => {
      const { id } = request.params;
      const { body, visibility } = request.body;
      requireText('body', body);
      const scope = currentStaffScope(request);
      const user = currentUser(request);
      return runCreate(fastify.db, request, reply, 'addStaffSupportTicketMessage', async (tx) => {
        const entry = await addStaffMessage(tx, scope, actorOf(user.id), id, body, visibility);
        const [serialized] = await serializeTimelineEntries(tx, [entry]);
        return { statusCode: 201, body: serialized };
      });
    },
  );

  fastify.get(
    '/staff/support_tickets/:id/attachments/:attachmentId/',
    { schema: contractSchema('downloadStaffSupportTicketAttachment'), ...staffOnly },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await findStaffTicketAttachment(fastify.db, currentStaffScope(request), id, attachmentId);
      if (file === undefined) throw drfError(404, 'not_found', 'Příloha nebyla nalezena.');
      return sendAttachment(reply, fastify.config.dataDir, file);
    },
  );
};
