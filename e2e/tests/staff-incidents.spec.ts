import type { Page } from '@playwright/test';
import { DEMO_STAFF_TOTP_SECRET, expect, goAndLogIn, mainMenu, ONE_TENANT_USER, test } from '../support/fixtures.js';
import { expectFocusVisible, expectOnPage, logInByKeyboard, tabTo } from '../support/keyboard.js';

// Issue 17: the operator's side of an incident in the portal's staff area, against the real
// stack – the tenant reports, the staff member finds, assigns, answers, notes internally, plans
// the technician's visit and resolves; the tenant sees the answer and the visit, never the note.

/** The demo staff member without a building limit (apps/api demo data). */
const STAFF_USER = {
  email: 'tomas.dvorak@sprava.example.cz',
  password: 'Heslo123!',
  totpSecret: DEMO_STAFF_TOTP_SECRET,
  displayName: 'Tomáš Dvořák',
};
const OVERVIEW = { level: 1, name: 'Správa budov' } as const;
const QUEUE = { level: 1, name: 'Incidenty nájemců' } as const;

/** A day `days` after today in Prague, as the staff forms take it („27. 11. 2026"). */
function pragueDayInput(days: number): string {
  return new Intl.DateTimeFormat('cs-CZ', {
    timeZone: 'Europe/Prague',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  })
    .format(new Date(Date.now() + days * 86_400_000))
    .replace(/\s+/g, ' ');
}

/** The tenant reports an incident in the first building offered; answers its id and the building's name. */
async function reportAsTenant(
  page: Page,
  subject: string,
): Promise<{ id: string; building: string; buildingId: string }> {
  await goAndLogIn(page, ONE_TENANT_USER, '/prihlaseni?redirect=%2Fhlaseni-incidentu%2Fnovy');
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit incident' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Předmět' }).fill(subject);
  await page.getByLabel('Budova').selectOption({ index: 1 });
  // The tenant's form names a building with its city („Kancelářský dům Florenc, Praha 1").
  const label = (await page.getByLabel('Budova').locator('option:checked').textContent()) ?? '';
  const buildingId = await page.getByLabel('Budova').inputValue();
  await page.getByRole('textbox', { name: 'Popis' }).fill('Ve sklepě u výtahu teče voda z potrubí.');
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  await expect(page.getByText('Incident byl úspěšně vytvořen.')).toBeVisible();
  await expect(page).toHaveURL(/\/hlaseni-incidentu\/\d+$/);
  return {
    id: new URL(page.url()).pathname.split('/').at(-1) as string,
    building: label.slice(0, label.lastIndexOf(',')).trim(),
    buildingId,
  };
}

test('staff find a tenant’s incident by building, assign, note, answer, plan a visit and resolve it; the tenant sees the answer and the visit, never the note @journey', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const subject = `Teče voda ve sklepě (${stamp})`;
  const note = `Interní: ventil objednán u dodavatele (${stamp}).`;
  const reply = `Technik přijde zítra dopoledne (${stamp}).`;
  const visitNote = 'Zajistěte prosím přístup do sklepa.';
  const { id, building, buildingId } = await reportAsTenant(page, subject);

  // A tenant is sent home from the staff area.
  await page.goto('/sprava/incidenty');
  await expect(page).toHaveURL(/\/$/);

  // The staff member lands on the overview.
  await page.context().clearCookies();
  await goAndLogIn(page, STAFF_USER);
  await expect(page.getByRole('heading', OVERVIEW)).toBeVisible();
  await expect(page).toHaveURL(/\/sprava$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Nejnovější nepřiřazené' })).toBeVisible();
  await a11y.check('staff overview');
  // Tenant pages send a staff member back to the staff area.
  await page.goto('/hlaseni-incidentu');
  await expect(page.getByRole('heading', OVERVIEW)).toBeVisible();

  // The queue, filtered by the building the tenant chose; the filter stays in the address.
  await mainMenu(page).getByRole('link', { name: 'Incidenty' }).click();
  await expect(page.getByRole('heading', QUEUE)).toBeVisible();
  await page.getByLabel('Budova').selectOption(buildingId);
  await expect(page.getByLabel('Budova').locator('option:checked')).toHaveText(building);
  await page.getByRole('checkbox', { name: 'Otevřeno' }).check();
  await page.getByRole('button', { name: 'Filtrovat' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]budova=${buildingId}(&|$)`));
  await expect(page).toHaveURL(/[?&]stav=open/);
  const queue = page.getByRole('table');
  const row = queue.getByRole('row').filter({ has: page.getByRole('link', { name: subject }) });
  await expect(row).toContainText(building);
  await expect(row).toContainText(ONE_TENANT_USER.tenant);
  await expect(row).toContainText('Nepřiřazeno');
  for (const cell of await queue.getByRole('row').all()) {
    if ((await cell.getByRole('cell').count()) > 0) await expect(cell).toContainText(building);
  }
  await a11y.check('staff queue filtered by building');
  await row.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/sprava/incidenty/${id}$`));

  // Assign to oneself and start.
  await page.getByLabel('Řešitel', { exact: true }).selectOption({ label: `${STAFF_USER.displayName} (já)` });
  await page.getByLabel('Stav', { exact: true }).selectOption({ label: 'Zpracovává se' });
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page.getByText('Změny byly uloženy.')).toBeVisible();
  const timeline = page.getByTestId('staff-timeline');
  await expect(timeline.getByText(`Přiřazeno: ${STAFF_USER.displayName}`)).toBeVisible();
  await expect(timeline.getByText('Změna stavu: Otevřeno → Zpracovává se')).toBeVisible();

  // A message needs a deliberate audience: without one nothing is sent.
  const messageForm = page.getByRole('region', { name: 'Napsat zprávu' });
  await messageForm.getByRole('textbox', { name: 'Zpráva' }).fill(note);
  await messageForm.getByRole('button', { name: 'Odeslat' }).click();
  await expect(messageForm.getByRole('link', { name: 'Vyberte, kdo zprávu uvidí' })).toBeVisible();
  await a11y.check('message without an audience');
  await messageForm.getByRole('radio', { name: /Interní poznámka/ }).check();
  await messageForm.getByRole('button', { name: 'Uložit interní poznámku' }).click();
  await expect(page.getByText('Interní poznámka byla uložena.')).toBeVisible();
  const noteEntry = timeline.getByRole('listitem').filter({ hasText: note });
  await expect(noteEntry).toContainText('Jen pro správu');
  await expect(noteEntry).toContainText('Interní poznámka');

  await messageForm.getByRole('textbox', { name: 'Zpráva' }).fill(reply);
  await messageForm.getByRole('radio', { name: /Odpověď nájemci/ }).check();
  await messageForm.getByRole('button', { name: 'Odeslat odpověď nájemci' }).click();
  await expect(page.getByText('Odpověď byla odeslána nájemci.')).toBeVisible();
  const replyEntry = timeline.getByRole('listitem').filter({ hasText: reply });
  await expect(replyEntry).toContainText('Odpověď nájemci');
  await expect(replyEntry).not.toContainText('Jen pro správu');

  // The technician's visit tomorrow, 9:00–11:30 Prague time.
  const visitForm = page.getByRole('region', { name: 'Návštěva technika' });
  const tomorrow = pragueDayInput(1);
  await visitForm.getByRole('textbox', { name: 'Den začátku' }).fill(tomorrow);
  await visitForm.getByRole('textbox', { name: 'Čas začátku' }).fill('9:00');
  await visitForm.getByRole('textbox', { name: 'Den konce' }).fill(tomorrow);
  await visitForm.getByRole('textbox', { name: 'Čas konce' }).fill('11:30');
  await visitForm.getByRole('textbox', { name: /^Poznámka pro nájemce/ }).fill(visitNote);
  await visitForm.getByRole('button', { name: 'Uložit termín' }).click();
  await expect(page.getByText('Termín návštěvy byl uložen.')).toBeVisible();
  await expect(visitForm.getByText(/^Naplánováno: .*9:00–11:30$/)).toBeVisible();
  await expect(timeline.getByText(/^Termín návštěvy technika: .*9:00–11:30$/)).toBeVisible();

  // Resolved, with the resolution the tenant reads.
  await page.getByLabel('Stav', { exact: true }).selectOption({ label: 'Vyřešeno' });
  await page.getByRole('textbox', { name: /^Řešení/ }).fill('Vyměněn prasklý ventil.');
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page.getByText('Změny byly uloženy.').last()).toBeVisible();
  await expect(timeline.getByText('Změna stavu: Zpracovává se → Vyřešeno')).toBeVisible();
  await a11y.check('staff detail of the resolved incident');

  // The tenant: the answer, the visit and the resolution; the internal note nowhere, not even
  // in what the API sent the browser.
  await page.context().clearCookies();
  await goAndLogIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', { level: 1, name: ONE_TENANT_USER.greeting })).toBeVisible();
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api/v1/support_tickets/${id}/` && response.ok(),
  );
  await page.goto(`/hlaseni-incidentu/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  expect(await (await answer).text()).not.toContain(note);
  const tenantTimeline = page.getByTestId('incident-timeline');
  await expect(tenantTimeline.getByText(reply)).toBeVisible();
  await expect(tenantTimeline.getByText(/^Termín návštěvy technika: .*9:00–11:30$/)).toBeVisible();
  await expect(page.getByText('Návštěva technika', { exact: true }).locator('..')).toContainText(visitNote);
  await expect(page.getByText('Vyměněn prasklý ventil.')).toBeVisible();
  await expect(page.getByText(note)).toHaveCount(0);
  await expect(page.getByText('Interní poznámka')).toHaveCount(0);
  await a11y.check('tenant detail after the staff answered');
});

test('by keyboard alone: the staff find an incident, note it internally and answer the tenant', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name} klávesnice ${Date.now()}`;
  const subject = `Bliká světlo na chodbě (${stamp})`;
  await reportAsTenant(page, subject);
  await page.context().clearCookies();

  await logInByKeyboard(page, STAFF_USER);
  await expectOnPage(page, OVERVIEW.name);
  await tabTo(page, mainMenu(page).getByRole('link', { name: 'Incidenty' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expectOnPage(page, QUEUE.name);

  // Full text finds it; the filters are applied with Enter in the search field.
  await tabTo(page, page.getByRole('searchbox', { name: 'Hledat' }));
  await page.keyboard.type(subject);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]hledat=/);
  const link = page.getByRole('table').getByRole('link', { name: subject });
  await expect(link).toBeVisible();
  // Sorting by a column header, by keyboard.
  await tabTo(page, page.getByRole('link', { name: 'Priorita', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]razeni=-priority/);
  await expect(page.getByRole('link', { name: 'Priorita, seřazeno sestupně' })).toBeFocused();
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expectOnPage(page, subject);

  // The audience by arrow keys: Tab enters the group on its first choice, ArrowDown picks the note.
  await tabTo(page, page.getByRole('radio', { name: 'Odpověď nájemci' }));
  await expect(page.getByRole('radio', { name: 'Odpověď nájemci' })).not.toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Interní poznámka' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Interní poznámka' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Zpráva' })).toBeFocused();
  // Enter in the text is a new line, not a submit.
  await page.keyboard.type('Elektrikář je objednán.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Nájemce zatím neinformovat.');
  await tabTo(page, page.getByRole('button', { name: 'Uložit interní poznámku' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Interní poznámka byla uložena.')).toBeVisible();
  await expect(
    page.getByTestId('staff-timeline').getByRole('listitem').filter({ hasText: 'Nájemce zatím neinformovat.' }),
  ).toContainText('Jen pro správu');

  // The answer: the choice was cleared after the note, so it is made again. Back from the text
  // into the group, which (nothing chosen) takes the focus on one of its buttons; the arrow keys
  // or Space pick the answer.
  const answerRadio = page.getByRole('radio', { name: 'Odpověď nájemci' });
  const noteRadio = page.getByRole('radio', { name: 'Interní poznámka' });
  await tabTo(page, page.getByRole('textbox', { name: 'Zpráva' }), { backwards: true });
  await page.keyboard.press('Shift+Tab');
  await expectFocusVisible(page);
  await expect(noteRadio).not.toBeChecked();
  if (await noteRadio.evaluate((element) => element === document.activeElement)) await page.keyboard.press('ArrowUp');
  else await page.keyboard.press('Space');
  await expect(answerRadio).toBeChecked();
  await expect(answerRadio).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Zpráva' })).toBeFocused();
  await page.keyboard.type('Elektrikář přijde ve čtvrtek.');
  await tabTo(page, page.getByRole('button', { name: 'Odeslat odpověď nájemci' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Odpověď byla odeslána nájemci.')).toBeVisible();

  // Priority by typing in the select, saved with Enter on the button.
  await tabTo(page, page.getByLabel('Priorita', { exact: true }), { backwards: true });
  await page.keyboard.type('Vys');
  await expect(page.getByLabel('Priorita', { exact: true }).locator('option:checked')).toHaveText('Vysoká');
  await tabTo(page, page.getByRole('button', { name: 'Uložit změny' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Změny byly uloženy.')).toBeVisible();
  await expect(page.getByTestId('staff-timeline').getByText('Změna priority: Normální → Vysoká')).toBeVisible();
  await a11y.check('staff detail by keyboard');
});
