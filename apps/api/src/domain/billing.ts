import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { billingItems, billingStatements } from '../db/schema.js';
import { fileKey, resolveFileStore, type FileSource, type FileStoreOrDataDir } from '../files/file-store.js';
import { renderPdf } from '../pdf/statement-pdf.js';
import { buildingRefsOf, money } from './refs.js';

/**
 * Billing statements: imported by the operator (CLI, demo seed) with their items and optionally
 * their own PDF, read by tenants; a statement without a PDF gets one generated on download.
 */

export type StatementRow = typeof billingStatements.$inferSelect;

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
  tenantName: string,
): Promise<Buffer | Readable> {
  const store = resolveFileStore(target);
  if (row.pdfStorageKey !== null) {
    const opened = await store.open(fileKey('statements', row.pdfStorageKey));
    if (opened === undefined) {
      throw new Error(`The statement PDF ${row.pdfStorageKey} is missing from the ${store.driver} store.`);
    }
    return opened.stream;
  }
  return generateStatementPdf(db, row, tenantName);
}
