import { expect, test } from '@playwright/test';
import { jsonLines, killService, logFile, operatorData } from './support.js';
import { commentOnIncident, logIn, openIncidents, reportIncident } from './tenant-steps.js';

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
  await logIn(page, user);

  const sessionCookie = async () => (await context.cookies()).find((cookie) => cookie.name === '__Host-portal_session');
  const session = await sessionCookie();
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });

  // The incident list (empty for a new tenant), then a new incident.
  await openIncidents(page);
  await reportIncident(page, subject, 'Na chodbě ve 3. patře nesvítí žádné světlo.');
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  // nginx balanced this session's requests over both instances: the session is shared.
  const upstreams = new Set(
    jsonLines(logFile('nginx-access'))
      .slice(firstLine)
      .map((line) => String(line['upstream'])),
  );
  expect([...upstreams].filter((address) => /:370[12]$/.test(address)).length).toBe(2);

  // One instance dies without warning.
  await killService('bff-1');
  const linesBefore = jsonLines(logFile('nginx-access')).length;

  // Same session, still logged in: the list shows the incident, a comment goes through.
  await page.getByRole('link', { name: 'Zpět na seznam incidentů' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hlášení incidentů' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: subject })).toBeVisible();
  await commentOnIncident(page, subject, 'Pořád nesvítí.');
  expect((await sessionCookie())?.value).toBe(session?.value);

  // And a second incident, created after the failover.
  await page.getByRole('link', { name: 'Zpět na seznam incidentů' }).click();
  await reportIncident(page, `${subject} – znovu`, 'Po výpadku serveru stále nesvítí.');

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
