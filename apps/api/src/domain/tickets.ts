import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import {
  notifyAssigneeOfReply,
  notifyTicketCreated,
  notifyTicketReply,
  notifyTicketStatus,
  notifyTicketVisit,
} from './notifications.js';
import { ticketPriorityValues, ticketStatusValues } from '@portal/openapi/upstream-types';
import { buildings, supportTickets, tenants, ticketAttachments, ticketTimeline, users } from '../db/schema.js';
import { storedFileFields, type StoredFile } from './attachment-files.js';
import { drfError, fieldErrors } from './errors.js';
import { pragueDayStart, pragueWallTime } from './prague-time.js';
import { userRefs } from './refs.js';
import { displayName } from './users.js';
import { selectFirst } from './queries.js';

/** The contract's values, in its order (generated from upstream.yaml). */
export const TICKET_STATUSES = ticketStatusValues;
export const TICKET_PRIORITIES = ticketPriorityValues;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type AuthorRole = (typeof ticketTimeline.$inferSelect)['authorRole'];
export type TimelineEntryType = (typeof ticketTimeline.$inferSelect)['type'];

export type TicketRow = typeof supportTickets.$inferSelect;

export const ticketNotFound = (id: number) =>
  drfError(404, 'not_found', `Incident s ID ${id} neexistuje nebo k němu nemáte přístup.`);
export const ticketClosed = () =>
  drfError(409, 'ticket_closed', 'Incident je uzavřený; nelze jej dále měnit ani komentovat.');

/** The Czech labels of the statuses (upstream.yaml `TicketStatus`). */
export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Otevřeno',
  in_progress: 'Zpracovává se',
  resolved: 'Vyřešeno',
  closed: 'Uzavřeno',
};

/**
 * The status transition table (docs/product.md §4), for tickets and public support requests:
 * the operator's side – staff through the API, `portal-admin` and the system's automatic close
 * (resolved → closed). `closed` is final. The tenant's column of the same table is
 * TENANT_TRANSITIONS right below; changeStatus picks the column by the actor's role.
 */
export const STATUS_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  open: ['in_progress', 'resolved', 'closed'],
  in_progress: ['open', 'resolved', 'closed'],
  resolved: ['in_progress', 'closed'],
  closed: [],
};

/**
 * The tenant's transitions: closing (from any status but closed), and answering a resolved
 * ticket – confirmed (→ closed) or reopened with a reason (→ open: back in the queue as a fault
 * still there, where staff reopen to in_progress).
 */
export const TENANT_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  open: ['closed'],
  in_progress: ['closed'],
  resolved: ['open', 'closed'],
  closed: [],
};

export const notResolved = () =>
  drfError(
    409,
    'not_resolved',
    'Na odstranění závady se lze vyjádřit jen u vyřešeného incidentu. Stav incidentu se mezitím změnil.',
  );

export const invalidTransition = (from: TicketStatus, to: TicketStatus) =>
  drfError(409, 'invalid_transition', `Změnu stavu „${STATUS_LABELS[from]}“ → „${STATUS_LABELS[to]}“ nelze provést.`);

/**
 * Refuses a status change the table does not allow (also one to the current status);
 * `closedError` is the subject's own answer for a closed one (`ticket_closed`, `request_closed`).
 */
export function assertTransition(from: TicketStatus, to: TicketStatus, closedError: () => Error): void {
  if (from === 'closed') throw closedError();
  if (!STATUS_TRANSITIONS[from].includes(to)) throw invalidTransition(from, to);
}

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
  return selectFirst(db, supportTickets, where, { lock: forUpdate });
}

const assignees = alias(users, 'assignee');
const reporters = alias(users, 'reporter');

/** Columns of a `SupportTicket` summary, with its building and assignee joined in. */
const summaryColumns = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  buildingId: supportTickets.buildingId,
  buildingName: buildings.name,
  priority: supportTickets.priority,
  status: supportTickets.status,
  contactPhone: supportTickets.contactPhone,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  resolution: supportTickets.resolution,
  assigneeId: supportTickets.assigneeId,
  assigneeEmail: assignees.email,
  assigneeFirstName: assignees.firstName,
  assigneeLastName: assignees.lastName,
  visitFrom: supportTickets.visitFrom,
  visitTo: supportTickets.visitTo,
  visitNote: supportTickets.visitNote,
};

interface SummaryRow {
  id: number;
  subject: string;
  buildingId: number;
  buildingName: string | null;
  priority: TicketPriority;
  status: TicketStatus;
  contactPhone: string | null;
  createdAt: Date;
  updatedAt: Date;
  resolution: string | null;
  assigneeId: number | null;
  assigneeEmail: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  visitFrom: Date | null;
  visitTo: Date | null;
  visitNote: string | null;
}

/** `Visit` of upstream.yaml, null when no window is set. */
export function serializeVisit(row: { visitFrom: Date | null; visitTo: Date | null; visitNote: string | null }) {
  if (row.visitFrom === null || row.visitTo === null) return null;
  return { from: row.visitFrom.toISOString(), to: row.visitTo.toISOString(), note: row.visitNote };
}

/** The `UserRef` of a user joined into a row (all columns null when there is none). */
function joinedUserRef(id: number | null, email: string | null, firstName: string | null, lastName: string | null) {
  if (id === null) return null;
  return {
    id,
    display_name: displayName({ email: email ?? '', firstName: firstName ?? '', lastName: lastName ?? '' }),
  };
}

function serializeSummary(row: SummaryRow) {
  return {
    id: row.id,
    subject: row.subject,
    building: { id: row.buildingId, name: row.buildingName ?? '' },
    priority: row.priority,
    status: row.status,
    contact_phone: row.contactPhone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    resolution: row.resolution,
    assignee: joinedUserRef(row.assigneeId, row.assigneeEmail, row.assigneeFirstName, row.assigneeLastName),
    visit: serializeVisit(row),
  };
}

/** `TimelineEntry` (the tenant's, without visibility) or `StaffTimelineEntry` (with it). */
export async function serializeTimelineEntries(db: Database, rows: Array<typeof ticketTimeline.$inferSelect>) {
  const authors = rows.map((row) => row.authorId);
  const people = await userRefs(db, authors);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    author: row.authorId === null ? null : (people.get(row.authorId) ?? null),
    author_role: row.authorRole,
    body: row.body,
    from_value: row.fromValue,
    to_value: row.toValue,
    visibility: row.visibility,
  }));
}

export const attachmentUrl = (ticketId: number, id: number) => `/api/v1/support_tickets/${ticketId}/attachments/${id}/`;
export const staffAttachmentUrl = (ticketId: number, id: number) =>
  `/api/v1/staff/support_tickets/${ticketId}/attachments/${id}/`;

export function serializeAttachment(row: typeof ticketAttachments.$inferSelect) {
  return { ...storedFileFields(row), download_url: attachmentUrl(row.ticketId, row.id) };
}

interface TimelineJson {
  id: number;
  type: TimelineEntryType;
  created_at: string;
  author_id: number | null;
  author_email: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_role: AuthorRole;
  body: string | null;
  from_value: string | null;
  to_value: string | null;
  visibility: 'public' | 'internal';
}

interface AttachmentJson {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
  created_at: string;
}

/**
 * The detail's one query, without its WHERE. For a tenant the timeline holds the public
 * entries only – filtered in the statement itself, so an internal note never leaves the
 * database on a tenant's request.
 */
function detailQuery(db: Database, audience: 'tenant' | 'staff' = 'tenant') {
  const visible = audience === 'tenant' ? sql`and e.visibility = 'public'` : sql``;
  return db
    .select({
      ...summaryColumns,
      tenantId: supportTickets.tenantId,
      tenantName: tenants.name,
      version: supportTickets.version,
      description: supportTickets.description,
      ratingSatisfied: supportTickets.ratingSatisfied,
      ratingComment: supportTickets.ratingComment,
      ratedAt: supportTickets.ratedAt,
      reporterId: supportTickets.reporterId,
      reporterEmail: reporters.email,
      reporterFirstName: reporters.firstName,
      reporterLastName: reporters.lastName,
      timeline: sql<TimelineJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', e.id, 'type', e.type, 'created_at', e.created_at, 'author_id', e.author_id,
          'author_email', u.email, 'author_first_name', u.first_name, 'author_last_name', u.last_name,
          'author_role', e.author_role, 'body', e.body, 'from_value', e.from_value, 'to_value', e.to_value,
          'visibility', e.visibility
        ) order by e.id)
        from ${ticketTimeline} e left join ${users} u on u.id = e.author_id
        where e.ticket_id = ${supportTickets.id} ${visible}), '[]'::json)`,
      attachments: sql<AttachmentJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', f.id, 'file_name', f.file_name, 'content_type', f.content_type, 'size', f.size,
          'created_at', f.created_at
        ) order by f.id)
        from ${ticketAttachments} f where f.ticket_id = ${supportTickets.id}), '[]'::json)`,
    })
    .from(supportTickets)
    .leftJoin(buildings, eq(buildings.id, supportTickets.buildingId))
    .leftJoin(assignees, eq(assignees.id, supportTickets.assigneeId))
    .leftJoin(reporters, eq(reporters.id, supportTickets.reporterId))
    .leftJoin(tenants, eq(tenants.id, supportTickets.tenantId));
}

/** A tenant's ticket detail, the hot path, prepared once per database (as the list's shapes are, ticket-list.ts). */
const detailStatements = new WeakMap<Database, ReturnType<typeof prepareDetail>>();

function prepareDetail(db: Database) {
  return detailQuery(db)
    .where(and(eq(supportTickets.id, sql.placeholder('id')), eq(supportTickets.tenantId, sql.placeholder('tenantId'))))
    .limit(1)
    .prepare('portal_ticket_detail');
}

function preparedDetail(db: Database) {
  let prepared = detailStatements.get(db);
  if (prepared === undefined) {
    prepared = prepareDetail(db);
    detailStatements.set(db, prepared);
  }
  return prepared;
}

/**
 * `SupportTicketDetail` (summary, description, reporter, timeline oldest first, attachments)
 * of this tenant's ticket (any tenant's when `tenantId` is null), or undefined. One query: the
 * timeline and attachments come back as JSON arrays, so a detail costs one round trip instead
 * of six, and runs on a transaction's single connection without overlapping queries.
 */
export async function loadTicketDetail(db: Database, id: number, tenantId: string | null) {
  const rows =
    tenantId === null
      ? await detailQuery(db).where(eq(supportTickets.id, id)).limit(1)
      : await preparedDetail(db).execute({ id, tenantId });
  const [row] = rows;
  if (row === undefined) return undefined;
  const { timeline, ...detail } = serializeDetail(row, 'tenant');
  // The statement read public entries only; the visibility field is the staff's alone.
  return {
    ...detail,
    timeline: timeline.map(({ visibility: _visibility, ...entry }) => entry),
    can_rate: canRate(row.status, detail.rating, timeline),
  };
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['execute']>>[number];

/**
 * `StaffSupportTicketDetail` of any tenant's ticket, internal notes included, or undefined;
 * `where` narrows it further (the staff member's buildings).
 */
export async function loadStaffTicketDetail(db: Database, id: number, where?: SQL) {
  const [row] = await detailQuery(db, 'staff')
    .where(and(eq(supportTickets.id, id), where))
    .limit(1);
  if (row === undefined) return undefined;
  const detail = serializeDetail(row, 'staff');
  return {
    ...detail,
    tenant: { id: row.tenantId, name: row.tenantName ?? '' },
    version: row.version,
    last_activity_at: detail.updated_at,
    allowed_statuses: [...STATUS_TRANSITIONS[row.status]],
  };
}

/** `TicketRating`, null until the tenant rates. */
function serializeRating(row: { ratingSatisfied: boolean | null; ratingComment: string | null; ratedAt: Date | null }) {
  if (row.ratingSatisfied === null || row.ratedAt === null) return null;
  return { satisfied: row.ratingSatisfied, comment: row.ratingComment, rated_at: row.ratedAt.toISOString() };
}

/** Closed from `resolved` (confirmed or closed automatically) and not rated yet. */
function canRate(
  status: TicketStatus,
  rating: unknown,
  timeline: ReadonlyArray<{ type: TimelineEntryType; from_value: string | null; to_value: string | null }>,
): boolean {
  if (status !== 'closed' || rating !== null) return false;
  const closing = timeline.findLast((entry) => entry.type === 'status_change');
  return closing?.from_value === 'resolved' && closing.to_value === 'closed';
}

function serializeDetail(row: DetailRow, audience: 'tenant' | 'staff') {
  // json_build_object renders timestamptz as "2026-01-01T10:00:00.123456+00:00"; the contract
  // wants the same ISO form as everywhere else.
  const isoOf = (value: string) => new Date(value).toISOString();
  return {
    ...serializeSummary(row),
    description: row.description,
    rating: serializeRating(row),
    reporter: {
      id: row.reporterId,
      display_name:
        row.reporterEmail === null
          ? ''
          : displayName({
              email: row.reporterEmail,
              firstName: row.reporterFirstName ?? '',
              lastName: row.reporterLastName ?? '',
            }),
    },
    timeline: parseJson<TimelineJson[]>(row.timeline).map((entry) => ({
      id: entry.id,
      type: entry.type,
      created_at: isoOf(entry.created_at),
      author: joinedUserRef(entry.author_id, entry.author_email, entry.author_first_name, entry.author_last_name),
      author_role: entry.author_role,
      body: entry.body,
      from_value: entry.from_value,
      to_value: entry.to_value,
      visibility: entry.visibility,
    })),
    attachments: parseJson<AttachmentJson[]>(row.attachments).map((file) => ({
      id: file.id,
      file_name: file.file_name,
      content_type: file.content_type,
      size: file.size,
      created_at: isoOf(file.created_at),
      download_url: (audience === 'staff' ? staffAttachmentUrl : attachmentUrl)(row.id, file.id),
    })),
  };
}

/** node-postgres parses `json` results; PGlite may hand some back as text. */
function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The detail of a ticket row already known to be visible to the caller. */
export async function ticketDetail(db: Database, row: Pick<TicketRow, 'id'>) {
  const detail = await loadTicketDetail(db, row.id, null);
  if (detail === undefined) throw ticketNotFound(row.id);
  return detail;
}

export interface Actor {
  userId: number | null;
  role: AuthorRole;
}

export type Visibility = (typeof ticketTimeline.$inferSelect)['visibility'];

/** What a timeline entry records: a comment's text, or a change from one value to another. */
export interface TimelineChange {
  type: TimelineEntryType;
  body?: string | null;
  fromValue?: string | null;
  toValue?: string | null;
  /** `public` unless a staff member writes an internal note. */
  visibility?: Visibility;
}

function timelineRow(ticketId: number, actor: Actor, change: TimelineChange) {
  return {
    ticketId,
    type: change.type,
    authorId: actor.userId,
    authorRole: actor.role,
    visibility: change.visibility ?? 'public',
    body: change.body ?? null,
    fromValue: change.fromValue ?? null,
    toValue: change.toValue ?? null,
  };
}

/** Every change and message moves the ticket's last activity and version (the ETag). */
const touched = (at = new Date()) => ({ updatedAt: at, version: sql`${supportTickets.version} + 1` });

/**
 * Whether an entry is news for the tenant's users (the incident list's marks): what the
 * operator's side (staff or the system) did that the tenant sees – a public reply, a status
 * change, a visit window change. Internal notes and the tenant's own entries never are.
 */
export function isTenantNews(actor: Actor, change: TimelineChange): boolean {
  if (actor.role === 'tenant' || (change.visibility ?? 'public') !== 'public') return false;
  return change.type === 'comment' || change.type === 'status_change' || change.type === 'visit_change';
}

async function addEntry(tx: Database, ticketId: number, actor: Actor, change: TimelineChange) {
  const [row] = await tx
    .insert(ticketTimeline)
    .values(timelineRow(ticketId, actor, change))
    .returning();
  const at = new Date();
  await tx
    .update(supportTickets)
    .set({ ...touched(at), ...(isTenantNews(actor, change) ? { tenantNewsAt: at } : {}) })
    .where(eq(supportTickets.id, ticketId));
  if (row === undefined) throw new Error('timeline insert returned no row');
  return row;
}

/**
 * A comment; refused on a closed ticket. Tenants always write public ones; a staff member
 * chooses: `internal` notes are for the staff alone.
 */
export async function addComment(
  tx: Database,
  ticket: TicketRow,
  actor: Actor,
  body: string,
  visibility: Visibility = 'public',
  /** false when the caller tells the other side itself (the tenant's reopen, ticket-events.ts). */
  notify = true,
) {
  if (ticket.status === 'closed') throw ticketClosed();
  if (visibility === 'internal' && actor.role !== 'operator') throw new Error('only the staff write internal notes');
  const entry = await addEntry(tx, ticket.id, actor, { type: 'comment', body, visibility });
  // The other side is told in the same transaction (domain/notifications.ts); internal notes never.
  if (notify && actor.role === 'operator' && visibility === 'public') await notifyTicketReply(tx, ticket, body);
  if (notify && actor.role === 'tenant') await notifyAssigneeOfReply(tx, ticket, body);
  return entry;
}

/**
 * Status change with its timeline entry, along the one transition table (a change to the
 * current status is refused too); a resolution is stored with `resolved` or `closed` only.
 */
export async function changeStatus(
  tx: Database,
  ticket: TicketRow,
  actor: Actor,
  to: TicketStatus,
  resolution?: string,
  /** Why, when the change says it itself (the automatic close); kept in the entry's `body`. */
  note?: string,
) {
  const table = actor.role === 'tenant' ? TENANT_TRANSITIONS : STATUS_TRANSITIONS;
  if (ticket.status === 'closed') throw ticketClosed();
  if (!table[ticket.status].includes(to)) throw invalidTransition(ticket.status, to);
  if (resolution !== undefined && to !== 'resolved' && to !== 'closed') {
    throw fieldErrors({ resolution: ['Řešení lze uvést jen při vyřešení nebo uzavření incidentu.'] });
  }
  await tx
    .update(supportTickets)
    .set({
      status: to,
      resolvedAt: to === 'resolved' ? new Date() : null,
      ...(resolution === undefined ? {} : { resolution }),
    })
    .where(eq(supportTickets.id, ticket.id));
  const entry = await addEntry(tx, ticket.id, actor, {
    type: 'status_change',
    fromValue: ticket.status,
    toValue: to,
    body: note ?? null,
  });
  // The staff's change is told to the reporter; a tenant's own change (confirm, reopen) and the
  // automatic close are told by their own events (ticket-events.ts).
  if (actor.role === 'operator') await notifyTicketStatus(tx, ticket, ticket.status, to, resolution ?? null);
  return entry;
}

/** The tenant's answer to „Je závada odstraněna?“ is possible only while the ticket is resolved. */
export function assertAwaitingAnswer(ticket: TicketRow): void {
  if (ticket.status === 'closed') throw ticketClosed();
  if (ticket.status !== 'resolved') throw notResolved();
}

export interface TicketRatingInput {
  satisfied: boolean;
  comment: string | null;
}

/** The tenant's rating of a fix: once, on a ticket closed from `resolved`. */
export async function rateTicket(tx: Database, ticket: TicketRow, rating: TicketRatingInput) {
  if (ticket.ratedAt !== null) {
    throw drfError(409, 'already_rated', 'Tento incident jste už ohodnotili.');
  }
  const [closing] = await tx
    .select({ fromValue: ticketTimeline.fromValue, toValue: ticketTimeline.toValue })
    .from(ticketTimeline)
    .where(and(eq(ticketTimeline.ticketId, ticket.id), eq(ticketTimeline.type, 'status_change')))
    .orderBy(desc(ticketTimeline.id))
    .limit(1);
  if (ticket.status !== 'closed' || closing?.fromValue !== 'resolved' || closing.toValue !== 'closed') {
    throw drfError(409, 'rating_not_allowed', 'Hodnotit lze jen incident uzavřený po potvrzení opravy.');
  }
  const at = new Date();
  await tx
    .update(supportTickets)
    .set({
      ratingSatisfied: rating.satisfied,
      ratingComment: rating.comment?.trim() || null,
      ratedAt: at,
      ...touched(at),
    })
    .where(eq(supportTickets.id, ticket.id));
}

/** A visit window as the staff set it. */
export interface VisitWindow {
  from: Date;
  to: Date;
  note: string | null;
}

/** The longest visit window a tenant is asked to keep free. */
export const MAX_VISIT_DAYS = 14;

/** Refuses a window that ends before it starts, starts before today (Prague) or is too long. */
export function checkVisitWindow(visit: VisitWindow, now = new Date()): void {
  const problems: string[] = [];
  if (Number.isNaN(visit.from.getTime()) || Number.isNaN(visit.to.getTime())) {
    problems.push('Zadejte platný začátek a konec návštěvy.');
  } else {
    if (visit.to.getTime() <= visit.from.getTime()) problems.push('Konec návštěvy musí být po jejím začátku.');
    if (visit.from.getTime() < pragueDayStart(pragueWallTime(now).day).getTime())
      problems.push('Návštěvu nelze naplánovat do minulosti.');
    if (visit.to.getTime() - visit.from.getTime() > MAX_VISIT_DAYS * 24 * 3_600_000)
      problems.push(`Okno návštěvy může trvat nejvýše ${MAX_VISIT_DAYS} dní.`);
  }
  if (problems.length > 0) throw fieldErrors({ visit: problems });
}

/** `<from>/<to>` (ISO 8601 interval, UTC): how a `visit_change` entry records a window. */
const intervalOf = (from: Date | null, to: Date | null) =>
  from === null || to === null ? null : `${from.toISOString()}/${to.toISOString()}`;

/**
 * Sets, moves (`visit`) or clears (null) the technician's visit window, with its `visit_change`
 * entry; the same window and note again change nothing (undefined).
 */
export async function setVisit(tx: Database, ticket: TicketRow, actor: Actor, visit: VisitWindow | null) {
  if (ticket.status === 'closed') throw ticketClosed();
  if (visit !== null) checkVisitWindow(visit);
  const before = intervalOf(ticket.visitFrom, ticket.visitTo);
  const after = visit === null ? null : intervalOf(visit.from, visit.to);
  const note = visit === null ? null : visit.note?.trim() || null;
  if (before === after && (visit === null || note === ticket.visitNote)) return undefined;
  await tx
    .update(supportTickets)
    .set({ visitFrom: visit?.from ?? null, visitTo: visit?.to ?? null, visitNote: note })
    .where(eq(supportTickets.id, ticket.id));
  // The reporter gets the window as a calendar event; the ticket's version orders its updates.
  await notifyTicketVisit(tx, ticket, visit === null ? null : { from: visit.from, to: visit.to, note }, ticket.version);
  return addEntry(tx, ticket.id, actor, { type: 'visit_change', fromValue: before, toValue: after, body: note });
}

export async function changePriority(tx: Database, ticket: TicketRow, actor: Actor, to: TicketPriority) {
  if (ticket.status === 'closed') throw ticketClosed();
  if (ticket.priority === to) return undefined;
  await tx.update(supportTickets).set({ priority: to }).where(eq(supportTickets.id, ticket.id));
  return addEntry(tx, ticket.id, actor, { type: 'priority_change', fromValue: ticket.priority, toValue: to });
}

/** Assignment: `to_value` carries the new assignee's display name (null when unassigned). */
export async function assign(tx: Database, ticket: TicketRow, actor: Actor, assigneeId: number | null) {
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

export interface NewTicket {
  tenantId: string;
  buildingId: number;
  reporterId: number;
  subject: string;
  description: string;
  priority: TicketPriority;
  /** Empty means "use my registered contact" (docs/product.md §5): read from the profile when called. */
  contactPhone: string | null;
}

/** A ticket a tenant reports: open, with an empty timeline. */
export async function createTicket(tx: Database, ticket: NewTicket): Promise<TicketRow> {
  const [row] = await tx
    .insert(supportTickets)
    .values({ ...ticket, subject: ticket.subject.trim(), status: 'open' })
    .returning();
  if (row === undefined) throw new Error('ticket insert returned no row');
  await notifyTicketCreated(tx, row);
  return row;
}

/** A timeline entry of a ticket's history: what changed, who changed it and when. */
export interface PastTimelineEntry extends TimelineChange {
  actor: Actor;
  at: Date;
}

/**
 * A ticket with the history it already has (the demo seed; an operator moving tickets over
 * from an older system): its state as it stands and the timeline entries that led there, dated
 * as they happened. Last changed at its last entry.
 */
export async function importTicket(
  tx: Database,
  ticket: NewTicket & {
    status: TicketStatus;
    assigneeId: number | null;
    resolution: string | null;
    createdAt: Date;
    visitFrom?: Date | null;
    visitTo?: Date | null;
    visitNote?: string | null;
  },
  history: readonly PastTimelineEntry[],
): Promise<TicketRow> {
  const [row] = await tx
    .insert(supportTickets)
    // Each past change raised the version, as it would have.
    .values({
      ...ticket,
      updatedAt: history.at(-1)?.at ?? ticket.createdAt,
      version: history.length + 1,
      // A resolved ticket's auto-close clock starts at its last change.
      resolvedAt: ticket.status === 'resolved' ? (history.at(-1)?.at ?? ticket.createdAt) : null,
    })
    .returning();
  if (row === undefined) throw new Error('ticket insert returned no row');
  if (history.length > 0) {
    await tx
      .insert(ticketTimeline)
      .values(history.map(({ actor, at, ...change }) => ({ ...timelineRow(row.id, actor, change), createdAt: at })));
  }
  return row;
}

/** Attaches stored files to a ticket (refused once it is closed); the ticket counts as changed at `at`. */
export async function attachFiles(
  tx: Database,
  ticket: TicketRow,
  uploadedBy: number,
  files: readonly StoredFile[],
  at = new Date(),
) {
  if (ticket.status === 'closed') throw ticketClosed();
  // `greatest`: a file dated into the past (the demo seed) does not turn a ticket's last change back.
  await tx
    .update(supportTickets)
    .set({
      updatedAt: sql`greatest(${supportTickets.updatedAt}, ${at.toISOString()}::timestamptz)`,
      version: sql`${supportTickets.version} + 1`,
    })
    .where(eq(supportTickets.id, ticket.id));
  return tx
    .insert(ticketAttachments)
    .values(files.map((file) => ({ ticketId: ticket.id, uploadedBy, ...file, createdAt: at })))
    .returning();
}
