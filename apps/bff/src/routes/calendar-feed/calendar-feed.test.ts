import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestBff, logIn } from '../../testing/build-test-bff.js';
import { FAKE_PASSWORD, FAKE_USER, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.js';
import { CALENDAR_FEED_PATH } from './index.js';

const FEED =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//CS\r\nBEGIN:VEVENT\r\nUID:maintenance-event-1@portal.test\r\nSUMMARY:Odstávka vody\r\nDTSTAMP:20261120T100000Z\r\nDTSTART:20261201T070000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

describe('the public calendar feed of planned outages', () => {
  let upstream: FakeUpstream;
  let app: FastifyInstance;

  async function start(
    env: Record<string, string> = {},
    answer: (url: string) => { status: number; type: string; body: string } = () => ({
      status: 200,
      type: 'text/calendar; charset=utf-8',
      body: FEED,
    }),
  ) {
    upstream = await startFakeUpstream();
    upstream.handlers.push((request, response) => {
      if (!request.url.startsWith('/api/v1/maintenance_events/calendar.ics')) return false;
      const { status, type, body } = answer(request.url);
      response.writeHead(status, { 'content-type': type, 'set-cookie': 'upstream=1' });
      response.end(body);
      return true;
    });
    app = await buildTestBff({ upstreamUrl: upstream.url, env });
  }
  const feedHits = () => upstream.hits('/api/v1/maintenance_events/calendar.ics');

  afterEach(async () => {
    await app?.close();
    await upstream?.close();
  });

  it('answers a calendar application: no cookie, no X-CSRF, text/calendar, cacheable', async () => {
    await start();
    const response = await app.inject({
      method: 'GET',
      url: CALENDAR_FEED_PATH,
      headers: { 'user-agent': 'Google-Calendar-Importer' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=900');
    expect(response.headers['content-disposition']).toBe('inline; filename="planovane-vypadky.ics"');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toBe(FEED);
    expect(feedHits().map((hit) => hit.url)).toEqual(['/api/v1/maintenance_events/calendar.ics']);
  });

  it('never sends the session upstream: a logged-in browser gets the public feed too', async () => {
    await start();
    const { cookie } = await logIn(app, { email: FAKE_USER.email, password: FAKE_PASSWORD });
    const response = await app.inject({
      method: 'GET',
      url: CALENDAR_FEED_PATH,
      headers: { cookie, authorization: 'Bearer evil', 'x-tenant-id': 'tenant-alfa' },
    });
    expect(response.statusCode).toBe(200);
    const [hit] = feedHits();
    expect(hit?.headers.authorization).toBeUndefined();
    expect(hit?.headers['x-tenant-id']).toBeUndefined();
    expect(hit?.headers.cookie).toBeUndefined();
  });

  it('passes a validated building on and refuses anything else before the upstream', async () => {
    await start();
    expect((await app.inject({ method: 'GET', url: `${CALENDAR_FEED_PATH}?budova=3&other=x` })).statusCode).toBe(200);
    expect(feedHits().map((hit) => hit.url)).toEqual(['/api/v1/maintenance_events/calendar.ics?building=3']);
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const response = await app.inject({ method: 'GET', url: `${CALENDAR_FEED_PATH}?budova=${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
    }
    expect(feedHits()).toHaveLength(1);
  });

  it('is gone with the maintenanceEvents flag, like the rest of the feature', async () => {
    await start({ FEATURE_MAINTENANCE_EVENTS: 'false' });
    const response = await app.inject({ method: 'GET', url: CALENDAR_FEED_PATH });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
    expect(feedHits()).toEqual([]);
  });

  it('turns upstream failures and nonsense into Czech error bodies, never a 5xx body of the upstream', async () => {
    await start({}, (url) =>
      url.includes('building=1')
        ? { status: 200, type: 'text/html', body: '<html>proxy error</html>' }
        : { status: 500, type: 'text/plain', body: 'Traceback: secret' },
    );
    const html = await app.inject({ method: 'GET', url: `${CALENDAR_FEED_PATH}?budova=1` });
    expect(html.statusCode).toBe(502);
    expect(html.json()).toMatchObject({ code: 'upstream_bad_response' });
    const failed = await app.inject({ method: 'GET', url: CALENDAR_FEED_PATH });
    expect(failed.statusCode).toBe(502);
    expect(failed.body).not.toContain('Traceback');
    expect(failed.headers['cache-control']).toBe('no-store');
  });
});
