import { expect, goAndLogIn, test, TWO_TENANT_USER } from '../support/fixtures.js';

// The tenant's home page: what needs attention now, each a link (issue 19), against the demo
// data: Alfa has two unpaid statements, one of them overdue, and meters read a month ago.

test.describe.configure({ timeout: 90_000 });

const API = { headers: { 'X-CSRF': '1' } };

interface Statement {
  id: number;
  amount_due: string;
  due_date: string;
  paid: boolean;
}

/** „97 942,00 Kč“ as the page writes it (no-break spaces). */
const czk = (amount: string) =>
  new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK' }).format(Number(amount));

test('the home page lists the unpaid statements with their total and leads to them', async ({ page, a11y }) => {
  await goAndLogIn(page, TWO_TENANT_USER);
  await page.getByRole('main').getByRole('button', { name: TWO_TENANT_USER.tenants[1] }).click();
  await expect(page.getByRole('heading', { level: 1, name: TWO_TENANT_USER.greeting })).toBeVisible();

  const answer = await page.request.get('/api/v1/billing_statements/?paid=false&page_size=100', API);
  const unpaid = ((await answer.json()) as Statement[]).filter((statement) => !statement.paid);
  expect(unpaid.length).toBeGreaterThan(1);
  const cents = unpaid.reduce((sum, statement) => sum + Math.round(Number(statement.amount_due) * 100), 0);

  const region = page.getByRole('region', { name: 'Co na vás čeká' });
  const billing = region.getByTestId('attention-billing');
  await expect(billing).toContainText(`K úhradě celkem ${czk((cents / 100).toFixed(2))}`);
  await expect(billing).toContainText('po splatnosti');
  await a11y.check('home with attention items');

  await billing.getByRole('link', { name: `${unpaid.length} nezaplacená vyúčtování` }).click();
  await expect(page).toHaveURL(/\/vyuctovani$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vyúčtování' })).toBeVisible();
});
