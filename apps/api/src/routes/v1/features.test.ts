import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PUBLIC_SUPPORT_CODE, DEMO_TENANTS, DEMO_USERS } from '../../demo/demo-data.js';
import { meetingRooms, publicSupportRequests, readings, reservations } from '../../db/schema.js';
import { ACCESS_CODE_ALPHABET } from '../../domain/access-codes.js';
import { anonymiseVisitors } from '../../domain/retention.js';
import { pragueDayStart } from '../../domain/prague-time.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { waitForMail } from '../../testing/outbox.js';
import { DATABASE_DRIVERS } from '../../testing/scratch-database.js';
import { pdfText } from '../../testing/pdf-text.js';
import { caller, login, request, REFRESH_URL, type Caller } from '../../testing/test-client.js';

const ALFA = { 'x-tenant-id': DEMO_TENANTS.alfa.id };
const BETA = { 'x-tenant-id': DEMO_TENANTS.beta.id };

/** 10:00–11:00 Prague time `days` from now: on every demo room's grid and inside opening hours. */
function slot(days: number, hour = 10, hours = 1) {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const start = new Date(pragueDayStart(day).getTime() + hour * 3_600_000);
  return { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + hours * 3_600_000).toISOString() };
}

describe.each(DATABASE_DRIVERS)('operator API features (%s)', (driver) => {
  let t: TestApp;
  let jana: string;
  let petr: string;
  let janaInAlfa: Caller;
  let petrInBeta: Caller;
  let petrWithoutTenant: Caller;
  let visitor: Caller;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    jana = (await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD)).access;
    petr = (await login(t.app, DEMO_USERS.petr.email, DEMO_PASSWORD)).access;
    janaInAlfa = caller(t.app, jana, ALFA);
    petrInBeta = caller(t.app, petr, BETA);
    petrWithoutTenant = caller(t.app, petr);
    visitor = caller(t.app);
  });
  afterAll(() => t?.close());

  it('demo data: a demo ticket carries a photo that downloads out of the box', async () => {
    const list = await janaInAlfa.get('/api/v1/support_tickets/?search=klimatizace');
    const [ticket] = list.body as Array<{ id: number }>;
    const detail = await janaInAlfa.get(`/api/v1/support_tickets/${ticket?.id}/`);
    const attachments = (
      detail.body as {
        attachments: Array<{ file_name: string; content_type: string; size: number; download_url: string }>;
      }
    ).attachments;
    expect(attachments).toMatchObject([{ file_name: 'teplomer-zasedacka-3-02.png', content_type: 'image/png' }]);
    const file = await t.app.inject({
      method: 'GET',
      url: attachments[0]?.download_url ?? '',
      headers: { ...ALFA, authorization: `Bearer ${jana}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(file.rawPayload.length).toBe(attachments[0]?.size);
  });

  it('public support: a typeable access code, a wrong code answers like a missing request, messages', async () => {
    const created = await visitor.post('/api/v1/public_support/', {
      name: 'Eva Hostová',
      email: 'eva@example.cz',
      subject: 'Rozbité dveře',
      message: 'Nejdou zavřít.',
      category: 'fault_report',
    });
    expect(created.statusCode).toBe(201);
    const { id, access_code: code } = created.body as { id: number; access_code: string };
    // Five groups of four typeable characters (≈ 99 bits; the draw is tested in access-codes).
    expect(code).toMatch(new RegExp(`^[${ACCESS_CODE_ALPHABET}]{4}(-[${ACCESS_CODE_ALPHABET}]{4}){4}$`));

    const read = await visitor.get(`/api/v1/public_support/${id}/?code=${code}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).toMatchObject({
      id,
      category: 'fault_report',
      status: 'open',
      messages: [{ author_role: 'visitor', body: 'Nejdou zavřít.' }],
    });

    // Another character of the alphabet: a code is read case-insensitively, so an `x` would be
    // the right code whenever it ends in `X`.
    const wrongCode = `${code.slice(0, -1)}${code.endsWith('2') ? '3' : '2'}`;
    const wrong = await visitor.get(`/api/v1/public_support/${id}/?code=${wrongCode}`);
    const missing = await visitor.get(`/api/v1/public_support/999999/?code=${code}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toEqual(missing.body);

    const message = await request(t.app, {
      method: 'POST',
      url: `/api/v1/public_support/${id}/add_message/?code=${code}`,
      headers: { 'idempotency-key': `public-msg-${driver}-1` },
      body: { body: 'Ještě doplním foto.' },
    });
    expect(message.statusCode).toBe(201);
    const replay = await request(t.app, {
      method: 'POST',
      url: `/api/v1/public_support/${id}/add_message/?code=${code}`,
      headers: { 'idempotency-key': `public-msg-${driver}-1` },
      body: { body: 'Ještě doplním foto.' },
    });
    expect(replay.body).toEqual(message.body);
    const after = await visitor.get(`/api/v1/public_support/${id}/?code=${code}`);
    expect((after.body as { messages: unknown[] }).messages).toHaveLength(2);
    const wrongMessage = await visitor.post(`/api/v1/public_support/${id}/add_message/?code=nope`, { body: 'x' });
    expect(wrongMessage.statusCode).toBe(404);

    const demo = await t.app.db.select().from(publicSupportRequests).limit(1);
    const seeded = await visitor.get(`/api/v1/public_support/${demo[0]?.id}/?code=${DEMO_PUBLIC_SUPPORT_CODE}`);
    expect(seeded.statusCode).toBe(200);
  });

  it('anonymises visitors’ personal data after the retention period', async () => {
    const personal = { name: 'Stará Žádost', email: 'stara@example.cz', phone: '+420 600 000 000' };
    const created = await visitor.post('/api/v1/public_support/', {
      ...personal,
      subject: 'Starý požadavek',
      message: 'Moje adresa je Dlouhá 5.',
    });
    const { id } = created.body as { id: number };
    const old = new Date(Date.now() - 400 * 86_400_000);
    await t.app.db.update(publicSupportRequests).set({ updatedAt: old }).where(eq(publicSupportRequests.id, id));
    const result = await anonymiseVisitors(t.app.db, 365);
    expect(result.requests).toBeGreaterThanOrEqual(1);
    const [row] = await t.app.db.select().from(publicSupportRequests).where(eq(publicSupportRequests.id, id));
    expect(row).toMatchObject({ name: 'Anonymizováno', email: null, phone: null });
    for (const value of Object.values(personal)) expect(JSON.stringify(row)).not.toContain(value);
    expect(row?.anonymisedAt).not.toBeNull();
    // Fresh requests keep their data.
    const fresh = await t.app.db
      .select()
      .from(publicSupportRequests)
      .where(eq(publicSupportRequests.name, 'Eva Hostová'));
    expect(fresh).toHaveLength(1);
  });

  it('rooms: anonymous callers see public rooms, tenants also their building’s rooms; availability', async () => {
    const anonymous = await visitor.get('/api/v1/meeting_rooms/');
    const rooms = anonymous.body as Array<{ id: number; public_booking: boolean }>;
    expect(rooms.every((room) => room.public_booking)).toBe(true);
    const tenant = await janaInAlfa.get('/api/v1/meeting_rooms/');
    expect(Number(tenant.headers['x-total-count'])).toBeGreaterThan(rooms.length);
    const privateRoom = (tenant.body as Array<{ id: number; public_booking: boolean }>).find(
      (room) => !room.public_booking,
    );
    const hidden = await visitor.get(`/api/v1/meeting_rooms/${privateRoom?.id}/`);
    expect(hidden.statusCode).toBe(404);
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const availability = await visitor.get(
      `/api/v1/meeting_rooms/${rooms[0]?.id}/availability/?date_from=${day}&date_to=${day}`,
    );
    expect(availability.statusCode).toBe(200);
    const tooLong = await visitor.get(
      `/api/v1/meeting_rooms/${rooms[0]?.id}/availability/?date_from=2026-01-01&date_to=2026-03-01`,
    );
    expect(tooLong.statusCode).toBe(400);
  });

  it('concurrent overlapping reservations: exactly one succeeds', async () => {
    const [room] = await t.app.db.select().from(meetingRooms).where(eq(meetingRooms.publicBooking, true)).limit(1);
    const when = slot(20, 10, 2);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? janaInAlfa.post('/api/v1/meeting_rooms/reservation/', { room: room?.id, title: `Porada ${index}`, ...when })
          : visitor.post('/api/v1/meeting_rooms/reservation/public/', {
              room: room?.id,
              name: `Host ${index}`,
              email: 'host@example.cz',
              ...slot(20, 11, 1),
            }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(attempts.find((r) => r.statusCode === 409)?.body).toMatchObject({ code: 'reservation_conflict' });
    const stored = await t.app.db
      .select({ value: count() })
      .from(reservations)
      .where(and(eq(reservations.roomId, room?.id ?? 0), eq(reservations.status, 'confirmed')));
    expect(stored[0]?.value).toBeGreaterThanOrEqual(1);
  });

  it('reservations: grid and opening-hour rules, tenant isolation, cancellation', async () => {
    const [room] = await t.app.db.select().from(meetingRooms).where(eq(meetingRooms.publicBooking, true)).limit(1);
    const offGrid = slot(21, 10);
    offGrid.starts_at = new Date(Date.parse(offGrid.starts_at) + 7 * 60_000).toISOString();
    const bad = await janaInAlfa.post('/api/v1/meeting_rooms/reservation/', { room: room?.id, title: 'x', ...offGrid });
    expect(bad.statusCode).toBe(400);
    const night = await janaInAlfa.post('/api/v1/meeting_rooms/reservation/', {
      room: room?.id,
      title: 'x',
      ...slot(21, 2),
    });
    expect(night.statusCode).toBe(400);
    const past = await janaInAlfa.post('/api/v1/meeting_rooms/reservation/', {
      room: room?.id,
      title: 'x',
      ...slot(-2),
    });
    expect(past.statusCode).toBe(400);

    const made = await janaInAlfa.post('/api/v1/meeting_rooms/reservation/', {
      room: room?.id,
      title: 'Schůzka',
      ...slot(22),
    });
    expect(made.statusCode).toBe(201);
    const id = (made.body as { id: number }).id;
    const foreign = await petrWithoutTenant.get(`/api/v1/meeting_rooms/reservation/${id}/`);
    expect(foreign.statusCode).toBe(404);
    const foreignCancel = await petrWithoutTenant.post(`/api/v1/meeting_rooms/reservation/${id}/cancel/`);
    expect(foreignCancel.statusCode).toBe(404);
    const calendar = await petrWithoutTenant.get(
      `/api/v1/meeting_rooms/reservation/all/?date_from=${slot(22).starts_at.slice(0, 10)}&date_to=${slot(22).starts_at.slice(0, 10)}`,
    );
    expect(calendar.body).toContainEqual(expect.objectContaining({ id, is_own: false, title: null }));
    const cancelled = await janaInAlfa.post(`/api/v1/meeting_rooms/reservation/${id}/cancel/`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', can_cancel: false });
    const twice = await janaInAlfa.post(`/api/v1/meeting_rooms/reservation/${id}/cancel/`);
    expect(twice.statusCode).toBe(409);
    const list = await janaInAlfa.get('/api/v1/meeting_rooms/reservation/?status=cancelled');
    expect((list.body as Array<{ id: number }>).map((r) => r.id)).toContain(id);
  });

  it('public reservations answer uuid + cancel token; cancelling works once, a wrong token is 404', async () => {
    const [room] = await t.app.db.select().from(meetingRooms).where(eq(meetingRooms.publicBooking, true)).limit(1);
    const bookPublicly = (roomId: number | undefined) =>
      visitor.post('/api/v1/meeting_rooms/reservation/public/', {
        room: roomId,
        name: 'Jan Host',
        email: 'jan.host@example.cz',
        ...slot(23),
      });
    const made = await bookPublicly(room?.id);
    expect(made.statusCode).toBe(201);
    const { uuid, cancel_token: token } = made.body as { uuid: string; cancel_token: string };
    const wrong = await visitor.post(`/api/v1/meeting_rooms/reservation/${uuid}/cancel/${'x'.repeat(32)}/`);
    expect(wrong.statusCode).toBe(404);
    const ok = await visitor.post(`/api/v1/meeting_rooms/reservation/${uuid}/cancel/${token}/`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatchObject({ uuid, status: 'cancelled' });
    const again = await visitor.post(`/api/v1/meeting_rooms/reservation/${uuid}/cancel/${token}/`);
    expect(again.statusCode).toBe(409);
    const [privateRoom] = await t.app.db
      .select()
      .from(meetingRooms)
      .where(eq(meetingRooms.publicBooking, false))
      .limit(1);
    const refused = await bookPublicly(privateRoom?.id);
    expect(refused.statusCode).toBe(400);
  });

  it('billing statements: CZK decimal strings, paid filter, PDF, 404 for another tenant', async () => {
    const list = await janaInAlfa.get('/api/v1/billing_statements/');
    expect(list.statusCode).toBe(200);
    const statements = list.body as Array<{
      id: number;
      total_amount: string;
      paid: boolean;
      amount_due: string;
      pdf_url: string;
    }>;
    expect(statements.some((s) => s.paid) && statements.some((s) => !s.paid)).toBe(true);
    expect(statements.every((s) => /^\d+\.\d{2}$/.test(s.total_amount))).toBe(true);
    const unpaid = await janaInAlfa.get('/api/v1/billing_statements/?paid=false');
    expect((unpaid.body as typeof statements).every((s) => !s.paid && s.amount_due !== '0.00')).toBe(true);
    expect(unpaid.headers['x-total-count']).toBe(String((unpaid.body as unknown[]).length));
    const first = statements[0];
    const detail = await janaInAlfa.get(`/api/v1/billing_statements/${first?.id}/`);
    expect((detail.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    // The demo operator is a VAT payer: the newest statement is a tax document with its parties
    // and a VAT breakdown that adds up to the total.
    expect(detail.body).toMatchObject({
      number: '2026000103',
      tax_document: true,
      supplier: { name: 'Správa budov Praha, a.s.', ico: '27468135', dic: 'CZ27468135', vat_payer: true },
      customer: { name: 'Alfa s.r.o.', street: 'Na Florenci 2116/15', city: 'Praha 1', ico: '28901541' },
      vat_breakdown: [
        { rate: 21, base: '47645.04', vat: '10005.46', total: '57650.50' },
        { rate: 12, base: '1560.94', vat: '187.31', total: '1748.25' },
        { rate: null, base: '152.30', vat: '0.00', total: '152.30' },
      ],
      total_base: '49358.28',
      total_vat: '10192.77',
      total_amount: '59551.05',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: first?.pdf_url ?? '',
      headers: { ...ALFA, authorization: `Bearer ${jana}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain('%%EOF');
    // The generated statement keeps its Czech text (embedded font, ToUnicode map).
    const { pages } = await pdfText(pdf.rawPayload);
    expect(pages[0]).toContain('Vyúčtování č. 2026000103\nDaňový doklad');
    expect(pages[0]).toContain('Celkem k úhradě: 59 551,05 Kč');
    expect(pages[0]).toContain('Variabilní symbol 2026000103');
    expect(pages[0]).toContain('IBAN CZ62 2010 0000 0020 0123 4588');
    const foreign = await petrWithoutTenant.get(`/api/v1/billing_statements/${first?.id}/`);
    expect(foreign.statusCode).toBe(404);
    const foreignPdf = await t.app.inject({
      method: 'GET',
      url: first?.pdf_url ?? '',
      headers: { authorization: `Bearer ${petr}` },
    });
    expect(foreignPdf.statusCode).toBe(404);
  });

  it('readings: equal is fine, lower needs a reason, a jump is flagged; history and last reading', async () => {
    const meters = await janaInAlfa.get('/api/v1/meters/');
    const meter = (
      meters.body as Array<{ id: number; serial_number: string; last_reading: { value: string } | null }>
    ).find((m) => m.serial_number === 'EL-FL-3050');
    expect(meter?.last_reading?.value).toBe('12650');
    const submit = (value: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = ALFA) =>
      request(t.app, {
        method: 'POST',
        url: '/api/v1/readings/',
        token: jana,
        headers,
        body: { meter: meter?.id, value, ...extra },
      });

    const equal = await submit('12650');
    expect(equal.statusCode).toBe(201);
    expect(equal.body).toMatchObject({ consumption: '0', implausible_jump: false, previous_value: '12650' });
    const lower = await submit('12000');
    expect(lower.statusCode).toBe(400);
    expect((lower.body as { value: string[] }).value[0]).toContain('nižší než poslední odečet');
    const replaced = await submit('5.5', { reason: 'meter_replaced', note: 'Nový měřič' });
    expect(replaced.statusCode).toBe(201);
    expect(replaced.body).toMatchObject({ value: '5.5', consumption: null, reason: 'meter_replaced' });

    const water = (meters.body as Array<{ id: number; serial_number: string }>).find(
      (m) => m.serial_number === 'VS-FL-3051',
    );
    const jump = await janaInAlfa.post('/api/v1/readings/', { meter: water?.id, value: '99999.5' });
    expect(jump.statusCode).toBe(201);
    expect(jump.body).toMatchObject({ implausible_jump: true });

    const key = { ...ALFA, 'idempotency-key': `reading-${driver}-0001` };
    const once = await submit('6', {}, key);
    const twice = await submit('6', {}, key);
    expect((twice.body as { id: number }).id).toBe((once.body as { id: number }).id);
    const stored = await t.app.db
      .select({ value: count() })
      .from(readings)
      .where(eq(readings.meterId, meter?.id ?? 0));
    expect(stored[0]?.value).toBe(13 + 3);

    const history = await janaInAlfa.get(`/api/v1/readings/?meter=${meter?.id}`);
    expect(history.headers['x-total-count']).toBe('16');
    const foreignMeter = await petrWithoutTenant.post('/api/v1/readings/', { meter: meter?.id, value: '1' });
    expect(foreignMeter.statusCode).toBe(400);
    const foreignHistory = await petrWithoutTenant.get(`/api/v1/readings/?meter=${meter?.id}`);
    expect(foreignHistory.body).toEqual([]);
  });

  it('maintenance events: public for everyone, tenant-only for the building’s tenants', async () => {
    const anonymous = await visitor.get('/api/v1/maintenance_events/');
    const events = anonymous.body as Array<{ id: number; visibility: string }>;
    expect(events.every((e) => e.visibility === 'public')).toBe(true);
    const tenant = await petrInBeta.get('/api/v1/maintenance_events/?visibility=tenant_only');
    const hidden = (tenant.body as typeof events)[0];
    expect(hidden?.visibility).toBe('tenant_only');
    const probe = await visitor.get(`/api/v1/maintenance_events/${hidden?.id}/`);
    expect(probe.statusCode).toBe(404);
    const upcoming = await visitor.get(
      `/api/v1/maintenance_events/?date_from=${new Date().toISOString().slice(0, 10)}`,
    );
    expect((upcoming.body as unknown[]).length).toBeLessThan(events.length);
  });

  it('profile: PATCH name and phone, password change keeps the caller’s session only', async () => {
    const email = DEMO_USERS.petr.email;
    const other = await login(t.app, email, DEMO_PASSWORD);
    // The caller's session is recognised by its issue time; keep the other one clearly older.
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const mine = await login(t.app, email, DEMO_PASSWORD);
    const me = caller(t.app, mine.access);
    const changePassword = (current: string, next: string) =>
      me.post('/api/v1/my_profile/password/', { current_password: current, new_password: next });
    const patched = await me.patch('/api/v1/my_profile/', { phone: '+420 777 000 111' });
    expect(patched.body).toMatchObject({ phone: '+420 777 000 111', first_name: 'Petr' });
    const empty = await me.patch('/api/v1/my_profile/', {});
    expect(empty.statusCode).toBe(400);
    const wrong = await changePassword('špatně', 'NoveHeslo2026!');
    expect(wrong.body).toEqual({ current_password: ['Současné heslo není správné.'] });
    const breached = await changePassword(DEMO_PASSWORD, 'Summer2024');
    expect(breached.statusCode).toBe(400);
    expect(breached.body).toEqual({
      new_password: [
        'Toto heslo je mezi běžně používanými nebo uniklými hesly. Zvolte jiné, nejlépe několik nesouvisejících slov.',
      ],
    });
    const changed = await changePassword(DEMO_PASSWORD, 'NoveHeslo2026!');
    expect(changed.statusCode).toBe(204);
    // The user is told, as after a reset by e-mail link.
    await t.app.jobs.drain();
    const notice = await waitForMail(
      path.join(t.config.dataDir, 'outbox'),
      (mail) => mail.to === email && mail.type === 'password-changed',
    );
    expect(notice.subject).toBe('Heslo k Portálu nájemníka bylo změněno');
    // This session stays (below), so the mail does not claim that every one ended.
    expect(notice.text).toContain('změněno v profilu a všechna ostatní přihlášení byla ukončena');
    const stillMine = await visitor.post(REFRESH_URL, { refresh: mine.refresh });
    expect(stillMine.statusCode).toBe(200);
    const revoked = await visitor.post(REFRESH_URL, { refresh: other.refresh });
    expect(revoked.statusCode).toBe(401);
  });
});
