import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../db/database.js';
import {
  buildings,
  publicSupportAttachments,
  publicSupportMessages,
  publicSupportRequests,
} from '../../../db/schema.js';
import { buildingRefs } from '../../../domain/refs.js';
import { ApiError, drfError } from '../../../http/api-error.js';
import { contractSchema } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import type { MailMessage } from '../../../plugins/app/mailer.js';
import {
  MAX_FILES,
  MAX_FILE_BYTES,
  attachmentsDir,
  contentDisposition,
  isFileTooLarge,
  isTooManyFiles,
  storePart,
  tooLarge,
  type StoredFile,
} from '../support-tickets/attachments.js';
import { publicRequestCreatedMail } from './mail.js';

type Category = 'support' | 'fault_report' | 'order';

interface CreateBody {
  category?: Category;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  subject: string;
  message: string;
  building?: number | null;
  location?: string | null;
}

/** More files than this on one request, counting earlier uploads, answer 413 (upstream.yaml). */
export const MAX_FILES_PER_REQUEST = MAX_FILES;

const tooManyOnRequest = () =>
  drfError(413, 'too_many_files', `K jednomu požadavku lze přiložit nejvýše ${MAX_FILES_PER_REQUEST} souborů.`);
const requestClosed = () =>
  drfError(409, 'request_closed', 'Požadavek je uzavřený; nové zprávy ani přílohy už nelze přidat.');

type RequestRow = typeof publicSupportRequests.$inferSelect;

/** 128 random bits (≥ 60 asked), URL-safe so it fits a link's query. */
export function newAccessCode(): string {
  return randomBytes(16).toString('base64url');
}

export function hashAccessCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Constant-time comparison of digests: the time taken says nothing about how much matched. */
function codeMatches(code: string, storedHash: string): boolean {
  const given = Buffer.from(hashAccessCode(code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The same answer for an unknown id and a wrong code, so ids cannot be probed. */
const notFound = () => drfError(404, 'not_found', 'Požadavek nebyl nalezen nebo je přístupový kód nesprávný.');

async function serializeRequest(db: Database, row: RequestRow, accessCode: string) {
  // One after another: `db` may be a transaction's single client.
  const messages = await db
    .select()
    .from(publicSupportMessages)
    .where(eq(publicSupportMessages.requestId, row.id))
    .orderBy(asc(publicSupportMessages.id));
  const attachments = await db
    .select()
    .from(publicSupportAttachments)
    .where(eq(publicSupportAttachments.requestId, row.id))
    .orderBy(asc(publicSupportAttachments.id));
  const places = await buildingRefs(db, [row.buildingId]);
  return {
    id: row.id,
    access_code: accessCode,
    category: row.category,
    subject: row.subject,
    status: row.status,
    name: row.name,
    building: row.buildingId === null ? null : (places.get(row.buildingId) ?? null),
    location: row.location,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    messages: messages.map(serializeMessage),
    attachments: attachments.map(serializeAttachment),
  };
}

function serializeAttachment(row: typeof publicSupportAttachments.$inferSelect) {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    created_at: row.createdAt.toISOString(),
    // Without the code: the client adds `?code=…` itself, so the secret is never stored in a URL field.
    download_url: `/api/v1/public_support/${row.requestId}/attachments/${row.id}/`,
  };
}

/** Category rules the JSON schema cannot express (upstream.yaml createPublicSupportRequest). */
function checkCreateBody(body: CreateBody, category: Category): void {
  const errors: Record<string, string[]> = {};
  for (const field of ['subject', 'message'] as const) {
    if (body[field].trim() === '') errors[field] = ['Toto pole nesmí být prázdné.'];
  }
  if (category !== 'fault_report' && (body.name ?? '').trim() === '') errors.name = ['Zadejte své jméno.'];
  if (category === 'order' && (body.email ?? '').trim() === '' && (body.phone ?? '').trim() === '') {
    errors.email = ['Zadejte e-mail nebo telefon, abychom vás mohli kvůli objednávce kontaktovat.'];
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
}

async function attachmentCount(db: Database, requestId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(publicSupportAttachments)
    .where(eq(publicSupportAttachments.requestId, requestId));
  return row?.value ?? 0;
}

function serializeMessage(row: typeof publicSupportMessages.$inferSelect) {
  return {
    id: row.id,
    author_role: row.authorRole,
    author_name: row.authorRole === 'visitor' ? null : row.authorName,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

async function findWithCode(db: Database, id: number, code: string, forUpdate = false): Promise<RequestRow> {
  const query = db.select().from(publicSupportRequests).where(eq(publicSupportRequests.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  // Hash even when the id is unknown, so both paths take the same time.
  const matches = codeMatches(code, row?.accessCodeHash ?? '0'.repeat(64));
  if (row === undefined || !matches) throw notFound();
  return row;
}

/** Anonymous support requests, fault reports and orders, followed with id + access code. */
export const publicSupportRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(multipart, {
    limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES, fields: 20, fieldSize: 1024, parts: 40 },
  });

  fastify.post('/public_support/', { schema: contractSchema('createPublicSupportRequest') }, async (request, reply) => {
    const body = request.body as CreateBody;
    const category = body.category ?? 'support';
    if (body.building !== undefined && body.building !== null) {
      const [building] = await fastify.db
        .select({ id: buildings.id })
        .from(buildings)
        .where(eq(buildings.id, body.building))
        .limit(1);
      if (building === undefined) throw new ApiError(400, { building: ['Vybraná budova neexistuje.'] });
    }
    checkCreateBody(body, category);
    const email = body.email?.trim() || null;
    // Set only by a create that really happened (not by a replayed key), sent once it has committed.
    let confirmation: MailMessage | null = null;
    const answer = await runCreate(fastify.db, request, reply, 'createPublicSupportRequest', async (tx) => {
      const accessCode = newAccessCode();
      const [row] = await tx
        .insert(publicSupportRequests)
        .values({
          category,
          name: body.name?.trim() || null,
          email,
          phone: body.phone?.trim() || null,
          subject: body.subject.trim(),
          buildingId: body.building ?? null,
          location: body.location?.trim() || null,
          accessCodeHash: hashAccessCode(accessCode),
        })
        .returning();
      if (row === undefined) throw new Error('request insert returned no row');
      await tx.insert(publicSupportMessages).values({ requestId: row.id, authorRole: 'visitor', body: body.message });
      if (email !== null) {
        confirmation = publicRequestCreatedMail({
          to: email,
          id: row.id,
          accessCode,
          subject: row.subject,
          category,
          portalUrl: fastify.config.portalUrl,
        });
      }
      return { statusCode: 201, body: await serializeRequest(tx, row, accessCode) };
    });
    const mail = confirmation as MailMessage | null;
    if (mail !== null) fastify.background.run('public-support-created-mail', () => fastify.mailer.send(mail));
    return answer;
  });

  fastify.get('/public_support/:id/', { schema: contractSchema('getPublicSupportRequest') }, async (request) => {
    const { id } = request.params as { id: number };
    const { code } = request.query as { code: string };
    const row = await findWithCode(fastify.db, id, code);
    return serializeRequest(fastify.db, row, code);
  });

  fastify.post(
    '/public_support/:id/add_message/',
    { schema: contractSchema('addPublicSupportMessage') },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const { code } = request.query as { code: string };
      const { body } = request.body as { body: string };
      if (body.trim() === '') throw new ApiError(400, { body: ['Toto pole nesmí být prázdné.'] });
      return runCreate(fastify.db, request, reply, 'addPublicSupportMessage', async (tx) => {
        const row = await findWithCode(tx, id, code, true);
        if (row.status === 'closed') throw requestClosed();
        const [message] = await tx
          .insert(publicSupportMessages)
          .values({ requestId: row.id, authorRole: 'visitor', body })
          .returning();
        await tx
          .update(publicSupportRequests)
          .set({ updatedAt: new Date() })
          .where(eq(publicSupportRequests.id, row.id));
        if (message === undefined) throw new Error('message insert returned no row');
        return { statusCode: 201, body: serializeMessage(message) };
      });
    },
  );

  fastify.post(
    '/public_support/:id/attachments/',
    { schema: { ...contractSchema('uploadPublicSupportAttachments'), consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const { code } = request.query as { code: string };
      if (!request.isMultipart()) {
        throw drfError(415, 'unsupported_media_type', 'Přílohy posílejte jako multipart/form-data v částech „files“.');
      }
      // Checked before a byte is stored, so a wrong code costs no disk.
      const row = await findWithCode(fastify.db, id, code);
      if (row.status === 'closed') throw requestClosed();
      if ((await attachmentCount(fastify.db, row.id)) >= MAX_FILES_PER_REQUEST) throw tooManyOnRequest();

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
        if (isTooManyFiles(error)) throw tooManyOnRequest();
        if (error instanceof ApiError) throw error;
        if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
        throw drfError(400, 'parse_error', 'Přílohy se nepodařilo přečíst; pošlete je znovu jako multipart/form-data.');
      }
      if (stored.length === 0) {
        throw new ApiError(400, { files: ['Vyberte alespoň jeden soubor (část „files“).'] });
      }
      try {
        const rows = await fastify.db.transaction(async (tx) => {
          const current = await findWithCode(tx, id, code, true);
          if (current.status === 'closed') throw requestClosed();
          // Counted again under the row lock: two uploads at once cannot pass the limit together.
          if ((await attachmentCount(tx, current.id)) + stored.length > MAX_FILES_PER_REQUEST) throw tooManyOnRequest();
          await tx
            .update(publicSupportRequests)
            .set({ updatedAt: new Date() })
            .where(eq(publicSupportRequests.id, current.id));
          return tx
            .insert(publicSupportAttachments)
            .values(stored.map((file) => ({ requestId: current.id, ...file })))
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
    '/public_support/:id/attachments/:attachmentId/',
    { schema: contractSchema('downloadPublicSupportAttachment') },
    async (request, reply) => {
      const { id, attachmentId } = request.params as { id: number; attachmentId: number };
      const { code } = request.query as { code: string };
      const row = await findWithCode(fastify.db, id, code);
      const [file] = await fastify.db
        .select()
        .from(publicSupportAttachments)
        .where(and(eq(publicSupportAttachments.id, attachmentId), eq(publicSupportAttachments.requestId, row.id)))
        .limit(1);
      // The same answer as a wrong code: nothing tells which part of the address was wrong.
      if (file === undefined) throw notFound();
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path.join(attachmentsDir(fastify.config.dataDir), file.storageKey)));
    },
  );
};
