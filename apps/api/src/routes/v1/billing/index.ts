import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/database.js';
import { billingItems, billingStatements } from '../../../db/schema.js';
import { buildingRefs, money } from '../../../domain/refs.js';
import { drfError } from '../../../http/api-error.js';
import { contractSchema } from '../../../http/contract-schema.js';
import { assertPageExists, pageOf } from '../../../http/pagination.js';
import { renderPdf } from '../../../pdf/statement-pdf.js';

type StatementRow = typeof billingStatements.$inferSelect;

export const statementsDir = (dataDir: string) => path.join(dataDir, 'statements');
const notFound = () => drfError(404, 'not_found', 'Vyúčtování nebylo nalezeno.');

/** Exact decimal subtraction in hundredths (numeric strings never pass through a float). */
function subtractMoney(a: string, b: string): string {
  const cents = (value: string) => BigInt(money(value).replace('.', ''));
  const result = cents(a) - cents(b);
  const negative = result < 0n;
  const digits = (negative ? -result : result).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export async function serializeStatements(db: Database, rows: StatementRow[]) {
  const places = await buildingRefs(
    db,
    rows.map((row) => row.buildingId),
  );
  return rows.map((row) => {
    const due = subtractMoney(row.totalAmount, row.paidAmount);
    const settled = due === '0.00' || due.startsWith('-');
    return {
      id: row.id,
      number: row.number,
      period_from: row.periodFrom,
      period_to: row.periodTo,
      issued_on: row.issuedOn,
      due_date: row.dueDate,
      currency: 'CZK',
      total_amount: money(row.totalAmount),
      paid_amount: money(row.paidAmount),
      // Overpayments show as nothing due rather than a negative amount to pay.
      amount_due: settled ? '0.00' : due,
      paid: settled,
      paid_on: row.paidOn,
      variable_symbol: row.variableSymbol,
      constant_symbol: row.constantSymbol,
      bank_account: row.bankAccount,
      iban: row.iban,
      building: row.buildingId === null ? null : (places.get(row.buildingId) ?? null),
      pdf_url: `/api/v1/billing_statements/${row.id}/pdf/`,
    };
  });
}

const PAID = sql`(${billingStatements.paidAmount} >= ${billingStatements.totalAmount})`;

const COLUMNS = {
  issued_on: billingStatements.issuedOn,
  due_date: billingStatements.dueDate,
  period_from: billingStatements.periodFrom,
  total_amount: billingStatements.totalAmount,
} as const;

async function findStatement(db: Database, request: FastifyRequest): Promise<StatementRow> {
  const { id } = request.params as { id: number };
  const [row] = await db
    .select()
    .from(billingStatements)
    .where(and(eq(billingStatements.id, id), eq(billingStatements.tenantId, request.tenantId as string)))
    .limit(1);
  if (row === undefined) throw notFound();
  return row;
}

export async function statementItems(db: Database, statementId: number) {
  const items = await db
    .select()
    .from(billingItems)
    .where(eq(billingItems.statementId, statementId))
    .orderBy(asc(billingItems.position), asc(billingItems.id));
  return items.map((item) => ({
    description: item.description,
    quantity: item.quantity === null ? null : item.quantity.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
    unit: item.unit,
    amount: money(item.amount),
  }));
}

/** "49 875,00 Kč": Czech grouping with a no-break space, decimal comma. */
const czk = (value: string) =>
  `${money(value)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0Kč`;

/** The generated PDF for a statement that was not imported with its own. */
export async function generateStatementPdf(db: Database, row: StatementRow, tenantName: string): Promise<Buffer> {
  const [statement] = await serializeStatements(db, [row]);
  const items = await statementItems(db, row.id);
  if (statement === undefined) throw new Error('statement serialisation failed');
  const date = (value: string) => {
    const [year, month, day] = value.split('-');
    return `${Number(day)}. ${Number(month)}. ${year}`;
  };
  return renderPdf(
    [
      { text: `Vyúčtování č. ${row.number}`, size: 18, bold: true },
      { text: tenantName },
      { text: `Období: ${date(row.periodFrom)} – ${date(row.periodTo)}` },
      { text: `Vystaveno: ${date(row.issuedOn)}   Datum splatnosti: ${date(row.dueDate)}` },
      { text: ' ' },
      ...items.map((item) => ({
        text: `${item.description}${item.quantity === null ? '' : ` (${item.quantity} ${item.unit ?? ''})`.replace(' )', ')')}: ${czk(item.amount)}`,
      })),
      { text: ' ' },
      { text: `Celkem: ${czk(row.totalAmount)}`, bold: true },
      { text: `Uhrazeno: ${czk(row.paidAmount)}   K úhradě: ${czk(statement.amount_due)}` },
      { text: `Číslo účtu: ${row.bankAccount}   IBAN: ${row.iban}` },
      {
        text: `Variabilní symbol: ${row.variableSymbol}${row.constantSymbol === null ? '' : `   Konstantní symbol: ${row.constantSymbol}`}`,
      },
    ],
    { title: `Vyúčtování č. ${row.number}` },
  );
}

export const billingRoutes: FastifyPluginAsync = async (fastify) => {
  const tenantScoped = { onRequest: [fastify.authenticate, fastify.requireTenant] };

  fastify.get(
    '/billing_statements/',
    { schema: contractSchema('listBillingStatements'), ...tenantScoped },
    async (request, reply) => {
      const query = request.query as {
        page?: number;
        page_size?: number;
        ordering?: string;
        paid?: boolean;
        building?: number;
        issued_from?: string;
        issued_to?: string;
      };
      const filters: SQL[] = [eq(billingStatements.tenantId, request.tenantId as string)];
      if (query.paid !== undefined) filters.push(query.paid ? PAID : sql`not ${PAID}`);
      if (query.building !== undefined) filters.push(eq(billingStatements.buildingId, query.building));
      if (query.issued_from !== undefined) filters.push(gte(billingStatements.issuedOn, query.issued_from));
      if (query.issued_to !== undefined) filters.push(lte(billingStatements.issuedOn, query.issued_to));
      const where = and(...filters);
      const page = pageOf(query);
      const [total] = await fastify.db.select({ value: count() }).from(billingStatements).where(where);
      assertPageExists(page, total?.value ?? 0);
      const ordering = query.ordering ?? '-issued_on';
      const column = COLUMNS[ordering.replace(/^-/, '') as keyof typeof COLUMNS] ?? billingStatements.issuedOn;
      const rows = await fastify.db
        .select()
        .from(billingStatements)
        .where(where)
        .orderBy(ordering.startsWith('-') ? desc(column) : asc(column), desc(billingStatements.id))
        .limit(page.limit)
        .offset(page.offset);
      return reply.header('x-total-count', String(total?.value ?? 0)).send(await serializeStatements(fastify.db, rows));
    },
  );

  fastify.get(
    '/billing_statements/:id/',
    { schema: contractSchema('getBillingStatement'), ...tenantScoped },
    async (request) => {
      const row = await findStatement(fastify.db, request);
      const [statement] = await serializeStatements(fastify.db, [row]);
      return { ...statement, items: await statementItems(fastify.db, row.id) };
    },
  );

  fastify.get(
    '/billing_statements/:id/pdf/',
    { schema: contractSchema('downloadBillingStatementPdf'), ...tenantScoped },
    async (request, reply) => {
      const row = await findStatement(fastify.db, request);
      let pdf: Buffer;
      if (row.pdfStorageKey !== null) {
        pdf = await readFile(path.join(statementsDir(fastify.config.dataDir), row.pdfStorageKey));
      } else {
        const tenants = await fastify.tenants.listForUser(request.user?.id ?? 0);
        const tenantName = tenants.find((tenant) => tenant.id === row.tenantId)?.name ?? '';
        pdf = await generateStatementPdf(fastify.db, row, tenantName);
      }
      const name = `vyuctovani-${row.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(pdf);
    },
  );
};
