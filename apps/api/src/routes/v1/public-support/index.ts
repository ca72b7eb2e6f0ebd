import { newAccessCode } from '../../../domain/access-codes.js';
import { MAX_FILES } from '../../../domain/attachment-files.js';
import { findBuilding } from '../../../domain/buildings.js';
import { BLANK_FIELD_MESSAGE, drfError, fieldErrors, requireText } from '../../../domain/errors.js';
import { notifyPublicRequestCreated } from '../../../domain/notifications.js';
import { createPublicRequest, requestClosed, type PublicSupportCategory } from '../../../domain/public-support.js';
import {
  acceptUploads,
  receiveFiles,
  requireMultipart,
  sendAttachment,
  sendPreview,
} from '../../../http/attachments.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import {
  addAttachments,
  addVisitorMessage,
  attachmentCount,
  findAttachment,
  findWithCode,
  requestNotFound,
  serializeRequest,
} from './repository.js';

/** More files than this on one request, counting earlier uploads, answer 413 (upstream.yaml). */
export const MAX_FILES_PER_REQUEST = MAX_FILES;

const tooManyOnRequest = () =>
  drfError(413, 'too_many_files', `K jednomu požadavku lze přiložit nejvýše ${MAX_FILES_PER_REQUEST} souborů.`);

interface ContactFields {
  name?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  subject: string;
  message: string;
}

/** Category rules the JSON schema cannot express (upstream.yaml createPublicSupportRequest). */
function checkCreateBody(body: ContactFields, category: PublicSupportCategory): void {
  const errors: Record<string, string[]> = {};
  for (const field of ['subject', 'message'] as const) {
    if (body[field].trim() === '') errors[field] = [BLANK_FIELD_MESSAGE];
  }
  if (category !== 'fault_report' && (body.name ?? '').trim() === '') errors.name = ['Zadejte své jméno.'];
  if (category === 'order' && (body.email ?? '').trim() === '' && (body.phone ?? '').trim() === '') {
    errors.email = ['Zadejte e-mail nebo telefon, abychom vás mohli kvůli objednávce kontaktovat.'];
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** Anonymous support requests, fault reports and orders, followed with id + access code. */
export const publicSupportRoutes: ContractRoutes = async (fastify) => {
  await acceptUploads(fastify);
  /** A request's attachment for its access code; a wrong code and a wrong attachment answer alike. */
  const attachmentOf = async (params: { id: number; attachmentId: number }, code: string) => {
    const row = await findWithCode(fastify.db, params.id, code);
    const file = await findAttachment(fastify.db, row.id, params.attachmentId);
    // The same answer as a wrong code: nothing tells which part of the address was wrong.
    if (file === undefined) throw requestNotFound();
    return file;
  };

  fastify.post('/public_support/', { schema: contractSchema('createPublicSupportRequest') }, async (request, reply) => {
    const { body } = request;
    const category = body.category ?? 'support';
    if (body.building !== undefined && body.building !== null) {
      if ((await findBuilding(fastify.db, body.building)) === undefined) {
        throw fieldErrors({ building: ['Vybraná budova neexistuje.'] });
      }
    }
    checkCreateBody(body, category);
    const email = body.email?.trim() || null;
    return runCreate(fastify.db, request, reply, 'createPublicSupportRequest', async (tx) => {
      const accessCode = newAccessCode();
      const row = await createPublicRequest(tx, {
        category,
        name: body.name?.trim() || null,
        email,
        phone: body.phone?.trim() || null,
        subject: body.subject.trim(),
        message: body.message,
        buildingId: body.building ?? null,
        location: body.location?.trim() || null,
        accessCode,
      });
      // The visitor's confirmation and the staff's notice, committed with the request (a
      // replayed Idempotency-Key runs none of this, so nothing is sent twice).
      await notifyPublicRequestCreated(tx, row, accessCode);
      return { statusCode: 201, body: await serializeRequest(tx, row, accessCode) };
    });
  });

  fastify.get('/public_support/:id/', { schema: contractSchema('getPublicSupportRequest') }, async (request) => {
    const { code } = request.query;
    const row = await findWithCode(fastify.db, request.params.id, code);
    return serializeRequest(fastify.db, row, code);
  });

  fastify.post(
    '/public_support/:id/add_message/',
    { schema: contractSchema('addPublicSupportMessage') },
    async (request, reply) => {
      const { body } = request.body;
      requireText('body', body);
      return runCreate(fastify.db, request, reply, 'addPublicSupportMessage', async (tx) => {
        const row = await findWithCode(tx, request.params.id, request.query.code, { lock: true });
        if (row.status === 'closed') throw requestClosed();
        return { statusCode: 201, body: await addVisitorMessage(tx, row, body) };
      });
    },
  );

  fastify.post(
    '/public_support/:id/attachments/',
    { schema: { ...contractSchema('uploadPublicSupportAttachments'), consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const { id } = request.params;
      const { code } = request.query;
      requireMultipart(request);
      // Checked before a byte is stored, so a wrong code costs no disk.
      const row = await findWithCode(fastify.db, id, code);
      if (row.status === 'closed') throw requestClosed();
      if ((await attachmentCount(fastify.db, row.id)) >= MAX_FILES_PER_REQUEST) throw tooManyOnRequest();
      const attachments = await receiveFiles(request, fastify.fileStore, tooManyOnRequest, (files) =>
        fastify.db.transaction(async (tx) => {
          const current = await findWithCode(tx, id, code, { lock: true });
          if (current.status === 'closed') throw requestClosed();
          // Counted again under the row lock: two uploads at once cannot pass the limit together.
          if ((await attachmentCount(tx, current.id)) + files.length > MAX_FILES_PER_REQUEST) throw tooManyOnRequest();
          return addAttachments(tx, current, files);
        }),
      );
      return reply.code(201).send(attachments);
    },
  );

  fastify.get(
    '/public_support/:id/attachments/:attachmentId/',
    { schema: contractSchema('downloadPublicSupportAttachment') },
    async (request, reply) => {
      const file = await attachmentOf(request.params, request.query.code);
      return sendAttachment(reply, fastify.fileStore, file);
    },
  );

  fastify.get(
    '/public_support/:id/attachments/:attachmentId/preview/',
    { schema: contractSchema('previewPublicSupportAttachment') },
    async (request, reply) => {
      const file = await attachmentOf(request.params, request.query.code);
      return sendPreview(reply, fastify.fileStore, file, request.query.size);
    },
  );
};
