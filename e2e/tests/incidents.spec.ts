import { expect, goAndLogIn, logIn, mainMenu, ONE_TENANT_USER, test } from '../support/fixtures.js';
import { DEMO_STAFF, portalAdmin, setUpTenant } from '../support/operator.js';
import { expectFocusVisible, expectOnPage, logInByKeyboard, tabTo } from '../support/keyboard.js';
import { bffUrl, E2E_BFF_FLAGS_OFF_PORT } from '../support/stack.js';

// Issue 6, incidents: the tenant's path through list, new, detail against the real stack,
// with the operator's side driven through the portal-admin CLI.

const HOME = { level: 1, name: ONE_TENANT_USER.greeting } as const;
const LIST = { level: 1, name: 'Hlášení incidentů' } as const;
// A 1×1 PNG: the API accepts images by type and extension.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('report an incident with an attachment, follow it and close it @journey', async ({ page, a11y }, testInfo) => {
  // The detail polls every 10 s for the operator's changes.
  test.setTimeout(120_000);
  const subject = `Kape voda ze stropu (${testInfo.project.name} ${Date.now()})`;

  await goAndLogIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', HOME)).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Hlášení incidentů' }).click();
  await expect(page.getByRole('heading', LIST)).toBeVisible();
  await a11y.check('incident list');

  await page.getByRole('link', { name: 'Nahlásit incident' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit incident' })).toBeVisible();
  // Submitting empty shows the error summary, focused, linking to the fields.
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  await expect(page.getByRole('heading', { name: 'Vyskytl se problém' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zadejte předmět' })).toBeVisible();
  await a11y.check('new incident with errors');

  await page.getByRole('textbox', { name: 'Předmět' }).fill(subject);
  await page.getByLabel('Budova').selectOption({ index: 1 });
  await page.getByLabel('Priorita').selectOption({ label: 'Vysoká' });
  await page
    .getByRole('textbox', { name: 'Popis' })
    .fill('V kuchyňce 2.10 kape voda ze stropu.\nPod kapkami je kbelík.');
  await expect(page.getByText('Nepovinné - použije se váš registrovaný kontakt, pokud nevyplníte')).toBeVisible();
  await page.getByLabel(/^Přílohy/).setInputFiles([
    { name: 'strop.png', mimeType: 'image/png', buffer: PNG },
    { name: 'kuchynka.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();

  await expect(page.getByText('Incident byl úspěšně vytvořen.')).toBeVisible();
  await expect(page).toHaveURL(/\/hlaseni-incidentu\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').at(-1) as string;
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stáhnout strop.png' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stáhnout kuchynka.png' })).toBeVisible();
  await expect(page.getByText('Registrovaný kontakt')).toBeVisible();

  // The attachment downloads through the BFF.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Stáhnout strop.png' }).click();
  expect((await download).suggestedFilename()).toBe('strop.png');

  // In the list, then back to the detail.
  await page.getByRole('link', { name: 'Zpět na seznam incidentů' }).click();
  await expect(page.getByRole('heading', LIST)).toBeVisible();
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await a11y.check('incident detail');

  // A comment.
  await page.getByRole('textbox', { name: 'Komentář' }).fill('Kbelík je skoro plný.');
  await page.getByRole('button', { name: 'Odeslat komentář' }).click();
  await expect(page.getByText('Komentář byl přidán.')).toBeVisible();
  await expect(page.getByTestId('incident-timeline').getByText('Kbelík je skoro plný.')).toBeVisible();

  // The operator's side changes status, answers and assigns; the open page shows it all
  // without a reload (the marker would be gone after one).
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });
  await portalAdmin('ticket-status', '--ticket', id, '--status', 'in_progress', '--staff', DEMO_STAFF);
  await portalAdmin('ticket-answer', '--ticket', id, '--staff', DEMO_STAFF, '--body', 'Technik přijde do hodiny.');
  await portalAdmin('ticket-assign', '--ticket', id, '--assignee', DEMO_STAFF);
  const timeline = page.getByTestId('incident-timeline');
  await expect(timeline.getByText('Změna stavu: Otevřeno → Zpracovává se')).toBeVisible({ timeout: 25_000 });
  await expect(timeline.getByText('Technik přijde do hodiny.')).toBeVisible();
  await expect(timeline.getByText('Přiřazeno: Tomáš Dvořák')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

  // Close with a resolution: it asks first, says the staff are at work and that it is final.
  await page.getByRole('textbox', { name: 'Řešení' }).fill('Opraveno prasklé potrubí.');
  await page.getByRole('button', { name: 'Uzavřít incident' }).click();
  const ask = page.getByRole('dialog', { name: 'Uzavřít incident?' });
  await expect(ask).toContainText('Správa budovy na incidentu právě pracuje.');
  await expect(ask).toContainText('Uzavřený incident už nepůjde znovu otevřít');
  await ask.getByRole('button', { name: 'Ponechat otevřený' }).click();
  await expect(ask).toBeHidden();
  await expect(timeline.getByText('Změna stavu: Zpracovává se → Uzavřeno')).toHaveCount(0);
  await page.getByRole('button', { name: 'Uzavřít incident' }).click();
  await ask.getByRole('button', { name: 'Ano, uzavřít' }).click();
  await expect(page.getByText('Incident byl úspěšně uzavřen.')).toBeVisible();
  await expect(page.getByText('Incident je uzavřen, nelze jej dále měnit.')).toBeVisible();
  await expect(page.getByText('Opraveno prasklé potrubí.')).toBeVisible();
  await expect(timeline.getByText('Změna stavu: Zpracovává se → Uzavřeno')).toBeVisible();
});

test('what was typed survives an expired session and comes back after logging in again @journey', async ({
  page,
  context,
  a11y,
}) => {
  await goAndLogIn(page, ONE_TENANT_USER, '/prihlaseni?redirect=%2Fhlaseni-incidentu%2Fnovy');
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit incident' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Předmět' }).fill('Nejde otevřít okno');
  await page.getByLabel('Budova').selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Popis' }).fill('Klika je zaseknutá.');
  // The session ends on the server side of the browser: its cookie is gone.
  await context.clearCookies();
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('?redirect=%2Fhlaseni-incidentu%2Fnovy');
  await logIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit incident' })).toBeVisible();
  await expect(page.getByText('Obnovili jsme rozepsané hlášení.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Předmět' })).toHaveValue('Nejde otevřít okno');
  await expect(page.getByRole('textbox', { name: 'Popis' })).toHaveValue('Klika je zaseknutá.');
  await expect(page.getByLabel('Budova')).not.toHaveValue('');
  await a11y.check('restored draft');
});

test('an unknown or another tenant’s incident id shows the product’s not-found message', async ({ page }) => {
  await goAndLogIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', HOME)).toBeVisible();
  await page.goto('/hlaseni-incidentu/999999');
  await expect(page.getByText('Incident s ID 999999 neexistuje nebo k němu nemáte přístup.')).toBeVisible();
  // Ticket 1 of the fresh demo database belongs to the other demo tenant (Alfa).
  await page.goto('/hlaseni-incidentu/1');
  await expect(page.getByText('Incident s ID 1 neexistuje nebo k němu nemáte přístup.')).toBeVisible();
});

test('a tenant without incidents sees the empty state; filters narrow the list', async ({ page, a11y }, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const user = { email: `eva.${stamp}@example.cz`, password: 'Silne-Heslo-2026' };
  await setUpTenant(portalAdmin, {
    tenantName: `Gama ${stamp} s.r.o.`,
    user: { ...user, firstName: 'Eva', lastName: 'Malá' },
  });

  await goAndLogIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Dobrý den, Evo' })).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Hlášení incidentů' }).click();
  await expect(page.getByText('Zatím jste nenahlásili žádný incident.')).toBeVisible();
  await a11y.check('empty incident list');

  // Filters, for a tenant with incidents: Petr's demo tickets, none of them resolved and low.
  await page.context().clearCookies();
  await goAndLogIn(page, ONE_TENANT_USER, '/prihlaseni?redirect=%2Fhlaseni-incidentu');
  await expect(page.getByRole('heading', LIST)).toBeVisible();
  await page.getByLabel('Stav').selectOption({ label: 'Vyřešeno' });
  await page.getByLabel('Priorita').selectOption({ label: 'Malá' });
  await page.getByRole('button', { name: 'Filtrovat' }).click();
  await expect(page).toHaveURL(/\?stav=resolved&priorita=low$/);
  await expect(page.getByText('Zvoleným filtrům neodpovídá žádný incident.')).toBeVisible();
});

test('by keyboard alone: report an incident with an attachment through the error summary, comment and close it', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(120_000);
  const subject = `Nejde zavřít okno (${testInfo.project.name} klávesnice ${Date.now()})`;
  await logInByKeyboard(page, ONE_TENANT_USER);
  await expectOnPage(page, HOME.name);
  await tabTo(page, mainMenu(page).getByRole('link', { name: 'Hlášení incidentů' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expectOnPage(page, LIST.name);
  await tabTo(page, page.getByRole('link', { name: 'Nahlásit incident' }));
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Nahlásit incident');

  await tabTo(page, page.getByRole('button', { name: 'Odeslat hlášení' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Vyskytl se problém' }).locator('..')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zadejte předmět' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Předmět' })).toBeFocused();

  await page.keyboard.type(subject);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Budova')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Budova')).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Priorita')).toBeFocused();
  await page.keyboard.type('Vys');
  await expect(page.getByLabel('Priorita').locator('option:checked')).toHaveText('Vysoká');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Popis' })).toBeFocused();
  // Enter in the description is a new line, not a submit (docs/product.md §5).
  await page.keyboard.type('Okno v kanceláři 2.14 nejde zavřít.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Táhne do místnosti.');
  await expect(page.getByRole('textbox', { name: 'Popis' })).toHaveValue(
    'Okno v kanceláři 2.14 nejde zavřít.\nTáhne do místnosti.',
  );
  await expect(page).toHaveURL(/\/hlaseni-incidentu\/novy$/);
  const files = page.getByLabel(/^Přílohy/);
  await tabTo(page, files);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'okno.png', mimeType: 'image/png', buffer: PNG });
  await tabTo(page, page.getByRole('button', { name: 'Odeslat hlášení' }));
  await page.keyboard.press('Enter');

  // The new incident's page, its heading focused; the confirmation is a toast.
  await expectOnPage(page, subject);
  await expect(page.getByText('Incident byl úspěšně vytvořen.')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Stáhnout okno.png' }));
  await a11y.check('incident created by keyboard');

  await tabTo(page, page.getByRole('textbox', { name: 'Komentář' }));
  await page.keyboard.type('Zatím jsme okno zajistili páskou.');
  await tabTo(page, page.getByRole('button', { name: 'Odeslat komentář' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Komentář byl přidán.')).toBeVisible();
  await expect(page.getByTestId('incident-timeline').getByText('Zatím jsme okno zajistili páskou.')).toBeVisible();
  await expectFocusVisible(page);

  await tabTo(page, page.getByRole('textbox', { name: 'Řešení' }));
  await page.keyboard.type('Nahlášeno omylem, okno se zavřelo.');
  await tabTo(page, page.getByRole('button', { name: 'Uzavřít incident' }));
  await page.keyboard.press('Enter');
  // The question starts on the safe choice; Tab reaches the other.
  await expect(page.getByRole('button', { name: 'Ponechat otevřený' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Ano, uzavřít' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Incident byl úspěšně uzavřen.')).toBeVisible();
  // The close form is gone with the button that had the focus: the note that replaces it has it.
  await expect(page.getByText('Incident je uzavřen, nelze jej dále měnit.')).toBeFocused();
});

test.describe('incidents switched off', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_FLAGS_OFF_PORT) });

  test('no menu entry, the routes go home and the API answers 404', async ({ page }) => {
    await goAndLogIn(page, ONE_TENANT_USER);
    await expect(page.getByRole('heading', HOME)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hlášení incidentů' })).toHaveCount(0);
    for (const path of ['/hlaseni-incidentu', '/hlaseni-incidentu/novy', '/hlaseni-incidentu/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', HOME)).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/');
    }
    const answer = await page.request.get('/api/v1/support_tickets/', { headers: { 'X-CSRF': '1' } });
    expect(answer.status()).toBe(404);
  });
});
