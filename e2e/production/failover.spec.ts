import { expect, test } from '@playwright/test';
import { isAlive, jsonLines, logFile, operatorData, pidOf } from './support.js';

// A tenant's session through nginx over HTTPS in Chromium, served by both BFF instances
// (sessions in Redis); one instance dies mid-session and the other carries on with the same
// session.

test('log in, report incidents, lose a BFF instance and carry on with the same session', async ({ page, context }) => {
  const user = operatorData();
  const subject = `Nefunguje světlo na chodbě (${Date.now()})`;
  // This test's requests only (one worker): the lines nginx writes from here on.
  const firstLine = jsonLines(logFile('nginx-access')).length;

  await page.goto('/prihlaseni');
  await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení' })).toBeVisible();
  // Over HTTP/2 with TLS.
  expect(
    await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    ),
  ).toBe('h2');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Heslo', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Dobrý den, ${user.firstName}` })).toBeVisible();

  const sessionCookie = async () => (await context.cookies()).find((cookie) => cookie.name === '__Host-portal_session');
  const session = await sessionCookie();
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });

  // The incident list (empty for a new tenant), then a new incident.
  await page
    .getByRole('navigation', { name: 'Hlavní nabídka' })
    .getByRole('link', { name: 'Hlášení incidentů' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hlášení incidentů' })).toBeVisible();
  await page.getByRole('link', { name: 'Nahlásit incident' }).click();
  await page.getByRole('textbox', { name: 'Předmět' }).fill(subject);
  await page.getByLabel('Budova').selectOption({ label: 'Dům Gama, Praha 1' });
  await page.getByRole('textbox', { name: 'Popis' }).fill('Na chodbě ve 3. patře nesvítí žádné světlo.');
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  await expect(page.getByText('Incident byl úspěšně vytvořen.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  // nginx balanced this session's requests over both instances: the session is shared.
  const upstreams = new Set(
    jsonLines(logFile('nginx-access'))
      .slice(firstLine)
      .map((line) => String(line['upstream'])),
  );
  expect([...upstreams].filter((address) => /:370[12]$/.test(address)).length).toBe(2);

  // One instance dies without warning.
  const victim = pidOf('bff-1');
  process.kill(victim, 'SIGKILL');
  await expect.poll(() => isAlive(victim)).toBe(false);
  const linesBefore = jsonLines(logFile('nginx-access')).length;

  // Same session, still logged in: the list shows the incident, a comment goes through.
  await page.getByRole('link', { name: 'Zpět na seznam incidentů' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hlášení incidentů' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: subject })).toBeVisible();
  await page.getByRole('link', { name: subject }).click();
  await page.getByRole('textbox', { name: 'Komentář' }).fill('Pořád nesvítí.');
  await page.getByRole('button', { name: 'Odeslat komentář' }).click();
  await expect(page.getByText('Komentář byl přidán.')).toBeVisible();
  await expect(page.getByTestId('incident-timeline').getByText('Pořád nesvítí.')).toBeVisible();
  expect((await sessionCookie())?.value).toBe(session?.value);

  // And a second incident, created after the failover.
  await page.getByRole('link', { name: 'Zpět na seznam incidentů' }).click();
  await page.getByRole('link', { name: 'Nahlásit incident' }).click();
  await page.getByRole('textbox', { name: 'Předmět' }).fill(`${subject} – znovu`);
  await page.getByLabel('Budova').selectOption({ label: 'Dům Gama, Praha 1' });
  await page.getByRole('textbox', { name: 'Popis' }).fill('Po výpadku serveru stále nesvítí.');
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  await expect(page.getByText('Incident byl úspěšně vytvořen.')).toBeVisible();

  // Everything after the kill was answered by the surviving instance, none with an error.
  const after = jsonLines(logFile('nginx-access')).slice(linesBefore);
  expect(after.length).toBeGreaterThan(0);
  for (const line of after) {
    expect(Number(line['status']), String(line['uri'])).toBeLessThan(500);
    // nginx may first try the dead instance ("127.0.0.1:3701, 127.0.0.1:3702"); the answer
    // always comes from the living one.
    expect(String(line['upstream'])).toMatch(/(^|, )127\.0\.0\.1:3702$|^$/);
  }
});
