import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { publicSupportMessages, publicSupportRequests } from '../db/schema.js';
import { hashAccessCode } from './access-codes.js';
import type { TicketStatus } from './tickets.js';
import { displayName, type User } from './users.js';

/**
 * Support requests, fault reports and orders of anonymous visitors, followed with their id and
 * access code: filed by visitors (and the demo seed), answered by the operator's staff (CLI).
 */

export type PublicRequestRow = typeof publicSupportRequests.$inferSelect;
export type PublicSupportCategory = PublicRequestRow['category'];
export type PublicMessageRow = typeof publicSupportMessages.$inferSelect;

export interface NewPublicRequest {
  category: PublicSupportCategory;
  name: string | null;
  email: string | null;
  phone: string | null;
  subject: string;
  /** The visitor's first message. */
  message: string;
  buildingId: number | null;
  location: string | null;
  /** Answered to the visitor once; only its digest is stored. */
  accessCode: string;
  status?: TicketStatus;
  /** When it was filed; now unless it is older data. */
  createdAt?: Date;
}

export async function createPublicRequest(tx: Database, request: NewPublicRequest): Promise<PublicRequestRow> {
  const { message, accessCode, createdAt = new Date(), ...values } = request;
  const [row] = await tx
    .insert(publicSupportRequests)
    .values({ ...values, accessCodeHash: hashAccessCode(accessCode), createdAt, updatedAt: createdAt })
    .returning();
  if (row === undefined) throw new Error('request insert returned no row');
  await tx.insert(publicSupportMessages).values({ requestId: row.id, authorRole: 'visitor', body: message, createdAt });
  return row;
}

/**
 * Marks a request changed, so retention counts from its last activity (domain/retention.ts),
 * and raises its version (the staff's If-Match).
 */
export async function touchPublicRequest(
  tx: Database,
  requestId: number,
  at: Date,
  status?: TicketStatus,
): Promise<void> {
  await tx
    .update(publicSupportRequests)
    .set({
      updatedAt: at,
      version: sql`${publicSupportRequests.version} + 1`,
      ...(status === undefined ? {} : { status }),
    })
    .where(eq(publicSupportRequests.id, requestId));
}

/** The operator's answer, signed with the staff member's name, optionally moving the request on. */
export async function addOperatorAnswer(
  tx: Database,
  requestId: number,
  staff: Pick<User, 'firstName' | 'lastName' | 'email'>,
  body: string,
  options: { status?: TicketStatus | undefined; at?: Date } = {},
): Promise<PublicMessageRow> {
  const at = options.at ?? new Date();
  const [message] = await tx
    .insert(publicSupportMessages)
    .values({ requestId, authorRole: 'operator', authorName: displayName(staff), body, createdAt: at })
    .returning();
  if (message === undefined) throw new Error('message insert returned no row');
  await touchPublicRequest(tx, requestId, at, options.status);
  return message;
}
