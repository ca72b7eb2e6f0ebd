import { expect, goAndLogIn, ONE_TENANT_USER, STUB_HEADER, test, TWO_TENANT_USER } from '../support/fixtures.js';
import { expectFocusVisible, expectOnPage, logInByKeyboard, tabTo } from '../support/keyboard.js';

// Shell behaviour: tenant switching, toasts (docs/product.md §3, §9), unhandled errors and the error page.

const [FIRST_TENANT, SECOND_TENANT] = TWO_TENANT_USER.tenants as [string, string];

type Page = Parameters<typeof goAndLogIn>[0];

/** Picks `to` in the header's tenant switcher with the pointer; `from` is the tenant selected now. */
async function switchTenant(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: `Nájemce: ${from}` }).click();
  await page.getByRole('menuitemradio', { name: to }).click();
}

/** The toast that confirms a change of the tenant. */
const tenantChangedToast = (page: Page) => page.getByRole('status').filter({ hasText: 'Nájemce byl změněn' });

async function logInWithTenant(page: Page) {
  await goAndLogIn(page, TWO_TENANT_USER);
  await page.getByRole('main').getByRole('button', { name: FIRST_TENANT }).click();
  await expect(page.getByRole('heading', { level: 1, name: TWO_TENANT_USER.greeting })).toBeVisible();
}

test('the tenant switcher changes the tenant with the keyboard and confirms with a toast @journey', async ({
  page,
  a11y,
}) => {
  await logInWithTenant(page);
  const switcher = page.getByRole('button', { name: `Nájemce: ${FIRST_TENANT}` });
  await tabTo(page, switcher, { backwards: true });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: FIRST_TENANT })).toHaveAttribute('aria-checked', 'true');
  await a11y.check('tenant switcher open');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  const toast = tenantChangedToast(page);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(SECOND_TENANT);
  await a11y.check('toast shown');
  await expect(page.getByRole('main').getByText(SECOND_TENANT)).toBeVisible();
  await expect(page.getByRole('button', { name: `Nájemce: ${SECOND_TENANT}` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('main').getByText(SECOND_TENANT)).toBeVisible();
});

test('with less motion asked for, menus and toasts appear without animating', async ({ page }) => {
  // Every CSS animation that starts in the page, with its duration in milliseconds: recorded as
  // it starts, so a short one that has ended by the time the test looks is counted all the same.
  await page.addInitScript(() => {
    const started: number[] = [];
    Object.assign(window, { animationsStarted: started });
    document.addEventListener('animationstart', (event) => {
      const duration = getComputedStyle(event.target as Element).animationDuration.split(',')[0] ?? '0s';
      started.push(parseFloat(duration) * (duration.endsWith('ms') ? 1 : 1000));
    });
  });
  const animationsStarted = () =>
    page.evaluate(() => (window as unknown as { animationsStarted: number[] }).animationsStarted.splice(0));
  await logInWithTenant(page);
  const switcher = page.getByRole('button', { name: `Nájemce: ${FIRST_TENANT}` });
  await animationsStarted();

  // The system's default: the tenant switcher's menu animates in.
  await switcher.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect.poll(async () => Math.max(0, ...(await animationsStarted()))).toBeGreaterThan(50);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  // Asked for less motion (WCAG 2.3.3): the menu, and the toast after a switch, show at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await animationsStarted();
  await switcher.click();
  await page.getByRole('menuitemradio', { name: SECOND_TENANT }).click();
  await expect(tenantChangedToast(page)).toBeVisible();
  const started = await animationsStarted();
  expect(started.length).toBeGreaterThan(0);
  expect(started.every((duration) => duration <= 0.01)).toBe(true);
});

test('a toast lets the pointer through to what it covers and leaves on time, even under the pointer', async ({
  page,
}) => {
  await logInWithTenant(page);
  await switchTenant(page, FIRST_TENANT, SECOND_TENANT);
  const toast = tenantChangedToast(page);
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  if (box === null) throw new Error('the toast has no box');
  const point = { x: box.x + 24, y: box.y + box.height / 2 };
  // What a click there reaches is the page under the toast, not the toast.
  const hitsToast = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-scope="toast"]') != null,
    point,
  );
  expect(hitsToast).toBe(false);
  // The pointer resting on it does not keep it: it goes after its 3 s.
  await page.mouse.move(point.x, point.y);
  await expect(toast).toBeHidden({ timeout: 6_000 });
});

test('by keyboard alone: the user menu opens the profile and logs out; the 404 page’s button goes home', async ({
  page,
  a11y,
}) => {
  await logInByKeyboard(page, ONE_TENANT_USER);
  await expectOnPage(page, ONE_TENANT_USER.greeting);

  // The menu opens on Enter with its first item active; choosing „Můj profil" hands the focus
  // to the profile's heading, not back to the menu's button.
  const menuButton = page.getByRole('button', { name: ONE_TENANT_USER.displayName });
  await tabTo(page, menuButton, { backwards: true });
  await page.keyboard.press('Enter');
  // The menu holds the focus and marks the active item (aria-activedescendant).
  const menu = page.getByRole('menu');
  await expect(menu).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Můj profil' })).toHaveAttribute('data-highlighted', '');
  await a11y.check('user menu opened by keyboard');
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Můj profil');

  // Escape closes the menu and gives the focus back to its button.
  await tabTo(page, menuButton, { backwards: true });
  await page.keyboard.press('Enter');
  // Escape reaches the menu once it holds the focus; pressed earlier (a busy machine opens it
  // later), it would go to the page and the menu would stay open.
  await expect(page.getByRole('menu')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expectFocusVisible(page);

  await page.keyboard.press('Enter');
  // Wait for the open menu, as a user does: an arrow pressed before it holds the focus is lost.
  await expect(menu).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Můj profil' })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Odhlásit se' })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Přihlášení');
  await expect(page.getByText('Byli jste odhlášeni.')).toBeVisible();

  await page.goto('/tahle-stranka-neexistuje');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Jít na domovskou stránku' }));
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Portál nájemníka');
});

test('toasts sit bottom-left, close by keyboard, and success toasts leave after 3 s', async ({ page }) => {
  await logInWithTenant(page);
  await switchTenant(page, FIRST_TENANT, SECOND_TENANT);
  const toast = tenantChangedToast(page);
  await expect(toast).toBeVisible();

  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no layout');
  expect(box.x).toBeLessThan(viewport.width / 3);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 120);

  // Success lives 3000 ms (it pauses only while the page is hidden, never under the pointer).
  await page.mouse.move(viewport.width - 5, 5);
  await expect(toast).toBeHidden({ timeout: 6_000 });

  // Closable: a second toast closed from the keyboard.
  await switchTenant(page, SECOND_TENANT, FIRST_TENANT);
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Zavřít oznámení' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast).toBeHidden();
});

test('a failed call shows the server message in an error toast; an unhandled error shows its own', async ({
  page,
  a11y,
}) => {
  await logInWithTenant(page);
  await page.route('**/api/session/tenant', (route) =>
    route.fulfill({
      status: 409,
      headers: { [STUB_HEADER]: '1' },
      contentType: 'application/json',
      body: JSON.stringify({ code: 'conflict', message: 'Nájemce teď nelze změnit, zkuste to za chvíli.' }),
    }),
  );
  await switchTenant(page, FIRST_TENANT, SECOND_TENANT);
  const httpToast = page.getByRole('status').filter({ hasText: 'Nájemce teď nelze změnit, zkuste to za chvíli.' });
  await expect(httpToast).toBeVisible();
  await expect(httpToast).toContainText('Chyba');
  await a11y.check('error toast');

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Test: neošetřená chyba');
    });
  });
  const unhandled = page.getByRole('status').filter({ hasText: 'Test: neošetřená chyba' });
  await expect(unhandled).toBeVisible();
  await expect(unhandled).toContainText('Něco se nepovedlo');
  // Error toasts live 3000 ms too.
  await page.mouse.move(5, 5);
  await expect(unhandled).toBeHidden({ timeout: 6_000 });
});

test('the error page shows status and message; its button goes home @journey', async ({ page, a11y }) => {
  await page.route('**/api/config', (route) =>
    route.fulfill({
      status: 503,
      headers: { [STUB_HEADER]: '1' },
      contentType: 'application/json',
      body: JSON.stringify({ code: 'unavailable', message: 'Služba je dočasně nedostupná.' }),
    }),
  );
  await page.goto('/zapomenute-heslo');
  await expect(page.getByRole('heading', { level: 1, name: '503' })).toBeVisible();
  await expect(page.getByText('Služba je dočasně nedostupná.')).toBeVisible();
  await expect(page).toHaveTitle('Chyba: Služba je dočasně nedostupná. – Portál nájemníka');
  await a11y.check('error page');

  await page.unroute('**/api/config');
  await page.getByRole('button', { name: 'Jít na domovskou stránku' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
});

test('a failed chunk load reloads the page once and the navigation completes', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
  // The next page's chunk fails once, as after a deploy that removed the old files.
  let failed = false;
  await page.route(/\/assets\/password-reset-[^/]+\.js$/, (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort();
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Přihlásit se', exact: true }).click();
  await page.getByRole('link', { name: 'Zapomněli jste heslo?' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Zapomenuté heslo' })).toBeVisible();
  expect(failed).toBe(true);
});

test('Sentry is not downloaded when no DSN is configured', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The app's scripts start after the prerendered page's load event; everything it fetches at
  // start-up, Sentry included if it were configured, has arrived once the network is quiet.
  await page.goto('/prihlaseni', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /sentry/i.test(path))).toEqual([]);
});
