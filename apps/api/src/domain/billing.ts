import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { Database } from '../db/database.js';
import { billingItems, billingStatements, buildings, tenantBuildings, tenants } from '../db/schema.js';
import { renderPdf } from '../pdf/statement-pdf.js';
import { drfError, fieldErrors } from './errors.js';
import { isRealDay } from './prague-time.js';
import { selectFirst, selectPage, type Page } from './queries.js';
import { buildingRefsOf, money } from './refs.js';
import { buildingFilter, coversBuilding, type StaffScope } from './staff.js';

/**
 * Billing statements: imported by the operator (CLI, demo seed) with their items and optionally
 * their own PDF, read by tenants; a statement without a PDF gets one generated on download.
 */

export type StatementRow = typeof billingStatements.$inferSelect;

export const statementsDir = (dataDir: string) => path.join(dataDir, 'statements');

/** Amounts are added and subtracted in hundredths, so a numeric string never passes through a float. */
const toCents = (amount: string) => BigInt(money(amount).replace('.', ''));

function fromCents(cents: bigint): string {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const subtractMoney = (a: string, b: string) => fromCents(toCents(a) - toCents(b));

export async function serializeStatements(db: Database, rows: StatementRow[]) {
  const places = await buildingRefsOf(db, rows);
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
      currency: 'CZK' as const,
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
  const title = `Vyúčtování č. ${row.number}`;
  return renderPdf(
    [
      { type: 'heading', text: title },
      ...(tenantName === '' ? [] : [{ type: 'paragraph' as const, text: tenantName }]),
      { type: 'paragraph', text: `Období: ${date(row.periodFrom)} – ${date(row.periodTo)}` },
      { type: 'paragraph', text: `Vystaveno: ${date(row.issuedOn)}   Datum splatnosti: ${date(row.dueDate)}` },
      { type: 'gap' },
      {
        type: 'list',
        items: items.map(
          (item) =>
            `${item.description}${item.quantity === null ? '' : ` (${item.quantity} ${item.unit ?? ''})`.replace(' )', ')')}: ${czk(item.amount)}`,
        ),
      },
      { type: 'gap' },
      { type: 'paragraph', text: `Celkem: ${czk(row.totalAmount)}`, bold: true },
      { type: 'paragraph', text: `Uhrazeno: ${czk(row.paidAmount)}   K úhradě: ${czk(statement.amount_due)}` },
      { type: 'paragraph', text: `Číslo účtu: ${row.bankAccount}   IBAN: ${row.iban}` },
      {
        type: 'paragraph',
        text: `Variabilní symbol: ${row.variableSymbol}${row.constantSymbol === null ? '' : `   Konstantní symbol: ${row.constantSymbol}`}`,
      },
    ],
    { title },
  );
}

export interface NewStatement {
  tenantId: string;
  buildingId: number | null;
  number: string;
  periodFrom: string;
  periodTo: string;
  issuedOn: string;
  dueDate: string;
  paidAmount: string;
  paidOn: string | null;
  variableSymbol: string;
  constantSymbol: string | null;
  bankAccount: string;
  iban: string;
  /** An imported PDF (storeStatementPdf); without one the PDF is generated on download. */
  pdfStorageKey?: string | null;
}

export interface NewStatementItem {
  description: string;
  quantity: string | null;
  unit: string | null;
  /** Decimal string with two decimals, e.g. `"45000.00"`; a credit is negative. */
  amount: string;
}

/** The exact sum of amounts with two decimals. */
export function sumAmounts(items: readonly Pick<NewStatementItem, 'amount'>[]): string {
  return fromCents(items.reduce((sum, item) => sum + toCents(item.amount), 0n));
}

/** A statement and its items, in order; its total is their sum. */
export async function importStatement(
  db: Database,
  statement: NewStatement,
  items: readonly NewStatementItem[],
): Promise<StatementRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(billingStatements)
      .values({ ...statement, totalAmount: sumAmounts(items) })
      .returning();
    if (row === undefined) throw new Error(`Inserting the statement ${statement.number} returned no row.`);
    await tx.insert(billingItems).values(items.map((item, position) => ({ ...item, statementId: row.id, position })));
    return row;
  });
}

/** Keeps a copy of a statement's own PDF under DATA_DIR/statements; returns its storage key. */
export async function storeStatementPdf(dataDir: string, file: string): Promise<string> {
  const storageKey = `${randomUUID()}.pdf`;
  await mkdir(statementsDir(dataDir), { recursive: true });
  await copyFile(file, path.join(statementsDir(dataDir), storageKey));
  return storageKey;
}

/** The statement's PDF: the imported one, or one generated from its data. */
export async function statementPdf(
  db: Database,
  dataDir: string,
  row: StatementRow,
  tenantName: string,
): Promise<Buffer> {
  if (row.pdfStorageKey !== null) return readFile(path.join(statementsDir(dataDir), row.pdfStorageKey));
  return generateStatementPdf(db, row, tenantName);
}

/* ---- importing: the one set of rules for the CLI and the staff API ---------------------- */

export const statementExists = () =>
  drfError(409, 'statement_exists', 'Vyúčtování s tímto číslem už u nájemce existuje.');

/** A statement to import as the operator gives it: the IBAN as typed, items in order. */
export interface StatementImport extends Omit<NewStatement, 'iban'> {
  /** With or without spaces; stored in electronic form once its check digits pass. */
  iban: string;
  items: NewStatementItem[];
}

/**
 * Imports a statement after the rules every importer obeys (`portal-admin import-statement`
 * and the staff's importStaffBillingStatement): real dates, the period in order, the due date
 * not before the issue date, a valid IBAN (the QR payment is built from it, so a typo would
 * send tenants' money nowhere), at least one item, an existing tenant and, when given, one of
 * its buildings that the importer manages; a number that exists already is 409. Field errors
 * are in Czech, as the API answers them.
 */
export async function importCheckedStatement(
  db: Database,
  input: StatementImport,
  scope?: StaffScope,
): Promise<StatementRow> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const [field, value] of [
    ['period_from', input.periodFrom],
    ['period_to', input.periodTo],
    ['issued_on', input.issuedOn],
    ['due_date', input.dueDate],
    ...(input.paidOn === null ? [] : [['paid_on', input.paidOn]]),
  ] as const) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isRealDay(value)) add(field, 'Zadejte platné datum.');
  }
  if (errors['period_from'] === undefined && errors['period_to'] === undefined && input.periodFrom > input.periodTo)
    add('period_to', 'Konec období nesmí být před jeho začátkem.');
  if (errors['issued_on'] === undefined && errors['due_date'] === undefined && input.dueDate < input.issuedOn)
    add('due_date', 'Datum splatnosti nesmí být před datem vystavení.');
  const iban = electronicFormatIBAN(input.iban) ?? '';
  if (!isValidIBAN(iban)) add('iban', 'IBAN není platný (zkontrolujte kontrolní číslice a délku).');
  if (input.number.trim() === '') add('number', 'Toto pole nesmí být prázdné.');
  if (input.items.length === 0) add('items', 'Vyúčtování musí mít alespoň jednu položku.');
  if (input.items.some((item) => item.description.trim() === '')) add('items', 'Každá položka musí mít popis.');
  const tenant = await selectFirst(db, tenants, eq(tenants.id, input.tenantId));
  if (tenant === undefined) add('tenant', 'Nájemce neexistuje.');
  if (input.buildingId !== null) {
    const [place] = await db
      .select({ buildingId: tenantBuildings.buildingId })
      .from(tenantBuildings)
      .where(and(eq(tenantBuildings.tenantId, input.tenantId), eq(tenantBuildings.buildingId, input.buildingId)))
      .limit(1);
    const building = await selectFirst(db, buildings, eq(buildings.id, input.buildingId));
    if (building === undefined || (tenant !== undefined && place === undefined))
      add('building', 'Nájemce v této budově nemá pronajaté prostory.');
    else if (scope !== undefined && !coversBuilding(scope, input.buildingId))
      add('building', 'Vyberte budovu, kterou spravujete.');
  } else if (scope !== undefined && scope.buildingIds !== null) {
    add('building', 'Vyberte budovu, kterou spravujete.');
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  const existing = await selectFirst(db, billingStatements, eq(billingStatements.number, input.number.trim()));
  if (existing !== undefined) throw statementExists();
  const { items, ...statement } = input;
  return importStatement(db, { ...statement, number: statement.number.trim(), iban }, items);
}

/** Keeps a statement's own PDF (bytes received over HTTP) under DATA_DIR/statements. */
export async function storeStatementPdfBytes(dataDir: string, bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw fieldErrors({ pdf: ['Soubor není ve formátu PDF.'] });
  const storageKey = `${randomUUID()}.pdf`;
  await mkdir(statementsDir(dataDir), { recursive: true });
  await writeFile(path.join(statementsDir(dataDir), storageKey), bytes);
  return storageKey;
}

/** `StaffBillingStatement` page: what was imported, across tenants, in the scope's buildings. */
export async function listStaffStatements(
  db: Database,
  scope: StaffScope,
  filter: { tenant?: string | undefined; building?: number | undefined; ordering?: string | undefined },
  page: Page,
) {
  const filters: Array<SQL | undefined> = [buildingFilter(scope, billingStatements.buildingId)];
  if (filter.tenant !== undefined) filters.push(eq(billingStatements.tenantId, filter.tenant));
  if (filter.building !== undefined) filters.push(eq(billingStatements.buildingId, filter.building));
  const ordering = filter.ordering ?? '-issued_on';
  const column = ordering.endsWith('created_at') ? billingStatements.createdAt : billingStatements.issuedOn;
  const descending = ordering.startsWith('-');
  const { total, rows } = await selectPage(db, billingStatements, page, and(...filters), [
    descending ? desc(column) : asc(column),
    descending ? desc(billingStatements.id) : asc(billingStatements.id),
  ]);
  const serialized = await serializeStatements(db, rows);
  const tenantIds = [...new Set(rows.map((row) => row.tenantId))];
  const tenantRows =
    tenantIds.length === 0
      ? []
      : await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, tenantIds));
  const names = new Map(tenantRows.map((tenant) => [tenant.id, tenant]));
  return {
    total,
    items: serialized.map((statement, index) => {
      const row = rows[index];
      return {
        ...statement,
        tenant: names.get(row?.tenantId ?? '') ?? { id: row?.tenantId ?? '', name: '' },
        has_pdf: row?.pdfStorageKey !== null,
        imported_at: row?.createdAt.toISOString() ?? statement.issued_on,
      };
    }),
  };
}
