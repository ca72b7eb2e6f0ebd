import { SAMPLE_CUSTOMER, SAMPLE_SUPPLIER } from '@portal/openapi/fixtures';
import type { components } from '@portal/sdk/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pragueDay } from '#src/lib/prague-time.ts';
import { buildSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

type Statement = components['schemas']['BillingStatementDetail'];

const DAY = 86_400_000;
/** Testing Library collapses no-break spaces in text content; its matchers get plain ones. */
const text = (value: string) => value.replace(/\u00a0/g, ' ');
const day = (offset: number) => pragueDay(new Date(Date.now() + offset * DAY));

function buildStatement(id: number, overrides: Partial<Statement> = {}): Statement {
  return {
    id,
    number: `20260001${String(id).padStart(2, '0')}`,
    period_from: '2026-10-01',
    period_to: '2026-10-31',
    issued_on: day(-id),
    due_date: day(14 - id),
    currency: 'CZK',
    total_amount: '48200.50',
    paid_amount: '48200.50',
    amount_due: '0.00',
    paid: true,
    paid_on: day(-1),
    variable_symbol: `20260001${String(id).padStart(2, '0')}`,
    constant_symbol: null,
    bank_account: '2001234588/2010',
    iban: 'CZ6220100000002001234588',
    building: { id: 1, name: 'Kancelářský dům Florenc' },
    pdf_url: `/api/v1/billing_statements/${id}/pdf/`,
    items: [
      { description: 'Nájemné kanceláře', quantity: '1', unit: 'měsíc', amount: '45000.00', vat_rate: 21 },
      { description: 'Služby spojené s nájmem', quantity: null, unit: null, amount: '3200.50', vat_rate: null },
    ],
    supplier: SAMPLE_SUPPLIER,
    customer: SAMPLE_CUSTOMER,
    tax_document: true,
    taxable_supply_date: '2026-10-31',
    vat_breakdown: [
      { rate: 21, base: '37190.08', vat: '7809.92', total: '45000.00' },
      { rate: null, base: '3200.50', vat: '0.00', total: '3200.50' },
    ],
    total_base: '40390.58',
    total_vat: '7809.92',
    ...overrides,
  };
}

const unpaid = (id: number, overrides: Partial<Statement> = {}) =>
  buildStatement(id, { paid: false, paid_amount: '0.00', amount_due: '48200.50', paid_on: null, ...overrides });

function billingApi(statements: Statement[]) {
  const api = { listQueries: [] as URLSearchParams[], pdfRequests: [] as Request[] };
  server.use(
    http.get('*/api/v1/billing_statements/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      api.listQueries.push(query);
      const size = Number(query.get('page_size') ?? 20);
      const page = Number(query.get('page') ?? 1);
      if (page > 1 && (page - 1) * size >= statements.length) {
        return HttpResponse.json({ code: 'invalid_page', message: 'Neplatná stránka.' }, { status: 404 });
      }
      const rows = statements.slice((page - 1) * size, page * size).map(({ items: _items, ...row }) => row);
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(statements.length) } });
    }),
    http.get('*/api/v1/billing_statements/:id/', ({ params }) => {
      const statement = statements.find((candidate) => candidate.id === Number(params.id));
      if (!statement)
        return HttpResponse.json({ code: 'not_found', message: 'Vyúčtování nebylo nalezeno.' }, { status: 404 });
      return HttpResponse.json(statement);
    }),
    http.get('*/api/v1/billing_statements/:id/pdf/', ({ request }) => {
      api.pdfRequests.push(request);
      return new HttpResponse('%PDF-1.7 test', { headers: { 'content-type': 'application/pdf' } });
    }),
  );
  return api;
}

const loggedIn = () => createBackend({ session: buildSession() });

afterEach(() => vi.restoreAllMocks());

describe('billing statements', { timeout: 30_000 }, () => {
  it('lists statements with cs-CZ amounts and dates, marks the overdue one and pages by X-Total-Count', async () => {
    const statements = [
      unpaid(1),
      unpaid(2, { due_date: day(-3), total_amount: '1234567.80', amount_due: '1234567.80' }),
      ...Array.from({ length: 10 }, (_, index) => buildStatement(index + 3)),
    ];
    const api = billingApi(statements);
    const view = renderRoute('/vyuctovani', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Vyúčtování' })).toBeInTheDocument();
    expect(screen.getByText('Celkem 12 vyúčtování')).toBeInTheDocument();
    expect(api.listQueries[0]?.get('page_size')).toBe('10');
    expect(api.listQueries[0]?.get('ordering')).toBe('-issued_on');

    const items = within(screen.getByTestId('statements')).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('K úhradě')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Vyúčtování za 1.–31.\u00a010.\u00a02026' })).toHaveAttribute(
      'href',
      '/vyuctovani?id=1',
    );
    expect(within(second).getByText('Po splatnosti')).toBeInTheDocument();
    expect(within(second).getAllByText(text('1\u00a0234\u00a0567,80\u00a0Kč'))).toHaveLength(2);
    expect(within(third).getByText('Zaplaceno')).toBeInTheDocument();
    expect(within(third).getByText(text('48\u00a0200,50\u00a0Kč'))).toBeInTheDocument();

    await view.user.click(screen.getByRole('link', { name: 'Další stránka' }));
    expect(await screen.findByText('Strana 2 z 2')).toBeInTheDocument();
    expect(view.location()).toBe('/vyuctovani?strana=2');
    expect(within(screen.getByTestId('statements')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a page past the end goes back to the first page', async () => {
    billingApi([buildStatement(1)]);
    const view = renderRoute('/vyuctovani?strana=5', loggedIn());
    expect(await screen.findByText('Celkem 1 vyúčtování')).toBeInTheDocument();
    expect(view.location()).toBe('/vyuctovani');
  });

  it('shows the empty state', async () => {
    billingApi([]);
    renderRoute('/vyuctovani', loggedIn());
    expect(await screen.findByText('Zatím nemáte žádné vyúčtování.')).toBeInTheDocument();
  });

  it('an unpaid statement shows its payment details and a QR Platba code with the SPAYD payload', async () => {
    billingApi([unpaid(1, { due_date: '2099-12-15', constant_symbol: '0308' })]);
    renderRoute('/vyuctovani?id=1', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Vyúčtování č. 2026000101' })).toBeInTheDocument();
    const details = screen.getByTestId('payment-details');
    expect(within(details).getByText('2001234588/2010')).toBeInTheDocument();
    expect(
      within(details).getByText(text('CZ62\u00a02010\u00a00000\u00a00020\u00a00123\u00a04588')),
    ).toBeInTheDocument();
    expect(within(details).getByText(text('48\u00a0200,50\u00a0Kč'))).toBeInTheDocument();
    expect(within(details).getByText('2026000101')).toBeInTheDocument();
    expect(within(details).getByText(text('15.\u00a012.\u00a02099'))).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: /^QR kód pro platbu 48\u00a0200,50\u00a0Kč na účet 2001234588\/2010/ });
    expect(screen.getByTestId('payment-qr')).toHaveAttribute(
      'data-spayd',
      'SPD*1.0*ACC:CZ6220100000002001234588*AM:48200.50*CC:CZK*X-VS:2026000101*X-KS:0308*DT:20991215*MSG:VYUCTOVANI 2026000101',
    );
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    // The items with Czech quantities.
    const rent = screen.getByRole('row', { name: /Nájemné kanceláře/ });
    expect(within(rent).getAllByText(text('1\u00a0měsíc')).length).toBeGreaterThan(0);
    expect(within(rent).getByText(text('45\u00a0000,00\u00a0Kč'))).toBeInTheDocument();
    // A one-letter word keeps to the next one, also in an item's description.
    expect(screen.getByRole('row', { name: /Služby spojené s\u00a0nájmem/ })).toBeInTheDocument();
  });

  it('reads like the tax document it is: supplier and customer, DUZP, VAT rate per item, the VAT per rate', async () => {
    billingApi([buildStatement(4)]);
    renderRoute('/vyuctovani?id=4', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Vyúčtování č. 2026000104' })).toBeInTheDocument();
    expect(screen.getByText('Daňový doklad')).toBeInTheDocument();
    expect(screen.getByText('Datum uskutečnění zdanitelného plnění').nextSibling).toHaveTextContent(
      text('31.\u00a010.\u00a02026'),
    );
    const supplier = screen.getByRole('region', { name: 'Dodavatel' });
    expect(supplier).toHaveTextContent('Správa budov Praha, a.s.');
    expect(supplier).toHaveTextContent('Rohanské nábřeží 678/29');
    expect(supplier).toHaveTextContent(text('186\u00a000\u00a0Praha 8'));
    expect(supplier).toHaveTextContent('IČO: 27468135');
    expect(supplier).toHaveTextContent('DIČ: CZ27468135');
    expect(supplier).toHaveTextContent('oddíl B, vložka 21357');
    const customer = screen.getByRole('region', { name: 'Odběratel' });
    expect(customer).toHaveTextContent('Alfa s.r.o.');
    expect(customer).toHaveTextContent('IČO: 28901541');

    const items = screen.getByRole('region', { name: 'Položky' });
    expect(
      within(items)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Položka', 'Množství', 'Sazba DPH', 'Částka s\u00a0DPH']);
    expect(
      within(screen.getByRole('row', { name: /Nájemné kanceláře/ })).getByText(text('21\u00a0%')),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Služby spojené/ })).getByText('bez DPH')).toBeInTheDocument();

    const breakdown = screen.getByRole('region', { name: 'Rekapitulace DPH' });
    const row = within(breakdown).getByRole('row', { name: /^21/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent(text('21\u00a0%'));
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['37\u00a0190,08\u00a0Kč', '7\u00a0809,92\u00a0Kč', '45\u00a0000,00\u00a0Kč']);
    const sum = within(breakdown).getByRole('row', { name: /^Celkem/ });
    expect(
      within(sum)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['40\u00a0390,58\u00a0Kč', '7\u00a0809,92\u00a0Kč', '48\u00a0200,50\u00a0Kč']);
  });

  it('a statement of no VAT payer, or from before the parties were kept, shows only what it has', async () => {
    billingApi([
      buildStatement(4, {
        supplier: null,
        customer: { name: 'Alfa s.r.o.', street: null, city: null, postal_code: null, ico: null, dic: null },
        tax_document: false,
        taxable_supply_date: null,
        items: [{ description: 'Nájemné kanceláře', quantity: '1', unit: 'měsíc', amount: '48200.50', vat_rate: null }],
        vat_breakdown: [{ rate: null, base: '48200.50', vat: '0.00', total: '48200.50' }],
        total_base: '48200.50',
        total_vat: '0.00',
      }),
    ]);
    renderRoute('/vyuctovani?id=4', loggedIn());
    expect(await screen.findByRole('region', { name: 'Odběratel' })).toHaveTextContent('Alfa s.r.o.');
    expect(screen.queryByRole('region', { name: 'Dodavatel' })).not.toBeInTheDocument();
    expect(screen.queryByText('Daňový doklad')).not.toBeInTheDocument();
    expect(screen.queryByText('Datum uskutečnění zdanitelného plnění')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rekapitulace DPH' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Položky' }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Položka', 'Množství', 'Částka']);
  });

  it('copies the account, IBAN, amount and variable symbol as a bank form takes them', async () => {
    billingApi([unpaid(1, { due_date: '2099-12-15', amount_due: '1234567.80' })]);
    const view = renderRoute('/vyuctovani?id=1', loggedIn());
    const copies: Array<[string, string]> = [
      ['Kopírovat: číslo účtu', '2001234588/2010'],
      ['Kopírovat: IBAN', 'CZ6220100000002001234588'],
      ['Kopírovat: částka k úhradě', '1234567,80'],
      ['Kopírovat: variabilní symbol', '2026000101'],
    ];
    for (const [button, copied] of copies) {
      await view.user.click(await screen.findByRole('button', { name: button }));
      expect(await navigator.clipboard.readText()).toBe(copied);
    }
  });

  it('says above the list how much is still to pay across all statements', async () => {
    billingApi([
      unpaid(1),
      unpaid(2, { due_date: day(-3), amount_due: '1000.25' }),
      ...Array.from({ length: 10 }, (_, index) => buildStatement(index + 3)),
    ]);
    renderRoute('/vyuctovani', loggedIn());
    const total = await screen.findByTestId('outstanding-total');
    expect(total).toHaveTextContent(text('K úhradě zbývá celkem 49 200,75 Kč za 2 vyúčtování.'));
    expect(total).toHaveTextContent('Jedno z nich je po splatnosti.');
  });

  it('a paid statement has no payment details and no QR code', async () => {
    billingApi([buildStatement(4)]);
    renderRoute('/vyuctovani?id=4', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Vyúčtování č. 2026000104' })).toBeInTheDocument();
    expect(screen.getByText('Zaplaceno')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Platební údaje' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-qr')).not.toBeInTheDocument();
  });

  it('downloads the PDF through the SDK (with the CSRF header) as a file', async () => {
    const api = billingApi([buildStatement(4)]);
    const createObjectURL = vi.fn(() => 'blob:test');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const view = renderRoute('/vyuctovani?id=4', loggedIn());
    await view.user.click(await screen.findByRole('button', { name: 'Stáhnout PDF' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('vyuctovani-2026000104.pdf');
    expect(api.pdfRequests[0]?.headers.get('x-csrf')).toBe('1');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('an unknown statement says so with a 404 and a way back', async () => {
    billingApi([]);
    renderRoute('/vyuctovani?strana=2&id=77', loggedIn());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vyúčtování s ID 77 neexistuje nebo k němu nemáte přístup.',
    );
    expect(screen.getByRole('link', { name: '← Zpět na přehled vyúčtování' })).toHaveAttribute(
      'href',
      '/vyuctovani?strana=2',
    );
  });

  it('the menu offers billing to a tenant while the feature is on', async () => {
    billingApi([]);
    renderRoute('/', loggedIn());
    const menu = await screen.findByRole('navigation', { name: 'Hlavní nabídka' });
    expect(within(menu).getByRole('link', { name: 'Vyúčtování' })).toHaveAttribute('href', '/vyuctovani');
  });
});
