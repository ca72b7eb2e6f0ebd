import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_TOTP_SECRET } from '@portal/api/demo-data';
import jsqrModule from 'jsqr';
import { expect, goAndLogIn, mainMenu, ONE_TENANT_USER, test, TWO_TENANT_USER } from '../support/fixtures.js';
import { expectOnPage, logInByKeyboard, tabTo } from '../support/keyboard.js';
import { bffUrl, E2E_BFF_FLAGS_OFF_PORT } from '../support/stack.js';

// Issue 6 (billing statements): list, detail, PDF and QR Platba against the real stack and its
// demo data: Alfa has a year of statements (two pages), one unpaid and one overdue. Issue 19:
// each is a tax document of the demo operator with its parties and the VAT per rate.

// Each test logs in or walks several pages with axe checks; on this shared 2-core machine that
// alone can pass the default 30 s, as the incident journey found before (it sets 120 s).
test.describe.configure({ timeout: 90_000 });

const LIST = { level: 1, name: 'Vyúčtování' } as const;
const API = { headers: { 'X-CSRF': '1' } };
type DecodeQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
// jsqr is a CommonJS bundle whose types claim an ES default export: depending on the loader the
// default import is the function itself or an object holding it.
const loadedJsqr = jsqrModule as unknown as DecodeQr | { default: DecodeQr };
const jsQR: DecodeQr = typeof loadedJsqr === 'function' ? loadedJsqr : loadedJsqr.default;

/** Testing the visible text: Czech numbers and dates carry no-break spaces. */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

interface Statement {
  id: number;
  number: string;
  due_date: string;
  amount_due: string;
  total_amount: string;
  paid: boolean;
  iban: string;
  variable_symbol: string;
  constant_symbol: string | null;
}

async function openBillingAsAlfa(page: Page) {
  await goAndLogIn(page, TWO_TENANT_USER);
  await page.getByRole('main').getByRole('button', { name: TWO_TENANT_USER.tenants[1] }).click();
  await expect(page.getByRole('heading', { level: 1, name: TWO_TENANT_USER.greeting })).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Vyúčtování' }).click();
  await expect(page.getByRole('heading', LIST)).toBeVisible();
}

/** The statements of the selected tenant as the API gives them (through the BFF, like the page). */
async function statements(page: Page): Promise<Statement[]> {
  const answer = await page.request.get('/api/v1/billing_statements/?page_size=100', API);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Statement[];
}

/** Decodes the QR code as it is painted on the screen (a screenshot, not the DOM). */
async function decodeQr(page: Page, code: Locator): Promise<string | null> {
  const png = await code.screenshot();
  // The browser decodes the PNG (no image library in the test): createImageBitmap reads a Blob
  // without loading a URL, so the page's CSP does not get in the way.
  const { width, height, pixels } = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    context.drawImage(bitmap, 0, 0);
    return {
      width: bitmap.width,
      height: bitmap.height,
      pixels: Array.from(context.getImageData(0, 0, bitmap.width, bitmap.height).data),
    };
  }, png.toString('base64'));
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data ?? null;
}

test('a tenant reads the statements page by page: cs-CZ amounts, due dates, overdue marked @journey', async ({
  page,
  a11y,
}) => {
  await openBillingAsAlfa(page);
  const all = await statements(page);
  expect(all.length).toBeGreaterThan(10);

  // The list: newest first, amounts and dates for cs-CZ, overdue marked.
  await expect(page.getByText(`Celkem ${all.length} vyúčtování`)).toBeVisible();
  const items = page.getByTestId('statements').getByRole('listitem');
  await expect(items).toHaveCount(10);
  const unpaid = all.find((statement) => statement.number === '2026000103') as Statement;
  const [year, month, day] = unpaid.due_date.split('-').map(Number);
  const first = items.nth(0);
  await expect(first).toContainText('2026000103');
  await expect(first).toContainText(nbsp(`${day}. ${month}. ${year}`));
  await expect(first).toContainText('K úhradě');
  await expect(first).toContainText(nbsp('59 551,05 Kč'));
  const second = items.nth(1);
  await expect(second).toContainText('2026000102');
  await expect(second).toContainText('Po splatnosti');
  await expect(second).toContainText(nbsp('60 187,22 Kč'));
  await expect(items.nth(2)).toContainText('Zaplaceno');
  await a11y.check('statements list');

  // Pages from X-Total-Count.
  await page.getByRole('link', { name: 'Další stránka' }).click();
  await expect(page.getByText('Strana 2 z 2')).toBeVisible();
  await expect(page).toHaveURL(/\/vyuctovani\?strana=2$/);
  await expect(items).toHaveCount(all.length - 10);
  await page.getByRole('link', { name: 'Předchozí stránka' }).click();
  await expect(page.getByText('Strana 1 z 2')).toBeVisible();
  await expect(page).toHaveURL(/\/vyuctovani$/);
});

test('an unpaid statement shows its payment details, a QR Platba code that decodes to them, and its PDF @journey', async ({
  page,
  a11y,
}) => {
  await openBillingAsAlfa(page);
  const unpaid = (await statements(page)).find((statement) => statement.number === '2026000103') as Statement;
  await page
    .getByTestId('statements')
    .getByRole('listitem')
    .filter({ hasText: '2026000103' })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/vyuctovani\\?id=${unpaid.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Vyúčtování č. 2026000103' })).toBeVisible();
  const details = page.getByTestId('payment-details');
  await expect(details).toContainText('2001234588/2010');
  await expect(details).toContainText(nbsp('CZ62 2010 0000 0020 0123 4588'));
  await expect(details).toContainText(nbsp('59 551,05 Kč'));
  await expect(details).toContainText('2026000103');
  const [year, month, day] = unpaid.due_date.split('-').map(Number);
  await expect(details).toContainText(nbsp(`${day}. ${month}. ${year}`));
  const expected = `SPD*1.0*ACC:${unpaid.iban}*AM:${unpaid.amount_due}*CC:CZK*X-VS:${unpaid.variable_symbol}*X-KS:${unpaid.constant_symbol}*DT:${unpaid.due_date.replace(/-/g, '')}*MSG:VYUCTOVANI 2026000103`;
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toHaveAttribute('data-spayd', expected);
  // Accessible names come whitespace-normalised (no-break spaces as plain ones).
  const image = qr.getByRole('img', {
    name: /^QR kód pro platbu 59 551,05 Kč na účet 2001234588\/2010, variabilní symbol 2026000103$/,
  });
  await expect(image).toBeVisible();
  expect(await decodeQr(page, image)).toBe(expected);
  await a11y.check('unpaid statement with QR Platba');

  // The document: a tax document of the demo operator to Alfa, with the VAT per rate.
  await expect(page.getByText('Daňový doklad', { exact: true })).toBeVisible();
  const supplier = page.getByRole('region', { name: 'Dodavatel' });
  await expect(supplier).toContainText('Správa budov Praha, a.s.');
  await expect(supplier).toContainText(nbsp('186 00 Praha 8'));
  await expect(supplier).toContainText('IČO: 27468135');
  await expect(supplier).toContainText('DIČ: CZ27468135');
  await expect(supplier).toContainText('Městským soudem v Praze, oddíl B, vložka 21357');
  const customer = page.getByRole('region', { name: 'Odběratel' });
  await expect(customer).toContainText('Alfa s.r.o.');
  await expect(customer).toContainText('Na Florenci 2116/15');
  await expect(customer).toContainText('IČO: 28901541');
  await expect(page.getByText('Datum uskutečnění zdanitelného plnění')).toBeVisible();
  const items = page.getByRole('region', { name: 'Položky' });
  // (On a phone the quantity moves under the description and its column goes.)
  for (const header of ['Položka', 'Sazba DPH', 'Částka s DPH'])
    await expect(items.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const water = items.getByRole('row', { name: /Vodné a stočné/ });
  await expect(water).toContainText(nbsp('18,5 m³'));
  await expect(water).toContainText(nbsp('12 %'));
  await expect(water).toContainText(nbsp('1 748,25 Kč'));
  await expect(items.getByRole('row', { name: /Úrok z prodlení/ })).toContainText('bez DPH');
  const vat = page.getByRole('region', { name: 'Rekapitulace DPH' });
  await expect(vat.getByRole('columnheader')).toHaveText(['Sazba DPH', 'Základ daně', 'DPH', 'Celkem s DPH']);
  // Each rate's VAT from its items' total (§ 37 odst. 2 zákona o DPH); the rows add up to the total.
  await expect(vat.getByRole('row', { name: /^21/ }).getByRole('cell')).toHaveText(
    ['47 645,04 Kč', '10 005,46 Kč', '57 650,50 Kč'].map(nbsp),
  );
  await expect(vat.getByRole('row', { name: /^12/ }).getByRole('cell')).toHaveText(
    ['1 560,94 Kč', '187,31 Kč', '1 748,25 Kč'].map(nbsp),
  );
  await expect(vat.getByRole('row', { name: /^bez DPH/ }).getByRole('cell')).toHaveText(
    ['152,30 Kč', '0,00 Kč', '152,30 Kč'].map(nbsp),
  );
  await expect(vat.getByRole('row', { name: /^Celkem/ }).getByRole('cell')).toHaveText(
    ['49 358,28 Kč', '10 192,77 Kč', '59 551,05 Kč'].map(nbsp),
  );
  await a11y.check('the statement as a tax document');

  // The PDF through the BFF, as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Stáhnout PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('vyuctovani-2026000103.pdf');
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
  // The generated document is tagged: tables with header cells and the QR code as a figure.
  const source = bytes.toString('latin1');
  for (const role of ['Table', 'TH', 'TD', 'Figure']) expect(source).toContain(`/S /${role}`);

  // Back to the list page it came from.
  await page.getByRole('link', { name: '← Zpět na přehled vyúčtování' }).click();
  await expect(page.getByRole('heading', LIST)).toBeVisible();
  await expect(page).toHaveURL(/\/vyuctovani$/);
});

test('an overdue statement says so and its QR code has no due date; a paid one has no QR code', async ({ page }) => {
  await openBillingAsAlfa(page);
  const all = await statements(page);
  const overdue = all.find((statement) => statement.number === '2026000102') as Statement;
  await page.goto(`/vyuctovani?id=${overdue.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vyúčtování č. 2026000102' })).toBeVisible();
  await expect(page.getByText(/^Vyúčtování je po splatnosti/)).toBeVisible();
  const spayd = await page.getByTestId('payment-qr').getAttribute('data-spayd');
  expect(spayd).toBe(
    `SPD*1.0*ACC:${overdue.iban}*AM:${overdue.amount_due}*CC:CZK*X-VS:${overdue.variable_symbol}*X-KS:0308*MSG:VYUCTOVANI 2026000102`,
  );

  const paid = all.find((statement) => statement.paid) as Statement;
  await page.goto(`/vyuctovani?id=${paid.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Vyúčtování č. ${paid.number}` })).toBeVisible();
  await expect(page.getByText('Zaplaceno', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Platební údaje' })).toHaveCount(0);
  await expect(page.getByTestId('payment-qr')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stáhnout PDF' })).toBeVisible();
});

test('the PDF comes through the BFF with its type, and another tenant’s statement is a 404', async ({ page }) => {
  await openBillingAsAlfa(page);
  const [statement] = await statements(page);
  const pdf = await page.request.get(`/api/v1/billing_statements/${statement?.id}/pdf/`, API);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toContain('vyuctovani-');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Without the CSRF header nothing is served, not even a PDF.
  expect((await page.request.get(`/api/v1/billing_statements/${statement?.id}/pdf/`)).status()).toBe(403);

  // Petr (Beta) cannot open Alfa's statement.
  await page.context().clearCookies();
  await goAndLogIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', { level: 1, name: ONE_TENANT_USER.greeting })).toBeVisible();
  await page.goto(`/vyuctovani?id=${statement?.id}`);
  await expect(page.getByRole('alert')).toHaveText(
    `Vyúčtování s ID ${statement?.id} neexistuje nebo k němu nemáte přístup.`,
  );
  expect((await page.request.get(`/api/v1/billing_statements/${statement?.id}/pdf/`, API)).status()).toBe(404);
});

test('by keyboard alone: the list page by page, a statement, its PDF and back to the list', async ({ page, a11y }) => {
  await logInByKeyboard(page, TWO_TENANT_USER);
  await expectOnPage(page, 'Výběr nájemce');
  await tabTo(page, page.getByRole('main').getByRole('button', { name: TWO_TENANT_USER.tenants[1] }));
  await page.keyboard.press('Enter');
  await expectOnPage(page, TWO_TENANT_USER.greeting);
  await tabTo(page, mainMenu(page).getByRole('link', { name: 'Vyúčtování' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Vyúčtování');

  await tabTo(page, page.getByRole('link', { name: 'Další stránka' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Strana 2 z 2')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Předchozí stránka' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Strana 1 z 2')).toBeVisible();

  // The statement replaces the list on the same page: its heading takes the focus the link had.
  const statement = page
    .getByTestId('statements')
    .getByRole('listitem')
    .filter({ hasText: '2026000103' })
    .getByRole('link');
  await tabTo(page, statement, { backwards: true });
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Vyúčtování č. 2026000103');
  await a11y.check('statement opened by keyboard');

  const download = page.waitForEvent('download');
  await tabTo(page, page.getByRole('button', { name: 'Stáhnout PDF' }));
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe('vyuctovani-2026000103.pdf');
  // The tables scroll on their own when too wide, so each is a Tab stop with a visible ring.
  await tabTo(page, page.getByRole('region', { name: 'Položky' }));
  await tabTo(page, page.getByRole('region', { name: 'Rekapitulace DPH' }));

  await tabTo(page, page.getByRole('link', { name: '← Zpět na přehled vyúčtování' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Vyúčtování');
});

test('staff import a tax document with a VAT rate per item; the tenant reads its VAT breakdown', async ({
  page,
  staffSessions,
  a11y,
}, testInfo) => {
  test.setTimeout(120_000);
  // A paid statement of March 2024 (a period both rates applied to), so no outstanding sum of
  // another test changes; the number is new on every run.
  const number = `E2E-${testInfo.project.name}-${Date.now()}`.slice(0, 50);
  await staffSessions.enter(page, {
    email: DEMO_STAFF.email,
    password: DEMO_PASSWORD,
    totpSecret: DEMO_STAFF_TOTP_SECRET,
  });
  await page.goto('/sprava/vyuctovani');
  const form = page.getByRole('region', { name: 'Nové vyúčtování' });
  await expect(form.getByLabel('Nájemce')).toContainText('Beta Solutions a.s.');
  await form.getByLabel('Nájemce').selectOption({ label: 'Beta Solutions a.s.' });
  await form.getByLabel('Číslo dokladu').fill(number);
  await form.getByLabel('Od', { exact: true }).fill('1. 3. 2024');
  await form.getByLabel('Do', { exact: true }).fill('31. 3. 2024');
  await form.getByLabel('Vystaveno').fill('2. 4. 2024');
  await form.getByLabel('Datum splatnosti').fill('16. 4. 2024');
  await form.getByLabel('Číslo účtu').fill('2001234588/2010');
  await form.getByLabel('IBAN').fill('CZ62 2010 0000 0020 0123 4588');
  await form.getByLabel('Variabilní symbol').fill('2024000301');
  await form.getByLabel(/^Už uhrazeno/).fill('78 985');
  await form.getByLabel(/^Uhrazeno dne/).fill('10. 4. 2024');
  const first = form.getByRole('listitem', { name: 'Položka 1' });
  await first.getByLabel('Popis').fill('Nájemné kanceláře');
  await first.getByLabel(/^Částka v Kč/).fill('75 020');
  await expect(first.getByLabel('Sazba DPH').getByRole('option')).toHaveText([
    'Vyberte sazbu',
    nbsp('21 %'),
    nbsp('12 %'),
    nbsp('0 % (osvobozeno)'),
    'Nepodléhá DPH',
  ]);
  await first.getByLabel('Sazba DPH').selectOption('21');
  await form.getByRole('button', { name: 'Přidat položku' }).click();
  const second = form.getByRole('listitem', { name: 'Položka 2' });
  await second.getByLabel('Popis').fill('Teplo');
  await second.getByLabel(/^Množství/).fill('6,1');
  await second.getByLabel(/^Jednotka/).fill('GJ');
  await second.getByLabel(/^Částka v Kč/).fill('3 965');
  await second.getByLabel('Sazba DPH').selectOption('12');
  await expect(form.getByText(nbsp('Celkem: 78 985,00 Kč'))).toBeVisible();
  await a11y.check('staff statement import with VAT rates');
  await form.getByRole('button', { name: 'Importovat vyúčtování' }).click();

  const created = page.getByRole('region', { name: `Importované vyúčtování č. ${number}` });
  await expect(created).toBeVisible();
  await expect(created).toContainText(nbsp('31. 3. 2024'));
  // 75 020 × 21 / 121 = 13 020; 3 965 × 12 / 112 = 424,82.
  await expect(created).toContainText(nbsp('13 444,82 Kč'));

  // Petr, of Beta, opens it: parties as issued, the VAT per rate.
  await page.context().clearCookies();
  await goAndLogIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', { level: 1, name: ONE_TENANT_USER.greeting })).toBeVisible();
  const answer = await page.request.get('/api/v1/billing_statements/?page_size=100', API);
  const statement = ((await answer.json()) as Statement[]).find((candidate) => candidate.number === number);
  await page.goto(`/vyuctovani?id=${statement?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Vyúčtování č. ${number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Odběratel' })).toContainText('Beta Solutions a.s.');
  await expect(page.getByRole('region', { name: 'Dodavatel' })).toContainText('Správa budov Praha, a.s.');
  const vat = page.getByRole('region', { name: 'Rekapitulace DPH' });
  await expect(vat.getByRole('row', { name: /^21/ }).getByRole('cell')).toHaveText(
    ['62 000,00 Kč', '13 020,00 Kč', '75 020,00 Kč'].map(nbsp),
  );
  await expect(vat.getByRole('row', { name: /^12/ }).getByRole('cell')).toHaveText(
    ['3 540,18 Kč', '424,82 Kč', '3 965,00 Kč'].map(nbsp),
  );
  await expect(page.getByText('Zaplaceno', { exact: true })).toBeVisible();
});

test.describe('billing switched off', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_FLAGS_OFF_PORT) });

  test('no menu entry, the page goes home and the API answers 404', async ({ page }) => {
    const home = { level: 1, name: ONE_TENANT_USER.greeting } as const;
    await goAndLogIn(page, ONE_TENANT_USER);
    await expect(page.getByRole('heading', home)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vyúčtování' })).toHaveCount(0);
    await page.goto('/vyuctovani?id=1');
    await expect(page.getByRole('heading', home)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    for (const path of [
      '/api/v1/billing_statements/',
      '/api/v1/billing_statements/1/',
      '/api/v1/billing_statements/1/pdf/',
    ]) {
      expect((await page.request.get(path, API)).status(), path).toBe(404);
    }
  });
});
