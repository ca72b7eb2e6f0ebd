import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { supportTickets, ticketAttachments } from '../../../db/schema.js';
import { listTicketPage, type TicketPage } from '../../../domain/ticket-list.js';
import {
  addComment,
  changeStatus,
  findTicket,
  serializeAttachment,
  loadTicketDetail,
  serializeTimelineEntries,
  ticketDetail,
  ticketNotFound,
  ticketClosed,
  type TicketPriority,
  type TicketStatus,
} from '../../../domain/tickets.js';
import { tenantBuildingIds } from '../../../domain/refs.js';
import { ApiError, drfError } from '../../../http/api-error.js';
import { contractSchema } from '../../../http/contract-schema.js';
import { settleDeferredTenant, settleTenantVerdict } from '../../../plugins/app/tenant-guard.js';
import { runCreate } from '../../../http/idempotency.js';
import { assertPageExists, pageOf, pragueDayEnd, pragueDayStart } from '../../../http/pagination.js';
import {
  MAX_FILES,
  MAX_FILE_BYTES,
  attachmentsDir,
  contentDisposition,
  isFileTooLarge,
  isTooManyFiles,
  storePart,
  tooLarge,
  tooMany,
  type StoredFile,
} from './attachments.js';

interface ListQuery {
  page?: number;
  page_size?: number;
  ordering?: string;
  status?: TicketStatus[];
  priority?: TicketPriority[];
  building?: number;
  created_from?: string;
  created_to?: string;
  search?: string;
}

interface CreateBody {
  subject: string;
  description: string;
  building: number;
  priority?: TicketPriority;
  contact_phone?: string | null;
}

const ticketId = (request: FastifyRequest) => (request.params as { id: number }).id;

/**
 * Support tickets (spec §7 "Support tickets"): every query carries the caller's tenant, so a
 * foreign ticket id answers 404 exactly like an unknown one.
 */
export const supportTicketRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(multipart, {
    limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES, fields: 20, fieldSize: 1024, parts: 40 },
  });
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
      const query = request.query as ListQuery;
      const page = pageOf(query);
      const listQuery = {
        tenantId: request.deferredTenant?.tenantId ?? (request.tenantId as string),
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
      // An empty page means an empty list (page 1) or a page past the end (404 invalid_page).
      assertPageExists(page, result.total);
      // The body is the JSON text PostgreSQL built in the contract's shape (domain/ticket-list.ts);
      // with a JSON content type Fastify sends a string as it is, without serialising it again.
      return reply
        .header('x-total-count', String(result.total))
        .type('application/json; charset=utf-8')
        .send(result.json);
    },
  );

  fastify.post(
    '/support_tickets/',
    { schema: contractSchema('createSupportTicket'), ...tenantScoped },
    async (request, reply) => {
      const body = request.body as CreateBody;
      const tenantId = request.tenantId as string;
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      if (!(await tenantBuildingIds(fastify.db, tenantId)).includes(body.building)) {
        throw new ApiError(400, { building: ['Vyberte budovu, ve které máte pronajaté prostory.'] });
      }
      const phone = body.contact_phone?.trim();
      return runCreate(fastify.db, request, reply, 'createSupportTicket', async (tx) => {
        const [row] = await tx
          .insert(supportTickets)
          .values({
            tenantId,
            buildingId: body.building,
            reporterId: user.id,
            subject: body.subject.trim(),
            description: body.description,
            priority: body.priority ?? 'standard',
            status: 'open',
            // Empty means "use my registered contact" (spec §5); the registered phone is read
            // from the profile when the operator calls, so it stays current.
            contactPhone: phone === undefined || phone === '' ? null : phone,
          })
          .returning();
        if (row === undefined) throw new Error('ticket insert returned no row');
        return { statusCode: 201, body: await ticketDetail(tx, row) };
      });
    },
  );

  fastify.get(
    '/support_tickets/:id/',
    { schema: contractSchema('getSupportTicket'), ...tenantScoped },
    async (request) => {
      const id = ticketId(request);
      const detail = await loadTicketDetail(fastify.db, id, request.tenantId);
      if (detail === undefined) throw ticketNotFound(id);
      return detail;
    },
  );

  fastify.post(
    '/support_tickets/:id/messages/',
    { schema: contractSchema('addSupportTicketMessage'), ...tenantScoped },
    async (request, reply) => {
      const id = ticketId(request);
      const { body } = request.body as { body: string };
      if (body.trim() === '') throw new ApiError(400, { body: ['Toto pole nesmí být prázdné.'] });
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      return runCreate(fastify.db, request, reply, 'addSupportTicketMessage', async (tx) => {
        const ticket = await findTicket(tx, id, request.tenantId, true);
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
      const id = ticketId(request);
      const { resolution } = request.body as { resolution: string };
      if (resolution.trim() === '') throw new ApiError(400, { resolution: ['Toto pole nesmí být prázdné.'] });
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      return fastify.db.transaction(async (tx) => {
        const ticket = await findTicket(tx, id, request.tenantId, true);
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
      const id = ticketId(request);
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      if (!request.isMultipart()) {
        throw drfError(415, 'unsupported_media_type', 'Přílohy posílejte jako multipart/form-data v částech „files“.');
      }
      const ticket = await findTicket(fastify.db, id, request.tenantId);
      if (ticket === undefined) throw ticketNotFound(id);
      if (ticket.status === 'closed') throw ticketClosed();

      const stored: StoredFile[] = [];
      const dir = attachmentsDir(fastify.config.dataDir);
      const discard = () => Promise.all(stored.map((file) => rm(path.join(dir, file.storageKey), { force: true })));
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'files') {
            part.file.resume();
            continue;
          }
          stored.push(await storePart(fastify.config.dataDir, part));
        }
      } catch (error) {
        await discard();
        if (isFileTooLarge(error)) throw tooLarge();
        if (isTooManyFiles(error)) throw tooMany();
        if (error instanceof ApiError) throw error;
        if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
        throw drfError(400, 'parse_error', 'Přílohy se nepodařilo přečíst; pošlete je znovu jako multipart/form-data.');
      }
      if (stored.length === 0) {
        throw new ApiError(400, { files: ['Vyberte alespoň jeden soubor (část „files“).'] });
      }
      try {
        const rows = await fastify.db.transaction(async (tx) => {
          const current = await findTicket(tx, id, request.tenantId, true);
          if (current === undefined) throw ticketNotFound(id);
          if (current.status === 'closed') throw ticketClosed();
          await tx.update(supportTickets).set({ updatedAt: new Date() }).where(eq(supportTickets.id, id));
          return tx
            .insert(ticketAttachments)
            .values(stored.map((file) => ({ ticketId: id, uploadedBy: user.id, ...file })))
            .returning();
        });
        return reply.code(201).send(rows.map(serializeAttachment));
      } catch (error) {
        await discard();
        throw error;
      }
    },
  );

  fastify.get(
    '/support_tickets/:id/attachments/:attachmentId/',
    { schema: contractSchema('downloadSupportTicketAttachment'), ...tenantScoped },
    async (request, reply) => {
      const { id, attachmentId } = request.params as { id: number; attachmentId: number };
      // Joined on the tenant's ticket, so another tenant's attachment is as unknown as a missing one.
      const [row] = await fastify.db
        .select({ attachment: ticketAttachments })
        .from(ticketAttachments)
        .innerJoin(supportTickets, eq(supportTickets.id, ticketAttachments.ticketId))
        .where(
          and(
            eq(ticketAttachments.id, attachmentId),
            eq(ticketAttachments.ticketId, id),
            eq(supportTickets.tenantId, request.tenantId as string),
          ),
        )
        .limit(1);
      if (row === undefined) throw drfError(404, 'not_found', 'Příloha nebyla nalezena.');
      const file = row.attachment;
      // Always octet-stream, as the contract documents: with `attachment` and nosniff a browser
      // only ever saves the file (never renders an uploaded HTML or image inline), and the BFF
      // forwards only documented content types.
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path.join(attachmentsDir(fastify.config.dataDir), file.storageKey)));
    },
  );
};
