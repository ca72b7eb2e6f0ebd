import type { Database } from '../db/database.js';

/** A statement that runs with named parameters: a Drizzle query, prepared or not. */
export interface RunnableStatement<Row> {
  execute(parameters: Record<string, unknown>): Promise<Row[]>;
}

/** A bound on the named statements each PostgreSQL connection keeps for one list. */
export const MAX_PREPARED_SHAPES = 64;

/**
 * A list's statements per connection, by name (one name per shape of the query). Only the first
 * MAX_PREPARED_SHAPES names seen are prepared, so an odd client combining every filter cannot
 * make each connection keep thousands of plans; the others run as unnamed statements, which
 * PostgreSQL parses every time.
 */
export function preparedStatements<Row>(): (
  db: Database,
  name: string,
  build: () => unknown,
) => RunnableStatement<Row> {
  const statements = new WeakMap<Database, Map<string, RunnableStatement<Row>>>();
  return (db, name, build) => {
    let known = statements.get(db);
    if (known === undefined) {
      known = new Map();
      statements.set(db, known);
    }
    const existing = known.get(name);
    if (existing !== undefined) return existing;
    const built = build() as { prepare(name: string): RunnableStatement<Row> } & RunnableStatement<Row>;
    if (known.size >= MAX_PREPARED_SHAPES) return built;
    const prepared = built.prepare(name);
    known.set(name, prepared);
    return prepared;
  };
}

/** One page of a list as the JSON text of the response body, and the size of the whole filtered list. */
export interface ListPage {
  total: number;
  json: string;
}

/** The page a list statement's row holds (`total` and `items`, the JSON text); no row, an empty page. */
export function pageOf(row: { total?: unknown; items?: unknown } | undefined): ListPage {
  return { total: Number(row?.total ?? 0), json: typeof row?.items === 'string' ? row.items : '[]' };
}
