import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../../demo/demo-data.js';
import { meetingRooms, reservations } from '../../../db/schema.js';
import { pragueDayStart } from '../../../domain/prague-time.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { waitForMail } from '../../../testing/outbox.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { login, request } from '../../../testing/test-client.js';

const ALFA = { 'x-tenant-id': DEMO_TENANTS.alfa.id };

/** `hour`:00 Prague time on the day `days` from now, one hour long (on every demo room's grid). */
function slot(days: number, hour = 10) {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const start = new Date(pragueDayStart(day).getTime() + hour * 3_600_000);
  return { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 3_600_000).toISOString() };
}

const linkUrl = (uuid: string, token: string) => `/api/v1/meeting_rooms/reservation/${uuid}/cancel/${token}/`;

describe.each(DATABASE_DRIVERS)('public reservation cancellation link (%s)', (driver) => {
  let t: TestApp;
  let publicRoomId: number;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    const [room] = await t.app.db.select().from(meetingRooms).where(eq(meetingRooms.publicBooking, true)).limit(1);
    publicRoomId = room?.id ?? 0;
  });
  afterAll(() => t?.close());

  async function book(days: number, email = 'eva.hostova@example.cz') {
    const made = await request(t.app, {
      method: 'POST',
      url: '/api/v1/meeting_rooms/reservation/public/',
      body: { room: publicRoomId, name: 'Eva Hostová', email, ...slot(days, 9) },
    });
    expect(made.statusCode).toBe(201);
    return made.body as { uuid: string; cancel_token: string; starts_at: string };
  }

  it('e-mails the visitor a link to the public booking page with uuid and token', async () => {
    const email = `link.${driver}@example.cz`;
    const { uuid, cancel_token: token } = await book(30, email);
    const mail = await waitForMail(path.join(t.config.dataDir, 'outbox'), (candidate) => candidate.to === email);
    expect(mail.type).toBe('public-reservation');
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    const url = new URL(link);
    // The portal's public booking page (PORTAL_URL + /zasedacky) reads exactly these parameters.
    expect(`${url.origin}${url.pathname}`).toBe('http://portal.test/zasedacky');
    expect(Object.fromEntries(url.searchParams)).toEqual({ zrusit: uuid, token });
  });

  it("quotes none of the visitor's own words to the address, which nobody has confirmed", async () => {
    const email = `words.${driver}@example.cz`;
    const made = await request(t.app, {
      method: 'POST',
      url: '/api/v1/meeting_rooms/reservation/public/',
      body: {
        room: publicRoomId,
        name: 'Pan Podvodník',
        email,
        title: 'Vyhráli jste, klikněte na http://zlo.example',
        note: 'Poznámka návštěvníka',
        ...slot(29, 9),
      },
    });
    expect(made.statusCode).toBe(201);
    const mail = await waitForMail(path.join(t.config.dataDir, 'outbox'), (candidate) => candidate.to === email);
    expect(mail.type).toBe('public-reservation');
    const everything = [mail.subject, mail.text, mail.html, ...mail.attachments.map((part) => part.content)].join('\n');
    expect(everything).toContain('Kód pro zrušení');
    for (const word of ['Pan Podvodník', 'Vyhráli jste', 'zlo.example', 'Poznámka návštěvníka']) {
      expect(everything).not.toContain(word);
    }
  });

  it('reading the link shows the booking and changes nothing; cancelling uses it up', async () => {
    const { uuid, cancel_token: token, starts_at } = await book(31);
    for (let read = 0; read < 2; read += 1) {
      const shown = await request(t.app, { method: 'GET', url: linkUrl(uuid, token) });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toMatchObject({
        uuid,
        status: 'confirmed',
        name: 'Eva Hostová',
        starts_at,
        cancelled_at: null,
      });
      expect(shown.body).not.toHaveProperty('cancel_token');
      expect(shown.body).not.toHaveProperty('email');
    }
    const [stored] = await t.app.db.select().from(reservations).where(eq(reservations.uuid, uuid));
    expect(stored?.status).toBe('confirmed');

    const cancelled = await request(t.app, { method: 'POST', url: linkUrl(uuid, token) });
    expect(cancelled.statusCode).toBe(200);
    const used = await request(t.app, { method: 'GET', url: linkUrl(uuid, token) });
    const wrong = await request(t.app, { method: 'GET', url: linkUrl(uuid, 'x'.repeat(32)) });
    expect(used.statusCode).toBe(404);
    // A used link is indistinguishable from a wrong one.
    expect(used.body).toEqual(wrong.body);
  });

  it('unknown uuids, wrong tokens and tenant reservations answer the same 404', async () => {
    const { uuid, cancel_token: token } = await book(32);
    const jana = (await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD)).access;
    const tenantBooking = await request(t.app, {
      method: 'POST',
      url: '/api/v1/meeting_rooms/reservation/',
      token: jana,
      headers: ALFA,
      body: { room: publicRoomId, title: 'Porada', ...slot(32, 14) },
    });
    const [tenantRow] = await t.app.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, (tenantBooking.body as { id: number }).id));
    const answers = await Promise.all(
      [
        linkUrl(uuid, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
        linkUrl('00000000-0000-4000-8000-000000000000', token),
        linkUrl(tenantRow?.uuid ?? '', token),
      ].map((url) => request(t.app, { method: 'GET', url })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    // A malformed token is refused by the schema before any lookup.
    const malformed = await request(t.app, { method: 'GET', url: linkUrl(uuid, 'kratky') });
    expect(malformed.statusCode).toBe(400);
  });
});
