import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import { buildings, supportTickets, tenantAccess, users } from '../db/schema.js';
import { foldedForSearch } from './czech-search.js';
import type { TicketPriority, TicketStatus } from './tickets.js';
import { pageOf, preparedStatements, type ListPage, type RunnableStatement } from './prepared-lists.js';
import { hasNewsSql } from './ticket-news.js';
import { displayNameSql } from './users.js';

/**
 * The tenant's ticket list (`listSupportTickets`): one page and the size of the whole filtered
 * list, in one statement whose answer is the page's JSON text, built by PostgreSQL.
 *
 * Why JSON from the database: in the list benchmark's profile, mapping the 20 rows × 15
 * columns (node-postgres parsing each field, drizzle's per-field mapping and its timestamp
 * decoding, our own summary mapping, then fast-json-stringify) took about a quarter of the
 * server's CPU. PostgreSQL writes the JSON text in C inside the query instead, and the text
 * goes out as the response body untouched. It has the contract's shape (`SupportTicket`),
 * timestamps in `Date.prototype.toISOString()` form and display names computed as
 * `displayName()` does; `ticket-list.test.ts` checks it byte for byte against
 * JSON.stringify of the row-by-row mapping.
 *
 * Every shape of the list is a prepared statement with placeholders for its values (drizzle
 * builds the SQL once, PostgreSQL parses it once per connection), up to MAX_PREPARED_SHAPES.
 */

export interface TicketListQuery {
  tenantId: string;
  /** The user whose news marks the items carry. */
  viewerId: number;
  status?: TicketStatus[] | undefined;
  priority?: TicketPriority[] | undefined;
  building?: number | undefined;
  /** First instant of the first day (inclusive). */
  createdFrom?: Date | undefined;
  /** First instant after the last day (exclusive). */
  createdTo?: Date | undefined;
  /** Searched in subject and description, case-insensitive, as a plain substring. */
  search?: string | undefined;
  /** One of the contract's values (`-created_at` by default). */
  ordering?: string | undefined;
  limit: number;
  offset: number;
}

const assignees = alias(users, 'assignee');

/** `YYYY-MM-DDTHH:MM:SS.sssZ`, exactly `toISOString()` of the instant (milliseconds truncated, as node-postgres does). */
export const isoTimestamp = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A value as JSON text; `to_json` escapes strings as JSON.stringify does. SQL NULL is `null`. */
export const jsonValue = (value: SQL | AnyPgColumn) => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * A JSON object as text, compact and with the keys in the given order, exactly as
 * JSON.stringify would write it. (`json_build_object` puts spaces around every colon and
 * comma, 14 % more bytes on the wire for the same page.) Keys are code, never input.
 */
export function jsonObject(entries: Array<[string, SQL]>): SQL {
  const parts = entries.flatMap(([key, value], index) => {
    if (!/^[a-z_]+$/.test(key)) throw new Error(`unexpected JSON key ${key}`);
    return [sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`), value];
  });
  return sql`(${sql.join([...parts, sql.raw(`'}'`)], sql` || `)})`;
}

/** `Visit` of upstream.yaml, or `null` (tickets.ts serializeVisit). */
export const visitJson = sql`case when ${supportTickets.visitFrom} is null or ${supportTickets.visitTo} is null then 'null' else ${jsonObject(
  [
    ['from', jsonValue(isoTimestamp(supportTickets.visitFrom))],
    ['to', jsonValue(isoTimestamp(supportTickets.visitTo))],
    ['note', jsonValue(supportTickets.visitNote)],
  ],
)} end`;

/** The `SupportTicket` properties of upstream.yaml, in the serialiser's order. */
export const summaryJsonEntries = (assigneeTable: typeof assignees): Array<[string, SQL]> => [
  ['id', jsonValue(supportTickets.id)],
  ['subject', jsonValue(supportTickets.subject)],
  [
    'building',
    jsonObject([
      ['id', jsonValue(supportTickets.buildingId)],
      ['name', jsonValue(sql`coalesce(${buildings.name}, '')`)],
    ]),
  ],
  ['priority', jsonValue(supportTickets.priority)],
  ['status', jsonValue(supportTickets.status)],
  ['contact_phone', jsonValue(supportTickets.contactPhone)],
  ['created_at', jsonValue(isoTimestamp(supportTickets.createdAt))],
  ['updated_at', jsonValue(isoTimestamp(supportTickets.updatedAt))],
  ['resolution', jsonValue(supportTickets.resolution)],
  [
    'assignee',
    sql`case when ${supportTickets.assigneeId} is null then 'null' else ${jsonObject([
      ['id', jsonValue(supportTickets.assigneeId)],
      ['display_name', jsonValue(displayNameSql(assigneeTable))],
    ])} end`,
  ],
  ['visit', visitJson],
];

/**
 * `SupportTicketListItem` of upstream.yaml, property for property (the serialiser's order):
 * the summary and whether the ticket has news for the viewer (ticket-news.ts).
 */
const summaryJson = jsonObject([
  ...summaryJsonEntries(assignees),
  ['has_news', sql`case when ${hasNewsSql(sql`${sql.placeholder('viewerId')}::integer`)} then 'true' else 'false' end`],
]);

export const PRIORITY_RANK = sql`array_position(array['low','standard','high','critical']::text[], ${supportTickets.priority})`;
const STATUS_RANK = sql`array_position(array['open','in_progress','resolved','closed']::text[], ${supportTickets.status})`;

function sortKeyOf(field: string): SQL {
  if (field === 'updated_at') return sql`${supportTickets.updatedAt}`;
  if (field === 'priority') return PRIORITY_RANK;
  if (field === 'status') return STATUS_RANK;
  return sql`${supportTickets.createdAt}`;
}

/**
 * `DESC NULLS LAST` matches the indexes (drizzle-kit's rendering of `.desc()`); plain `DESC`
 * means NULLS FIRST in PostgreSQL, and the planner then sorts all of a tenant's rows instead of
 * reading the index. The backward scan of such an index yields `ASC NULLS FIRST`. The columns
 * are NOT NULL, so the order itself is the same. The id breaks ties so pages never overlap.
 */
export const direction = (descending: boolean) => (descending ? sql`desc nulls last` : sql`asc nulls first`);

/** The placeholders' values; names match the `sql.placeholder` calls below. */
function parametersOf(query: TicketListQuery, search: string | undefined, caller: number | undefined) {
  return {
    tenantId: query.tenantId,
    viewerId: query.viewerId,
    limit: query.limit,
    ...(caller !== undefined ? { userId: caller } : {}),
    ...(query.offset > 0 ? { offset: query.offset } : {}),
    ...(query.status?.length ? { status: query.status } : {}),
    ...(query.priority?.length ? { priority: query.priority } : {}),
    ...(query.building !== undefined ? { building: query.building } : {}),
    ...(query.createdFrom !== undefined ? { createdFrom: query.createdFrom.toISOString() } : {}),
    ...(query.createdTo !== undefined ? { createdTo: query.createdTo.toISOString() } : {}),
    ...(search !== undefined ? { search: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } : {}),
  };
}

type Parameters = ReturnType<typeof parametersOf>;

/** Whether the caller (the outer `users` row) may read the tenant: an active account with access. */
const callerAllowed = sql`(${users.isActive} and exists (select 1 from ${tenantAccess} where ${tenantAccess.userId} = ${users.id} and ${tenantAccess.tenantId} = ${sql.placeholder('tenantId')}))`;

interface StatementRow {
  total: unknown;
  items: unknown;
  /** Only with a caller. */
  active?: unknown;
  allowed?: unknown;
}

function buildStatement(db: Database, parameters: Parameters, ordering: string) {
  const filters: SQL[] = [eq(supportTickets.tenantId, sql.placeholder('tenantId'))];
  // With a caller, every read of the tenant's tickets is gated on the caller's access, so a
  // refused caller's statement reads no ticket at all (the gate references only the outer row,
  // a one-time filter).
  if ('userId' in parameters) filters.push(callerAllowed);
  // `= any(array)` rather than `in (…)`: one shape whatever the number of values.
  if ('status' in parameters) filters.push(sql`${supportTickets.status} = any(${sql.placeholder('status')}::text[])`);
  if ('priority' in parameters)
    filters.push(sql`${supportTickets.priority} = any(${sql.placeholder('priority')}::text[])`);
  if ('building' in parameters) filters.push(eq(supportTickets.buildingId, sql.placeholder('building')));
  if ('createdFrom' in parameters)
    filters.push(gte(supportTickets.createdAt, sql`${sql.placeholder('createdFrom')}::timestamptz`));
  if ('createdTo' in parameters)
    filters.push(lt(supportTickets.createdAt, sql`${sql.placeholder('createdTo')}::timestamptz`));
  if ('search' in parameters) {
    const pattern = sql`${sql.placeholder('search')}::text`;
    const text = foldedForSearch(sql`${supportTickets.subject} || E'\n' || ${supportTickets.description}`);
    filters.push(sql`${text} like ${foldedForSearch(pattern)}`);
  }
  const where = and(...filters);
  const descending = ordering.startsWith('-');
  const sortKey = sortKeyOf(ordering.replace(/^-/, ''));

  let page = db
    .select({ id: supportTickets.id, sortKey: sql`${sortKey}`.as('sort_key'), item: sql`${summaryJson}`.as('item') })
    .from(supportTickets)
    .leftJoin(buildings, eq(buildings.id, supportTickets.buildingId))
    .leftJoin(assignees, eq(assignees.id, supportTickets.assigneeId))
    .where(where)
    .orderBy(sql`${sortKey} ${direction(descending)}`, sql`${supportTickets.id} ${direction(descending)}`)
    .limit(sql.placeholder('limit'))
    .$dynamic();
  // No OFFSET on first pages: with `OFFSET $n` PostgreSQL estimates the skipped rows as a tenth
  // of the tenant's tickets, the generic plan looks costlier than a custom one, and it plans the
  // statement afresh on every execution (0.34 ms of planning for a 0.15 ms query; 0 generic and
  // 8 custom plans in pg_prepared_statements). Without it, it settles on the generic plan after
  // five executions and planning drops to 0.02 ms.
  if ('offset' in parameters) page = page.offset(sql.placeholder('offset'));
  const rows = page.as('page');

  const list = db
    .select({
      // A scalar subquery over the same filters, evaluated once (an InitPlan); inside it
      // `support_tickets` names the subquery's own table. Unlike `count(*) over ()` it leaves the
      // page free to be read in index order and stop after LIMIT rows.
      total: sql<string>`(select count(*) from ${supportTickets} where ${where})`.as('total'),
      items:
        sql<string>`'[' || coalesce(string_agg(${rows.item}, ',' order by ${rows.sortKey} ${direction(descending)}, ${rows.id} ${direction(descending)}), '') || ']'`.as(
          'items',
        ),
    })
    .from(rows);
  if (!('userId' in parameters)) return list;

  // The caller's account and tenant access in the same statement (the tenant guard's lookup,
  // tenant-guard.ts authenticateDeferringTenant): no row when the user does not exist.
  const listed = list.as('list');
  return db
    .select({ active: users.isActive, allowed: callerAllowed, total: listed.total, items: listed.items })
    .from(users)
    .leftJoinLateral(listed, sql`true`)
    .where(eq(users.id, sql.placeholder('userId')));
}

const SHAPE_ABBREVIATIONS: Record<string, string> = {
  userId: 'au',
  offset: 'off',
  status: 'st',
  priority: 'pr',
  building: 'bu',
  createdFrom: 'cf',
  createdTo: 'ct',
  search: 'se',
};

const preparedFor = preparedStatements<StatementRow>();

/**
 * The statement of a shape: which filters are present, the ordering, whether the page has an
 * offset and whether the caller is checked. At most 2⁷ × 8 × 2 shapes exist; only the first
 * MAX_PREPARED_SHAPES seen are prepared (prepared-lists.ts).
 */
function statementFor(db: Database, parameters: Parameters, ordering: string): RunnableStatement<StatementRow> {
  // PostgreSQL cuts names at 63 bytes, so the parts are abbreviated (the longest is 55).
  const parts = Object.keys(parameters)
    .filter((name) => name !== 'tenantId' && name !== 'viewerId' && name !== 'limit')
    .map((name) => SHAPE_ABBREVIATIONS[name] ?? name)
    .sort();
  const name = ['portal_tickets', ordering.replace(/^-/, 'desc_'), ...parts].join('_');
  return preparedFor(db, name, () => buildStatement(db, parameters, ordering));
}

/** Statement names of the default first page (newest first, no filters), for tests. */
export const FIRST_PAGE_STATEMENT = 'portal_tickets_desc_created_at';
export const FIRST_PAGE_WITH_CALLER_STATEMENT = 'portal_tickets_desc_created_at_au';

/** What a statement found about the caller of a deferred tenant check (plugins/app/tenant-guard.ts). */
export interface TenantVerdict {
  /** The user of the token exists. */
  found: boolean;
  active: boolean;
  /** The tenant is in the user's `tenant_access` list. */
  allowed: boolean;
}

/** One page of the tenant's tickets (prepared-lists.ts). */
export type TicketPage = ListPage;

/**
 * One page and the size of the whole filtered list. An empty page means an empty list (page
 * 1) or a page past the end; the caller tells them apart with the total.
 */
export async function listTicketPage(db: Database, query: TicketListQuery): Promise<TicketPage>;
/**
 * The same, with the caller's account and tenant access checked in the same statement: the
 * page only when the verdict allows it (nothing of the tenant is read otherwise).
 */
export async function listTicketPage(
  db: Database,
  query: TicketListQuery,
  caller: { userId: number },
): Promise<{ verdict: TenantVerdict; page: TicketPage | null }>;
export async function listTicketPage(
  db: Database,
  query: TicketListQuery,
  caller?: { userId: number },
): Promise<TicketPage | { verdict: TenantVerdict; page: TicketPage | null }> {
  const search = query.search?.trim();
  const parameters = parametersOf(query, search === '' ? undefined : search, caller?.userId);
  const ordering = query.ordering ?? '-created_at';
  const [row] = await statementFor(db, parameters, ordering).execute(parameters);
  const page = pageOf(row);
  if (caller === undefined) return page;
  const verdict = { found: row !== undefined, active: row?.active === true, allowed: row?.allowed === true };
  return { verdict, page: verdict.found && verdict.active && verdict.allowed ? page : null };
}
