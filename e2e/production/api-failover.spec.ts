import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { envFile, jsonLines, killService, logFile, operatorData, productionScript, RECIPE } from './support.js';
import { commentOnIncident, logIn, openIncidents, reportIncident } from './tenant-steps.js';

// A tenant's session in Chromium while one of the two API instances dies: the BFFs send every
// call to the other instance (files and sessions are shared through PostgreSQL and Redis), so
// the user notices nothing. Behind the scenes a call that reached the dead instance is tried
// once more on the other (never more: each instance at most once per call, see
// apps/bff/src/upstream/upstream-balancing.test.ts), and only the calls a BFF sent before it
// knew are affected: after its first refused connection it leaves the instance out.

/** Upstream attempts that failed on the network, summed over both BFF instances (their metrics). */
async function networkErrors(): Promise<number> {
  let total = 0;
  for (const file of ['bff-1.env', 'bff-2.env']) {
    const port = envFile(join(RECIPE, 'env', file))['METRICS_PORT'];
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const match = /portal_bff_upstream_request_duration_seconds_count\{outcome="network_error"\} (\d+)/.exec(text);
    total += Number(match?.[1] ?? 0);
  }
  return total;
}

/** Requests under /api/ an API instance logged from line `from` on (its health probes left out). */
const servedBy = (instance: string, from: number) =>
  jsonLines(logFile(instance))
    .slice(from)
    .filter((line) => {
      const url = (line['req'] as { url?: unknown } | undefined)?.url;
      return typeof url === 'string' && url.startsWith('/api/');
    }).length;

test('kill one API instance mid-session: the user carries on, and it rejoins after a restart', async ({ page }) => {
  const user = operatorData();
  const subject = `Teče voda ze stropu (${Date.now()})`;

  await page.goto('/prihlaseni');
  await logIn(page, user);
  await openIncidents(page);
  await reportIncident(page, subject, 'V kuchyňce ve 2. patře kape voda ze stropu.');
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  // api-1 dies without warning, between two of the user's clicks.
  const errorsBefore = await networkErrors();
  const nginxBefore = jsonLines(logFile('nginx-access')).length;
  const api2Before = jsonLines(logFile('api-2')).length;
  await killService('api-1');

  try {
    // The same session carries on: the list, the incident, a comment, a second incident.
    await page.getByRole('link', { name: 'Zpět na seznam incidentů' }).click();
    // The list's data may come from the surviving instance after a retry: wait for the page
    // before reloading it, or the reload would reload the incident instead.
    await expect(page.getByRole('heading', { level: 1, name: 'Hlášení incidentů' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: subject })).toBeVisible();
    await commentOnIncident(page, subject, 'Už kape i na chodbě.');
    await page.getByRole('link', { name: 'Zpět na seznam incidentů' }).click();
    await reportIncident(page, `${subject} – znovu`, 'Po výpadku serveru stále kape.');

    // Nothing the browser asked for failed…
    const after = jsonLines(logFile('nginx-access')).slice(nginxBefore);
    expect(after.length).toBeGreaterThan(0);
    for (const line of after) expect(Number(line['status']), String(line['uri'])).toBeLessThan(500);
    // …api-2 answered it, and only the calls in flight when each BFF found api-1 gone (a page
    // loads a few at once) needed their one retry.
    expect(servedBy('api-2', api2Before)).toBeGreaterThan(0);
    const retried = (await networkErrors()) - errorsBefore;
    test.info().annotations.push({ type: 'calls retried on api-2', description: String(retried) });
    expect(retried).toBeLessThanOrEqual(4);
  } finally {
    const restarted = productionScript('restart', 'api-1');
    expect(restarted.status, restarted.stderr).toBe(0);
  }

  // Back in the rotation once its health answers: it serves the session's calls again.
  const api1Before = jsonLines(logFile('api-1')).length;
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        return servedBy('api-1', api1Before);
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
});
