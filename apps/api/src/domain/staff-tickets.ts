import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import { buildings, supportTickets, tenants, ticketCounts, ticketTimeline, users } from '../db/schema.js';
import { fieldErrors } from './errors.js';
import { buildingFilter, checkVersion, coversBuilding, requireAssignableStaff, type StaffScope } from './staff.js';
import { PRIORITY_RANK, direction, isoTimestamp, jsonObject, jsonValue, summaryJsonEntries } from './ticket-list.js';
import {
  addComment,
  assign,
  changePriority,
  changeStatus,
  findTicket,
  loadStaffTicketDetail,
  setVisit,
  ticketNotFound,
  type Actor,
  type TicketPriority,
  type TicketRow,
  type TicketStatus,
  type Visibility,
  type VisitWindow,
} from './tickets.js';
import { displayNameSql } from './users.js';

/**
 * The staff queue (`listStaffSupportTickets`, `getStaffSupportTicketCounts`) and the staff's
 * changes of a ticket, on the rules of tickets.ts. Like the tenant's list (ticket-list.ts) a
 * page is one statement whose answer is the page's JSON text built by PostgreSQL, prepared per
 * shape of filters.
 */

export interface StaffTicketFilter {
  scope: StaffScope;
  status?: TicketStatus[] | undefined;
  priority?: TicketPriority[] | undefined;
  building?: number | undefined;
  tenant?: string | undefined;
  /** A staff member's id, `none` (unassigned) or `me` (the scope's user). */
  assignee?: string | undefined;
  /** First instant of the first day (inclusive). */
  createdFrom?: Date | undefined;
  /** First instant after the last day (exclusive). */
  createdTo?: Date | undefined;
  /** Subject, description and every message (internal notes too), case-insensitive substring. */
  search?: string | undefined;
}

export interface StaffTicketListQuery extends StaffTicketFilter {
  ordering?: string | undefined;
  limit: number;
  offset: number;
}

const assignees = alias(users, 'assignee');
const reporters = alias(users, 'reporter');

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The placeholders' values of a filter; their names are the `sql.placeholder` names below. */
function parametersOf(filter: StaffTicketFilter) {
  const search = filter.search?.trim();
  const assignee = filter.assignee === 'me' ? String(filter.scope.userId) : filter.assignee;
  return {
    ...(filter.scope.buildingIds !== null ? { scope: [...filter.scope.buildingIds] } : {}),
    ...(filter.status?.length ? { status: filter.status } : {}),
    ...(filter.priority?.length ? { priority: filter.priority } : {}),
    ...(filter.building !== undefined ? { building: filter.building } : {}),
    ...(filter.tenant !== undefined ? { tenant: filter.tenant } : {}),
    ...(assignee === 'none' ? { unassigned: true } : assignee !== undefined ? { assignee: Number(assignee) } : {}),
    ...(filter.createdFrom !== undefined ? { createdFrom: filter.createdFrom.toISOString() } : {}),
    ...(filter.createdTo !== undefined ? { createdTo: filter.createdTo.toISOString() } : {}),
    ...(search !== undefined && search !== '' ? { search: likePattern(search) } : {}),
  };
}

type FilterParameters = ReturnType<typeof parametersOf>;

/** The WHERE of a filter shape, over placeholders (status excluded when counting per status). */
function whereOf(parameters: FilterParameters, { withStatus = true, withSearch = true } = {}): SQL | undefined {
  const filters: SQL[] = [];
  if ('scope' in parameters) filters.push(sql`${supportTickets.buildingId} = any(${sql.placeholder('scope')}::int[])`);
  if (withStatus && 'status' in parameters)
    filters.push(sql`${supportTickets.status} = any(${sql.placeholder('status')}::text[])`);
  if ('priority' in parameters)
    filters.push(sql`${supportTickets.priority} = any(${sql.placeholder('priority')}::text[])`);
  if ('building' in parameters) filters.push(eq(supportTickets.buildingId, sql.placeholder('building')));
  if ('tenant' in parameters) filters.push(eq(supportTickets.tenantId, sql.placeholder('tenant')));
  if ('unassigned' in parameters) filters.push(isNull(supportTickets.assigneeId));
  if ('assignee' in parameters) filters.push(eq(supportTickets.assigneeId, sql.placeholder('assignee')));
  if ('createdFrom' in parameters)
    filters.push(gte(supportTickets.createdAt, sql`${sql.placeholder('createdFrom')}::timestamptz`));
  if ('createdTo' in parameters)
    filters.push(lt(supportTickets.createdAt, sql`${sql.placeholder('createdTo')}::timestamptz`));
  if (withSearch && 'search' in parameters) filters.push(searchFilter(parameters));
  return filters.length === 0 ? undefined : and(...filters);
}

/** Filters the per-building, per-status counters can answer (ticket_counts, migration 0007). */
const COUNTED_FILTERS = new Set(['scope', 'building', 'status', 'offset']);
/** Filters a building's search count reads from support_tickets_building_status_search_idx alone. */
const INDEX_ONLY_SEARCH_FILTERS = new Set(['scope', 'building', 'status', 'search', 'offset']);

/**
 * The size of the filtered queue: a sum over ticket_counts when only buildings and statuses
 * narrow it (the queue as it opens: a 200,000-ticket count is 10 ms of PostgreSQL's time per
 * request); for a text search within a building, two counts split by the tickets' length (see
 * below); a count over the same WHERE otherwise.
 */
function totalOf(parameters: FilterParameters, where: SQL | undefined): SQL {
  const names = Object.keys(parameters);
  if (names.every((name) => COUNTED_FILTERS.has(name))) {
    const filters: SQL[] = [];
    if ('scope' in parameters) filters.push(sql`${ticketCounts.buildingId} = any(${sql.placeholder('scope')}::int[])`);
    if ('building' in parameters) filters.push(sql`${ticketCounts.buildingId} = ${sql.placeholder('building')}`);
    if ('status' in parameters) filters.push(sql`${ticketCounts.status} = any(${sql.placeholder('status')}::text[])`);
    return sql`(select coalesce(sum(${ticketCounts.n}), 0) from ${ticketCounts} where ${filters.length === 0 ? sql`true` : and(...filters)})`;
  }
  if (
    'building' in parameters &&
    'search' in parameters &&
    names.every((name) => INDEX_ONLY_SEARCH_FILTERS.has(name))
  ) {
    // A clerk's usual search: a building's (and some statuses') tickets whose text matches. The
    // short tickets' whole text is the head stored in the building/status index, so counting
    // them reads no table row (0.5 ms instead of 6 for 2,000 tickets); only the long ones, found
    // through their partial index, are read from the table.
    const narrowed = whereOf(parameters, { withSearch: false });
    const inComments = commentsMatching();
    return sql`((select count(*) from ${supportTickets} where ${narrowed} and not ${supportTickets.searchIsLong}
        and (${supportTickets.searchHead} like ${lowerPattern} or ${supportTickets.id} in (${inComments})))
      + (select count(*) from ${supportTickets} where ${narrowed} and ${supportTickets.searchIsLong}
        and (${supportTickets.searchDocument} like ${lowerPattern} or ${supportTickets.id} in (${inComments}))))`;
  }
  return sql`(select count(*) from ${supportTickets} where ${where ?? sql`true`})`;
}

/** The search pattern, lowered like `search_document` (schema.ts), for a case-blind LIKE. */
const lowerPattern = sql`lower(${sql.placeholder('search')}::text)`;

/** The ids of tickets with a message (internal notes too) matching, through its trigram index. */
function commentsMatching(): SQL {
  return sql`select e.ticket_id from ${ticketTimeline} e where e.type = 'comment' and e.body ilike ${sql.placeholder('search')}::text`;
}

/**
 * The text search over the subject, the description and every message. Two shapes, by what
 * else narrows the queue: within one building or tenant (a few thousand tickets at most, read
 * through the building/status index) each ticket is tested, its messages through the comments'
 * trigram index; across the whole queue the matching ids come from two trigram index scans,
 * since testing 200,000 tickets one by one would take a tenth of a second.
 */
function searchFilter(parameters: FilterParameters): SQL {
  if ('building' in parameters || 'tenant' in parameters) {
    return sql`(${supportTickets.searchDocument} like ${lowerPattern} or ${supportTickets.id} in (${commentsMatching()}))`;
  }
  return sql`${supportTickets.id} in (select s.id from ${supportTickets} s where s.search_document like ${lowerPattern}
    union ${commentsMatching()})`;
}

/** `StaffSupportTicket` of upstream.yaml. */
const staffSummaryJson = jsonObject([
  ...summaryJsonEntries(assignees),
  [
    'tenant',
    jsonObject([
      ['id', jsonValue(supportTickets.tenantId)],
      ['name', jsonValue(sql`coalesce(${tenants.name}, '')`)],
    ]),
  ],
  [
    'reporter',
    jsonObject([
      ['id', jsonValue(supportTickets.reporterId)],
      ['display_name', jsonValue(sql`coalesce(${displayNameSql(reporters)}, '')`)],
    ]),
  ],
  ['version', jsonValue(supportTickets.version)],
  ['last_activity_at', jsonValue(isoTimestamp(supportTickets.updatedAt))],
]);

function sortKeyOf(field: string): SQL {
  if (field === 'updated_at') return sql`${supportTickets.updatedAt}`;
  if (field === 'priority') return PRIORITY_RANK;
  return sql`${supportTickets.createdAt}`;
}

interface RunnableStatement {
  execute(parameters: Record<string, unknown>): Promise<Array<{ total: unknown; items: unknown }>>;
}

/**
 * The page size as a literal in the statement (one prepared statement per page size), not a
 * placeholder: with `LIMIT $n` PostgreSQL's generic plan assumes a tenth of the whole queue is
 * fetched (20,000 of 200,000 tickets), costs a parallel sort far above a custom plan's index
 * walk that stops after the page, and therefore plans every execution afresh (1.6 ms of
 * planning for a 0.5 ms query; 0 generic and 8 custom plans after eight executions). With the
 * literal the generic plan is the index walk and planning drops out. Drizzle writes an SQL
 * object given to `.limit()` as is (pg-core dialect: `limit ${limit}`); its type says number.
 */
function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a page size: ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}

function buildList(db: Database, parameters: FilterParameters & { offset?: number }, ordering: string, limit: number) {
  const where = whereOf(parameters);
  const descending = ordering.startsWith('-');
  const sortKey = sortKeyOf(ordering.replace(/^-/, ''));
  let page = db
    .select({
      id: supportTickets.id,
      sortKey: sql`${sortKey}`.as('sort_key'),
      item: sql`${staffSummaryJson}`.as('item'),
    })
    .from(supportTickets)
    .leftJoin(buildings, eq(buildings.id, supportTickets.buildingId))
    .leftJoin(assignees, eq(assignees.id, supportTickets.assigneeId))
    .leftJoin(reporters, eq(reporters.id, supportTickets.reporterId))
    .leftJoin(tenants, eq(tenants.id, supportTickets.tenantId))
    .where(where)
    .orderBy(sql`${sortKey} ${direction(descending)}`, sql`${supportTickets.id} ${direction(descending)}`)
    .limit(literalLimit(limit))
    .$dynamic();
  // As in ticket-list.ts: no OFFSET on first pages, so PostgreSQL settles on the generic plan.
  if ('offset' in parameters) page = page.offset(sql.placeholder('offset'));
  const rows = page.as('page');
  return db
    .select({
      total: sql<string>`${totalOf(parameters, where)}`.as('total'),
      items:
        sql<string>`'[' || coalesce(string_agg(${rows.item}, ',' order by ${rows.sortKey} ${direction(descending)}, ${rows.id} ${direction(descending)}), '') || ']'`.as(
          'items',
        ),
    })
    .from(rows);
}

/** Two letters per filter, so a statement's name tells its shape within PostgreSQL's 63 bytes. */
const SHAPE_LETTERS: Record<string, string> = {
  scope: 'sc',
  status: 'st',
  priority: 'pr',
  building: 'bu',
  tenant: 'te',
  unassigned: 'un',
  assignee: 'as',
  createdFrom: 'cf',
  createdTo: 'ct',
  search: 'se',
  offset: 'of',
};

/** The filters present, as the suffix of a prepared statement's name (unique per shape). */
function shapeOf(parameters: Record<string, unknown>): string {
  return Object.keys(parameters)
    .map((name) => {
      const letters = SHAPE_LETTERS[name];
      if (letters === undefined) throw new Error(`no statement-name letters for the filter ${name}`);
      return letters;
    })
    .sort()
    .join('');
}

/** A bound on the named statements each PostgreSQL connection keeps for the staff queue. */
const MAX_PREPARED_SHAPES = 64;
const statements = new WeakMap<Database, Map<string, RunnableStatement>>();

function statementFor(
  db: Database,
  parameters: FilterParameters & { offset?: number },
  ordering: string,
  limit: number,
) {
  let known = statements.get(db);
  if (known === undefined) {
    known = new Map();
    statements.set(db, known);
  }
  const name = ['portal_staff_tickets', ordering.replace(/^-/, 'd_'), `l${limit}`, shapeOf(parameters)].join('_');
  const existing = known.get(name);
  if (existing !== undefined) return existing;
  const built = buildList(db, parameters, ordering, limit) as unknown as {
    prepare(name: string): RunnableStatement;
  } & RunnableStatement;
  if (known.size >= MAX_PREPARED_SHAPES) return built;
  const prepared = built.prepare(name);
  known.set(name, prepared);
  return prepared;
}

/** One page of the staff queue as JSON text and the size of the whole filtered queue. */
export async function listStaffTicketPage(
  db: Database,
  query: StaffTicketListQuery,
): Promise<{ total: number; json: string }> {
  const parameters = { ...parametersOf(query), ...(query.offset > 0 ? { offset: query.offset } : {}) };
  const ordering = query.ordering ?? '-created_at';
  const [row] = await statementFor(db, parameters, ordering, query.limit).execute(parameters);
  return { total: Number(row?.total ?? 0), json: typeof row?.items === 'string' ? row.items : '[]' };
}

/** `StaffSupportTicketCounts`: per status, plus the open work without an assignee and the caller's. */
export async function staffTicketCounts(db: Database, filter: Omit<StaffTicketFilter, 'status'>) {
  const parameters = parametersOf(filter);
  const where = whereOf(parameters, { withStatus: false });
  const active = sql`${supportTickets.status} in ('open', 'in_progress')`;
  const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [row] = await db
    .select({
      open: count(sql`${supportTickets.status} = 'open'`),
      in_progress: count(sql`${supportTickets.status} = 'in_progress'`),
      resolved: count(sql`${supportTickets.status} = 'resolved'`),
      closed: count(sql`${supportTickets.status} = 'closed'`),
      unassigned: count(sql`${active} and ${supportTickets.assigneeId} is null`),
      mine: count(sql`${active} and ${supportTickets.assigneeId} = ${sql.placeholder('me')}`),
    })
    .from(supportTickets)
    .where(where)
    .prepare(`portal_staff_counts_${shapeOf(parameters)}`)
    .execute({ ...parameters, me: filter.scope.userId });
  return row ?? { open: 0, in_progress: 0, resolved: 0, closed: 0, unassigned: 0, mine: 0 };
}

/** The ticket if the scope covers its building, locked for update when asked; 404 otherwise. */
export async function findStaffTicket(db: Database, scope: StaffScope, id: number, forUpdate = false) {
  const ticket = await findTicket(db, id, null, forUpdate);
  if (ticket === undefined || !coversBuilding(scope, ticket.buildingId)) throw ticketNotFound(id);
  return ticket;
}

/** `StaffSupportTicketDetail` of a ticket the scope covers; 404 otherwise. */
export async function staffTicketDetail(db: Database, scope: StaffScope, id: number) {
  const detail = await loadStaffTicketDetail(db, id, buildingFilter(scope, supportTickets.buildingId));
  if (detail === undefined) throw ticketNotFound(id);
  return detail;
}

/** What a staff member changes on a ticket (`StaffSupportTicketUpdate`); absent fields stay. */
export interface StaffTicketChange {
  status?: TicketStatus | undefined;
  priority?: TicketPriority | undefined;
  /** A staff member's id; null unassigns. */
  assignee?: number | null | undefined;
  /** Sets or moves the window; null clears it. */
  visit?: VisitWindow | null | undefined;
  resolution?: string | undefined;
}

/**
 * Applies a staff change in the caller's transaction: the version the change is based on must
 * be the ticket's (428 without, 412 when stale), the ticket locked while it changes; each
 * field writes its own timeline entry. The same rules as the command line's.
 */
export async function updateStaffTicket(
  tx: Database,
  scope: StaffScope,
  actor: Actor,
  id: number,
  expectedVersion: number | undefined,
  change: StaffTicketChange,
): Promise<TicketRow> {
  const ticket = await findStaffTicket(tx, scope, id, true);
  checkVersion(expectedVersion, ticket.version);
  return applyTicketChange(tx, ticket, actor, change);
}

/** The ticket's fields changed one by one, each through its rule in tickets.ts. */
export async function applyTicketChange(
  tx: Database,
  ticket: TicketRow,
  actor: Actor,
  change: StaffTicketChange,
): Promise<TicketRow> {
  if (change.assignee !== undefined && change.assignee !== null) {
    await requireAssignableStaff(tx, change.assignee, ticket.buildingId);
  }
  // Order matters only for a closing change: everything else first, while the ticket is open.
  if (change.priority !== undefined) await changePriority(tx, ticket, actor, change.priority);
  if (change.assignee !== undefined) await assign(tx, ticket, actor, change.assignee);
  if (change.visit !== undefined) await setVisit(tx, ticket, actor, change.visit);
  if (change.status !== undefined) {
    await changeStatus(tx, ticket, actor, change.status, change.resolution?.trim());
  } else if (change.resolution !== undefined) {
    throw fieldErrors({ resolution: ['Řešení lze uvést jen při vyřešení nebo uzavření incidentu.'] });
  }
  const updated = await findTicket(tx, ticket.id, null);
  if (updated === undefined) throw ticketNotFound(ticket.id);
  return updated;
}

/** A staff message: an answer the tenant sees (`public`) or an internal note. */
export async function addStaffMessage(
  tx: Database,
  scope: StaffScope,
  actor: Actor,
  id: number,
  body: string,
  visibility: Visibility,
) {
  const ticket = await findStaffTicket(tx, scope, id, true);
  return addComment(tx, ticket, actor, body, visibility);
}
