import type { FastifyReply } from 'fastify';
import { requireText } from '../../../domain/errors.js';
import { pragueDayEnd, pragueDayStart } from '../../../domain/prague-time.js';
import { parseIfMatch, versionTag, type StaffScope } from '../../../domain/staff.js';
import {
  addStaffMessage,
  listStaffTicketPage,
  staffTicketCounts,
  staffTicketDetail,
  updateStaffTicket,
  type StaffTicketChange,
  type StaffTicketListQuery,
  type StaffTicketPage,
} from '../../../domain/staff-tickets.js';
import { serializeTimelineEntries, type Actor } from '../../../domain/tickets.js';
import { foundAttachment, sendAttachment, sendPreview } from '../../../http/attachments.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import { pageOf, paged, sendJsonText } from '../../../http/pagination.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { currentStaffScope, settleDeferredStaff, settleStaffVerdict } from '../../../plugins/app/staff-guard.js';
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
  /** A ticket's detail with its version as the ETag, the If-Match of the next change. */
  const sendDetail = (reply: FastifyReply, detail: { version: number }) =>
    reply.header('etag', versionTag(detail.version)).send(detail);

  // The hottest staff route: the staff guard's checks run inside the queue's own statement (one
  // round trip instead of two; see authenticateDeferringStaff). attachValidation lets a refused
  // caller still get its 401/403 before a 400 for a bad query, as on every other route.
  fastify.get(
    '/staff/support_tickets/',
    {
      schema: contractSchema('listStaffSupportTickets'),
      attachValidation: true,
      onRequest: [fastify.authenticateDeferringStaff],
    },
    async (request, reply) => {
      if (request.validationError) {
        await settleDeferredStaff(request);
        throw request.validationError;
      }
      const { query } = request;
      const page = pageOf(query);
      const listQuery = (scope: StaffScope): StaffTicketListQuery => ({
        scope,
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
      const deferred = request.deferredStaff;
      let result: StaffTicketPage;
      if (deferred === null) {
        result = await listStaffTicketPage(fastify.db, listQuery(currentStaffScope(request)));
      } else {
        const checked = await listStaffTicketPage(fastify.db, listQuery(deferred.assumedScope), {
          userId: deferred.userId,
        });
        const scope = settleStaffVerdict(request, checked.verdict);
        // The caller's buildings changed since this instance last saw them: the page again,
        // for the buildings the statement found.
        result = checked.page ?? (await listStaffTicketPage(fastify.db, listQuery(scope)));
      }
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
      return sendDetail(reply, detail);
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
      return sendDetail(reply, detail);
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
      const file = foundAttachment(
        await findStaffTicketAttachment(fastify.db, currentStaffScope(request), id, attachmentId),
      );
      return sendAttachment(reply, fastify.fileStore, file);
    },
  );

  fastify.get(
    '/staff/support_tickets/:id/attachments/:attachmentId/preview/',
    { schema: contractSchema('previewStaffSupportTicketAttachment'), ...staffOnly },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = foundAttachment(
        await findStaffTicketAttachment(fastify.db, currentStaffScope(request), id, attachmentId),
      );
      return sendPreview(reply, fastify.fileStore, file, request.query.size);
    },
  );
};
