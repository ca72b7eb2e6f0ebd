import { formatIban } from '@portal/payments/czech-account';
import { qrPath } from '@portal/payments/qr-path';
import { statementPayment } from '@portal/payments/statement-payment';
import type { components } from '@portal/openapi/upstream-types';
import { renderPdf, type PdfBlock, type PdfParty } from '../pdf/statement-pdf.js';
import {
  formatDay,
  formatDayRange,
  formatMoney,
  formatPercent,
  formatQuantity,
  keepShortWordsWithNext,
  NBSP,
} from './czech-format.js';

/**
 * The generated statement as a Czech business document – a tax document (daňový doklad) when
 * the supplier was a VAT payer: the supplier and the customer, the dates (vystavení,
 * splatnost, DUZP), the items with their VAT rates, the VAT breakdown, what is due and, while
 * something is, the payment details with the QR Platba code the statement page shows too
 * (@portal/payments). Everything in Czech and formatted as docs/czech.md §2 asks.
 */

type StatementDetail = components['schemas']['BillingStatementDetail'];
type StatementParty = components['schemas']['BillingParty'];
type StatementSupplier = components['schemas']['BillingSupplier'];

const partyLines = (party: StatementParty): string[] => {
  const place = [party.postal_code, party.city].filter((part) => part !== null && part !== '').join(NBSP);
  return [
    party.name,
    ...(party.street === null ? [] : [party.street]),
    ...(place === '' ? [] : [place]),
    ...(party.ico === null ? [] : [`IČO: ${party.ico}`]),
    ...(party.dic === null ? [] : [`DIČ: ${party.dic}`]),
  ];
};

function supplierBlock(supplier: StatementSupplier): PdfParty {
  const note = [
    supplier.registration && keepShortWordsWithNext(supplier.registration),
    supplier.vat_payer ? null : 'Není plátcem DPH.',
  ]
    .filter((part) => part !== null)
    .join(' ');
  return { heading: 'Dodavatel', lines: partyLines(supplier), note: note === '' ? undefined : note };
}

/** Whether a `Money` string is more than zero. */
const toCentsPositive = (amount: string) => !amount.startsWith('-') && /[1-9]/.test(amount);

/** `21` → „21 %", no rate → „bez DPH" (an item not subject to VAT). */
const rateLabel = (rate: number | null) => (rate === null ? 'bez DPH' : formatPercent(rate));

/** The blocks of the statement's PDF; `today` (a Prague day) decides whether the QR code keeps the due date. */
export function statementDocument(statement: StatementDetail, today: string): { title: string; blocks: PdfBlock[] } {
  const title = `Vyúčtování č. ${statement.number}`;
  const tax = statement.tax_document;
  const blocks: PdfBlock[] = [
    { type: 'title', text: title, subtitle: tax ? 'Daňový doklad' : undefined },
    {
      type: 'parties',
      parties: [
        ...(statement.supplier === null ? [] : [supplierBlock(statement.supplier)]),
        { heading: 'Odběratel', lines: partyLines(statement.customer) },
      ],
    },
    {
      type: 'facts',
      split: true,
      rows: [
        ['Číslo dokladu', statement.number],
        ['Zúčtovací období', formatDayRange(statement.period_from, statement.period_to)],
        ...(statement.building === null ? [] : [['Budova', statement.building.name] as [string, string]]),
        ['Datum vystavení', formatDay(statement.issued_on)],
        ...(statement.taxable_supply_date === null
          ? []
          : [['Datum uskutečnění zdanitelného plnění', formatDay(statement.taxable_supply_date)] as [string, string]]),
        ['Datum splatnosti', formatDay(statement.due_date)],
      ],
    },
    { type: 'heading', text: 'Položky' },
    {
      type: 'table',
      columns: [
        { header: 'Položka' },
        { header: 'Množství', align: 'right', width: 92 },
        ...(tax ? [{ header: 'Sazba DPH', align: 'right' as const, width: 78 }] : []),
        { header: tax ? `Částka s${NBSP}DPH` : 'Částka', align: 'right', width: 100 },
      ],
      rows: statement.items.map((item) => [
        keepShortWordsWithNext(item.description),
        item.quantity === null ? '–' : formatQuantity(item.quantity, item.unit),
        ...(tax ? [rateLabel(item.vat_rate)] : []),
        formatMoney(item.amount),
      ]),
      totals: [['Celkem', '', ...(tax ? [''] : []), formatMoney(statement.total_amount)]],
    },
  ];
  if (tax) {
    blocks.push(
      { type: 'heading', text: 'Rekapitulace DPH' },
      {
        type: 'table',
        columns: [
          { header: 'Sazba DPH' },
          { header: 'Základ daně', align: 'right', width: 110 },
          { header: 'DPH', align: 'right', width: 100 },
          { header: `Celkem s${NBSP}DPH`, align: 'right', width: 110 },
        ],
        rows: statement.vat_breakdown.map((row) => [
          rateLabel(row.rate),
          formatMoney(row.base),
          formatMoney(row.vat),
          formatMoney(row.total),
        ]),
        totals: [
          [
            'Celkem',
            formatMoney(statement.total_base),
            formatMoney(statement.total_vat),
            formatMoney(statement.total_amount),
          ],
        ],
      },
    );
  }
  const partlyPaid = !statement.paid && toCentsPositive(statement.paid_amount);
  blocks.push(
    { type: 'gap' },
    ...(statement.paid
      ? ([
          { type: 'paragraph', text: `Celkem: ${formatMoney(statement.total_amount)}`, bold: true, size: 'large' },
          {
            type: 'paragraph',
            text: `Uhrazeno ${formatMoney(statement.paid_amount)}${statement.paid_on === null ? '' : ` dne ${formatDay(statement.paid_on)}`}. Nic nezbývá uhradit.`,
          },
        ] as const)
      : partlyPaid
        ? ([
            { type: 'paragraph', text: `Celkem: ${formatMoney(statement.total_amount)}` },
            { type: 'paragraph', text: `Uhrazeno: ${formatMoney(statement.paid_amount)}` },
            {
              type: 'paragraph',
              text: `Zbývá uhradit: ${formatMoney(statement.amount_due)}`,
              bold: true,
              size: 'large',
            },
          ] as const)
        : ([
            {
              type: 'paragraph',
              text: `Celkem k úhradě: ${formatMoney(statement.amount_due)}`,
              bold: true,
              size: 'large',
            },
          ] as const)),
  );
  if (!statement.paid) {
    const payment = statementPayment(statement, today);
    const code = payment.spayd === null ? null : qrPath(payment.spayd);
    blocks.push({
      type: 'payment',
      heading: 'Platební údaje',
      facts: [
        ['Číslo účtu', statement.bank_account],
        ...(payment.iban === null ? [] : [['IBAN', formatIban(payment.iban)] as [string, string]]),
        ['Variabilní symbol', statement.variable_symbol],
        ...(statement.constant_symbol === null
          ? []
          : [['Konstantní symbol', statement.constant_symbol] as [string, string]]),
        ['Částka k úhradě', formatMoney(statement.amount_due)],
        ['Datum splatnosti', formatDay(statement.due_date)],
      ],
      qr:
        code === null
          ? null
          : {
              ...code,
              caption: 'QR platba',
              alt: `QR kód pro platbu ${formatMoney(statement.amount_due)} na účet ${statement.bank_account}, variabilní symbol ${statement.variable_symbol}`,
            },
    });
    if (code === null)
      blocks.push({
        type: 'paragraph',
        size: 'small',
        // No-break spaces keep the one-letter words with the next (docs/czech.md §4).
        text: `QR kód nelze vytvořit, protože číslo účtu v${NBSP}dokladu není platné. Zaplaťte prosím podle uvedených údajů a${NBSP}ověřte je u${NBSP}správy budovy.`,
      });
  }
  return { title, blocks };
}

export async function statementDocumentPdf(statement: StatementDetail, today: string): Promise<Buffer> {
  const { title, blocks } = statementDocument(statement, today);
  return renderPdf(blocks, { title });
}
