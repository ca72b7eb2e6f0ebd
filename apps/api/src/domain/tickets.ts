import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { supportTickets, ticketAttachments, ticketTimeline } from '../db/schema.js';
import { drfError } from '../http/api-error.js';
import { buildingRefs, iso, userRefs } from './refs.js';

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['low', 'standard', 'high', 'critical'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type AuthorRole = 'tenant' | 'operator' | 'system';

export type TicketRow = typeof supportTickets.$inferSelect;

export const ticketNotFound = (id: number) =>
  drfError(404, 'not_found', `Incident s ID ${id} neexistuje nebo k němu nemáte přístup.`);
export const ticketClosed = () =>
  drfError(409, 'ticket_closed', 'Incident je uzavřený; nelze jej dále měnit ani komentovat.');

/** The ticket of this tenant (or of any tenant for the operator, `tenantId` null), locked for update when asked. */
export async function findTicket(
  db: Database,
  id: number,
  tenantId: string | null,
  forUpdate = false,
): Promise<TicketRow | undefined> {
  const where =
    tenantId === null
      ? eq(supportTickets.id, id)
      : and(eq(supportTickets.id, id), eq(supportTickets.tenantId, tenantId));
  const query = db.select().from(supportTickets).where(where).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function serializeTickets(db: Database, rows: TicketRow[]) {
  const [people, places] = await Promise.all([
    userRefs(
      db,
      rows.map((row) => row.assigneeId),
    ),
    buildingRefs(
      db,
      rows.map((row) => row.buildingId),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    building: places.get(row.buildingId) ?? { id: row.buildingId, name: '' },
    priority: row.priority,
    status: row.status,
    contact_phone: row.contactPhone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    resolution: row.resolution,
    assignee: row.assigneeId === null ? null : (people.get(row.assigneeId) ?? null),
  }));
}

export async function serializeTimelineEntries(db: Database, rows: Array<typeof ticketTimeline.$inferSelect>) {
  const people = await userRefs(
    db,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    author: row.authorId === null ? null : (people.get(row.authorId) ?? null),
    author_role: row.authorRole,
    body: row.body,
    from_value: row.fromValue,
    to_value: row.toValue,
  }));
}

export const attachmentUrl = (ticketId: number, id: number) =>
  `/api/v1/support_tickets/${ticketId}/attachments/${id}/`;

export function serializeAttachment(row: typeof ticketAttachments.$inferSelect) {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    created_at: row.createdAt.toISOString(),
    download_url: attachmentUrl(row.ticketId, row.id),
  };
}

/** `SupportTicketDetail`: the ticket with description, reporter, timeline (oldest first), attachments. */
export async function ticketDetail(db: Database, row: TicketRow) {
  const [[summary], timeline, attachments, reporter] = await Promise.all([
    serializeTickets(db, [row]),
    db.select().from(ticketTimeline).where(eq(ticketTimeline.ticketId, row.id)).orderBy(asc(ticketTimeline.id)),
    db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, row.id))
      .orderBy(asc(ticketAttachments.id)),
    userRefs(db, [row.reporterId]),
  ]);
  return {
    ...summary,
    description: row.description,
    reporter: reporter.get(row.reporterId) ?? { id: row.reporterId, display_name: '' },
    timeline: await serializeTimelineEntries(db, timeline),
    attachments: attachments.map(serializeAttachment),
  };
}

export interface Actor {
  userId: number | null;
  role: AuthorRole;
}

async function addEntry(
  tx: Database,
  ticketId: number,
  actor: Actor,
  entry: { type: string; body?: string | null; fromValue?: string | null; toValue?: string | null },
) {
  const [row] = await tx
    .insert(ticketTimeline)
    .values({
      ticketId,
      type: entry.type,
      authorId: actor.userId,
      authorRole: actor.role,
      body: entry.body ?? null,
      fromValue: entry.fromValue ?? null,
      toValue: entry.toValue ?? null,
    })
    .returning();
  await tx.update(supportTickets).set({ updatedAt: new Date() }).where(eq(supportTickets.id, ticketId));
  if (row === undefined) throw new Error('timeline insert returned no row');
  return row;
}

/** A comment; refused on a closed ticket. */
export async function addComment(tx: Database, ticket: TicketRow, actor: Actor, body: string) {
  if (ticket.status === 'closed') throw ticketClosed();
  return addEntry(tx, ticket.id, actor, { type: 'comment', body });
}

/** Status change with its timeline entry; closing stores the resolution. A closed ticket is final. */
export async function changeStatus(
  tx: Database,
  ticket: TicketRow,
  actor: Actor,
  to: TicketStatus,
  resolution?: string,
) {
  if (ticket.status === 'closed') throw ticketClosed();
  if (ticket.status === to) return undefined;
  await tx
    .update(supportTickets)
    .set({ status: to, ...(resolution === undefined ? {} : { resolution }) })
    .where(eq(supportTickets.id, ticket.id));
  return addEntry(tx, ticket.id, actor, { type: 'status_change', fromValue: ticket.status, toValue: to });
}

export async function changePriority(tx: Database, ticket: TicketRow, actor: Actor, to: TicketPriority) {
  if (ticket.status === 'closed') throw ticketClosed();
  if (ticket.priority === to) return undefined;
  await tx.update(supportTickets).set({ priority: to }).where(eq(supportTickets.id, ticket.id));
  return addEntry(tx, ticket.id, actor, { type: 'priority_change', fromValue: ticket.priority, toValue: to });
}

/** Assignment: `to_value` carries the new assignee's display name (null when unassigned). */
export async function assign(
  tx: Database,
  ticket: TicketRow,
  actor: Actor,
  assigneeId: number | null,
) {
  if (ticket.status === 'closed') throw ticketClosed();
  if (ticket.assigneeId === assigneeId) return undefined;
  const names = await userRefs(tx, [ticket.assigneeId, assigneeId]);
  await tx.update(supportTickets).set({ assigneeId }).where(eq(supportTickets.id, ticket.id));
  return addEntry(tx, ticket.id, actor, {
    type: 'assignment',
    fromValue: ticket.assigneeId === null ? null : (names.get(ticket.assigneeId)?.display_name ?? null),
    toValue: assigneeId === null ? null : (names.get(assigneeId)?.display_name ?? null),
  });
}

export { iso };
