import path from 'node:path';
import { fillPath } from '@portal/openapi/bad-input';
import { listOperations } from '@portal/openapi/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_STAFF_LIMITED, DEMO_TENANTS, DEMO_USERS } from '../../../demo/demo-data.js';
import { setTenantBilling } from '../../../domain/billing-parties.js';
import { pragueDayStart } from '../../../domain/prague-time.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { waitForMail } from '../../../testing/outbox.js';
import { logInStaffCast, STAFF_ONLY } from '../../../testing/staff-cast.js';
import { caller, login, request, type Caller } from '../../../testing/test-client.js';

/** `YYYY-MM-DD` of the day `offset` days from now (UTC date, good enough away from midnight). */
const dayFromNow = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function multipart(parts: Array<{ name: string; content: string | Buffer; fileName?: string; type?: string }>) {
  const boundary = 'staffBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type = part.type === undefined ? '' : `Content-Type: ${part.type}\r\n`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(DATABASE_DRIVERS)('staff operations (%s)', (driver) => {
  let t: TestApp;
  let tomasToken: string;
  let tomas: Caller;
  let eva: Caller;
  let jana: Caller;
  let janaToken: string;
  let visitor: Caller;
  let karlinId: number;
  let florencId: number;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    ({ tomasToken, tomas, eva, janaToken, jana, karlinId, florencId } = await logInStaffCast(t.app));
    visitor = caller(t.app);
  });
  afterAll(() => t?.close());

  const withIfMatch = (method: 'PATCH', url: string, body: unknown, ifMatch?: string) =>
    request(t.app, {
      method,
      url,
      token: tomasToken,
      body,
      headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    });

  it('answers 403 staff_only to a tenant on every staff operation of upstream.yaml, before reading anything', async () => {
    const staffOperations = listOperations('upstream').filter((operation) => operation.staff);
    expect(staffOperations.length).toBeGreaterThanOrEqual(23);
    for (const operation of staffOperations) {
      const response = await t.app.inject({
        method: operation.method.toUpperCase() as 'GET',
        url: fillPath(operation, '1'),
        headers: { authorization: `Bearer ${janaToken}`, 'if-match': 'W/"1"' },
        ...(operation.method === 'get' ? {} : { payload: {} }),
      });
      expect(response.statusCode, operation.operationId).toBe(403);
      expect(response.json(), operation.operationId).toEqual(STAFF_ONLY);
      const anonymous = await t.app.inject({
        method: operation.method.toUpperCase() as 'GET',
        url: fillPath(operation, '1'),
      });
      expect(anonymous.statusCode, operation.operationId).toBe(401);
    }
  });

  it('refuses a tenant on every staff operation of the group', async () => {
    for (const url of [
      '/api/v1/staff/public_support/',
      '/api/v1/staff/maintenance_events/',
      '/api/v1/staff/billing_statements/',
      '/api/v1/staff/meeting_rooms/',
      `/api/v1/staff/meeting_rooms/reservations/?room=1&day=${dayFromNow(1)}`,
    ]) {
      const refused = await jana.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).toEqual(STAFF_ONLY);
    }
    expect((await jana.post('/api/v1/staff/maintenance_events/1/cancel/', {})).body).toEqual(STAFF_ONLY);
  });

  it('answers a public request the visitor then sees, changes its status with If-Match and closes it', async () => {
    const created = await visitor.post('/api/v1/public_support/', {
      name: 'Karel Návštěvník',
      email: 'karel@example.cz',
      subject: 'Nefunguje zvonek u vchodu',
      message: 'Zvonek u hlavního vchodu nereaguje.',
      building: florencId,
    });
    const { id, access_code: code } = created.body as { id: number; access_code: string };

    const list = await tomas.get('/api/v1/staff/public_support/?status=open&search=zvonek');
    const items = list.body as Array<{ id: number; awaiting_answer: boolean; email: string | null }>;
    expect(items.map((item) => item.id)).toContain(id);
    expect(items.find((item) => item.id === id)).toMatchObject({ awaiting_answer: true, email: 'karel@example.cz' });
    expect(JSON.stringify(list.body)).not.toContain('access_code');
    // Florenc is not Eva's building.
    expect((await eva.get(`/api/v1/staff/public_support/${id}/`)).statusCode).toBe(404);

    const detail = await tomas.get(`/api/v1/staff/public_support/${id}/`);
    expect(detail.statusCode).toBe(200);
    const { version, allowed_statuses } = detail.body as { version: number; allowed_statuses: string[] };
    expect(detail.headers['etag']).toBe(`W/"${version}"`);
    expect(allowed_statuses).toEqual(['in_progress', 'resolved', 'closed']);

    const answer = await tomas.post(`/api/v1/staff/public_support/${id}/messages/`, {
      body: 'Dobrý den, elektrikář zvonek opraví zítra.',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.body).toMatchObject({ author_role: 'operator', author_name: 'Tomáš Dvořák' });
    const seen = (await visitor.get(`/api/v1/public_support/${id}/?code=${code}`)).body as {
      messages: Array<{ body: string }>;
    };
    expect(seen.messages.map((m) => m.body)).toContain('Dobrý den, elektrikář zvonek opraví zítra.');

    // The visitor's photo: the staff download it, Eva (another building) cannot.
    const photo = multipart([{ name: 'files', content: 'fotka', fileName: 'zvonek.txt', type: 'text/plain' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public_support/${id}/attachments/?code=${code}`,
      headers: { 'content-type': photo.contentType },
      payload: photo.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const staffDetail = (await tomas.get(`/api/v1/staff/public_support/${id}/`)).body as {
      attachments: Array<{ id: number; download_url: string }>;
    };
    const fileUrl = staffDetail.attachments[0]?.download_url ?? '';
    expect(fileUrl).toBe(`/api/v1/staff/public_support/${id}/attachments/${staffDetail.attachments[0]?.id}/`);
    const file = await t.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { authorization: `Bearer ${tomasToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('fotka');
    expect((await eva.get(fileUrl)).statusCode).toBe(404);
    expect((await tomas.get(`/api/v1/staff/public_support/${id}/attachments/999999/`)).statusCode).toBe(404);
    // A text file has no preview; the staff's preview path is refused to Eva like the file.
    const noPreview = await tomas.get(`${fileUrl}preview/`);
    expect(noPreview.statusCode).toBe(422);
    expect(noPreview.body).toMatchObject({ code: 'preview_unavailable' });
    expect((await eva.get(`${fileUrl}preview/`)).statusCode).toBe(404);
    const url = `/api/v1/staff/public_support/${id}/`;
    const badStatus = await withIfMatch('PATCH', url, { status: 'hotovo' }, 'W/"1"');
    expect(badStatus.statusCode).toBe(400);
    expect(JSON.stringify(badStatus.body)).toMatch(/status/);
    expect((await withIfMatch('PATCH', url, { status: 'resolved' })).statusCode).toBe(428);
    expect((await withIfMatch('PATCH', url, { status: 'resolved' }, `W/"${version}"`)).statusCode).toBe(412);
    const current = (await tomas.get(url)).body as { version: number; awaiting_answer: boolean };
    expect(current.awaiting_answer).toBe(false);
    const same = await withIfMatch('PATCH', url, { status: 'open' }, `W/"${current.version}"`);
    expect(same.statusCode).toBe(409);
    expect((same.body as { code: string }).code).toBe('invalid_transition');
    const closed = await withIfMatch('PATCH', url, { status: 'closed' }, `W/"${current.version}"`);
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed' });
    const late = await tomas.post(`/api/v1/staff/public_support/${id}/messages/`, { body: 'Ještě něco.' });
    expect(late.statusCode).toBe(409);
    expect((late.body as { code: string }).code).toBe('request_closed');
    expect((await tomas.post(`/api/v1/staff/public_support/999999/messages/`, { body: 'x' })).statusCode).toBe(404);
  });

  it('creates, edits and cancels an outage; a cancelled one is gone for tenants, visitors and the feed', async () => {
    const startsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const endsAt = new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000).toISOString();
    /** A public water outage in Florenc two days ahead, with `changes` over it. */
    const waterOutage = (changes: Record<string, unknown>) => ({
      building: florencId,
      title: 'Odstávka teplé vody',
      description: 'Výměna ventilu ve strojovně.',
      category: 'water',
      visibility: 'public',
      starts_at: startsAt,
      ends_at: endsAt,
      ...changes,
    });
    const bad = await tomas.post(
      '/api/v1/staff/maintenance_events/',
      waterOutage({ title: '  ', starts_at: endsAt, ends_at: startsAt }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toEqual({ title: ['Toto pole nesmí být prázdné.'] });
    const notHers = await eva.post('/api/v1/staff/maintenance_events/', waterOutage({}));
    expect(notHers.body).toEqual({ building: ['Vyberte budovu, kterou spravujete.'] });

    const created = await tomas.post('/api/v1/staff/maintenance_events/', waterOutage({}));
    expect(created.statusCode).toBe(201);
    const event = created.body as { id: number; version: number };
    expect(created.headers['etag']).toBe(`W/"${event.version}"`);
    const publicIds = async () =>
      ((await visitor.get('/api/v1/maintenance_events/?page_size=100')).body as Array<{ id: number }>).map((e) => e.id);
    expect(await publicIds()).toContain(event.id);

    const url = `/api/v1/staff/maintenance_events/${event.id}/`;
    expect((await withIfMatch('PATCH', url, { title: 'Nový název' })).statusCode).toBe(428);
    const edited = await withIfMatch('PATCH', url, { title: 'Odstávka teplé i studené vody' }, `W/"${event.version}"`);
    expect(edited.statusCode).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Odstávka teplé i studené vody', version: event.version + 1 });
    expect((await withIfMatch('PATCH', url, { title: 'x' }, `W/"${event.version}"`)).statusCode).toBe(412);
    const backwards = await withIfMatch('PATCH', url, { ends_at: startsAt }, `W/"${event.version + 1}"`);
    expect(backwards.body).toEqual({ ends_at: ['Konec odstávky musí být po jejím začátku.'] });

    const cancelled = await tomas.post(`${url}cancel/`, { reason: 'Oprava se odkládá.' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toMatchObject({ cancel_reason: 'Oprava se odkládá.' });
    expect((cancelled.body as { cancelled_at: string | null }).cancelled_at).not.toBeNull();
    expect(await publicIds()).not.toContain(event.id);
    expect((await visitor.get(`/api/v1/maintenance_events/${event.id}/`)).statusCode).toBe(404);
    const tenantIds = (
      (await jana.get('/api/v1/maintenance_events/?ended=false&page_size=100')).body as Array<{
        id: number;
      }>
    ).map((e) => e.id);
    expect(tenantIds).not.toContain(event.id);
    const feed = await t.app.inject({ method: 'GET', url: '/api/v1/maintenance_events/calendar.ics' });
    expect(feed.body).not.toContain(`maintenance-event-${event.id}@`);
    const again = await tomas.post(`${url}cancel/`, {});
    expect(again.statusCode).toBe(409);
    expect((again.body as { code: string }).code).toBe('event_cancelled');
    const staffCancelled = (await tomas.get('/api/v1/staff/maintenance_events/?state=cancelled')).body as Array<{
      id: number;
    }>;
    expect(staffCancelled.map((e) => e.id)).toContain(event.id);
    expect((await eva.post(`${url}cancel/`, {})).statusCode).toBe(404);
  });

  it('imports a statement with its PDF over HTTP; the tenant sees it; a duplicate is 409', async () => {
    const statement = {
      tenant: DEMO_TENANTS.alfa.id,
      building: florencId,
      number: '2026990001',
      period_from: '2026-10-01',
      period_to: '2026-10-31',
      issued_on: '2026-11-02',
      due_date: '2026-11-16',
      bank_account: '2001234588/2010',
      iban: 'CZ62 2010 0000 0020 0123 4588',
      variable_symbol: '2026990001',
      items: [
        { description: 'Nájemné kanceláře', quantity: '1', unit: 'měsíc', amount: '45000.00' },
        { description: 'Elektřina', quantity: '1020.5', unit: 'kWh', amount: '6123.00' },
      ],
    };
    const pdf = Buffer.from('%PDF-1.7\n% test\n');
    const send = (parts: Parameters<typeof multipart>[0], token = tomasToken) => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/billing_statements/',
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const imported = await send([
      { name: 'statement', content: JSON.stringify(statement), type: 'application/json' },
      { name: 'pdf', content: pdf, fileName: 'vyuctovani.pdf', type: 'application/pdf' },
    ]);
    expect(imported.statusCode, imported.body).toBe(201);
    const body = imported.json<{ id: number; total_amount: string; iban: string; items: unknown[] }>();
    expect(body).toMatchObject({ total_amount: '51123.00', iban: 'CZ6220100000002001234588' });
    expect(body.items).toHaveLength(2);
    const tenantPdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/billing_statements/${body.id}/pdf/`,
      headers: { authorization: `Bearer ${janaToken}`, 'x-tenant-id': DEMO_TENANTS.alfa.id },
    });
    expect(tenantPdf.body).toBe(pdf.toString());

    const duplicate = await send([{ name: 'statement', content: JSON.stringify(statement) }]);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      code: 'statement_exists',
      detail: 'Vyúčtování s tímto číslem už u nájemce existuje.',
    });
    const badIban = await send([
      {
        name: 'statement',
        content: JSON.stringify({ ...statement, number: '2026990002', iban: 'CZ6220100000002001234589' }),
      },
    ]);
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json()).toEqual({ iban: ['IBAN není platný (zkontrolujte kontrolní číslice a délku).'] });
    const notPdf = await send([
      { name: 'statement', content: JSON.stringify({ ...statement, number: '2026990003' }) },
      { name: 'pdf', content: 'hello', fileName: 'a.pdf', type: 'application/pdf' },
    ]);
    expect(notPdf.json()).toEqual({ pdf: ['Soubor není ve formátu PDF.'] });
    const notJson = await send([{ name: 'statement', content: '{nope' }]);
    expect(notJson.json()).toEqual({ statement: ['Část „statement“ musí být platný JSON.'] });
    const missing = await send([{ name: 'statement', content: JSON.stringify({ ...statement, items: [] }) }]);
    expect(missing.statusCode).toBe(400);
    // Eva manages Karlín only.
    const evaToken = (await login(t.app, DEMO_STAFF_LIMITED.email, DEMO_PASSWORD)).access;
    const foreign = await send(
      [{ name: 'statement', content: JSON.stringify({ ...statement, number: '2026990004' }) }],
      evaToken,
    );
    expect(foreign.json()).toEqual({ building: ['Vyberte budovu, kterou spravujete.'] });
    expect((await send([{ name: 'statement', content: '{}' }], janaToken)).statusCode).toBe(403);

    const listed = (await tomas.get(`/api/v1/staff/billing_statements/?tenant=${DEMO_TENANTS.alfa.id}`)).body as Array<{
      id: number;
      has_pdf: boolean;
      tenant: { id: string };
    }>;
    expect(listed.find((s) => s.id === body.id)).toMatchObject({ has_pdf: true, tenant: { id: DEMO_TENANTS.alfa.id } });
  });

  it('imports a tax document: VAT rates in force on its DUZP, the breakdown, parties kept as issued', async () => {
    const rates = await tomas.get('/api/v1/staff/vat_rates/');
    expect(rates.statusCode).toBe(200);
    // The Czech rates of migration 0013: 21 % and 12 % in force, 15 % and 10 % ended with 2023.
    expect(rates.body).toEqual(
      expect.arrayContaining([
        { rate: 21, valid_from: '2013-01-01', valid_to: null },
        { rate: 12, valid_from: '2024-01-01', valid_to: null },
        { rate: 15, valid_from: '2013-01-01', valid_to: '2023-12-31' },
        { rate: 0, valid_from: '2004-05-01', valid_to: null },
      ]),
    );
    expect((rates.body as Array<{ rate: number }>).map((rate) => rate.rate)).toEqual([21, 15, 12, 10, 0]);
    expect((await jana.get('/api/v1/staff/vat_rates/')).statusCode).toBe(403);

    const statement = {
      tenant: DEMO_TENANTS.alfa.id,
      building: florencId,
      number: '2026990101',
      period_from: '2026-10-01',
      period_to: '2026-10-31',
      issued_on: '2026-11-02',
      due_date: '2026-11-16',
      taxable_supply_date: '2026-10-31',
      bank_account: '2001234588/2010',
      iban: 'CZ6220100000002001234588',
      variable_symbol: '2026990101',
      items: [
        { description: 'Nájemné kanceláře', quantity: '1', unit: 'měsíc', amount: '54450.00', vat_rate: 21 },
        { description: 'Teplo', quantity: '6.1', unit: 'GJ', amount: '3965.00', vat_rate: 12 },
        { description: 'Úrok z prodlení', amount: '152.30', vat_rate: null },
      ],
    };
    const send = (body: unknown) => {
      const form = multipart([{ name: 'statement', content: JSON.stringify(body) }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/billing_statements/',
        headers: { authorization: `Bearer ${tomasToken}`, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const imported = await send(statement);
    expect(imported.statusCode, imported.body).toBe(201);
    const created = imported.json<{ id: number }>();
    expect(created).toMatchObject({
      total_amount: '58567.30',
      tax_document: true,
      taxable_supply_date: '2026-10-31',
      supplier: { name: 'Správa budov Praha, a.s.', ico: '27468135', dic: 'CZ27468135', vat_payer: true },
      customer: { name: 'Alfa s.r.o.', street: 'Na Florenci 2116/15', postal_code: '110 00', ico: '28901541' },
      items: [{ vat_rate: 21 }, { vat_rate: 12 }, { vat_rate: null }],
      vat_breakdown: [
        { rate: 21, base: '45000.00', vat: '9450.00', total: '54450.00' },
        // 3 965 × 12 / 112 = 424,8214… → 424,82
        { rate: 12, base: '3540.18', vat: '424.82', total: '3965.00' },
        { rate: null, base: '152.30', vat: '0.00', total: '152.30' },
      ],
      total_base: '48692.48',
      total_vat: '9874.82',
    });

    // The tenant moves: the statement already issued keeps the address it was issued to.
    await setTenantBilling(t.app.db, DEMO_TENANTS.alfa.id, {
      name: 'Alfa s.r.o.',
      street: 'Vinohradská 12',
      city: 'Praha 2',
      postalCode: '12000',
      ico: '28901541',
      dic: 'CZ28901541',
    });
    const seen = await request(t.app, {
      method: 'GET',
      url: `/api/v1/billing_statements/${created.id}/`,
      token: janaToken,
      headers: { 'x-tenant-id': DEMO_TENANTS.alfa.id },
    });
    expect(seen.body).toMatchObject({ customer: { street: 'Na Florenci 2116/15', city: 'Praha 1' } });
    const next = await send({ ...statement, number: '2026990102', variable_symbol: '2026990102' });
    expect(next.json()).toMatchObject({
      customer: { street: 'Vinohradská 12', city: 'Praha 2', postal_code: '120 00' },
    });

    // 15 % ended with 2023; 10 % never applied in 2026; both named in one refusal.
    const oldRate = await send({
      ...statement,
      number: '2026990103',
      items: [
        { description: 'Teplo', amount: '100.00', vat_rate: 15 },
        { description: 'Voda', amount: '100.00', vat_rate: 10 },
      ],
    });
    expect(oldRate.statusCode).toBe(400);
    expect(oldRate.json()).toEqual({
      items: [
        'Sazba DPH 15\u00a0% ke dni uskutečnění plnění 31.\u00a010.\u00a02026 neplatí.',
        'Sazba DPH 10\u00a0% ke dni uskutečnění plnění 31.\u00a010.\u00a02026 neplatí.',
      ],
    });
    // The same rate on a 2023 supply is right.
    const in2023 = await send({
      ...statement,
      number: '2026990104',
      period_from: '2023-12-01',
      period_to: '2023-12-31',
      taxable_supply_date: null,
      items: [{ description: 'Teplo', amount: '115.00', vat_rate: 15 }],
    });
    expect(in2023.statusCode, in2023.body).toBe(201);
    expect(in2023.json()).toMatchObject({
      taxable_supply_date: '2023-12-31',
      vat_breakdown: [{ rate: 15, base: '100.00', vat: '15.00', total: '115.00' }],
    });
    // A NUL in the JSON part is a Czech 400 naming the field, not PostgreSQL's 500.
    const withNul = await send({
      ...statement,
      number: '2026990106',
      items: [{ description: 'Teplo\u0000', amount: '100.00', vat_rate: 21 }],
    });
    expect(withNul.statusCode, withNul.body).toBe(400);
    expect(withNul.json()).toEqual({
      'items.0.description': [
        'Text obsahuje nepovolené znaky (například nulový znak). Odstraňte je a zkuste to znovu.',
      ],
    });
    const notADay = await send({ ...statement, number: '2026990105', taxable_supply_date: '2026-02-30' });
    expect(notADay.statusCode).toBe(400);
    expect(Object.keys(notADay.json())).toEqual(['taxable_supply_date']);
    const tooHigh = await send({
      ...statement,
      number: '2026990106',
      items: [{ description: 'X', amount: '1.00', vat_rate: 100 }],
    });
    expect(tooHigh.statusCode).toBe(400);
  });

  it('lists a room’s reservations of a day with who booked them and cancels one with a reason', async () => {
    const rooms = (await tomas.get(`/api/v1/staff/meeting_rooms/?building=${florencId}`)).body as Array<{
      id: number;
      opening_time: string;
      slot_minutes: number;
      building: { id: number };
    }>;
    expect(rooms.length).toBeGreaterThan(0);
    expect(rooms.every((room) => room.building.id === florencId)).toBe(true);
    const room = rooms[0]!;
    const day = dayFromNow(3);
    const [hours, minutes] = room.opening_time.split(':').map(Number);
    const start = new Date(pragueDayStart(day).getTime() + ((hours ?? 8) * 60 + (minutes ?? 0)) * 60_000);
    const booked = await jana.post('/api/v1/meeting_rooms/reservation/', {
      room: room.id,
      title: 'Porada vedení',
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + room.slot_minutes * 60_000).toISOString(),
    });
    expect(booked.statusCode).toBe(201);
    const reservationId = (booked.body as { id: number }).id;

    const list = await tomas.get(`/api/v1/staff/meeting_rooms/reservations/?room=${room.id}&day=${day}`);
    expect(list.statusCode).toBe(200);
    const mine = (list.body as Array<{ id: number; booked_by: unknown }>).find((r) => r.id === reservationId);
    expect(mine?.booked_by).toMatchObject({
      kind: 'tenant',
      tenant: { id: DEMO_TENANTS.alfa.id },
      user: { display_name: 'Jana Nováková' },
    });
    expect((await eva.get(`/api/v1/staff/meeting_rooms/reservations/?room=${room.id}&day=${day}`)).statusCode).toBe(
      404,
    );

    const cancelUrl = `/api/v1/staff/meeting_rooms/reservations/${reservationId}/cancel/`;
    expect((await tomas.post(cancelUrl, { reason: '   ' })).body).toEqual({ reason: ['Toto pole nesmí být prázdné.'] });
    expect((await eva.post(cancelUrl, { reason: 'Kolize' })).statusCode).toBe(404);
    const cancelled = await tomas.post(cancelUrl, { reason: 'Místnost se bude malovat.' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Místnost se bude malovat.',
      can_cancel: false,
    });
    // Jana, who booked it, learns why.
    const mail = await waitForMail(
      path.join(t.config.dataDir, 'outbox'),
      (candidate) => candidate.type === 'reservation-cancelled-by-staff',
    );
    expect(mail.to).toBe(DEMO_USERS.jana.email);
    expect(mail.subject).toMatch(/^Zrušená rezervace místnosti /);
    expect(mail.text).toContain('Důvod: Místnost se bude malovat.');
    const again = await tomas.post(cancelUrl, { reason: 'Znovu' });
    expect(again.statusCode).toBe(409);
    expect((again.body as { code: string }).code).toBe('reservation_not_cancellable');
    const tenantView = (await jana.get(`/api/v1/meeting_rooms/reservation/${reservationId}/`)).body as {
      status: string;
    };
    expect(tenantView.status).toBe('cancelled');
    expect(karlinId).toBeGreaterThan(0);
  });
});
