import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';

/** Row count of every table of the app's schema, keyed by table name. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: name } of (tables as { rows: { table_name: string }[] }).rows) {
    const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = Number((result as { rows: { n: number }[] }).rows[0]?.n);
  }
  return counts;
}
