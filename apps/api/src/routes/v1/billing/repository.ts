import type { operations } from '@portal/openapi/upstream-types';
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { billingStatements } from '../../../db/schema.js';
import { serializeStatements, type StatementRow } from '../../../domain/billing.js';
import { selectFirst, selectPage, sortable, type Page } from '../../../domain/queries.js';

type Query = NonNullable<operations['listBillingStatements']['parameters']['query']>;

const PAID = sql`(${billingStatements.paidAmount} >= ${billingStatements.totalAmount})`;

const ordering = sortable(
  {
    issued_on: billingStatements.issuedOn,
    due_date: billingStatements.dueDate,
    period_from: billingStatements.periodFrom,
    total_amount: billingStatements.totalAmount,
  },
  '-issued_on',
  () => desc(billingStatements.id),
);

/** `listBillingStatements`: the tenant's statements, newest first by default. */
export async function listStatements(db: Database, tenantId: string, query: Query, page: Page) {
  const filters: SQL[] = [eq(billingStatements.tenantId, tenantId)];
  if (query.paid !== undefined) filters.push(query.paid ? PAID : sql`not ${PAID}`);
  if (query.building !== undefined) filters.push(eq(billingStatements.buildingId, query.building));
  if (query.issued_from !== undefined) filters.push(gte(billingStatements.issuedOn, query.issued_from));
  if (query.issued_to !== undefined) filters.push(lte(billingStatements.issuedOn, query.issued_to));
  const { total, rows } = await selectPage(db, billingStatements, page, and(...filters), ordering(query.ordering));
  return { total, items: await serializeStatements(db, rows) };
}

/** One of the tenant's statements. */
export async function findStatement(db: Database, id: number, tenantId: string): Promise<StatementRow | undefined> {
  return selectFirst(
    db,
    billingStatements,
    and(eq(billingStatements.id, id), eq(billingStatements.tenantId, tenantId)),
  );
}
