import { requireText } from '../../../domain/errors.js';
import {
  addStaffAnswer,
  findStaffRequest,
  listStaffRequests,
  serializePublicMessage,
  staffRequestDetail,
  updateStaffRequestStatus,
} from '../../../domain/public-support.js';
import { parseIfMatch, versionTag } from '../../../domain/staff.js';
import { foundAttachment, sendAttachment, sendPreview } from '../../../http/attachments.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import { pageOf, paged } from '../../../http/pagination.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { currentStaffScope } from '../../../plugins/app/staff-guard.js';
import { findPublicRequestAttachment } from './repository.js';

/** Public support requests, fault reports and orders as the staff answer them (domain/public-support.ts). */
export const staffPublicSupportRoutes: ContractRoutes = async (fastify) => {
  const staffOnly = { onRequest: [fastify.authenticate, fastify.requireStaff] };

  fastify.get(
    '/staff/public_support/',
    { schema: contractSchema('listStaffPublicSupportRequests'), ...staffOnly },
    async (request, reply) => {
      const { query } = request;
      const page = pageOf(query);
      const { total, rows } = await listStaffRequests(fastify.db, currentStaffScope(request), query, page);
      return paged(reply, page, total).send(rows);
    },
  );

  fastify.get(
    '/staff/public_support/:id/',
    { schema: contractSchema('getStaffPublicSupportRequest'), ...staffOnly },
    async (request, reply) => {
      const detail = await staffRequestDetail(fastify.db, currentStaffScope(request), request.params.id);
      return reply.header('etag', versionTag(detail.version)).send(detail);
    },
  );

  fastify.patch(
    '/staff/public_support/:id/',
    { schema: contractSchema('updateStaffPublicSupportRequest'), ...staffOnly },
    async (request, reply) => {
      const { id } = request.params;
      const scope = currentStaffScope(request);
      const detail = await fastify.db.transaction(async (tx) => {
        await updateStaffRequestStatus(tx, scope, id, parseIfMatch(request.headers['if-match']), request.body.status);
        return staffRequestDetail(tx, scope, id);
      });
      return reply.header('etag', versionTag(detail.version)).send(detail);
    },
  );

  fastify.post(
    '/staff/public_support/:id/messages/',
    { schema: contractSchema('addStaffPublicSupportMessage'), ...staffOnly },
    async (request, reply) => {
      const { id } = request.params;
      const { body } = request.body;
      requireText('body', body);
      const scope = currentStaffScope(request);
      const user = currentUser(request);
      return runCreate(fastify.db, request, reply, 'addStaffPublicSupportMessage', async (tx) => {
        const message = await addStaffAnswer(tx, scope, user, id, body);
        return { statusCode: 201, body: serializePublicMessage(message) };
      });
    },
  );

  fastify.get(
    '/staff/public_support/:id/attachments/:attachmentId/',
    { schema: contractSchema('downloadStaffPublicSupportAttachment'), ...staffOnly },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      await findStaffRequest(fastify.db, currentStaffScope(request), id);
      const file = foundAttachment(await findPublicRequestAttachment(fastify.db, id, attachmentId));
      return sendAttachment(reply, fastify.fileStore, file);
    },
  );

  fastify.get(
    '/staff/public_support/:id/attachments/:attachmentId/preview/',
    { schema: contractSchema('previewStaffPublicSupportAttachment'), ...staffOnly },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      await findStaffRequest(fastify.db, currentStaffScope(request), id);
      const file = foundAttachment(await findPublicRequestAttachment(fastify.db, id, attachmentId));
      return sendPreview(reply, fastify.fileStore, file, request.query.size);
    },
  );
};
