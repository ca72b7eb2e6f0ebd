import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';

/**
 * The query shapes every lookup and list shares: one row by its filter, and a page of a list
 * with the size of the whole list in the order the caller asked for.
 */

/**
 * The first row of `table` that `where` finds, locked for update when asked (inside a
 * transaction, so two requests changing the same row take turns).
 */
export async function selectFirst<Table extends PgTable>(
  db: Database,
  table: Table,
  where: SQL | undefined,
  { lock = false }: { lock?: boolean } = {},
): Promise<Table['$inferSelect'] | undefined> {
  // See selectPage: the table is queried as a PgTable.
  const source: PgTable = table;
  const query = db.select().from(source).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

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
  page: Page,
  where: SQL | undefined,
  orderBy: SQL[],
): Promise<PagedRows<Table['$inferSelect']>> {
  // Drizzle cannot tell that a table given as a type parameter is a plain table (not a
  // data-modifying subquery), so the query is built on the table as a PgTable.
  const source: PgTable = table;
  const [counted] = await db.select({ value: count() }).from(source).where(where);
  const total = counted?.value ?? 0;
  if (page.offset >= total) return { total, rows: [] };
  const rows = await db
    .select()
    .from(source)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return { total, rows };
}

/**
 * The orderings a list offers (its `ordering` parameter: `name`, `-name`, …; the schema allows
 * only these fields): the ORDER BY for a requested one, the default when none is, then a
 * tie-breaker so pages never overlap. `tieBreaker` gets the direction, for lists whose ties
 * follow it.
 */
export function sortable<Field extends string>(
  columns: Record<Field, AnyPgColumn>,
  defaultOrdering: NoInfer<Field> | `-${NoInfer<Field>}`,
  tieBreaker: (descending: boolean) => SQL,
): (requested: string | undefined) => SQL[] {
  const columnOf = (field: string) =>
    field in columns ? columns[field as Field] : columns[defaultOrdering.replace(/^-/, '') as Field];
  return (requested) => {
    const ordering = requested ?? defaultOrdering;
    const descending = ordering.startsWith('-');
    const column = columnOf(ordering.replace(/^-/, ''));
    return [descending ? desc(column) : asc(column), tieBreaker(descending)];
  };
}
