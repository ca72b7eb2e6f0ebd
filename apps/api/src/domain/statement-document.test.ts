import { qrPath } from '@portal/payments/qr-path';
import { SAMPLE_CUSTOMER, SAMPLE_SUPPLIER } from '@portal/openapi/fixtures';
import type { components } from '@portal/openapi/upstream-types';
import { describe, expect, it } from 'vitest';
import { pdfStructure, pdfText } from '../testing/pdf-text.js';
import { isValidIco, postalCodeOf } from './billing-parties.js';
import { formatDayRange, formatMoney, formatQuantity, keepShortWordsWithNext } from './czech-format.js';
import { statementDocument, statementDocumentPdf } from './statement-document.js';
import { vatBreakdown } from './vat.js';

type Detail = components['schemas']['BillingStatementDetail'];

const items: Detail['items'] = [
  { description: 'Nájemné kanceláře', quantity: '1', unit: 'měsíc', amount: '54450.00', vat_rate: 21 },
  { description: 'Elektřina', quantity: '790.25', unit: 'kWh', amount: '5737.22', vat_rate: 21 },
  { description: 'Vodné a stočné', quantity: '18.5', unit: 'm3', amount: '1748.25', vat_rate: 12 },
  { description: 'Úrok z prodlení', quantity: null, unit: null, amount: '152.30', vat_rate: null },
];
const vat = vatBreakdown(items.map((item) => ({ amount: item.amount, vatRate: item.vat_rate })));

const detail = (overrides: Partial<Detail> = {}): Detail => ({
  id: 12,
  number: '2026000103',
  period_from: '2026-11-01',
  period_to: '2026-11-30',
  issued_on: '2026-12-01',
  due_date: '2026-12-15',
  currency: 'CZK',
  total_amount: vat.total,
  paid_amount: '0.00',
  amount_due: vat.total,
  paid: false,
  paid_on: null,
  variable_symbol: '2026000103',
  constant_symbol: '0308',
  bank_account: '2001234588/2010',
  iban: 'CZ6220100000002001234588',
  building: { id: 1, name: 'Kancelářský dům Florenc' },
  pdf_url: '/api/v1/billing_statements/12/pdf/',
  items,
  supplier: SAMPLE_SUPPLIER,
  customer: SAMPLE_CUSTOMER,
  tax_document: true,
  taxable_supply_date: '2026-11-30',
  vat_breakdown: vat.rows,
  total_base: vat.totalBase,
  total_vat: vat.totalVat,
  ...overrides,
});

const SPAYD =
  'SPD*1.0*ACC:CZ6220100000002001234588*AM:62087.77*CC:CZK*X-VS:2026000103*X-KS:0308*DT:20261215*MSG:VYUCTOVANI 2026000103';

describe('the generated statement', () => {
  it('reads like a Czech tax document: parties, dates, items, VAT per rate, what to pay and how', async () => {
    const { pages } = await pdfText(await statementDocumentPdf(detail(), '2026-12-01'));
    const text = pages.join('\n');
    for (const line of [
      'Vyúčtování č. 2026000103',
      'Daňový doklad',
      'Správa budov Praha, a.s.',
      'Rohanské nábřeží 678/29',
      '186 00 Praha 8',
      'IČO: 27468135',
      'DIČ: CZ27468135',
      'Alfa s.r.o.',
      '110 00 Praha 1',
      'DIČ: CZ28901541',
      'Zúčtovací období 1.–30. 11. 2026',
      'Datum vystavení 1. 12. 2026',
      'Datum splatnosti 15. 12. 2026',
      'Položka Množství Sazba DPH Částka s DPH',
      'Elektřina 790,25 kWh 21 % 5 737,22 Kč',
      'Vodné a stočné 18,5 m³ 12 % 1 748,25 Kč',
      'Úrok z prodlení – bez DPH 152,30 Kč',
      'Sazba DPH Základ daně DPH Celkem s DPH',
      // 60 187,22 × 21 / 121 = 10 445,7158… → 10 445,72; the base is the rest
      '21 % 49 741,50 Kč 10 445,72 Kč 60 187,22 Kč',
      '12 % 1 560,94 Kč 187,31 Kč 1 748,25 Kč',
      'bez DPH 152,30 Kč 0,00 Kč 152,30 Kč',
      'Celkem 51 454,74 Kč 10 633,03 Kč 62 087,77 Kč',
      'Celkem k úhradě: 62 087,77 Kč',
      'IBAN CZ62 2010 0000 0020 0123 4588',
      'Variabilní symbol 2026000103',
      'Konstantní symbol 0308',
      'QR platba',
    ]) {
      expect(text, line).toContain(line);
    }
    expect(text).toMatch(/Datum uskutečnění\s+zdanitelného plnění\s+30\. 11\. 2026/);
  });

  it('draws the QR Platba code of the page: what is due, the due date while it has not passed', () => {
    const payment = (today: string) => {
      const block = statementDocument(detail(), today).blocks.find((candidate) => candidate.type === 'payment');
      return block?.type === 'payment' ? block : undefined;
    };
    expect(payment('2026-12-15')?.qr).toMatchObject({ ...qrPath(SPAYD), caption: 'QR platba' });
    expect(payment('2026-12-15')?.qr?.alt).toBe(
      'QR kód pro platbu 62\u00a0087,77\u00a0Kč na účet 2001234588/2010, variabilní symbol 2026000103',
    );
    // Overdue: paid at once, no execution date.
    expect(payment('2026-12-16')?.qr?.path).toBe(qrPath(SPAYD.replace('*DT:20261215', '')).path);
  });

  it('a paid statement says so and has no payment details; a partly paid one asks for the rest', async () => {
    const paid = detail({ paid: true, paid_amount: vat.total, amount_due: '0.00', paid_on: '2026-12-10' });
    const paidText = (await pdfText(await statementDocumentPdf(paid, '2026-12-11'))).pages.join('\n');
    expect(paidText).toContain('Uhrazeno 62 087,77 Kč dne 10. 12. 2026. Nic nezbývá uhradit.');
    expect(paidText).not.toContain('Platební údaje');
    expect(paidText).not.toContain('QR platba');
    const partly = detail({ paid_amount: '54450.00', amount_due: '7637.77' });
    const partlyText = (await pdfText(await statementDocumentPdf(partly, '2026-12-01'))).pages.join('\n');
    expect(partlyText).toContain('Uhrazeno: 54 450,00 Kč');
    expect(partlyText).toContain('Zbývá uhradit: 7 637,77 Kč');
    expect(partlyText).toContain('Částka k úhradě 7 637,77 Kč');
  });

  it('a statement of no VAT payer, kept from before the parties were recorded, prints what it knows', async () => {
    const plain = detail({
      supplier: null,
      customer: { name: 'Alfa s.r.o.', street: null, city: null, postal_code: null, ico: null, dic: null },
      tax_document: false,
      taxable_supply_date: null,
      items: items.map((item) => ({ ...item, vat_rate: null })),
      vat_breakdown: [{ rate: null, base: vat.total, vat: '0.00', total: vat.total }],
    });
    const pdf = await statementDocumentPdf(plain, '2026-12-01');
    const text = (await pdfText(pdf)).pages.join('\n');
    expect(text).not.toContain('Daňový doklad');
    expect(text).not.toContain('Dodavatel');
    expect(text).not.toContain('Rekapitulace DPH');
    expect(text).not.toContain('zdanitelného plnění');
    expect(text).toContain('Odběratel\nAlfa s.r.o.');
    expect(text).toContain('Položka Množství Částka\n');
    expect(await pdfStructure(pdf)).toMatch(/^Document\(H1,Sect\(H2,P\),Table/);
  });

  it('a supplier that is no VAT payer says so under its name', () => {
    const { blocks } = statementDocument(
      detail({
        supplier: { ...detail().supplier!, vat_payer: false, registration: null },
        tax_document: false,
        taxable_supply_date: null,
      }),
      '2026-12-01',
    );
    const parties = blocks.find((block) => block.type === 'parties');
    expect(parties?.type === 'parties' && parties.parties[0]?.note).toBe('Není plátcem DPH.');
  });
});

describe('Czech formatting and identifiers', () => {
  it('writes amounts, quantities and ranges as docs/czech.md asks', () => {
    expect(formatMoney('1234.5')).toBe('1\u00a0234,50\u00a0Kč');
    expect(formatMoney('-1234567.00')).toBe('-1\u00a0234\u00a0567,00\u00a0Kč');
    expect(formatQuantity('790.250', 'kWh')).toBe('790,25\u00a0kWh');
    expect(formatQuantity('12', null)).toBe('12');
    expect(formatDayRange('2026-09-15', '2026-10-14')).toBe('15.\u00a09. – 14.\u00a010.\u00a02026');
    expect(formatDayRange('2026-12-01', '2027-01-05')).toBe('1.\u00a012.\u00a02026 – 5.\u00a01.\u00a02027');
    expect(keepShortWordsWithNext('Služby spojené s nájmem a úklid')).toBe('Služby spojené s\u00a0nájmem a\u00a0úklid');
  });

  it('checks an IČO’s check digit and prints a PSČ with its space', () => {
    expect(isValidIco('27468135')).toBe(true);
    expect(isValidIco('25596641')).toBe(true);
    expect(isValidIco('27468136')).toBe(false);
    expect(isValidIco('2746813')).toBe(false);
    expect(postalCodeOf('11000')).toBe('110 00');
    expect(postalCodeOf('110 00')).toBe('110 00');
    expect(postalCodeOf('1100')).toBeNull();
  });
});
