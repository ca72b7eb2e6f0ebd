import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { billingStatements } from '../../../db/schema.js';
import { serializeStatements, type StatementRow } from '../../../domain/billing.js';
import { orderingOf, selectPage, type Page } from '../../../domain/paging.js';

const PAID = sql`(${billingStatements.paidAmount} >= ${billingStatements.totalAmount})`;

/** `listBillingStatements`: the tenant's statements, newest first by default. */
export async function listStatements(
  db: Database,
  filter: {
    tenantId: string;
    paid?: boolean | undefined;
    building?: number | undefined;
    issuedFrom?: string | undefined;
    issuedTo?: string | undefined;
    ordering?: string | undefined;
  },
  page: Page,
) {
  const filters: SQL[] = [eq(billingStatements.tenantId, filter.tenantId)];
  if (filter.paid !== undefined) filters.push(filter.paid ? PAID : sql`not ${PAID}`);
  if (filter.building !== undefined) filters.push(eq(billingStatements.buildingId, filter.building));
  if (filter.issuedFrom !== undefined) filters.push(gte(billingStatements.issuedOn, filter.issuedFrom));
  if (filter.issuedTo !== undefined) filters.push(lte(billingStatements.issuedOn, filter.issuedTo));
  const { total, rows } = await selectPage(
    db,
    billingStatements,
    {
      where: and(...filters),
      orderBy: orderingOf(
        filter.ordering,
        '-issued_on',
        {
          issued_on: billingStatements.issuedOn,
          due_date: billingStatements.dueDate,
          period_from: billingStatements.periodFrom,
          total_amount: billingStatements.totalAmount,
        },
        () => desc(billingStatements.id),
      ),
    },
    page,
  );
  return { total, items: await serializeStatements(db, rows) };
}

/** One of the tenant's statements. */
export async function findStatement(db: Database, id: number, tenantId: string): Promise<StatementRow | undefined> {
  const [row] = await db
    .select()
    .from(billingStatements)
    .where(and(eq(billingStatements.id, id), eq(billingStatements.tenantId, tenantId)))
    .limit(1);
  return row;
}
