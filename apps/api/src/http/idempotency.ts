import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { idempotencyKeys } from '../db/schema.js';
import { ApiError, drfError } from './api-error.js';

/** How long a key is remembered (upstream.yaml `IdempotencyKey`). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

export interface CreateResult {
  statusCode: number;
  body: unknown;
}

/**
 * Runs a create in one transaction, honouring `Idempotency-Key`. With a key, a row for
 * (caller, operation, key) is inserted first: a concurrent repeat blocks on its unique index
 * until this transaction ends and then finds the stored answer, so a retried POST never creates
 * twice. A failed create rolls the row back, so only successes are replayed. The same key with a
 * different body answers 409 `idempotency_key_reused`.
 */
export async function runCreate(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  work: (tx: Database) => Promise<CreateResult>,
): Promise<FastifyReply> {
  const key = readKey(request);
  const scope = callerScope(request);
  const requestHash = createHash('sha256')
    .update(JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null]))
    .digest('hex');
  const result = await db.transaction(async (tx) => {
    if (key === undefined) return work(tx);
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ scope, operation, key, requestHash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed === undefined) {
      const [previous] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.operation, operation), eq(idempotencyKeys.key, key)),
        )
        .limit(1);
      if (previous === undefined || previous.statusCode === null) {
        throw drfError(409, 'idempotency_key_in_use', 'Stejný požadavek se právě zpracovává. Zkuste to znovu.');
      }
      if (previous.requestHash !== requestHash) {
        throw drfError(409, 'idempotency_key_reused', 'Klíč Idempotency-Key už byl použit pro jiný požadavek.');
      }
      reply.header('idempotent-replayed', 'true');
      return { statusCode: previous.statusCode, body: previous.responseBody };
    }
    const created = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: created.statusCode, responseBody: created.body as object })
      .where(eq(idempotencyKeys.id, claimed.id));
    return created;
  });
  return reply.code(result.statusCode).send(result.body);
}

function readKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY_PATTERN.test(value)) {
    throw new ApiError(400, {
      'Idempotency-Key': ['Hlavička Idempotency-Key musí mít 8 až 128 znaků z písmen, číslic a znaků . _ : -.'],
    });
  }
  return value;
}

/** Per user and tenant for logged-in callers; anonymous callers share one scope (keys are UUIDs). */
function callerScope(request: FastifyRequest): string {
  if (request.user !== null) return `user:${request.user.id}:${request.tenantId ?? ''}`;
  return 'anonymous';
}

/** Forgets keys older than the window. */
export async function pruneIdempotencyKeys(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)));
}
