import { expect, goAndLogIn, logIn, ONE_TENANT_USER, test, TWO_TENANT_USER } from '../support/fixtures.js';
import { bffUrl, E2E_BFF_FLAGS_OFF_PORT, E2E_BFF_HIDE_TENANT_PORT } from '../support/stack.js';

// Every outcome of the navigation rules of docs/product.md §2, in their order, against the real stack.

const LOGIN_HEADING = { level: 1, name: 'Přihlášení' } as const;
const NOT_FOUND = 'Stránka nebyla nalezena.';

test.describe('1. route validation', () => {
  test('the new-password page without token or uid is a 404', async ({ page, a11y }) => {
    for (const path of [
      '/zapomenute-heslo/change',
      '/zapomenute-heslo/change?uid=1',
      '/zapomenute-heslo/change?token=abc',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
      await expect(page.getByText(NOT_FOUND)).toBeVisible();
    }
    await expect(page).toHaveTitle('Chyba: Stránka nebyla nalezena. – Portál nájemníka');
    await a11y.check('404 of an invalid reset link');
  });

  test('a malformed id is a 404 before any login is asked for', async ({ page }) => {
    await page.goto('/hlaseni-incidentu/abc');
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page).toHaveURL(/\/hlaseni-incidentu\/abc$/);
  });
});

test.describe('2. authentication', () => {
  test('public pages are open to guests', async ({ page }) => {
    await page.goto('/zapomenute-heslo');
    await expect(page.getByRole('heading', { level: 1, name: 'Zapomenuté heslo' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
  });

  test('a protected page sends a guest to the login with the wanted path and query @journey', async ({ page }) => {
    await page.goto('/vyuctovani?rok=2026');
    await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible();
    expect(new URL(page.url()).search).toBe(`?redirect=${encodeURIComponent('/vyuctovani?rok=2026')}`);
  });

  test('the login page sends a logged-in user home', async ({ page }) => {
    await goAndLogIn(page, ONE_TENANT_USER);
    await expect(page.getByRole('heading', { level: 1, name: ONE_TENANT_USER.greeting })).toBeVisible();
    await page.goto('/prihlaseni');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: ONE_TENANT_USER.greeting })).toBeVisible();
  });

  test('an ended session sends the user to the login with where they were', async ({ page, context }) => {
    await goAndLogIn(page, ONE_TENANT_USER, '/prihlaseni?redirect=%2Fprofil');
    await expect(page.getByRole('heading', { level: 1, name: 'Můj profil' })).toBeVisible();
    // The session ends on the server side of the browser: its cookie is gone.
    await context.clearCookies();
    await page.getByRole('button', { name: 'Uložit údaje' }).click();
    await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible();
    expect(new URL(page.url()).search).toBe('?redirect=%2Fprofil');
    await expect(page.getByText('Vaše přihlášení vypršelo. Přihlaste se prosím znovu.')).toBeVisible();
    await logIn(page, ONE_TENANT_USER);
    await expect(page.getByRole('heading', { level: 1, name: 'Můj profil' })).toBeVisible();
  });
});

test.describe('3. feature flag and 4. tenant', () => {
  test('a page that needs a tenant sends a user without one to /tenant and back after choosing', async ({ page }) => {
    await goAndLogIn(page, TWO_TENANT_USER);
    await expect(page).toHaveURL(/\/tenant$/);
    await page.goto('/vyuctovani?rok=2026');
    await expect(page.getByRole('heading', { level: 1, name: 'Výběr nájemce' })).toBeVisible();
    expect(new URL(page.url()).search).toBe(`?redirect=${encodeURIComponent('/vyuctovani?rok=2026')}`);
    await page.getByRole('main').getByRole('button', { name: TWO_TENANT_USER.tenants[1] }).click();
    await expect(page).toHaveURL(/\/vyuctovani\?rok=2026$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vyúčtování' })).toBeVisible();
  });

  test('the profile opts out of the tenant rule', async ({ page }) => {
    await goAndLogIn(page, TWO_TENANT_USER);
    await expect(page).toHaveURL(/\/tenant$/);
    await page.goto('/profil');
    await expect(page.getByRole('heading', { level: 1, name: 'Můj profil' })).toBeVisible();
  });

  test.describe('with tenantLogin and billingStatements off', () => {
    test.use({ baseURL: bffUrl(E2E_BFF_FLAGS_OFF_PORT) });

    test('hidden features redirect home, for guests after the login rule', async ({ page }) => {
      await page.goto('/vyuctovani');
      await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible();
      await logIn(page, ONE_TENANT_USER);
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/tenant');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: ONE_TENANT_USER.greeting })).toBeVisible();
    });
  });

  test.describe('with hideTenantLogin on', () => {
    test.use({ baseURL: bffUrl(E2E_BFF_HIDE_TENANT_PORT) });

    test('only public and guest-only pages are reachable; login goes home without a tenant @journey', async ({
      page,
      a11y,
    }) => {
      await page.goto('/zapomenute-heslo');
      await expect(page.getByRole('heading', { level: 1, name: 'Zapomenuté heslo' })).toBeVisible();
      await page.goto('/prihlaseni');
      await logIn(page, TWO_TENANT_USER);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: TWO_TENANT_USER.greeting })).toBeVisible();
      // No tenant choice anywhere.
      await expect(page.getByRole('button', { name: /^Nájemce:/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Vybrat nájemce' })).toHaveCount(0);
      await a11y.check('home under hideTenantLogin');
      for (const path of ['/profil', '/tenant', '/vyuctovani']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/$/);
      }
    });
  });
});

test('an unknown address shows the Czech 404 page and the button goes home @journey', async ({ page, a11y }) => {
  await page.goto('/tahle-stranka-neexistuje');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await a11y.check('404 page');
  await page.getByRole('button', { name: 'Jít na domovskou stránku' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
});

test('the login works with the keyboard alone, from the skip link to the tenant choice @journey', async ({ page }) => {
  await page.goto('/prihlaseni');
  await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Přejít na obsah' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // Header link, then the form in reading order.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(TWO_TENANT_USER.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Heslo', { exact: true })).toBeFocused();
  await page.keyboard.type(TWO_TENANT_USER.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Výběr nájemce' })).toBeVisible();
  await page.keyboard.press('Tab');
  const first = page.getByRole('main').getByRole('button', { name: TWO_TENANT_USER.tenants[0] });
  await expect(first).toBeFocused();
  // The focus ring is visible (an outline or a box shadow).
  const ring = await first.evaluate((element) => {
    const style = getComputedStyle(element);
    return style.outlineStyle !== 'none' && style.outlineWidth !== '0px' ? style.outlineWidth : style.boxShadow;
  });
  expect(ring).not.toMatch(/^(none|0px)?$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: TWO_TENANT_USER.greeting })).toBeVisible();
});
