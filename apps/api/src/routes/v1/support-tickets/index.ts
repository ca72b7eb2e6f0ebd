import { drfError, fieldErrors, requireText } from '../../../domain/errors.js';
import { listTicketPage, type TicketPage } from '../../../domain/ticket-list.js';
import { tenantBuildingIds } from '../../../domain/buildings.js';
import {
  addComment,
  attachFiles,
  changeStatus,
  createTicket,
  findTicket,
  loadTicketDetail,
  serializeAttachment,
  serializeTimelineEntries,
  ticketClosed,
  ticketDetail,
  ticketNotFound,
  rateTicket,
  type Actor,
  type TicketRow,
} from '../../../domain/tickets.js';
import { ticketEvents } from '../../../domain/ticket-events.js';
import { countTicketsWithNews, markTicketSeen } from '../../../domain/ticket-news.js';
import { pragueDayEnd, pragueDayStart } from '../../../domain/prague-time.js';
import {
  acceptUploads,
  foundAttachment,
  receiveFiles,
  requireMultipart,
  sendAttachment,
  sendPreview,
} from '../../../http/attachments.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import { pageOf, paged, sendJsonText } from '../../../http/pagination.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { currentTenant, settleDeferredTenant, settleTenantVerdict } from '../../../plugins/app/tenant-guard.js';
import { findTenantAttachment } from './repository.js';

const tooManyFiles = () => drfError(413, 'too_many_files', 'Najednou lze nahrát nejvýše 10 souborů.');

/**
 * Support tickets (docs/product.md §7 "Support tickets"): every query carries the caller's
 * tenant, so a foreign ticket id answers 404 exactly like an unknown one. The ticket rules are
 * domain/tickets.ts.
 */
export const supportTicketRoutes: ContractRoutes = async (fastify) => {
  await acceptUploads(fastify);
  const tenantScoped = { onRequest: [fastify.authenticate, fastify.requireTenant] };

  // The hottest route: the account and tenant checks run inside the list's own statement (one
  // round trip instead of two; see authenticateDeferringTenant). attachValidation lets a refused
  // caller still get its 401/403 before a 400 for a bad query, as on every other route.
  fastify.get(
    '/support_tickets/',
    {
      schema: contractSchema('listSupportTickets'),
      attachValidation: true,
      onRequest: [fastify.authenticateDeferringTenant],
    },
    async (request, reply) => {
      if (request.validationError) {
        await settleDeferredTenant(request);
        throw request.validationError;
      }
      const { query } = request;
      const page = pageOf(query);
      const listQuery = {
        tenantId: request.deferredTenant?.tenantId ?? currentTenant(request),
        viewerId: request.deferredTenant?.userId ?? currentUser(request).id,
        status: query.status,
        priority: query.priority,
        building: query.building,
        createdFrom: query.created_from === undefined ? undefined : pragueDayStart(query.created_from),
        createdTo: query.created_to === undefined ? undefined : pragueDayEnd(query.created_to),
        search: query.search,
        ordering: query.ordering,
        limit: page.limit,
        offset: page.offset,
      };
      let result: TicketPage;
      if (request.deferredTenant === null) {
        result = await listTicketPage(fastify.db, listQuery);
      } else {
        const checked = await listTicketPage(fastify.db, listQuery, { userId: request.deferredTenant.userId });
        settleTenantVerdict(request, checked.verdict);
        if (checked.page === null) throw new Error('an allowed caller got no page');
        result = checked.page;
      }
      // The body is the JSON text PostgreSQL built in the contract's shape (domain/ticket-list.ts).
      return sendJsonText(paged(reply, page, result.total), result.json);
    },
  );

  fastify.post(
    '/support_tickets/',
    { schema: contractSchema('createSupportTicket'), ...tenantScoped },
    async (request, reply) => {
      const { body } = request;
      const tenantId = currentTenant(request);
      const user = currentUser(request);
      if (!(await tenantBuildingIds(fastify.db, tenantId)).includes(body.building)) {
        throw fieldErrors({ building: ['Vyberte budovu, ve které máte pronajaté prostory.'] });
      }
      const phone = body.contact_phone?.trim();
      return runCreate(fastify.db, request, reply, 'createSupportTicket', async (tx) => {
        const row = await createTicket(tx, {
          tenantId,
          buildingId: body.building,
          reporterId: user.id,
          subject: body.subject,
          description: body.description,
          priority: body.priority ?? 'standard',
          contactPhone: phone === undefined || phone === '' ? null : phone,
        });
        return { statusCode: 201, body: await ticketDetail(tx, row) };
      });
    },
  );

  fastify.get(
    '/support_tickets/news/',
    { schema: contractSchema('getSupportTicketNews'), ...tenantScoped },
    async (request) => ({
      tickets_with_news: await countTicketsWithNews(fastify.db, currentTenant(request), currentUser(request).id),
    }),
  );

  // A POST of its own rather than a side effect of the detail's GET: reads stay safe, so a
  // prefetch, a retried GET or another client reading the ticket never clears the marks.
  fastify.post(
    '/support_tickets/:id/seen/',
    { schema: contractSchema('markSupportTicketSeen'), ...tenantScoped },
    async (request, reply) => {
      const { id } = request.params;
      const ticket = await findTicket(fastify.db, id, currentTenant(request));
      if (ticket === undefined) throw ticketNotFound(id);
      await markTicketSeen(fastify.db, currentUser(request).id, ticket.id);
      return reply.code(204).send();
    },
  );

  type Transaction = Parameters<typeof findTicket>[0];
  /** Runs a tenant's answer on the ticket locked for update and answers the ticket's detail. */
  const answer = (
    request: { params: { id: number } } & Parameters<typeof currentTenant>[0],
    act: (tx: Transaction, ticket: TicketRow, actor: Actor) => Promise<unknown>,
  ) => {
    const { id } = request.params;
    const actor: Actor = { userId: currentUser(request).id, role: 'tenant' };
    const tenantId = currentTenant(request);
    return fastify.db.transaction(async (tx) => {
      const ticket = await findTicket(tx, id, tenantId, true);
      if (ticket === undefined) throw ticketNotFound(id);
      await act(tx, ticket, actor);
      return ticketDetail(tx, ticket);
    });
  };

  fastify.post(
    '/support_tickets/:id/confirm/',
    { schema: contractSchema('confirmSupportTicket'), ...tenantScoped },
    (request) => answer(request, (tx, ticket, actor) => ticketEvents.confirmedByTenant(tx, ticket, actor)),
  );

  fastify.post(
    '/support_tickets/:id/reopen/',
    { schema: contractSchema('reopenSupportTicket'), ...tenantScoped },
    (request) => {
      const { reason } = request.body;
      requireText('reason', reason);
      return answer(request, (tx, ticket, actor) => ticketEvents.reopenedByTenant(tx, ticket, actor, reason));
    },
  );

  fastify.post(
    '/support_tickets/:id/rating/',
    { schema: contractSchema('rateSupportTicket'), ...tenantScoped },
    (request) => {
      const { satisfied, comment } = request.body;
      return answer(request, (tx, ticket) => rateTicket(tx, ticket, { satisfied, comment: comment ?? null }));
    },
  );

  fastify.get(
    '/support_tickets/:id/',
    { schema: contractSchema('getSupportTicket'), ...tenantScoped },
    async (request) => {
      const { id } = request.params;
      const detail = await loadTicketDetail(fastify.db, id, currentTenant(request));
      if (detail === undefined) throw ticketNotFound(id);
      return detail;
    },
  );

  fastify.post(
    '/support_tickets/:id/messages/',
    { schema: contractSchema('addSupportTicketMessage'), ...tenantScoped },
    async (request, reply) => {
      const { id } = request.params;
      const { body } = request.body;
      requireText('body', body);
      const user = currentUser(request);
      const tenantId = currentTenant(request);
      return runCreate(fastify.db, request, reply, 'addSupportTicketMessage', async (tx) => {
        const ticket = await findTicket(tx, id, tenantId, true);
        if (ticket === undefined) throw ticketNotFound(id);
        const entry = await addComment(tx, ticket, { userId: user.id, role: 'tenant' }, body);
        const [serialized] = await serializeTimelineEntries(tx, [entry]);
        return { statusCode: 201, body: serialized };
      });
    },
  );

  fastify.post(
    '/support_tickets/:id/close/',
    { schema: contractSchema('closeSupportTicket'), ...tenantScoped },
    async (request) => {
      const { id } = request.params;
      const { resolution } = request.body;
      requireText('resolution', resolution);
      const user = currentUser(request);
      const tenantId = currentTenant(request);
      return fastify.db.transaction(async (tx) => {
        const ticket = await findTicket(tx, id, tenantId, true);
        if (ticket === undefined) throw ticketNotFound(id);
        await changeStatus(tx, ticket, { userId: user.id, role: 'tenant' }, 'closed', resolution.trim());
        return ticketDetail(tx, ticket);
      });
    },
  );

  fastify.post(
    '/support_tickets/:id/attachments/',
    {
      schema: { ...contractSchema('uploadSupportTicketAttachments'), consumes: ['multipart/form-data'] },
      ...tenantScoped,
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = currentUser(request);
      const tenantId = currentTenant(request);
      requireMultipart(request);
      const ticket = await findTicket(fastify.db, id, tenantId);
      if (ticket === undefined) throw ticketNotFound(id);
      if (ticket.status === 'closed') throw ticketClosed();
      const rows = await receiveFiles(request, fastify.fileStore, tooManyFiles, (files) =>
        fastify.db.transaction(async (tx) => {
          // Checked again under the row lock: the ticket may have been closed meanwhile.
          const current = await findTicket(tx, id, tenantId, true);
          if (current === undefined) throw ticketNotFound(id);
          return attachFiles(tx, current, user.id, files);
        }),
      );
      return reply.code(201).send(rows.map(serializeAttachment));
    },
  );

  fastify.get(
    '/support_tickets/:id/attachments/:attachmentId/',
    { schema: contractSchema('downloadSupportTicketAttachment'), ...tenantScoped },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = foundAttachment(await findTenantAttachment(fastify.db, currentTenant(request), id, attachmentId));
      return sendAttachment(reply, fastify.fileStore, file);
    },
  );

  fastify.get(
    '/support_tickets/:id/attachments/:attachmentId/preview/',
    { schema: contractSchema('previewSupportTicketAttachment'), ...tenantScoped },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = foundAttachment(await findTenantAttachment(fastify.db, currentTenant(request), id, attachmentId));
      return sendPreview(reply, fastify.fileStore, file, request.query.size);
    },
  );
};
