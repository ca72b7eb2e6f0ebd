import { expect, JWT_PATTERN, logIn, ONE_TENANT_USER, test, TWO_TENANT_USER } from '../support/fixtures.js';

// After-login branches of docs/product.md §2 and the basic session life cycle.

test('a two-tenant user picks a tenant, stays logged in across a reload, and logs out @journey', async ({
  page,
  context,
  seenByBrowser,
  a11y,
}) => {
  await page.goto('/prihlaseni');
  await expect(page.getByRole('heading', { name: 'Přihlášení' })).toBeVisible();
  await a11y.check('login page');
  await logIn(page, TWO_TENANT_USER);

  await expect(page).toHaveURL(/\/tenant(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Výběr nájemce' })).toBeVisible();
  const tenantButtons = page.getByRole('main').getByRole('button');
  await expect(tenantButtons).toHaveCount(2);
  await a11y.check('tenant selection');
  const chosenTenant = (await tenantButtons.first().innerText()).trim();
  await tenantButtons.first().click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: TWO_TENANT_USER.greeting })).toBeVisible();
  await expect(page.getByText(chosenTenant).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: TWO_TENANT_USER.greeting })).toBeVisible();
  await expect(page.getByText(chosenTenant).first()).toBeVisible();

  // Tokens stay on the server: no API answer (checked by the fixture for every test) and no
  // cookie holds one, and the session cookie is out of reach of scripts.
  expect(seenByBrowser.bodies.length).toBeGreaterThan(3);
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === '__Host-portal_session');
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  for (const cookie of cookies) {
    expect(cookie.value).not.toMatch(JWT_PATTERN);
  }
  expect(await page.evaluate(() => document.cookie)).not.toContain('portal_session');

  await page.getByRole('button', { name: /Jana Nováková/ }).click();
  await a11y.check('user menu open');
  await page.getByRole('menuitem', { name: 'Odhlásit se' }).click();
  await expect(page).toHaveURL(/\/prihlaseni/);
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/prihlaseni\?redirect=%2Fprofil|\/prihlaseni\?redirect=\/profil/);
});

test('a one-tenant user gets the tenant selected and lands home @journey', async ({ page }) => {
  await page.goto('/prihlaseni');
  await logIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', { name: ONE_TENANT_USER.greeting })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('main').getByText(ONE_TENANT_USER.tenant)).toBeVisible();
  // One tenant: nothing to switch.
  await expect(page.getByRole('button', { name: /^Nájemce:/ })).toHaveCount(0);
});

test('a protected page sends a guest to the login and back after it', async ({ page }) => {
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/prihlaseni\?redirect=(%2F|\/)profil$/);
  await logIn(page, ONE_TENANT_USER);
  await expect(page).toHaveURL(/\/profil$/);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(ONE_TENANT_USER.email);
});

test('a wrong password shows a Czech error on the form and keeps the e-mail', async ({ page, seenByBrowser }) => {
  await page.goto('/prihlaseni');
  await logIn(page, { email: TWO_TENANT_USER.email, password: 'uplne-spatne' });
  await expect(page.getByText('Nesprávný e-mail nebo heslo.').first()).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(TWO_TENANT_USER.email);
  await expect(page).toHaveURL(/\/prihlaseni/);
  expect(seenByBrowser.statuses).toContain(400);
});

test('a user with several tenants follows the redirect after login and is asked for a tenant only where needed', async ({
  page,
}) => {
  // /profil opts out of the tenant rule: straight there.
  await page.goto('/prihlaseni?redirect=%2Fprofil');
  await logIn(page, TWO_TENANT_USER);
  await expect(page).toHaveURL(/\/profil$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Můj profil' })).toBeVisible();
});
