import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { Database } from '../db/database.js';
import { billingItems, billingStatements, buildings, tenantBuildings, tenants } from '../db/schema.js';
import { fileKey, resolveFileStore, type FileSource, type FileStoreOrDataDir } from '../files/file-store.js';
import { currentCustomer, currentSupplier } from './billing-parties.js';
import { formatDay, formatPercent } from './czech-format.js';
import { fromCents, toCents } from './decimal.js';
import { drfError, fieldErrors } from './errors.js';
import { isRealDay, pragueWallTime } from './prague-time.js';
import { selectFirst, selectPage, type Page } from './queries.js';
import { buildingRefsOf, money } from './refs.js';
import { buildingFilter, coversBuilding, type StaffScope } from './staff.js';
import { statementDocumentPdf } from './statement-document.js';
import { vatBreakdown, vatRatesOn } from './vat.js';

/**
 * Billing statements: imported by the operator (CLI, staff API, demo seed) with their items and
 * optionally their own PDF, read by tenants; a statement without a PDF gets one generated on
 * download. A statement keeps a copy of its supplier and customer as they were at import, and
 * its VAT breakdown follows from its items (domain/vat.ts).
 */

export type StatementRow = typeof billingStatements.$inferSelect;

// Amounts are added and subtracted in hundredths, so a numeric string never passes through a float.
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

/** The statement's items in order, as the contract has them (`BillingItem`). */
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
    vat_rate: item.vatRate,
  }));
}

/** `BillingStatementDetail`: the statement with its items, its parties and the VAT per rate. */
export async function serializeStatementDetail(db: Database, row: StatementRow) {
  const [statement] = await serializeStatements(db, [row]);
  if (statement === undefined) throw new Error('statement serialisation failed');
  const items = await statementItems(db, row.id);
  const vat = vatBreakdown(items.map((item) => ({ amount: item.amount, vatRate: item.vat_rate })));
  return {
    ...statement,
    items,
    supplier: row.supplier,
    customer: row.customer,
    tax_document: row.supplier?.vat_payer === true,
    taxable_supply_date: row.taxableSupplyDate,
    vat_breakdown: vat.rows,
    total_base: vat.totalBase,
    total_vat: vat.totalVat,
  };
}

export type StatementDetail = Awaited<ReturnType<typeof serializeStatementDetail>>;

/** The generated PDF for a statement that was not imported with its own. */
export async function generateStatementPdf(db: Database, row: StatementRow, now = new Date()): Promise<Buffer> {
  return statementDocumentPdf(await serializeStatementDetail(db, row), pragueWallTime(now).day);
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
  /** DUZP of a tax document; the period's last day when not given. Ignored for a non-payer. */
  taxableSupplyDate?: string | null;
}

export interface NewStatementItem {
  description: string;
  quantity: string | null;
  unit: string | null;
  /** Decimal string with two decimals, VAT included, e.g. `"54450.00"`; a credit is negative. */
  amount: string;
  /** The VAT rate in percent; null for an item not subject to VAT. */
  vatRate: number | null;
}

/** The exact sum of amounts with two decimals. */
export function sumAmounts(items: readonly Pick<NewStatementItem, 'amount'>[]): string {
  return fromCents(items.reduce((sum, item) => sum + toCents(item.amount), 0n));
}

/**
 * A statement and its items, in order; its total is their sum. It keeps a copy of the
 * operator's details (the supplier) and of the tenant's billing details (the customer) as they
 * are now; a statement of a VAT payer is a tax document with a DUZP.
 */
export async function importStatement(
  db: Database,
  statement: NewStatement,
  items: readonly NewStatementItem[],
): Promise<StatementRow> {
  return db.transaction(async (tx) => {
    const supplier = await currentSupplier(tx);
    const customer = await currentCustomer(tx, statement.tenantId);
    if (customer === undefined) throw new Error(`The tenant ${statement.tenantId} does not exist.`);
    const taxDocument = supplier?.vat_payer === true;
    const [row] = await tx
      .insert(billingStatements)
      .values({
        ...statement,
        supplier,
        customer,
        taxableSupplyDate: taxDocument ? (statement.taxableSupplyDate ?? statement.periodTo) : null,
        totalAmount: sumAmounts(items),
      })
      .returning();
    if (row === undefined) throw new Error(`Inserting the statement ${statement.number} returned no row.`);
    await tx.insert(billingItems).values(items.map((item, position) => ({ ...item, statementId: row.id, position })));
    return row;
  });
}

/**
 * Keeps a copy of a statement's own PDF in the file store (`statements/<uuid>.pdf`); returns its
 * storage key for `importStatement`'s `pdfStorageKey`. `file` is a path (the CLI) or the bytes
 * as they stream in (an upload); either is streamed, never read whole.
 */
export async function storeStatementPdf(target: FileStoreOrDataDir, file: string | FileSource): Promise<string> {
  const store = resolveFileStore(target);
  const storageKey = `${randomUUID()}.pdf`;
  await store.write(fileKey('statements', storageKey), typeof file === 'string' ? createReadStream(file) : file);
  return storageKey;
}

/** Removes a stored statement PDF whose statement was never written (a refused import). */
export async function discardStatementPdf(target: FileStoreOrDataDir, storageKey: string): Promise<void> {
  await resolveFileStore(target).remove(fileKey('statements', storageKey));
}

/** The statement's PDF: the imported one streamed from the file store, or one generated from its data. */
export async function statementPdf(
  db: Database,
  target: FileStoreOrDataDir,
  row: StatementRow,
): Promise<Buffer | Readable> {
  const store = resolveFileStore(target);
  if (row.pdfStorageKey !== null) {
    const opened = await store.open(fileKey('statements', row.pdfStorageKey));
    if (opened === undefined) {
      throw new Error(`The statement PDF ${row.pdfStorageKey} is missing from the ${store.driver} store.`);
    }
    return opened.stream;
  }
  return generateStatementPdf(db, row);
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
 * its buildings that the importer manages; VAT rates only when the operator is a VAT payer,
 * each one in force on the taxable supply day; a number that exists already is 409. Field
 * errors are in Czech, as the API answers them.
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
  const supplyDay = input.taxableSupplyDate ?? null;
  if (supplyDay !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(supplyDay) || !isRealDay(supplyDay)))
    add('taxable_supply_date', 'Zadejte platné datum.');
  const iban = electronicFormatIBAN(input.iban) ?? '';
  if (!isValidIBAN(iban)) add('iban', 'IBAN není platný (zkontrolujte kontrolní číslice a délku).');
  if (input.number.trim() === '') add('number', 'Toto pole nesmí být prázdné.');
  if (input.items.length === 0) add('items', 'Vyúčtování musí mít alespoň jednu položku.');
  if (input.items.some((item) => item.description.trim() === '')) add('items', 'Každá položka musí mít popis.');
  const rated = input.items.filter((item) => item.vatRate !== null);
  if (rated.length > 0) {
    const supplier = await currentSupplier(db);
    if (supplier?.vat_payer !== true) {
      add('items', 'Sazbu DPH lze uvést jen u vyúčtování plátce DPH; správa budovy plátcem DPH není.');
    } else if (errors['taxable_supply_date'] === undefined && errors['period_to'] === undefined) {
      const day = supplyDay ?? input.periodTo;
      const inForce = await vatRatesOn(db, day);
      for (const rate of new Set(rated.map((item) => item.vatRate as number)).values()) {
        if (!inForce.includes(rate))
          add('items', `Sazba DPH ${formatPercent(rate)} ke dni uskutečnění plnění ${formatDay(day)} neplatí.`);
      }
    }
  }
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

/** Keeps a statement's own PDF received over HTTP in the file store; refuses what is no PDF. */
export async function storeStatementPdfBytes(target: FileStoreOrDataDir, bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw fieldErrors({ pdf: ['Soubor není ve formátu PDF.'] });
  return storeStatementPdf(target, [bytes]);
}

/**
 * Runs an import whose PDF is already stored and removes the PDF again when the import is
 * refused, so a refused statement leaves no orphaned file behind (the CLI and the staff API).
 */
export async function withStatementPdfDiscardedOnFailure<T>(
  target: FileStoreOrDataDir,
  pdfStorageKey: string | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pdfStorageKey !== null) await discardStatementPdf(target, pdfStorageKey).catch(() => undefined);
    throw error;
  }
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
