import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';

/** One page of a list: 1-based `page`, and the rows to skip and take. */
export interface Page {
  page: number;
  limit: number;
  offset: number;
}

/** A page of rows and the size of the whole filtered list (`X-Total-Count`). */
export interface PagedRows<Row> {
  total: number;
  rows: Row[];
}

/**
 * The paged-list query of upstream.yaml's lists: the filtered count and the page of rows, both
 * over the same `where`. A page past the end is not read (the caller answers 404 `invalid_page`
 * for it, http/pagination.ts).
 */
export async function selectPage<Table extends PgTable>(
  db: Database,
  table: Table,
  query: { where: SQL | undefined; orderBy: SQL[] },
  page: Page,
): Promise<PagedRows<Table['$inferSelect']>> {
  // Drizzle cannot tell that a table given as a type parameter is a plain table (not a
  // data-modifying subquery), so the query is built on the table as a PgTable.
  const source: PgTable = table;
  const [counted] = await db.select({ value: count() }).from(source).where(query.where);
  const total = counted?.value ?? 0;
  if (page.offset >= total) return { total, rows: [] };
  const rows = await db
    .select()
    .from(source)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return { total, rows };
}

/**
 * The ORDER BY of a list's `ordering` parameter (`name`, `-name`, …; the schema allows only the
 * listed fields), then a tie-breaker so pages never overlap. `tieBreaker` gets the direction,
 * for lists whose ties follow it.
 */
export function orderingOf<Field extends string>(
  ordering: string | undefined,
  defaultOrdering: NoInfer<Field> | `-${NoInfer<Field>}`,
  columns: Record<Field, AnyPgColumn | SQL>,
  tieBreaker: (descending: boolean) => SQL,
): SQL[] {
  const value = ordering ?? defaultOrdering;
  const descending = value.startsWith('-');
  const field = value.replace(/^-/, '');
  const column = field in columns ? columns[field as Field] : columns[defaultOrdering.replace(/^-/, '') as Field];
  return [descending ? desc(column) : asc(column), tieBreaker(descending)];
}
