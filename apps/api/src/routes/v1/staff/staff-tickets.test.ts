import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_LIMITED, DEMO_TENANTS } from '../../../demo/demo-data.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { logInStaffCast, STAFF_ONLY } from '../../../testing/staff-cast.js';
import { caller, login, request, type Caller } from '../../../testing/test-client.js';

const QUEUE = '/api/v1/staff/support_tickets/';

interface StaffTicket {
  id: number;
  subject: string;
  status: string;
  priority: string;
  version: number;
  building: { id: number; name: string };
  tenant: { id: string; name: string };
  assignee: { id: number; display_name: string } | null;
  visit: { from: string; to: string; note: string | null } | null;
}
interface StaffDetail extends StaffTicket {
  allowed_statuses: string[];
  timeline: Array<{
    type: string;
    body: string | null;
    visibility: string;
    from_value: string | null;
    to_value: string | null;
  }>;
  attachments: Array<{ id: number; download_url: string }>;
}
interface TenantDetail {
  visit: StaffTicket['visit'];
  timeline: Array<Record<string, unknown>>;
}

/** An instant `days` from now at 09:00 UTC. */
const daysFromNow = (days: number, hour = 9) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

describe.each(DATABASE_DRIVERS)('staff tickets (%s)', (driver) => {
  let t: TestApp;
  let tomas: Caller;
  let tomasToken: string;
  let eva: Caller;
  let evaId: number;
  let tomasId: number;
  let jana: Caller;
  let janaToken: string;
  let karlinId: number;
  let florencId: number;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    ({ tomasToken, tomas, eva, janaToken, jana, karlinId, florencId } = await logInStaffCast(t.app));
    const directory = (await tomas.get('/api/v1/staff/directory/')).body as Array<{ id: number; email: string }>;
    evaId = directory.find((member) => member.email === DEMO_STAFF_LIMITED.email)?.id ?? 0;
    tomasId = directory.find((member) => member.email === DEMO_STAFF.email)?.id ?? 0;
  });
  afterAll(() => t?.close());

  /** Jana's new ticket in Florenc (Tomáš's building, not Eva's): its id. */
  const reportInFlorenc = async (subject: string, description: string) => {
    const created = await jana.post('/api/v1/support_tickets/', { subject, description, building: florencId });
    return (created.body as { id: number }).id;
  };
  const detailOf = async (who: Caller, id: number) => {
    const response = await who.get(`${QUEUE}${id}/`);
    return { response, detail: response.body as StaffDetail };
  };
  const patch = (id: number, body: unknown, ifMatch?: string, token = tomasToken) =>
    request(t.app, {
      method: 'PATCH',
      url: `${QUEUE}${id}/`,
      token,
      body,
      headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    });

  it('refuses a tenant and an anonymous caller before anything is read', async () => {
    for (const url of [QUEUE, `${QUEUE}counts/`, `${QUEUE}1/`, '/api/v1/staff/directory/', '/api/v1/staff/tenants/']) {
      const tenant = await jana.get(url);
      expect(tenant.statusCode, url).toBe(403);
      expect(tenant.body).toEqual(STAFF_ONLY);
      expect((await caller(t.app).get(url)).statusCode, url).toBe(401);
    }
    expect((await patch(1, { priority: 'low' }, 'W/"1"', janaToken)).body).toEqual(STAFF_ONLY);
  });

  it('lists tickets across tenants; the limited staff member sees her building only', async () => {
    const all = await tomas.get(QUEUE);
    expect(all.statusCode).toBe(200);
    const items = all.body as StaffTicket[];
    expect(Number(all.headers['x-total-count'])).toBe(items.length);
    expect(new Set(items.map((item) => item.tenant.id))).toEqual(new Set([DEMO_TENANTS.alfa.id, DEMO_TENANTS.beta.id]));
    expect(items.some((item) => item.building.id === florencId)).toBe(true);

    const hers = (await eva.get(QUEUE)).body as StaffTicket[];
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.every((item) => item.building.id === karlinId)).toBe(true);
    const florencTicket = items.find((item) => item.building.id === florencId);
    expect((await eva.get(`${QUEUE}${florencTicket?.id}/`)).statusCode).toBe(404);
  });

  it('filters by building, status, assignee and text (internal notes included)', async () => {
    const karlinOpen = (await tomas.get(`${QUEUE}?building=${karlinId}&status=open&status=in_progress`))
      .body as StaffTicket[];
    expect(karlinOpen.length).toBeGreaterThan(0);
    expect(karlinOpen.every((i) => i.building.id === karlinId && ['open', 'in_progress'].includes(i.status))).toBe(
      true,
    );
    const unassigned = (await tomas.get(`${QUEUE}?assignee=none`)).body as StaffTicket[];
    expect(unassigned.length).toBeGreaterThan(0);
    expect(unassigned.every((i) => i.assignee === null)).toBe(true);
    const mine = (await tomas.get(`${QUEUE}?assignee=me`)).body as StaffTicket[];
    expect(mine.every((i) => i.assignee?.id === tomasId)).toBe(true);
    const evas = (await tomas.get(`${QUEUE}?assignee=${evaId}`)).body as StaffTicket[];
    expect(evas.map((i) => i.assignee?.id)).toEqual(evas.map(() => evaId));

    const byNote = (await tomas.get(`${QUEUE}?search=${encodeURIComponent('Klima-servis')}`)).body as StaffTicket[];
    expect(byNote.map((i) => i.subject)).toEqual(['Nefunguje klimatizace v zasedačce 3.02']);
    // Within a building the search tests each ticket (another query shape): the same answer.
    const inBuilding = (await tomas.get(`${QUEUE}?building=${florencId}&search=${encodeURIComponent('klima-SERVIS')}`))
      .body as StaffTicket[];
    expect(inBuilding.map((i) => i.subject)).toEqual(['Nefunguje klimatizace v zasedačce 3.02']);
    const bySubject = (await tomas.get(`${QUEUE}?tenant=${DEMO_TENANTS.beta.id}&search=radiátoru`))
      .body as StaffTicket[];
    expect(bySubject.map((i) => i.subject)).toEqual(['Teče voda z radiátoru']);
    const byTenant = (await tomas.get(`${QUEUE}?tenant=${DEMO_TENANTS.alfa.id}`)).body as StaffTicket[];
    expect(byTenant.every((i) => i.tenant.id === DEMO_TENANTS.alfa.id)).toBe(true);

    const byPriority = (await tomas.get(`${QUEUE}?ordering=-priority`)).body as StaffTicket[];
    expect(byPriority[0]?.priority).toBe('critical');

    const counts = (await tomas.get(`${QUEUE}counts/`)).body as Record<string, number>;
    const total = Number((await tomas.get(QUEUE)).headers['x-total-count']);
    expect(counts['open']! + counts['in_progress']! + counts['resolved']! + counts['closed']!).toBe(total);
    expect(counts['unassigned']).toBeGreaterThan(0);
  });

  it('finds a word past the first 600 characters of a long description, and counts it once', async () => {
    // Within a building the count reads the short tickets' text from an index that holds only
    // its first 600 characters, and the long tickets from the table: both halves must count.
    const filler = 'Popis závady je podrobný a dlouhý, aby přesáhl šest set znaků. '.repeat(15);
    const long = await reportInFlorenc('Porucha v serverovně', `${filler}Nakonec: ZLOMENÝ-ventil u stoupačky.`);
    const short = await reportInFlorenc('Zlomený-ventil v kuchyňce', 'Kape.');
    const ids = [long, short].sort();
    const word = encodeURIComponent('zlomený-VENTIL');
    for (const query of [
      `building=${florencId}&search=${word}`,
      `building=${florencId}&status=open&search=${word}`,
      `search=${word}`,
    ]) {
      const found = await tomas.get(`${QUEUE}?${query}`);
      expect((found.body as StaffTicket[]).map((item) => item.id).sort(), query).toEqual(ids);
      expect(found.headers['x-total-count'], query).toBe('2');
    }
    const elsewhere = await tomas.get(`${QUEUE}?building=${karlinId}&search=${word}`);
    expect(elsewhere.headers['x-total-count']).toBe('0');
  });

  it('filters by creation day, each bound on its own (each shape its own prepared statement)', async () => {
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Prague' });
    const total = Number((await tomas.get(QUEUE)).headers['x-total-count']);
    const since = await tomas.get(`${QUEUE}?created_from=${today}`);
    const until = await tomas.get(`${QUEUE}?created_to=2000-01-01`);
    expect(since.statusCode).toBe(200);
    expect(until.statusCode).toBe(200);
    expect(Number(until.headers['x-total-count'])).toBe(0);
    const recent = since.body as Array<{ created_at: string }>;
    expect(recent.length).toBeLessThan(total);
    expect(recent.every((item) => new Date(item.created_at).getTime() > Date.now() - 86_400_000)).toBe(true);
  });

  it('answers 400 in Czech for bad filters', async () => {
    const bad = await tomas.get(`${QUEUE}?assignee=nikdo&status=hotovo`);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/[ěščřžýáíéů]/);
  });

  it('shows the whole timeline with visibility to staff and never the internal note to the tenant', async () => {
    const queue = (await tomas.get(`${QUEUE}?search=klimatizace`)).body as StaffTicket[];
    const id = queue[0]?.id ?? 0;
    const { response, detail } = await detailOf(tomas, id);
    expect(response.headers['etag']).toBe(`W/"${detail.version}"`);
    const internal = detail.timeline.filter((entry) => entry.visibility === 'internal');
    expect(internal.length).toBeGreaterThan(0);
    expect(detail.attachments[0]?.download_url).toBe(
      `/api/v1/staff/support_tickets/${id}/attachments/${detail.attachments[0]?.id}/`,
    );
    const file = await t.app.inject({
      method: 'GET',
      url: detail.attachments[0]?.download_url ?? '',
      headers: { authorization: `Bearer ${tomasToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    const foreign = await eva.get(detail.attachments[0]?.download_url ?? '');
    expect(foreign.statusCode).toBe(404);

    // The photo's preview (the demo thermometer, 64 × 64): staff of its building, and the
    // ticket's tenant through its own operation; another building's staff get 404, a tenant's
    // token 403 on the staff path.
    const previewUrl = `${detail.attachments[0]?.download_url}preview/?size=large`;
    const asStaff = await t.app.inject({
      method: 'GET',
      url: previewUrl,
      headers: { authorization: `Bearer ${tomasToken}` },
    });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers['content-type']).toBe('image/webp');
    expect(asStaff.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const asTenant = await t.app.inject({
      method: 'GET',
      url: `/api/v1/support_tickets/${id}/attachments/${detail.attachments[0]?.id}/preview/?size=large`,
      headers: { authorization: `Bearer ${janaToken}`, 'x-tenant-id': DEMO_TENANTS.alfa.id },
    });
    expect(asTenant.statusCode).toBe(200);
    expect(asTenant.rawPayload.equals(asStaff.rawPayload)).toBe(true);
    expect((await eva.get(previewUrl)).statusCode).toBe(404);
    expect((await jana.get(previewUrl)).statusCode).toBe(403);

    const tenantView = (await jana.get(`/api/v1/support_tickets/${id}/`)).body as TenantDetail;
    expect(JSON.stringify(tenantView)).not.toContain('Klima-servis');
    expect(tenantView.timeline.every((entry) => !('visibility' in entry))).toBe(true);
  });

  it('changes status, priority, assignee and visit with If-Match; 428 without, 412 when stale', async () => {
    const id = await reportInFlorenc('Zatéká do kanceláře', 'Po dešti je mokrý strop.');
    const { detail } = await detailOf(tomas, id);
    expect(detail.version).toBe(1);

    const missing = await patch(id, { priority: 'high' });
    expect(missing.statusCode).toBe(428);
    expect((missing.body as { code: string }).code).toBe('precondition_required');

    const visit = { from: daysFromNow(1, 7), to: daysFromNow(1, 9), note: 'Technik zazvoní na recepci.' };
    const changed = await patch(id, { status: 'in_progress', priority: 'high', assignee: tomasId, visit }, 'W/"1"');
    expect(changed.statusCode).toBe(200);
    const after = changed.body as StaffDetail;
    expect(after).toMatchObject({ status: 'in_progress', priority: 'high', assignee: { id: tomasId }, visit });
    expect(after.version).toBeGreaterThan(1);
    expect(changed.headers['etag']).toBe(`W/"${after.version}"`);
    expect(after.timeline.map((entry) => entry.type)).toEqual([
      'priority_change',
      'assignment',
      'visit_change',
      'status_change',
    ]);

    const stale = await patch(id, { priority: 'low' }, 'W/"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.body).toEqual({
      code: 'stale_version',
      detail: 'Záznam mezitím změnil někdo jiný. Načtěte ho znovu a změnu zopakujte.',
    });
    expect((await detailOf(tomas, id)).detail.priority).toBe('high');

    // The tenant sees the window and its change, never a visibility field.
    const tenantView = (await jana.get(`/api/v1/support_tickets/${id}/`)).body as TenantDetail;
    expect(tenantView.visit).toEqual(visit);
    // A tenant's comment raises the version too.
    await jana.post(`/api/v1/support_tickets/${id}/messages/`, { body: 'Děkujeme.' });
    expect((await patch(id, { priority: 'low' }, `W/"${after.version}"`)).statusCode).toBe(412);

    const current = (await detailOf(tomas, id)).detail.version;
    const cleared = await patch(id, { visit: null }, `"${current}"`);
    expect((cleared.body as StaffDetail).visit).toBeNull();
    expect((cleared.body as StaffDetail).timeline.at(-1)).toMatchObject({
      type: 'visit_change',
      to_value: null,
    });
  });

  it('refuses illegal transitions with 409 and bad input with Czech 400s', async () => {
    const id = await reportInFlorenc('Nejde zvonek', 'Zvonek u vchodu nezvoní.');
    const same = await patch(id, { status: 'open' }, 'W/"1"');
    expect(same.statusCode).toBe(409);
    expect(same.body).toEqual({
      code: 'invalid_transition',
      detail: 'Změnu stavu „Otevřeno“ → „Otevřeno“ nelze provést.',
    });

    const past = await patch(id, { visit: { from: daysFromNow(-2), to: daysFromNow(-2, 11) } }, 'W/"1"');
    expect(past.statusCode).toBe(400);
    expect(past.body).toEqual({ visit: ['Návštěvu nelze naplánovat do minulosti.'] });
    const backwards = await patch(id, { visit: { from: daysFromNow(2, 11), to: daysFromNow(2, 9) } }, 'W/"1"');
    expect(backwards.body).toEqual({ visit: ['Konec návštěvy musí být po jejím začátku.'] });

    // Eva does not manage Florenc, so she cannot take its tickets.
    const notHers = await patch(id, { assignee: evaId }, 'W/"1"');
    expect(notHers.statusCode).toBe(400);
    expect(notHers.body).toEqual({ assignee: ['Tento člen správy nemá na starosti budovu incidentu.'] });
    const notStaff = await patch(id, { assignee: 1 }, 'W/"1"');
    expect(notStaff.body).toEqual({ assignee: ['Řešitelem může být jen aktivní člen správy budov.'] });
    expect((await patch(id, {}, 'W/"1"')).statusCode).toBe(400);

    // The detail says where the ticket may go, from the same table the API enforces.
    expect((await detailOf(tomas, id)).detail.allowed_statuses).toEqual(['in_progress', 'resolved', 'closed']);
    expect((await patch(id, { status: 'resolved', resolution: 'Vyměněn zvonek.' }, 'W/"1"')).statusCode).toBe(200);
    const { version: resolvedVersion, allowed_statuses: fromResolved } = (await detailOf(tomas, id)).detail;
    expect(fromResolved).toEqual(['in_progress', 'closed']);
    const back = await patch(id, { status: 'open' }, `W/"${resolvedVersion}"`);
    expect(back.body).toEqual({
      code: 'invalid_transition',
      detail: 'Změnu stavu „Vyřešeno“ → „Otevřeno“ nelze provést.',
    });
    expect((await patch(id, { status: 'closed' }, `W/"${resolvedVersion}"`)).statusCode).toBe(200);
    const { version: closedVersion, allowed_statuses: fromClosed } = (await detailOf(tomas, id)).detail;
    expect(fromClosed).toEqual([]);
    const closed = await patch(id, { priority: 'low' }, `W/"${closedVersion}"`);
    expect(closed.statusCode).toBe(409);
    expect((closed.body as { code: string }).code).toBe('ticket_closed');
    expect((await patch(999_999, { priority: 'low' }, 'W/"1"')).statusCode).toBe(404);
    const evaToken = (await login(t.app, DEMO_STAFF_LIMITED.email, DEMO_PASSWORD)).access;
    // Florenc is not Eva's: its tickets are as unknown to her as a missing one.
    const foreign = await patch(id, { priority: 'low' }, `W/"${closedVersion}"`, evaToken);
    expect(foreign.statusCode).toBe(404);
  });

  it('writes public answers and internal notes; the tenant sees only the answer', async () => {
    const id = await reportInFlorenc('Hlučná ventilace', 'Ventilace v 3.01 hučí.');
    const note = await tomas.post(`${QUEUE}${id}/messages/`, {
      body: 'Tajná poznámka pro techniky',
      visibility: 'internal',
    });
    expect(note.statusCode).toBe(201);
    expect(note.body).toMatchObject({ type: 'comment', visibility: 'internal', author_role: 'operator' });
    const answer = await tomas.post(`${QUEUE}${id}/messages/`, { body: 'Technik přijde zítra.', visibility: 'public' });
    expect(answer.statusCode).toBe(201);
    const noVisibility = await tomas.post(`${QUEUE}${id}/messages/`, { body: 'Bez volby' });
    expect(noVisibility.statusCode).toBe(400);
    const blank = await tomas.post(`${QUEUE}${id}/messages/`, { body: '   ', visibility: 'public' });
    expect(blank.body).toEqual({ body: ['Toto pole nesmí být prázdné.'] });

    const tenantView = JSON.stringify((await jana.get(`/api/v1/support_tickets/${id}/`)).body);
    expect(tenantView).toContain('Technik přijde zítra.');
    expect(tenantView).not.toContain('Tajná poznámka');
    const found = (await tomas.get(`${QUEUE}?search=${encodeURIComponent('tajná poznámka')}`)).body as StaffTicket[];
    expect(found.map((item) => item.id)).toEqual([id]);
    // Eva may not write on a Florenc ticket.
    expect((await eva.post(`${QUEUE}${id}/messages/`, { body: 'x', visibility: 'public' })).statusCode).toBe(404);
  });

  it('lists the staff directory, buildings and tenants', async () => {
    const directory = (await tomas.get('/api/v1/staff/directory/')).body as Array<{
      email: string;
      all_buildings: boolean;
      buildings: Array<{ id: number }>;
    }>;
    expect(directory.find((m) => m.email === DEMO_STAFF.email)).toMatchObject({ all_buildings: true, buildings: [] });
    expect(directory.find((m) => m.email === DEMO_STAFF_LIMITED.email)).toMatchObject({
      all_buildings: false,
      buildings: [{ id: karlinId }],
    });
    expect(((await eva.get('/api/v1/staff/buildings/')).body as Array<{ id: number }>).map((b) => b.id)).toEqual([
      karlinId,
    ]);
    const tenants = await tomas.get('/api/v1/staff/tenants/?search=beta');
    expect(tenants.body).toEqual([{ id: DEMO_TENANTS.beta.id, name: DEMO_TENANTS.beta.name }]);
    const evasTenants = (await eva.get('/api/v1/staff/tenants/')).body as Array<{ id: string }>;
    expect(evasTenants.map((tenant) => tenant.id)).toEqual([DEMO_TENANTS.beta.id]);
  });

  it('tells the profile whether the user is staff', async () => {
    expect(((await tomas.get('/api/v1/my_profile/')).body as { is_staff: boolean }).is_staff).toBe(true);
    expect(((await jana.get('/api/v1/my_profile/')).body as { is_staff: boolean }).is_staff).toBe(false);
  });
});
