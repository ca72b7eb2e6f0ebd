import type { components } from '@portal/openapi/upstream-types';
import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import {
  buildings,
  staffBuildings,
  staffQueueGenerations,
  supportTickets,
  tenants,
  ticketCounts,
  ticketTimeline,
  ticketUnassignedCounts,
  users,
} from '../db/schema.js';
import { fieldErrors } from './errors.js';
import {
  buildingFilter,
  checkVersion,
  coversBuilding,
  requireAssignableStaff,
  type StaffScope,
  type StaffVerdict,
} from './staff.js';
import { pageOf, preparedStatements, type ListPage, type RunnableStatement } from './prepared-lists.js';
import { keepVerdict, keptVerdict, listeningEpoch, staffQueueCacheFor } from './staff-queue-cache.js';
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
import { activeSecondFactorSql, displayNameSql } from './users.js';

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

/** The WHERE over a counter table for the buildings (and statuses) a filter names. */
function counterFilters(table: typeof ticketCounts | typeof ticketUnassignedCounts, parameters: FilterParameters): SQL {
  const filters: SQL[] = [];
  if ('scope' in parameters) filters.push(sql`${table.buildingId} = any(${sql.placeholder('scope')}::int[])`);
  if ('building' in parameters) filters.push(sql`${table.buildingId} = ${sql.placeholder('building')}`);
  if ('status' in parameters) filters.push(sql`${table.status} = any(${sql.placeholder('status')}::text[])`);
  return filters.length === 0 ? sql`true` : (and(...filters) ?? sql`true`);
}

/**
 * The size of the filtered queue: a sum over ticket_counts when only buildings and statuses
 * narrow it (the queue as it opens: a 200,000-ticket count is 10 ms of PostgreSQL's time per
 * request); for a text search within a building, two counts split by the tickets' length (see
 * below); a count over the same WHERE otherwise.
 */
function totalOf(parameters: FilterParameters, where: SQL | undefined): SQL {
  const names = Object.keys(parameters);
  if (names.every((name) => COUNTED_FILTERS.has(name))) {
    return sql`(select coalesce(sum(${ticketCounts.n}), 0) from ${ticketCounts} where ${counterFilters(ticketCounts, parameters)})`;
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

interface StatementRow {
  total: unknown;
  items: unknown;
  /** Only with a caller. */
  active?: unknown;
  staff?: unknown;
  secondFactor?: unknown;
  buildingIds?: unknown;
  /** The queue's generation (staff-queue-cache.ts), decimal text. */
  generation?: unknown;
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

/**
 * A placeholder whose value the planner does not see even when it plans for the values at
 * hand (a sub-select's result is unknown at planning time): for a statement whose plan is the
 * same for every value, so that the generic plan costs what a custom one does and PostgreSQL
 * keeps it instead of planning every execution (it compares the generic plan's estimate with
 * the custom plans' average, and a custom plan sees e.g. that a search word is rare).
 */
function opaque(name: string, type: 'int' | 'int[]' | 'text' | 'text[]' | 'bigint'): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/** Filters the building search's statement handles (the usual way a clerk narrows the queue). */
const BUILDING_SEARCH_FILTERS = new Set(['scope', 'building', 'status', 'search', 'offset']);

/** A building's tickets (in some statuses) matching a text, newest or oldest first. */
function isBuildingSearch(parameters: FilterParameters, field: string): boolean {
  return (
    field === 'created_at' &&
    'building' in parameters &&
    'search' in parameters &&
    Object.keys(parameters).every((name) => BUILDING_SEARCH_FILTERS.has(name))
  );
}

/** The parts of a list statement: its CTEs, the total's SQL and the page's rows in order. */
function listParts(db: Database, parameters: FilterParameters & { offset?: number }, ordering: string, limit: number) {
  const descending = ordering.startsWith('-');
  const field = ordering.replace(/^-/, '');
  if (isBuildingSearch(parameters, field)) return buildingSearchParts(db, parameters, descending, limit);
  const where = whereOf(parameters);
  const sortKey = sortKeyOf(field);
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
  return { withs: [], total: totalOf(parameters, where), rows: page.as('page'), descending };
}

/**
 * A building's tickets matching a text (and some statuses), as a clerk searches the queue: the
 * matching tickets are found once, in the building/status index that holds each ticket's
 * search head (an index-only pass over the building's entries, the long tickets through their
 * partial index), and both the total and the page come from that one set; the page's rows are
 * the only ones read from the table. The messages' matches are looked up once through their
 * trigram index. Its plan is the same whatever the values, so they are opaque and PostgreSQL
 * keeps the generic plan. Before, the count and the page each tested the building's tickets
 * (the page from the table), the messages were searched three times and the statement was
 * planned on every execution: 1.0 ms of planning and 0.8 ms of execution against 0.01 and
 * 0.6 ms (best of 30, 200,000 tickets, docs/benchmarks.md).
 */
function buildingSearchParts(
  db: Database,
  parameters: FilterParameters & { offset?: number },
  descending: boolean,
  limit: number,
) {
  const comments = db.$with('comments').as(
    db
      .select({ ticketId: ticketTimeline.ticketId })
      .from(ticketTimeline)
      .where(sql`${ticketTimeline.type} = 'comment' and ${ticketTimeline.body} ilike ${opaque('search', 'text')}`),
  );
  const narrowed: SQL[] = [sql`${supportTickets.buildingId} = ${opaque('building', 'int')}`];
  if ('scope' in parameters) narrowed.push(sql`${supportTickets.buildingId} = any(${opaque('scope', 'int[]')}::int[])`);
  if ('status' in parameters) narrowed.push(sql`${supportTickets.status} = any(${opaque('status', 'text[]')}::text[])`);
  const pattern = sql`(select lower(${sql.placeholder('search')}::text))`;
  const inComments = sql`${supportTickets.id} in (select ${comments.ticketId} from ${comments})`;
  // The short tickets' whole text is their head (an index-only test); the long ones' is read.
  const matching = (long: boolean) =>
    db
      .select({ id: supportTickets.id, sortKey: sql`${supportTickets.createdAt}`.as('sort_key') })
      .from(supportTickets)
      .where(
        and(
          ...narrowed,
          long
            ? sql`${supportTickets.searchIsLong} and (${supportTickets.searchDocument} like ${pattern} or ${inComments})`
            : sql`not ${supportTickets.searchIsLong} and (${supportTickets.searchHead} like ${pattern} or ${inComments})`,
        ),
      );
  const matched = db.$with('matched').as(matching(false).unionAll(matching(true)));
  const order = direction(descending);
  let top = db
    .select({ id: matched.id, sortKey: matched.sortKey })
    .from(matched)
    .orderBy(sql`${matched.sortKey} ${order}`, sql`${matched.id} ${order}`)
    .limit(literalLimit(limit))
    .$dynamic();
  if ('offset' in parameters) top = top.offset(opaque('offset', 'bigint') as unknown as number);
  const topRows = top.as('top');
  const rows = db
    .select({ id: topRows.id, sortKey: topRows.sortKey, item: sql`${staffSummaryJson}`.as('item') })
    .from(topRows)
    .innerJoin(supportTickets, eq(supportTickets.id, topRows.id))
    .leftJoin(buildings, eq(buildings.id, supportTickets.buildingId))
    .leftJoin(assignees, eq(assignees.id, supportTickets.assigneeId))
    .leftJoin(reporters, eq(reporters.id, supportTickets.reporterId))
    .leftJoin(tenants, eq(tenants.id, supportTickets.tenantId))
    .as('page');
  return { withs: [comments, matched], total: sql`(select count(*) from ${matched})`, rows, descending };
}

/**
 * The caller's staff scope and second factor, next to the user row (`users` of the outer
 * statement): the staff guard's lookup (plugins/app/staff-guard.ts) inside the queue's statement.
 */
function callerScopeOf(db: Database) {
  return db
    .select({
      // Sorted like staffBuildingIds (staff.ts); array_agg over no rows is null: every building.
      buildingIds: sql<
        number[] | null
      >`array_agg(${staffBuildings.buildingId} order by ${staffBuildings.buildingId})`.as('building_ids'),
      secondFactor: sql<boolean>`${activeSecondFactorSql}`.as('second_factor'),
    })
    .from(staffBuildings)
    .where(eq(staffBuildings.userId, users.id))
    .as('caller_scope');
}

/** The queue's generation (migration 0015) as decimal text, next to the caller's row. */
function generationOf(db: Database) {
  return db
    .select({ value: sql<string>`coalesce(sum(${staffQueueGenerations.n}), 0)::text`.as('generation') })
    .from(staffQueueGenerations)
    .as('queue_generation');
}

/**
 * The statement of a list shape. Without a caller: the total and the page's JSON. With one
 * (`checked`), the staff guard's checks run in it too: the user's account, staff role, second
 * factor and current buildings come back with the page, and the page and total are computed
 * only when the caller passes and the buildings are the scope the statement filters by (a
 * refused caller's statement reads no ticket: both are sub-selects of a CASE, evaluated only
 * when taken). It also returns the queue's generation, and computes the page only when that
 * differs from `known`, the generation of the page this instance keeps for the same query
 * (staff-queue-cache.ts): an unchanged queue costs the caller's checks and nothing more.
 */
function buildList(
  db: Database,
  parameters: FilterParameters & { offset?: number },
  ordering: string,
  limit: number,
  checked: boolean,
) {
  const parts = listParts(db, parameters, ordering, limit);
  const { rows } = parts;
  const order = direction(parts.descending);
  const items = sql<string>`'[' || coalesce(string_agg(${rows.item}, ',' order by ${rows.sortKey} ${order}, ${rows.id} ${order}), '') || ']'`;
  if (!checked) {
    return db
      .with(...parts.withs)
      .select({ total: sql<string>`${parts.total}`.as('total'), items: items.as('items') })
      .from(rows);
  }
  const caller = callerScopeOf(db);
  const scopeMatches =
    'scope' in parameters
      ? sql`${caller.buildingIds} = ${sql.placeholder('scope')}::int[]`
      : sql`${caller.buildingIds} is null`;
  const generation = generationOf(db);
  const passes = sql`(${users.isActive} and ${users.isStaff} and ${caller.secondFactor} and ${scopeMatches}
    and ${generation.value} is distinct from ${sql.placeholder('known')}::text)`;
  return db
    .with(...parts.withs)
    .select({
      active: users.isActive,
      staff: users.isStaff,
      secondFactor: caller.secondFactor,
      buildingIds: caller.buildingIds,
      generation: generation.value,
      total: sql<string>`case when ${passes} then ${parts.total} end`.as('total'),
      items: sql<string>`case when ${passes} then (${db.select({ items }).from(rows)}) end`.as('items'),
    })
    .from(users)
    .leftJoinLateral(caller, sql`true`)
    .leftJoinLateral(generation, sql`true`)
    .where(eq(users.id, sql.placeholder('caller')));
}

/** Two letters per filter, so a statement's name tells its shape within PostgreSQL's 63 bytes. */
const SHAPE_LETTERS: Record<string, string> = {
  caller: 'ca',
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

const preparedFor = preparedStatements<StatementRow>();

/** The prepared statement's name of a list shape: one per ordering, page size and filters. */
function statementName(parameters: Record<string, unknown>, ordering: string, limit: number, checked: boolean) {
  const shape = shapeOf(checked ? { ...parameters, caller: true } : parameters);
  return ['portal_staff_tickets', ordering.replace(/^-/, 'd_'), `l${limit}`, shape].join('_');
}

function statementFor(
  db: Database,
  parameters: FilterParameters & { offset?: number },
  ordering: string,
  limit: number,
  checked: boolean,
): RunnableStatement<StatementRow> {
  const name = statementName(parameters, ordering, limit, checked);
  return preparedFor(db, name, () => buildList(db, parameters, ordering, limit, checked));
}

/** One page of the staff queue: its JSON text and the size of the whole filtered queue. */
export type StaffTicketPage = ListPage;

/** One page of the staff queue as JSON text and the size of the whole filtered queue. */
export async function listStaffTicketPage(db: Database, query: StaffTicketListQuery): Promise<StaffTicketPage>;
/**
 * The same, with the staff guard's checks of the caller in the same statement (one round trip
 * per request): `query.scope` is the scope the caller is assumed to have, and the page comes
 * back only when the caller passes and that is still their scope (`page` is null otherwise;
 * the verdict tells why, with the current buildings).
 */
export async function listStaffTicketPage(
  db: Database,
  query: StaffTicketListQuery,
  caller: { userId: number },
): Promise<{ verdict: StaffVerdict; page: StaffTicketPage | null }>;
export async function listStaffTicketPage(
  db: Database,
  query: StaffTicketListQuery,
  caller?: { userId: number },
): Promise<StaffTicketPage | { verdict: StaffVerdict; page: StaffTicketPage | null }> {
  const parameters = { ...parametersOf(query), ...(query.offset > 0 ? { offset: query.offset } : {}) };
  const ordering = query.ordering ?? '-created_at';
  const statement = statementFor(db, parameters, ordering, query.limit, caller !== undefined);
  if (caller === undefined) return pageOf((await statement.execute(parameters))[0]);
  // The page kept for this exact query, taken before the statement runs: the statement's
  // answer "unchanged" refers to this entry's generation, whatever the cache holds by then.
  const cache = staffQueueCacheFor(db);
  const key = `${statementName(parameters, ordering, query.limit, true)} ${JSON.stringify(parameters)}`;
  const kept = cache.get(key);
  // Listening, and nothing notified since the database confirmed both the page and the
  // caller's standing: no statement at all (staff-queue-cache.ts). A turn of the event loop
  // first, so a notification already received is handled before this request is answered.
  if (kept?.confirmedIn !== null && kept?.confirmedIn === listeningEpoch(db)) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const now = listeningEpoch(db);
    const verdict = now === null ? undefined : keptVerdict(db, caller.userId, now);
    if (kept.confirmedIn === now && verdict !== undefined && passesWith(verdict, query.scope)) {
      return { verdict, page: kept.page };
    }
  }
  const epoch = listeningEpoch(db);
  const [row] = await statement.execute({ ...parameters, caller: caller.userId, known: kept?.generation ?? null });
  const verdict: StaffVerdict = {
    found: row !== undefined,
    active: row?.active === true,
    staff: row?.staff === true,
    secondFactor: row?.secondFactor === true,
    buildingIds: Array.isArray(row?.buildingIds) ? (row.buildingIds as number[]) : null,
  };
  if (epoch !== null) keepVerdict(db, caller.userId, epoch, verdict);
  if (!passesWith(verdict, query.scope)) return { verdict, page: null };
  if (typeof row?.items === 'string') {
    const page = pageOf(row);
    if (typeof row.generation === 'string') cache.set(key, { generation: row.generation, page, confirmedIn: epoch });
    return { verdict, page };
  }
  // Passed, and the page was not computed: the generation is the kept page's.
  if (kept !== undefined && row?.generation === kept.generation) {
    kept.confirmedIn = epoch;
    return { verdict, page: kept.page };
  }
  return { verdict, page: null };
}

/** Whether a caller's standing lets them see the queue of the scope a statement assumed. */
function passesWith(verdict: StaffVerdict, scope: StaffScope): boolean {
  return (
    verdict.active && verdict.staff && verdict.secondFactor && sameBuildings(verdict.buildingIds, scope.buildingIds)
  );
}

/** Whether two scopes' building lists are the same (both sorted), null meaning every building. */
function sameBuildings(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** Filters the overview's counts can take from the counters (the overview sends none). */
const COUNTED_OVERVIEW_FILTERS = new Set(['scope', 'building']);

/** The contract's `StaffSupportTicketCounts`. */
export type StaffTicketCounts = components['schemas']['StaffSupportTicketCounts'];

const preparedCountsFor = preparedStatements<StaffTicketCounts>();

/**
 * The counts' statement of a filter shape. With buildings only (the overview), the counts per
 * status and of the unassigned work are sums over ticket_counts and ticket_unassigned_counts
 * (migration 0014) and the caller's own come from the assignee index: 0.05 ms instead of 48 ms
 * (90–170 ms as a parallel scan) of counting 200,000 tickets. Any other filter counts the
 * matching tickets in one pass.
 */
function countsStatementFor(db: Database, parameters: FilterParameters): RunnableStatement<StaffTicketCounts> {
  const counted = Object.keys(parameters).every((name) => COUNTED_OVERVIEW_FILTERS.has(name));
  const name = `portal_staff_counts_${counted ? 'tc_' : ''}${shapeOf(parameters)}`;
  return preparedCountsFor(db, name, () => buildCounts(db, parameters, counted));
}

function buildCounts(db: Database, parameters: FilterParameters, counted: boolean) {
  const active = sql`${supportTickets.status} in ('open', 'in_progress')`;
  const mine = and(
    whereOf(parameters, { withStatus: false }),
    active,
    sql`${supportTickets.assigneeId} = ${sql.placeholder('me')}`,
  );
  let built;
  if (counted) {
    const sum = (condition: SQL) => sql<number>`(coalesce(sum(${ticketCounts.n}) filter (where ${condition}), 0))::int`;
    built = db
      .select({
        open: sum(sql`${ticketCounts.status} = 'open'`),
        in_progress: sum(sql`${ticketCounts.status} = 'in_progress'`),
        resolved: sum(sql`${ticketCounts.status} = 'resolved'`),
        closed: sum(sql`${ticketCounts.status} = 'closed'`),
        unassigned: sql<number>`(${db
          .select({ n: sql`coalesce(sum(${ticketUnassignedCounts.n}), 0)::int` })
          .from(ticketUnassignedCounts)
          .where(counterFilters(ticketUnassignedCounts, parameters))})`,
        mine: sql<number>`(${db
          .select({ n: sql`count(*)::int` })
          .from(supportTickets)
          .where(mine)})`,
      })
      .from(ticketCounts)
      .where(counterFilters(ticketCounts, parameters));
  } else {
    const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
    built = db
      .select({
        open: count(sql`${supportTickets.status} = 'open'`),
        in_progress: count(sql`${supportTickets.status} = 'in_progress'`),
        resolved: count(sql`${supportTickets.status} = 'resolved'`),
        closed: count(sql`${supportTickets.status} = 'closed'`),
        unassigned: count(sql`${active} and ${supportTickets.assigneeId} is null`),
        mine: count(sql`${active} and ${supportTickets.assigneeId} = ${sql.placeholder('me')}`),
      })
      .from(supportTickets)
      .where(whereOf(parameters, { withStatus: false }));
  }
  return built;
}

/** `StaffSupportTicketCounts`: per status, plus the open work without an assignee and the caller's. */
export async function staffTicketCounts(
  db: Database,
  filter: Omit<StaffTicketFilter, 'status'>,
): Promise<StaffTicketCounts> {
  const parameters = parametersOf(filter);
  const [row] = await countsStatementFor(db, parameters).execute({ ...parameters, me: filter.scope.userId });
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
