import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { idempotencyKeys } from '../db/schema.js';
import { drfError } from './errors.js';

/** How long a key is remembered (upstream.yaml `IdempotencyKey`). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface CreateResult {
  statusCode: number;
  body: unknown;
}

export interface IdempotencyClaim {
  /** Per caller: keys of different callers never meet. */
  scope: string;
  operation: string;
  key: string;
  /** Digest of the request, to tell a repeat from another request under the same key. */
  requestHash: string;
}

/**
 * Runs a create in one transaction, honouring an idempotency key. With a key, a row for
 * (caller, operation, key) is inserted first: a concurrent repeat blocks on its unique index
 * until this transaction ends and then finds the stored answer, so a retried create never
 * happens twice. A failed create rolls the row back, so only successes are replayed. The same
 * key with a different request answers 409 `idempotency_key_reused`.
 */
export async function createOnce(
  db: Database,
  claim: IdempotencyClaim | undefined,
  work: (tx: Database) => Promise<CreateResult>,
): Promise<CreateResult & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    if (claim === undefined) return { ...(await work(tx)), replayed: false };
    const { scope, operation, key, requestHash } = claim;
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
      return { statusCode: previous.statusCode, body: previous.responseBody, replayed: true };
    }
    const created = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: created.statusCode, responseBody: created.body })
      .where(eq(idempotencyKeys.id, claimed.id));
    return { ...created, replayed: false };
  });
}

/** Forgets keys older than the window. */
export async function pruneIdempotencyKeys(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)));
}
