import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../db/database.js';
import { buildings, publicSupportMessages, publicSupportRequests } from '../../../db/schema.js';
import { buildingRefs } from '../../../domain/refs.js';
import { ApiError, drfError } from '../../../http/api-error.js';
import { contractSchema } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';

interface CreateBody {
  category?: 'support' | 'fault_report' | 'order';
  name: string;
  email: string;
  phone?: string | null;
  subject: string;
  message: string;
  building?: number | null;
  location?: string | null;
}

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
  const [messages, places] = await Promise.all([
    db
      .select()
      .from(publicSupportMessages)
      .where(eq(publicSupportMessages.requestId, row.id))
      .orderBy(asc(publicSupportMessages.id)),
    buildingRefs(db, [row.buildingId]),
  ]);
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
  };
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
  fastify.post('/public_support/', { schema: contractSchema('createPublicSupportRequest') }, async (request, reply) => {
    const body = request.body as CreateBody;
    if (body.building !== undefined && body.building !== null) {
      const [building] = await fastify.db
        .select({ id: buildings.id })
        .from(buildings)
        .where(eq(buildings.id, body.building))
        .limit(1);
      if (building === undefined) throw new ApiError(400, { building: ['Vybraná budova neexistuje.'] });
    }
    for (const field of ['name', 'subject', 'message'] as const) {
      if (body[field].trim() === '') throw new ApiError(400, { [field]: ['Toto pole nesmí být prázdné.'] });
    }
    return runCreate(fastify.db, request, reply, 'createPublicSupportRequest', async (tx) => {
      const accessCode = newAccessCode();
      const [row] = await tx
        .insert(publicSupportRequests)
        .values({
          category: body.category ?? 'support',
          name: body.name.trim(),
          email: body.email.trim(),
          phone: body.phone?.trim() || null,
          subject: body.subject.trim(),
          buildingId: body.building ?? null,
          location: body.location?.trim() || null,
          accessCodeHash: hashAccessCode(accessCode),
        })
        .returning();
      if (row === undefined) throw new Error('request insert returned no row');
      await tx.insert(publicSupportMessages).values({ requestId: row.id, authorRole: 'visitor', body: body.message });
      return { statusCode: 201, body: await serializeRequest(tx, row, accessCode) };
    });
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
        if (row.status === 'closed') {
          throw drfError(409, 'request_closed', 'Požadavek je uzavřený; nové zprávy už nelze přidat.');
        }
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
};
