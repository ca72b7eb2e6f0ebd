import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { notifyPublicRequestAnswer, notifyPublicRequestStatus } from './notifications.js';
import { publicSupportAttachments, publicSupportMessages, publicSupportRequests } from '../db/schema.js';
import { canonicalAccessCode, hashAccessCode } from './access-codes.js';
import { storedFileFields } from './attachment-files.js';
import { drfError } from './errors.js';
import { selectFirst, type Page, type PagedRows } from './queries.js';
import { buildingRefs } from './refs.js';
import { buildingFilter, checkVersion, type StaffScope } from './staff.js';
import { assertTransition, STATUS_TRANSITIONS, type TicketStatus } from './tickets.js';
import { displayName, type User } from './users.js';

export const requestClosed = () =>
  drfError(409, 'request_closed', 'Požadavek je uzavřený; nové zprávy ani přílohy už nelze přidat.');
export const staffRequestNotFound = (id: number) =>
  drfError(404, 'not_found', `Požadavek č. ${id} neexistuje nebo k němu nemáte přístup.`);

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
    .values({
      ...values,
      accessCodeHash: hashAccessCode(canonicalAccessCode(accessCode)),
      createdAt,
      updatedAt: createdAt,
    })
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

/**
 * The operator's answer, signed with the staff member's name, optionally moving the request on
 * along the ticket transition table. A closed request takes no answer (409 `request_closed`).
 */
export async function addOperatorAnswer(
  tx: Database,
  requestId: number,
  staff: Pick<User, 'firstName' | 'lastName' | 'email'>,
  body: string,
  options: { status?: TicketStatus | undefined; at?: Date; notify?: boolean } = {},
): Promise<PublicMessageRow> {
  const at = options.at ?? new Date();
  const current = await selectFirst(tx, publicSupportRequests, eq(publicSupportRequests.id, requestId), {
    lock: true,
  });
  if (current === undefined) throw staffRequestNotFound(requestId);
  if (current.status === 'closed') throw requestClosed();
  if (options.status !== undefined) assertTransition(current.status, options.status, requestClosed);
  const [message] = await tx
    .insert(publicSupportMessages)
    .values({ requestId, authorRole: 'operator', authorName: displayName(staff), body, createdAt: at })
    .returning();
  if (message === undefined) throw new Error('message insert returned no row');
  await touchPublicRequest(tx, requestId, at, options.status);
  // The visitor is told in the same transaction (not for the demo seed's history).
  if (options.notify !== false) await notifyPublicRequestAnswer(tx, requestId, body, options.status);
  return message;
}

/* ---- the staff's side ------------------------------------------------------------------- */

export interface StaffRequestFilter {
  status?: TicketStatus[] | undefined;
  category?: PublicSupportCategory[] | undefined;
  building?: number | undefined;
  search?: string | undefined;
  ordering?: string | undefined;
}

/** The scope's requests: those of its buildings and every request without a building. */
function scopeFilter(scope: StaffScope): SQL | undefined {
  const limit = buildingFilter(scope, publicSupportRequests.buildingId);
  return limit === undefined ? undefined : or(sql`${publicSupportRequests.buildingId} is null`, limit);
}

const awaitingAnswerSql = sql<boolean>`(${publicSupportRequests.status} <> 'closed' and coalesce((select m.author_role from ${publicSupportMessages} m where m.request_id = ${publicSupportRequests.id} order by m.id desc limit 1), 'visitor') = 'visitor')`;

/** A page of `StaffPublicSupportRequest` (never with the access code). */
export async function listStaffRequests(
  db: Database,
  scope: StaffScope,
  filter: StaffRequestFilter,
  page: Page,
): Promise<PagedRows<ReturnType<typeof serializeStaffRequest>>> {
  const filters: Array<SQL | undefined> = [scopeFilter(scope)];
  if (filter.status?.length) filters.push(inArray(publicSupportRequests.status, filter.status));
  if (filter.category?.length) filters.push(inArray(publicSupportRequests.category, filter.category));
  if (filter.building !== undefined) filters.push(eq(publicSupportRequests.buildingId, filter.building));
  const search = filter.search?.trim();
  if (search !== undefined && search !== '') {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(publicSupportRequests.subject, pattern),
        ilike(publicSupportRequests.name, pattern),
        ilike(publicSupportRequests.email, pattern),
        sql`exists (select 1 from ${publicSupportMessages} m where m.request_id = ${publicSupportRequests.id} and m.body ilike ${pattern})`,
      ),
    );
  }
  const where = and(...filters);
  const [counted] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(publicSupportRequests)
    .where(where);
  const total = counted?.value ?? 0;
  if (page.offset >= total) return { total, rows: [] };
  const ordering = filter.ordering ?? '-created_at';
  const column = ordering.endsWith('updated_at') ? publicSupportRequests.updatedAt : publicSupportRequests.createdAt;
  const descending = ordering.startsWith('-');
  const rows = await db
    .select({ request: publicSupportRequests, awaitingAnswer: awaitingAnswerSql })
    .from(publicSupportRequests)
    .where(where)
    .orderBy(
      descending ? desc(column) : asc(column),
      descending ? desc(publicSupportRequests.id) : asc(publicSupportRequests.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const places = await buildingRefs(
    db,
    rows.map((row) => row.request.buildingId),
  );
  return {
    total,
    rows: rows.map((row) => serializeStaffRequest(row.request, row.awaitingAnswer === true, places)),
  };
}

function serializeStaffRequest(
  row: PublicRequestRow,
  awaitingAnswer: boolean,
  places: Map<number, { id: number; name: string }>,
) {
  return {
    id: row.id,
    category: row.category,
    subject: row.subject,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    building: row.buildingId === null ? null : (places.get(row.buildingId) ?? null),
    location: row.location,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
    awaiting_answer: awaitingAnswer,
  };
}

/** The request if the scope covers it (its building, or none), locked when asked; 404 otherwise. */
export async function findStaffRequest(db: Database, scope: StaffScope, id: number, forUpdate = false) {
  const row = await selectFirst(db, publicSupportRequests, and(eq(publicSupportRequests.id, id), scopeFilter(scope)), {
    lock: forUpdate,
  });
  if (row === undefined) throw staffRequestNotFound(id);
  return row;
}

export function serializePublicMessage(row: PublicMessageRow) {
  return {
    id: row.id,
    author_role: row.authorRole,
    author_name: row.authorRole === 'visitor' ? null : row.authorName,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

/** A public request's messages and files, oldest first. */
export async function requestThread(db: Database, requestId: number) {
  // One after another: `db` may be a transaction's single client.
  const messages = await db
    .select()
    .from(publicSupportMessages)
    .where(eq(publicSupportMessages.requestId, requestId))
    .orderBy(asc(publicSupportMessages.id));
  const attachments = await db
    .select()
    .from(publicSupportAttachments)
    .where(eq(publicSupportAttachments.requestId, requestId))
    .orderBy(asc(publicSupportAttachments.id));
  return { messages, attachments };
}

/** `StaffPublicSupportRequestDetail`: the visitor's contact, messages and files (staff download paths). */
export async function staffRequestDetail(db: Database, scope: StaffScope, id: number) {
  const row = await findStaffRequest(db, scope, id);
  const { messages, attachments } = await requestThread(db, row.id);
  const places = await buildingRefs(db, [row.buildingId]);
  const last = messages.at(-1);
  return {
    ...serializeStaffRequest(
      row,
      row.status !== 'closed' && (last === undefined || last.authorRole === 'visitor'),
      places,
    ),
    allowed_statuses: [...STATUS_TRANSITIONS[row.status]],
    messages: messages.map(serializePublicMessage),
    attachments: attachments.map((file) => ({
      ...storedFileFields(file),
      download_url: `/api/v1/staff/public_support/${row.id}/attachments/${file.id}/`,
    })),
  };
}

/** A staff status change (close = `closed`), checked against the version the change is based on. */
export async function updateStaffRequestStatus(
  tx: Database,
  scope: StaffScope,
  id: number,
  expectedVersion: number | undefined,
  status: TicketStatus,
): Promise<void> {
  const row = await findStaffRequest(tx, scope, id, true);
  checkVersion(expectedVersion, row.version);
  assertTransition(row.status, status, requestClosed);
  await touchPublicRequest(tx, row.id, new Date(), status);
  await notifyPublicRequestStatus(tx, row.id, row.status, status);
}

/** A staff member's answer to a request the scope covers; the visitor sees it with the access code. */
export async function addStaffAnswer(tx: Database, scope: StaffScope, staff: User, id: number, body: string) {
  const row = await findStaffRequest(tx, scope, id, true);
  return addOperatorAnswer(tx, row.id, staff, body);
}
