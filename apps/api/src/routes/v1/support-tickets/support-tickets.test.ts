import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../../demo/demo-data.js';
import { supportTickets, ticketTimeline, users } from '../../../db/schema.js';
import { assign, changePriority, changeStatus, findTicket } from '../../../domain/tickets.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { caller, login, request, type Caller } from '../../../testing/test-client.js';

const URL = '/api/v1/support_tickets/';
const ALFA = { 'x-tenant-id': DEMO_TENANTS.alfa.id };
const BETA = { 'x-tenant-id': DEMO_TENANTS.beta.id };

interface Ticket {
  id: number;
  status: string;
  priority: string;
  contact_phone: string | null;
  building: { id: number };
  timeline: Array<{ type: string; body: string | null; from_value: string | null; to_value: string | null }>;
  attachments: Array<{ id: number; download_url: string; file_name: string; size: number }>;
}

function multipart(files: Array<{ name: string; type: string; content: Buffer | string; field?: string }>) {
  const boundary = 'portalBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(DATABASE_DRIVERS)('support tickets (%s)', (driver) => {
  let t: TestApp;
  let jana: string;
  let petr: string;
  let janaInAlfa: Caller;
  let janaInBeta: Caller;
  let petrInAlfa: Caller;
  let petrWithoutTenant: Caller;
  let visitor: Caller;
  let florencId: number;
  let karlinId: number;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    jana = (await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD)).access;
    petr = (await login(t.app, DEMO_USERS.petr.email, DEMO_PASSWORD)).access;
    janaInAlfa = caller(t.app, jana, ALFA);
    janaInBeta = caller(t.app, jana, BETA);
    petrInAlfa = caller(t.app, petr, ALFA);
    petrWithoutTenant = caller(t.app, petr);
    visitor = caller(t.app);
    const buildings = (await visitor.get('/api/v1/buildings/')).body as Array<{
      id: number;
      name: string;
    }>;
    florencId = buildings.find((b) => b.name.includes('Florenc'))?.id ?? 0;
    karlinId = buildings.find((b) => b.name.includes('Karlín'))?.id ?? 0;
  });
  afterAll(() => t?.close());

  const create = (body: unknown, headers: Record<string, string> = ALFA, token = jana) =>
    request(t.app, { method: 'POST', url: URL, token, headers, body });

  it('lists only the tenant’s tickets with X-Total-Count, pages and ordering', async () => {
    const all = await janaInAlfa.get(URL);
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect((all.body as Ticket[]).length).toBe(total);
    expect(total).toBeGreaterThanOrEqual(3);

    const page2 = await janaInAlfa.get(`${URL}?page=2&page_size=1`);
    expect(page2.headers['x-total-count']).toBe(String(total));
    expect((page2.body as Ticket[]).map((x) => x.id)).toEqual([(all.body as Ticket[])[1]?.id]);

    const past = await janaInAlfa.get(`${URL}?page=99`);
    expect(past.statusCode).toBe(404);
    expect(past.body).toMatchObject({ code: 'invalid_page' });

    const byPriority = await janaInAlfa.get(`${URL}?ordering=-priority`);
    const ranks = (byPriority.body as Ticket[]).map((x) => ['low', 'standard', 'high', 'critical'].indexOf(x.priority));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it('filters by status (repeated), priority, building and creation date; the total follows', async () => {
    const get = async (query: string) => {
      const response = await janaInAlfa.get(`${URL}?${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.body as Ticket[];
      expect(Number(response.headers['x-total-count'])).toBe(body.length);
      return body;
    };
    const open = await get('status=open&status=in_progress');
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((x) => ['open', 'in_progress'].includes(x.status))).toBe(true);
    expect((await get('priority=low')).every((x) => x.priority === 'low')).toBe(true);
    expect((await get(`building=${florencId}`)).every((x) => x.building.id === florencId)).toBe(true);
    expect(await get(`building=${karlinId}`)).toEqual([]);
    expect(await get('created_from=2999-01-01')).toEqual([]);
    expect((await get('created_to=2999-01-01')).length).toBeGreaterThan(0);

    const bad = await janaInAlfa.get(`${URL}?status=deleted&page_size=500`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ 'status.0': ['Neplatná volba.'], page_size: ['Zadejte hodnotu nejvýše 100.'] });
  });

  it('answers 403 for a foreign X-Tenant-ID and 404 for another tenant’s ticket', async () => {
    const forbidden = await petrInAlfa.get(URL);
    expect(forbidden.statusCode).toBe(403);
    const alfaTicket = ((await janaInAlfa.get(URL)).body as Ticket[])[0];
    const id = alfaTicket?.id ?? 0;
    for (const url of [`${URL}${id}/`]) {
      const response = await request(t.app, { method: 'GET', url, token: petr });
      expect(response.statusCode).toBe(404);
      expect(response.body).toEqual({
        detail: `Incident s ID ${id} neexistuje nebo k němu nemáte přístup.`,
        code: 'not_found',
      });
    }
    const viaJanaBeta = await janaInBeta.get(`${URL}${id}/`);
    expect(viaJanaBeta.statusCode).toBe(404);
    const message = await petrWithoutTenant.post(`${URL}${id}/messages/`, { body: 'cizí' });
    expect(message.statusCode).toBe(404);
    const close = await petrWithoutTenant.post(`${URL}${id}/close/`, { resolution: 'x' });
    expect(close.statusCode).toBe(404);
  });

  it('creates an open ticket, falls back to the registered contact and checks the building', async () => {
    const created = await create({
      subject: 'Kape kohoutek',
      description: 'V kuchyňce kape.',
      building: florencId,
      contact_phone: '  ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({
      status: 'open',
      priority: 'standard',
      contact_phone: null,
      timeline: [],
      attachments: [],
    });
    const foreign = await create({ subject: 'Cizí budova', description: 'x', building: karlinId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toEqual({ building: ['Vyberte budovu, ve které máte pronajaté prostory.'] });
    const missing = await create({});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.body as object).sort()).toEqual(['building', 'description', 'subject']);
  });

  it('replays a create with the same Idempotency-Key and creates nothing new', async () => {
    const body = { subject: 'Opakovaný požadavek', description: 'Jen jednou.', building: florencId, priority: 'high' };
    const headers = { ...ALFA, 'idempotency-key': `ticket-${driver}-0001` };
    const before = await t.app.db.select({ value: count() }).from(supportTickets);
    const first = await create(body, headers);
    const second = await create(body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect((second.body as Ticket).id).toBe((first.body as Ticket).id);
    const after = await t.app.db.select({ value: count() }).from(supportTickets);
    expect((after[0]?.value ?? 0) - (before[0]?.value ?? 0)).toBe(1);
    const reused = await create({ ...body, subject: 'Jiný obsah' }, headers);
    expect(reused.statusCode).toBe(409);
    expect(reused.body).toMatchObject({ code: 'idempotency_key_reused' });
    // Keys are per caller: Petr's identical key is his own.
    const petrs = await create({ ...body, building: karlinId }, { 'idempotency-key': `ticket-${driver}-0001` }, petr);
    expect(petrs.statusCode).toBe(201);
    expect((petrs.body as Ticket).id).not.toBe((first.body as Ticket).id);
  });

  it('writes timeline entries of all four types and closes with a resolution', async () => {
    const created = (await create({ subject: 'Časová osa', description: 'Test.', building: florencId })).body as Ticket;
    const comment = await janaInAlfa.post(`${URL}${created.id}/messages/`, { body: 'Doplňuji informace.' });
    expect(comment.statusCode).toBe(201);
    expect(comment.body).toMatchObject({ type: 'comment', body: 'Doplňuji informace.', author_role: 'tenant' });

    // The operator's side (portal-admin) goes through the same domain functions.
    const [staff] = await t.app.db.select().from(users).where(eq(users.isStaff, true));
    const operator = { userId: staff?.id ?? null, role: 'operator' as const };
    await t.app.db.transaction(async (tx) => {
      const ticket = await findTicket(tx, created.id, null, true);
      if (ticket === undefined) throw new Error('missing');
      await changePriority(tx, ticket, operator, 'critical');
      await assign(tx, ticket, operator, staff?.id ?? null);
      await changeStatus(tx, ticket, operator, 'in_progress');
    });

    const closed = await janaInAlfa.post(`${URL}${created.id}/close/`, { resolution: 'Vyřešeno na místě.' });
    expect(closed.statusCode).toBe(200);
    const detail = closed.body as Ticket & { resolution: string };
    expect(detail).toMatchObject({ status: 'closed', priority: 'critical', resolution: 'Vyřešeno na místě.' });
    expect(detail.timeline.map((entry) => [entry.type, entry.from_value, entry.to_value])).toEqual([
      ['comment', null, null],
      ['priority_change', 'standard', 'critical'],
      ['assignment', null, 'Tomáš Dvořák'],
      ['status_change', 'open', 'in_progress'],
      ['status_change', 'in_progress', 'closed'],
    ]);

    const again = await janaInAlfa.post(`${URL}${created.id}/close/`, { resolution: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({ code: 'ticket_closed' });
    const late = await janaInAlfa.post(`${URL}${created.id}/messages/`, { body: 'x' });
    expect(late.statusCode).toBe(409);
    const entries = await t.app.db
      .select({ value: count() })
      .from(ticketTimeline)
      .where(eq(ticketTimeline.ticketId, created.id));
    expect(entries[0]?.value).toBe(5);
  });

  it('stores multipart attachments and serves them only to the ticket’s tenant', async () => {
    const created = (await create({ subject: 'Fotky závady', description: 'Viz přílohy.', building: florencId }))
      .body as Ticket;
    const upload = (files: Parameters<typeof multipart>[0], token = jana, headers = ALFA) => {
      const { payload, contentType } = multipart(files);
      return t.app.inject({
        method: 'POST',
        url: `${URL}${created.id}/attachments/`,
        headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': contentType },
        payload,
      });
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const ok = await upload([
      { name: 'závada.png', type: 'image/png', content: png },
      { name: 'protokol.pdf', type: 'application/octet-stream', content: '%PDF-1.4 test' },
    ]);
    expect(ok.statusCode).toBe(201);
    const attachments = ok.json<Ticket['attachments']>();
    expect(attachments.map((a) => [a.file_name, a.size])).toEqual([
      ['závada.png', png.length],
      ['protokol.pdf', 13],
    ]);

    const first = attachments[0];
    const download = await t.app.inject({
      method: 'GET',
      url: first?.download_url ?? '',
      headers: { ...ALFA, authorization: `Bearer ${jana}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''z%C3%A1vada.png");
    expect(download.rawPayload.equals(png)).toBe(true);
    const foreign = await t.app.inject({
      method: 'GET',
      url: first?.download_url ?? '',
      headers: { authorization: `Bearer ${petr}` },
    });
    expect(foreign.statusCode).toBe(404);

    const detail = await janaInAlfa.get(`${URL}${created.id}/`);
    expect((detail.body as Ticket).attachments).toHaveLength(2);

    const script = await upload([{ name: 'virus.exe', type: 'application/x-msdownload', content: 'MZ' }]);
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({ files: [expect.stringContaining('nepodporovaný typ')] });
    const none = await upload([{ name: 'x.txt', type: 'text/plain', content: 'x', field: 'other' }]);
    expect(none.statusCode).toBe(400);
    const huge = await upload([
      { name: 'velky.pdf', type: 'application/pdf', content: Buffer.alloc(10 * 1024 * 1024 + 1) },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'file_too_large' });
    const json = await request(t.app, {
      method: 'POST',
      url: `${URL}${created.id}/attachments/`,
      token: jana,
      headers: ALFA,
      body: {},
      contract: false,
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });
});
