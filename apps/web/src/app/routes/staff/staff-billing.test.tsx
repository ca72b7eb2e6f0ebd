import { SAMPLE_SUPPLIER } from '@portal/openapi/fixtures';
import type { components } from '@portal/sdk/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildStaffSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { focusedErrorSummary, linkTexts } from '#src/testing/error-summary.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

type Statement = components['schemas']['StaffBillingStatement'];
type Detail = components['schemas']['BillingStatementDetail'];
type Import = components['schemas']['StaffStatementImport'];
type Tenant = components['schemas']['Tenant'];
type Building = components['schemas']['Building'];
type VatRate = components['schemas']['VatRate'];

const VAT_RATES: VatRate[] = [
  { rate: 21, valid_from: '2013-01-01', valid_to: null },
  { rate: 15, valid_from: '2013-01-01', valid_to: '2023-12-31' },
  { rate: 12, valid_from: '2024-01-01', valid_to: null },
  { rate: 10, valid_from: '2015-01-01', valid_to: '2023-12-31' },
  { rate: 0, valid_from: '2004-05-01', valid_to: null },
];

const TENANTS: Tenant[] = [
  { id: 'tenant-a', name: 'Alfa Reality s.r.o.' },
  { id: 'tenant-b', name: 'Beta Kanceláře a.s.' },
];
const BUILDINGS: Building[] = [
  { id: 1, name: 'Dům Florenc', street: 'Na Florenci 1', city: 'Praha 1', postal_code: '110 00' },
];
const EXISTS = 'Vyúčtování s tímto číslem už u nájemce existuje.';

function buildStatement(id: number, overrides: Partial<Statement> = {}): Statement {
  return {
    id,
    number: `V-2026-00${id}`,
    period_from: '2026-10-01',
    period_to: '2026-10-31',
    issued_on: `2026-11-0${id}`,
    due_date: '2026-11-20',
    currency: 'CZK',
    total_amount: '12500.00',
    paid_amount: '0.00',
    amount_due: '12500.00',
    paid: false,
    paid_on: null,
    variable_symbol: `2026000${id}`,
    constant_symbol: null,
    bank_account: '123456789/0800',
    iban: 'CZ6508000000000123456789',
    building: null,
    pdf_url: `/api/v1/billing_statements/${id}/pdf/`,
    tenant: TENANTS[0] as Tenant,
    has_pdf: true,
    imported_at: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}

interface Part {
  name: string;
  fileName: string | null;
  type: string | null;
  text: string;
}

/**
 * A multipart body's parts as a server reads them. Parsed by hand: the platform's FormData
 * reader refuses to run with jsdom's File in the global scope.
 */
async function multipartParts(request: Request): Promise<Part[]> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers.get('content-type') ?? '');
  if (!boundary) return [];
  const body = await request.text();
  return body
    .split(`--${boundary[1] ?? boundary[2]}`)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...content] = part.slice(2).split('\r\n\r\n');
      return {
        name: /name="([^"]*)"/.exec(head)?.[1] ?? '',
        fileName: /filename="([^"]*)"/.exec(head)?.[1] ?? null,
        type: /content-type:\s*(\S+)/i.exec(head)?.[1] ?? null,
        text: content.join('\r\n\r\n').slice(0, -2),
      };
    });
}

/** The staff billing part of the BFF in memory, recording the imports it received. */
function billingApi(statements: Statement[]) {
  const api = {
    statements,
    listQueries: [] as URLSearchParams[],
    imports: [] as { statement: Import; pdf: Part | null }[],
  };
  server.use(
    http.get('*/api/v1/staff/billing_statements/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      api.listQueries.push(query);
      const tenant = query.get('tenant');
      const matching = api.statements.filter((statement) => !tenant || statement.tenant.id === tenant);
      return HttpResponse.json(matching, { headers: { 'X-Total-Count': String(matching.length) } });
    }),
    http.post('*/api/v1/staff/billing_statements/', async ({ request }) => {
      const parts = await multipartParts(request);
      const statement = JSON.parse(parts.find((part) => part.name === 'statement')?.text ?? 'null') as Import;
      const pdf = parts.find((part) => part.name === 'pdf') ?? null;
      api.imports.push({ statement, pdf });
      if (api.statements.some((existing) => existing.number === statement.number)) {
        return HttpResponse.json({ code: 'statement_exists', message: EXISTS }, { status: 409 });
      }
      const total = statement.items.reduce((sum, item) => sum + Math.round(Number(item.amount) * 100), 0);
      const created: Detail = {
        ...buildStatement(api.statements.length + 1),
        number: statement.number,
        period_from: statement.period_from,
        period_to: statement.period_to,
        issued_on: statement.issued_on,
        due_date: statement.due_date,
        variable_symbol: statement.variable_symbol,
        total_amount: (total / 100).toFixed(2),
        amount_due: (total / 100).toFixed(2),
        supplier: { ...SAMPLE_SUPPLIER, registration: null },
        customer: { name: 'Beta Kanceláře a.s.', street: null, city: null, postal_code: null, ico: null, dic: null },
        tax_document: true,
        vat_breakdown: [],
        total_base: (total / 100).toFixed(2),
        total_vat: '0.00',
        taxable_supply_date: statement.taxable_supply_date ?? statement.period_to,
        items: statement.items.map((item) => ({
          description: item.description,
          quantity: item.quantity ?? null,
          unit: item.unit ?? null,
          amount: item.amount,
          vat_rate: item.vat_rate ?? null,
        })),
      };
      const tenant = TENANTS.find((candidate) => candidate.id === statement.tenant) as Tenant;
      api.statements.unshift({ ...created, tenant, has_pdf: pdf !== null, imported_at: '2026-11-22T10:00:00Z' });
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get('*/api/v1/staff/tenants/', () =>
      HttpResponse.json(TENANTS, { headers: { 'X-Total-Count': String(TENANTS.length) } }),
    ),
    http.get('*/api/v1/staff/vat_rates/', () => HttpResponse.json(VAT_RATES)),
    http.get('*/api/v1/staff/buildings/', () =>
      HttpResponse.json(BUILDINGS, { headers: { 'X-Total-Count': String(BUILDINGS.length) } }),
    ),
  );
  return api;
}

const asStaff = () => createBackend({ session: buildStaffSession() });

async function fill(view: ReturnType<typeof renderRoute>, form: HTMLElement, number: string) {
  const type = async (label: string | RegExp, text: string) => {
    await view.user.click(within(form).getByLabelText(label));
    await view.user.paste(text);
  };
  await view.user.selectOptions(within(form).getByLabelText('Nájemce'), 'Beta Kanceláře a.s.');
  await type('Číslo dokladu', number);
  await type('Od', '1. 10. 2026');
  await type('Do', '31. 10. 2026');
  await type('Vystaveno', '5. 11. 2026');
  await type('Datum splatnosti', '20. 11. 2026');
  await type('Číslo účtu', '19-123456789/0800');
  await type('IBAN', 'CZ65 0800 0000 1920 0014 5399');
  await type('Variabilní symbol', '20260042');
  await type('Popis', 'Nájemné za říjen');
  await type(/^Částka v Kč/, '12 500');
  await view.user.selectOptions(within(form).getByLabelText('Sazba DPH'), '21');
  await view.user.click(within(form).getByRole('button', { name: 'Přidat položku' }));
  const second = within(form).getByRole('listitem', { name: 'Položka 2' });
  await view.user.click(within(second).getByLabelText('Popis'));
  await view.user.paste('Elektřina');
  await view.user.click(within(second).getByLabelText(/^Množství/));
  await view.user.paste('120,5');
  await view.user.click(within(second).getByLabelText(/^Jednotka/));
  await view.user.paste('kWh');
  await view.user.click(within(second).getByLabelText(/^Částka v Kč/));
  await view.user.paste('842,35');
  await view.user.selectOptions(within(second).getByLabelText('Sazba DPH'), 'none');
}

describe('staff billing import', { timeout: 90_000 }, () => {
  it('lists the imported statements, filtered by tenant in the address', async () => {
    const api = billingApi([
      buildStatement(1),
      buildStatement(2, { tenant: TENANTS[1] as Tenant, paid: true, has_pdf: false }),
    ]);
    const view = renderRoute('/sprava/vyuctovani', asStaff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Import vyúčtování' })).toBeInTheDocument();
    expect(screen.getByText('Celkem 2 vyúčtování')).toBeInTheDocument();
    const rows = within(screen.getByTestId('staff-statements')).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('V-2026-002');
    expect(rows[2]).toHaveTextContent('Beta Kanceláře a.s.');
    expect(rows[2]).toHaveTextContent('Zaplaceno');
    expect(rows[2]).toHaveTextContent('Generované');
    expect(rows[1]).toHaveTextContent('1.–31. 10. 2026');

    const list = screen.getByRole('heading', { name: 'Importovaná vyúčtování' }).closest('section') as HTMLElement;
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    await view.user.selectOptions(within(list).getByLabelText('Nájemce'), 'Beta Kanceláře a.s.');
    await view.user.click(within(list).getByRole('button', { name: 'Zobrazit' }));
    await waitFor(() => expect(view.location()).toBe('/sprava/vyuctovani?najemce=tenant-b'));
    expect(await screen.findByText('Celkem 1 vyúčtování')).toBeInTheDocument();
    expect(api.listQueries.at(-1)?.get('tenant')).toBe('tenant-b');
  });

  it('says when nothing was imported yet', async () => {
    billingApi([]);
    renderRoute('/sprava/vyuctovani?najemce=tenant-a', asStaff());
    expect(await screen.findByText('Pro tohoto nájemce nebylo importováno žádné vyúčtování.')).toBeInTheDocument();
  });

  it('checks every field in Czech before sending anything', async () => {
    const api = billingApi([]);
    const view = renderRoute('/sprava/vyuctovani', asStaff());
    const form = (await screen.findByRole('heading', { name: 'Nové vyúčtování' })).closest('section') as HTMLElement;
    await view.user.click(within(form).getByLabelText('Datum splatnosti'));
    await view.user.paste('31. 11. 2026');
    await view.user.click(within(form).getByRole('button', { name: 'Importovat vyúčtování' }));
    const summary = await focusedErrorSummary(form);
    expect(linkTexts(summary)).toEqual([
      'Vyberte nájemce',
      'Zadejte číslo dokladu',
      'Zadejte začátek zúčtovacího období',
      'Zadejte konec zúčtovacího období',
      'Zadejte den vystavení',
      expect.stringMatching(/^Zadejte den ve tvaru \d{1,2}\. \d{1,2}\. \d{4}$/),
      'Zadejte číslo účtu',
      'Zadejte IBAN',
      'Zadejte variabilní symbol',
      'Zadejte popis položky 1',
      'Zadejte částku položky 1',
      'Vyberte sazbu DPH položky 1',
    ]);
    expect(within(summary).getByRole('link', { name: 'Zadejte částku položky 1' })).toHaveAttribute(
      'href',
      '#statement-item-0-amount',
    );
    expect(api.imports).toEqual([]);
  });

  it('imports the statement with its PDF as one multipart upload and shows what was created', async () => {
    const api = billingApi([]);
    const view = renderRoute('/sprava/vyuctovani', asStaff());
    const form = (await screen.findByRole('heading', { name: 'Nové vyúčtování' })).closest('section') as HTMLElement;
    await waitFor(() => expect(within(form).getAllByRole('option', { name: /Kanceláře/ })).toHaveLength(1));
    await fill(view, form, 'V-2026-0042');
    expect(within(form).getByText('Celkem: 13 342,35 Kč')).toBeInTheDocument();
    await view.user.upload(
      within(form).getByLabelText(/^PDF vyúčtování/),
      new File(['%PDF-1.7'], 'vyuctovani.pdf', { type: 'application/pdf' }),
    );
    await view.user.click(within(form).getByRole('button', { name: 'Importovat vyúčtování' }));

    const created = await screen.findByRole('heading', { name: 'Importované vyúčtování č. V-2026-0042' });
    await waitFor(() => expect(created).toHaveFocus());
    expect(await screen.findByText('Vyúčtování bylo importováno.')).toBeInTheDocument();
    const result = created.closest('section') as HTMLElement;
    expect(result).toHaveTextContent('Beta Kanceláře a.s.');
    expect(result).toHaveTextContent('13 342,35 Kč');
    expect(api.imports).toHaveLength(1);
    expect(api.imports[0]?.statement).toEqual({
      tenant: 'tenant-b',
      building: null,
      number: 'V-2026-0042',
      period_from: '2026-10-01',
      period_to: '2026-10-31',
      issued_on: '2026-11-05',
      due_date: '2026-11-20',
      bank_account: '19-123456789/0800',
      iban: 'CZ6508000000192000145399',
      variable_symbol: '20260042',
      constant_symbol: null,
      paid_on: null,
      taxable_supply_date: null,
      items: [
        { description: 'Nájemné za říjen', quantity: null, unit: null, amount: '12500.00', vat_rate: 21 },
        { description: 'Elektřina', quantity: '120.5', unit: 'kWh', amount: '842.35', vat_rate: null },
      ],
    });
    expect(api.imports[0]?.pdf).toEqual({
      name: 'pdf',
      fileName: 'vyuctovani.pdf',
      type: 'application/pdf',
      text: '%PDF-1.7',
    });
    expect(await within(screen.getByTestId('staff-statements')).findByText('V-2026-0042')).toBeInTheDocument();

    await view.user.click(within(result).getByRole('button', { name: 'Importovat další vyúčtování' }));
    expect(await screen.findByRole('heading', { name: 'Nové vyúčtování' })).toBeInTheDocument();
    expect(screen.getByLabelText('Číslo dokladu')).toHaveValue('');
  });

  it('offers the VAT rates in force on the taxable supply day and refuses one that no longer applies', async () => {
    const api = billingApi([]);
    const view = renderRoute('/sprava/vyuctovani', asStaff());
    const form = (await screen.findByRole('heading', { name: 'Nové vyúčtování' })).closest('section') as HTMLElement;
    const rate = within(form).getByLabelText('Sazba DPH');
    const offered = () =>
      within(rate)
        .getAllByRole('option')
        .map((option) => option.textContent);
    await waitFor(() =>
      expect(offered()).toEqual(['Vyberte sazbu', '21\u00a0%', '12\u00a0%', '0\u00a0% (osvobozeno)', 'Nepodléhá DPH']),
    );
    // A supply of December 2023 still had 15 % and 10 %.
    await view.user.click(within(form).getByLabelText(/^Datum uskutečnění zdanitelného plnění/));
    await view.user.paste('31. 12. 2023');
    await waitFor(() => expect(offered()).toContain('15\u00a0%'));
    expect(offered()).toEqual([
      'Vyberte sazbu',
      '21\u00a0%',
      '15\u00a0%',
      '10\u00a0%',
      '0\u00a0% (osvobozeno)',
      'Nepodléhá DPH',
    ]);
    await view.user.selectOptions(rate, '15');
    // …but not for a supply of 2026.
    await view.user.clear(within(form).getByLabelText(/^Datum uskutečnění zdanitelného plnění/));
    await view.user.paste('31. 10. 2026');
    await view.user.click(within(form).getByRole('button', { name: 'Importovat vyúčtování' }));
    const summary = await focusedErrorSummary(form);
    expect(linkTexts(summary)).toContain(
      'Sazba DPH položky 1 ke dni uskutečnění plnění 31.\u00a010.\u00a02026 neplatí; vyberte jinou',
    );
    expect(api.imports).toEqual([]);
  });

  it('says in Czech that the tenant already has the number (409) and keeps what was typed', async () => {
    const api = billingApi([buildStatement(1, { number: 'V-2026-0042', tenant: TENANTS[1] as Tenant })]);
    const view = renderRoute('/sprava/vyuctovani', asStaff());
    const form = (await screen.findByRole('heading', { name: 'Nové vyúčtování' })).closest('section') as HTMLElement;
    await waitFor(() => expect(within(form).getAllByRole('option', { name: /Kanceláře/ })).toHaveLength(1));
    await fill(view, form, 'V-2026-0042');
    await view.user.click(within(form).getByRole('button', { name: 'Importovat vyúčtování' }));
    const summary = await focusedErrorSummary(form);
    expect(within(summary).getByRole('link', { name: EXISTS })).toHaveAttribute('href', '#statement-number');
    expect(within(form).getByLabelText('Číslo dokladu')).toHaveValue('V-2026-0042');
    expect(within(form).getByLabelText('Číslo dokladu')).toHaveAccessibleDescription(new RegExp(EXISTS));
    expect(api.imports).toHaveLength(1);
  });
});
