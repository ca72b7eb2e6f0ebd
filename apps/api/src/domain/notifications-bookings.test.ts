import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/demo-data.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { readOutbox, type OutboxMail } from '../testing/outbox.js';
import { logInStaffCast, type StaffCast } from '../testing/staff-cast.js';
import { request } from '../testing/test-client.js';
import { enqueueReservationReminders } from './notifications.js';
import { pragueDayStart } from './prague-time.js';

// Issue 18: the reservation mails (confirmation with a calendar entry, the reminder before the
// start, each once) and the opt-in outage mails (published, moved; not for a mere retitle).

const dayFromNow = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const calendarOf = (mail: OutboxMail | undefined) =>
  mail?.attachments.find((part) => part.contentType === 'text/calendar')?.content ?? '';

describe('reservation and outage mail', () => {
  let t: TestApp;
  let cast: StaffCast;
  let outbox: string;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { config: { jobPollMs: 50 } });
    cast = await logInStaffCast(t.app);
    outbox = path.join(t.config.dataDir, 'outbox');
  });
  afterAll(() => t?.close());

  const mailsOf = async (predicate: (mail: OutboxMail) => boolean) => {
    await t.app.jobs.drain();
    return (await readOutbox(outbox)).filter((mail) => mail.to === DEMO_USERS.jana.email && predicate(mail));
  };
  const setPreference = (kind: string, enabled: boolean) =>
    request(t.app, {
      method: 'PUT',
      url: '/api/v1/my_profile/notifications/',
      token: cast.janaToken,
      body: { kinds: [{ kind, enabled }] },
    });

  /** Jana books the first slot of a Florenc room `days` ahead; answers the booking and its start. */
  async function book(days: number, title: string) {
    const rooms = (await cast.tomas.get(`/api/v1/staff/meeting_rooms/?building=${cast.florencId}`)).body as Array<{
      id: number;
      opening_time: string;
      slot_minutes: number;
    }>;
    const room = rooms[0];
    if (room === undefined) throw new Error('no room in Florenc');
    const [hours = 8, minutes = 0] = room.opening_time.split(':').map(Number);
    const start = new Date(pragueDayStart(dayFromNow(days)).getTime() + (hours * 60 + minutes) * 60_000);
    const booked = await cast.jana.post('/api/v1/meeting_rooms/reservation/', {
      room: room.id,
      title,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + room.slot_minutes * 60_000).toISOString(),
    });
    expect(booked.statusCode).toBe(201);
    return { id: (booked.body as { id: number }).id, start };
  }

  it('confirms a tenant booking with a calendar entry and reminds once before the start', async () => {
    const { start } = await book(4, 'Porada s dodavatelem');
    const [confirmation] = await mailsOf((mail) => mail.type === 'reservation-confirmed');
    expect(confirmation?.subject).toMatch(/^Rezervace místnosti /);
    expect(confirmation?.text).toContain('http://portal.test/zasedaci-mistnosti');
    const ics = calendarOf(confirmation);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('SUMMARY:Porada s dodavatelem');

    // An hour before the start (the lead is two hours): one reminder in the booking's thread
    // (the demo data may hold other bookings then); the next pass finds nothing new.
    const anHourBefore = new Date(start.getTime() - 3_600_000);
    expect(await enqueueReservationReminders(t.app.db, 120, anHourBefore)).toBeGreaterThan(0);
    expect(await enqueueReservationReminders(t.app.db, 120, anHourBefore)).toBe(0);
    const thread = confirmation?.headers.get('references');
    const reminders = await mailsOf(
      (mail) => mail.type === 'reservation-reminder' && mail.headers.get('references') === thread,
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toMatch(/^Připomenutí: rezervace místnosti /);

    // Reminders switched off: the next booking is confirmed but not reminded.
    expect((await setPreference('reservation_reminders', false)).statusCode).toBe(200);
    const second = await book(5, 'Školení BOZP');
    const confirmations = await mailsOf((mail) => mail.type === 'reservation-confirmed');
    const secondThread = confirmations.find((mail) => calendarOf(mail).includes('SUMMARY:Školení BOZP'))?.headers;
    expect(secondThread?.get('references')).toMatch(/^<reservation-/);
    await enqueueReservationReminders(t.app.db, 120, new Date(second.start.getTime() - 3_600_000));
    expect(
      await mailsOf(
        (mail) =>
          mail.type === 'reservation-reminder' && mail.headers.get('references') === secondThread?.get('references'),
      ),
    ).toEqual([]);
  });

  it('tells a tenant who asked for it of an outage published and moved, not of a retitle', async () => {
    const starts = new Date(Date.now() + 3 * 86_400_000);
    const publish = (title: string) =>
      cast.tomas.post('/api/v1/staff/maintenance_events/', {
        building: cast.florencId,
        title,
        description: 'Revize rozvodů vody.',
        category: 'water',
        visibility: 'public',
        starts_at: starts.toISOString(),
      });
    // Opt-in: nothing until Jana asks.
    expect((await publish('Odstávka vody bez odběru')).statusCode).toBe(201);
    expect(await mailsOf((mail) => mail.type.startsWith('outage-'))).toEqual([]);

    expect((await setPreference('outages', true)).statusCode).toBe(200);
    const published = await publish('Odstávka vody ve Florenci');
    expect(published.statusCode).toBe(201);
    const event = published.body as { id: number; version: number };
    const [announced] = await mailsOf((mail) => mail.type === 'outage-published');
    expect(announced?.text).toContain('Odstávka vody ve Florenci');

    const edit = (body: unknown, version: number) =>
      cast.tomas.patch(`/api/v1/staff/maintenance_events/${event.id}/`, body, version);
    const retitled = await edit({ title: 'Odstávka teplé vody ve Florenci' }, event.version);
    expect(retitled.statusCode).toBe(200);
    const moved = await edit(
      { starts_at: new Date(starts.getTime() + 86_400_000).toISOString() },
      (retitled.body as { version: number }).version,
    );
    expect(moved.statusCode).toBe(200);
    const told = await mailsOf((mail) => mail.type.startsWith('outage-'));
    expect(told.map((mail) => mail.type)).toEqual(['outage-published', 'outage-moved']);
    expect(told[1]?.text).toContain('Odstávka teplé vody ve Florenci');
  });
});
