import { expect, test } from '@playwright/test';
import { isAlive, pidOf, productionScript } from './support.js';

// Restarting services of the running set, as an operator does (production.sh restart): what a
// client sees through nginx meanwhile, and that the set serves again as soon as they are back.
// Found by tools/load's fault check; each test leaves the whole set running.

const API = { 'x-csrf': '1' };
/** Public and anonymous, but answered by the operator API through a BFF. */
const ROOMS = '/api/v1/meeting_rooms/';
const CZECH = /[áčďéěíňóřšťúůýž]/;

async function stopService(service: string): Promise<void> {
  const pid = pidOf(service);
  process.kill(pid, 'SIGTERM');
  await expect.poll(() => isAlive(pid), { timeout: 20_000 }).toBe(false);
}

test('while every API instance is down every answer is the BFF’s Czech 502, and both serve again once back', async ({
  request,
}) => {
  expect((await request.get(ROOMS, { headers: API })).status()).toBe(200);
  await stopService('api-1');
  await stopService('api-2');
  let restarted: ReturnType<typeof productionScript> | undefined;
  try {
    // Each BFF answers 502 with the portal's error body. nginx used to count that as the
    // instance failing, took both out for fail_timeout and answered its own HTML 502 meanwhile.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await request.get(ROOMS, { headers: API });
      expect(answer.status()).toBe(502);
      expect(answer.headers()['content-type']).toContain('application/json');
      expect(await answer.json()).toMatchObject({
        code: 'upstream_unavailable',
        message: expect.stringMatching(CZECH),
      });
    }
  } finally {
    restarted = productionScript('restart', 'api');
  }
  expect(restarted.status, restarted.stderr).toBe(0);
  // At once, not after nginx's fail_timeout (10 s): the instances never counted as failed.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    expect((await request.get(ROOMS, { headers: API })).status()).toBe(200);
  }
});

test('with no BFF instance reachable, nginx answers the API in the portal’s Czech error body and pages in Czech', async ({
  request,
}) => {
  await stopService('bff-1');
  await stopService('bff-2');
  try {
    const api = await request.get('/api/config', { headers: API });
    expect(api.status()).toBe(502);
    expect(api.headers()['content-type']).toContain('application/json');
    expect(api.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(await api.json()).toEqual({ code: 'bff_unavailable', message: expect.stringMatching(CZECH) });

    const page = await request.get('/prihlaseni', { headers: { accept: 'text/html' } });
    expect(page.status()).toBe(502);
    expect(page.headers()['content-type']).toContain('text/html');
    expect(await page.text()).toContain('Služba je dočasně nedostupná');
  } finally {
    for (const service of ['bff-1', 'bff-2']) {
      const restarted = productionScript('restart', service);
      expect(restarted.status, restarted.stderr).toBe(0);
    }
  }
  // nginx took both out when they refused connections; it lets them in again once none is left.
  await expect
    .poll(async () => (await request.get('/api/config', { headers: API })).status(), { timeout: 15_000 })
    .toBe(200);
});
