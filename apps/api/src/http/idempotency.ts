import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { fieldErrors } from '../domain/errors.js';
import { createOnce, type CreateResult } from '../domain/idempotency.js';

const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Answers a create, honouring `Idempotency-Key` (domain/idempotency.ts): a repeat of the same
 * request by the same caller gets the first answer again, marked `Idempotent-Replayed: true`.
 */
export async function runCreate(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  work: (tx: Database) => Promise<CreateResult>,
): Promise<FastifyReply> {
  const key = readKey(request);
  const claim =
    key === undefined
      ? undefined
      : {
          scope: callerScope(request),
          operation,
          key,
          requestHash: createHash('sha256')
            .update(JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null]))
            .digest('hex'),
        };
  const result = await createOnce(db, claim, work);
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(result.statusCode).send(result.body);
}

function readKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY_PATTERN.test(value)) {
    throw fieldErrors({
      'Idempotency-Key': ['Hlavička Idempotency-Key musí mít 8 až 128 znaků z písmen, číslic a znaků . _ : -.'],
    });
  }
  return value;
}

/**
 * Per user and tenant for logged-in callers. Anonymous callers per client address (the BFF
 * names the browser in X-Forwarded-For, trusted only from TRUST_PROXY): a stored answer holds
 * an access code or a cancel token, so it is replayed only to the client that caused it,
 * never to another who sends the same key and body.
 */
function callerScope(request: FastifyRequest): string {
  if (request.user !== null) return `user:${request.user.id}:${request.tenantId ?? ''}`;
  return `anonymous:${request.ip}`;
}
