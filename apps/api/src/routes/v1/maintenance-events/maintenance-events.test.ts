import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../../demo/demo-data.js';
import { maintenanceEvents } from '../../../db/schema.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { assertMatchesContract } from '../../../testing/contract.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { login, request } from '../../../testing/test-client.js';

const BETA = { 'x-tenant-id': DEMO_TENANTS.beta.id };
const CALENDAR_URL = '/api/v1/maintenance_events/calendar.ics';

interface Event {
  id: number;
  title: string;
  visibility: 'public' | 'tenant_only';
  building: { id: number; name: string };
  starts_at: string;
  ends_at: string | null;
}

/** The VEVENT blocks of a feed as property maps (lines unfolded first, RFC 5545 3.1). */
function parseEvents(ics: string): Array<Record<string, string>> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).split(';')[0] ?? ''] = line.slice(colon + 1);
    }
  }
  return events;
}

describe.each(DATABASE_DRIVERS)('maintenance events (%s)', (driver) => {
  let t: TestApp;
  let petr: string;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    petr = (await login(t.app, DEMO_USERS.petr.email, DEMO_PASSWORD)).access;
  });
  afterAll(() => t?.close());

  const calendar = async (url: string, headers: Record<string, string> = {}) => {
    const raw = await t.app.inject({ method: 'GET', url, headers });
    await assertMatchesContract({
      method: 'GET',
      url,
      statusCode: raw.statusCode,
      headers: raw.headers,
      body: raw.body,
    });
    return raw;
  };

  it('ended=false keeps what is under way or to come, ended=true what is over; the two split the list', async () => {
    const all = await request(t.app, { method: 'GET', url: '/api/v1/maintenance_events/?page_size=100' });
    const upcoming = await request(t.app, {
      method: 'GET',
      url: '/api/v1/maintenance_events/?ended=false&page_size=100',
    });
    const past = await request(t.app, {
      method: 'GET',
      url: '/api/v1/maintenance_events/?ended=true&ordering=-starts_at',
    });
    const now = Date.now();
    const upcomingEvents = upcoming.body as Event[];
    const pastEvents = past.body as Event[];
    expect(upcomingEvents.length).toBeGreaterThan(0);
    expect(pastEvents.length).toBeGreaterThan(0);
    expect(upcomingEvents.every((event) => event.ends_at === null || Date.parse(event.ends_at) > now)).toBe(true);
    expect(pastEvents.every((event) => event.ends_at !== null && Date.parse(event.ends_at) <= now)).toBe(true);
    expect(Number(upcoming.headers['x-total-count']) + Number(past.headers['x-total-count'])).toBe(
      Number(all.headers['x-total-count']),
    );
    // The demo has an outage under way right now, listed before the ones to come.
    const first = upcomingEvents[0];
    expect(first && Date.parse(first.starts_at) <= now).toBe(true);
    // Newest past first when asked so.
    const starts = pastEvents.map((event) => event.starts_at);
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it('an event without an end is never over', async () => {
    const [building] = (await request(t.app, { method: 'GET', url: '/api/v1/buildings/' })).body as Array<{
      id: number;
    }>;
    const [row] = await t.app.db
      .insert(maintenanceEvents)
      .values({
        buildingId: building?.id ?? 0,
        title: 'Bez konce',
        description: 'Konec neznámý.',
        category: 'other',
        visibility: 'public',
        startsAt: new Date(Date.now() - 86_400_000 * 400),
        endsAt: null,
      })
      .returning();
    const upcoming = await request(t.app, {
      method: 'GET',
      url: '/api/v1/maintenance_events/?ended=false&page_size=100',
    });
    expect((upcoming.body as Event[]).map((event) => event.id)).toContain(row?.id);
    const past = await request(t.app, { method: 'GET', url: '/api/v1/maintenance_events/?ended=true&page_size=100' });
    expect((past.body as Event[]).map((event) => event.id)).not.toContain(row?.id);
    // Also in the feed however long ago it started, without DTEND.
    const feed = parseEvents((await calendar(CALENDAR_URL)).body);
    const open = feed.find((event) => event['SUMMARY'] === 'Bez konce');
    expect(open?.['DTEND']).toBeUndefined();
    expect(open?.['DESCRIPTION']).toContain('Konec zatím není znám.');
    await t.app.db.delete(maintenanceEvents).where(eq(maintenanceEvents.id, row?.id ?? 0));
  });

  it('the calendar feed: text/calendar, public events for anyone, stable UIDs, UTC times, Czech text', async () => {
    const first = await calendar(CALENDAR_URL);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=900');
    const text = first.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(text).toContain('X-WR-CALNAME:Plánované odstávky');
    // Every line at most 75 octets (RFC 5545 3.1), Czech letters included.
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    const list = (await request(t.app, { method: 'GET', url: '/api/v1/maintenance_events/?page_size=100' }))
      .body as Event[];
    const feed = parseEvents(text);
    expect(feed.length).toBe(
      list.filter((event) => event.ends_at === null || Date.parse(event.ends_at) > Date.now() - 90 * 86_400_000).length,
    );
    const water = list.find((event) => event.title === 'Odstávka teplé vody');
    const entry = feed.find((event) => event['UID'] === `maintenance-event-${water?.id}@portal.test`);
    expect(entry).toBeDefined();
    expect(entry?.['SUMMARY']).toBe('Odstávka teplé vody');
    expect(entry?.['DTSTART']).toBe(water?.starts_at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z'));
    expect(entry?.['DTEND']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(entry?.['DTSTAMP']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(entry?.['LOCATION']).toBe('Kancelářský dům Florenc\\, Na Florenci 2116/15\\, 110 00 Praha 1');
    expect(entry?.['CATEGORIES']).toBe('Voda');
    expect(entry?.['DESCRIPTION']).toBe('Z důvodu čištění výměníku nepoteče teplá voda.');
    // Tenant-only outages never reach an anonymous feed.
    const tenantOnly = (
      await request(t.app, {
        method: 'GET',
        url: '/api/v1/maintenance_events/?visibility=tenant_only',
        token: petr,
        headers: BETA,
      })
    ).body as Event[];
    expect(tenantOnly.length).toBeGreaterThan(0);
    for (const hidden of tenantOnly) expect(text).not.toContain(`maintenance-event-${hidden.id}@`);

    // The same feed again: byte for byte (UIDs and stamps do not move).
    expect((await calendar(CALENDAR_URL)).body).toBe(text);
  });

  it('the calendar feed of a tenant includes its tenant-only outages and is private', async () => {
    const response = await calendar(CALENDAR_URL, { authorization: `Bearer ${petr}`, ...BETA });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=900');
    const summaries = parseEvents(response.body).map((event) => event['SUMMARY']);
    expect(summaries).toContain('Revize výtahů');
  });

  it('the calendar feed of one building; an unknown one is empty; bad input is a 400', async () => {
    const buildings = (await request(t.app, { method: 'GET', url: '/api/v1/buildings/?ordering=id' })).body as Array<{
      id: number;
      name: string;
    }>;
    const smichov = buildings.find((building) => building.name === 'Smíchov Gate');
    const response = await calendar(`${CALENDAR_URL}?building=${smichov?.id}`);
    expect(response.body).toContain('X-WR-CALNAME:Plánované odstávky – Smíchov Gate');
    const feed = parseEvents(response.body);
    expect(feed.length).toBeGreaterThan(0);
    expect(feed.every((event) => event['LOCATION']?.startsWith('Smíchov Gate'))).toBe(true);

    const unknown = await calendar(`${CALENDAR_URL}?building=999999`);
    expect(unknown.statusCode).toBe(200);
    expect(parseEvents(unknown.body)).toEqual([]);
    expect(unknown.body).toContain('BEGIN:VCALENDAR');

    const bad = await t.app.inject({ method: 'GET', url: `${CALENDAR_URL}?building=abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('building');
  });
});
