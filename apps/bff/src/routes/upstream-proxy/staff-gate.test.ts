import { listOperations } from '@portal/openapi/documents';
import { describe, expect, it } from 'vitest';
import { API_HEADERS, bffPerTest, logIn } from '../../testing/build-test-bff.js';
import { FAKE_CREDENTIALS, FAKE_STAFF_CREDENTIALS, FAKE_TENANTS } from '../../testing/fake-upstream.js';

const STAFF_ONLY = { code: 'staff_only', message: 'Tato část portálu je určena jen pro správu budov.' };

/** The operations of bff.yaml marked `x-staff: true`, with their paths filled in. */
function staffOperations() {
  return listOperations('bff')
    .filter((operation) => operation.staff)
    .map((operation) => ({
      ...operation,
      url: operation.path.replace(/\{[^}]+\}/g, '1'),
      method: operation.method.toUpperCase() as 'GET' | 'POST' | 'PATCH',
    }));
}

describe('staff operations (x-staff)', () => {
  const bff = bffPerTest();

  it('exist in bff.yaml, none tenant-scoped', () => {
    const operations = staffOperations();
    expect(operations.map((operation) => operation.operationId)).toContain('listStaffSupportTickets');
    expect(operations.filter((operation) => operation.tenantScoped)).toEqual([]);
  });

  it('are refused with 403 staff_only for a tenant, with or without a tenant chosen, before the upstream', async () => {
    const { app, upstream } = await bff.start();
    const { cookie } = await logIn(app, FAKE_CREDENTIALS);
    const before = upstream.requests.length;
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/staff/support_tickets/',
      headers: { ...API_HEADERS, cookie },
    });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual(STAFF_ONLY);
    for (const operation of staffOperations()) {
      const response = await app.inject({
        method: operation.method,
        url: operation.url,
        headers: { ...API_HEADERS, cookie },
      });
      // Bad input (a required query, a body) may be refused first; the upstream never sees it.
      if (response.statusCode === 400) {
        expect(response.json(), operation.operationId).toMatchObject({ code: 'validation_error' });
      } else {
        expect(response.statusCode, operation.operationId).toBe(403);
        expect(response.json(), operation.operationId).toEqual(STAFF_ONLY);
      }
    }
    await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie },
      payload: { tenantId: FAKE_TENANTS[0].id },
    });
    const withTenant = await app.inject({
      method: 'PATCH',
      url: '/api/v1/staff/support_tickets/1/',
      headers: { ...API_HEADERS, cookie, 'if-match': 'W/"1"' },
      payload: { status: 'in_progress' },
    });
    expect(withTenant.statusCode).toBe(403);
    expect(withTenant.json()).toEqual(STAFF_ONLY);
    expect(upstream.requests.slice(before).filter((request) => request.url.startsWith('/api/v1/staff/'))).toEqual([]);
  });

  it('answer a guest 401, before the upstream', async () => {
    const { app, upstream } = await bff.start();
    const response = await app.inject({ method: 'GET', url: '/api/v1/staff/support_tickets/', headers: API_HEADERS });
    expect(response.statusCode).toBe(401);
    expect(upstream.hits('/api/v1/staff/')).toEqual([]);
  });

  it('are forwarded for a staff member without a tenant, with the query, If-Match, and ETag and X-Total-Count back', async () => {
    const { app, upstream } = await bff.start();
    const { cookie } = await logIn(app, FAKE_STAFF_CREDENTIALS);
    upstream.answer('/api/v1/staff/support_tickets/?', 200, [], { headers: { 'x-total-count': '0' } });
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/staff/support_tickets/?status=open&status=in_progress&assignee=none&building=2&ordering=-priority',
      headers: { ...API_HEADERS, cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('0');
    const [listHit] = upstream.hits('/api/v1/staff/support_tickets/');
    expect(listHit?.url).toBe(
      '/api/v1/staff/support_tickets/?status=open&status=in_progress&assignee=none&building=2&ordering=-priority',
    );
    expect(listHit?.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(listHit?.headers['x-tenant-id']).toBeUndefined();

    upstream.answer('/api/v1/staff/support_tickets/5/', 200, { id: 5 }, { headers: { etag: 'W/"8"' } });
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/v1/staff/support_tickets/5/',
      headers: { ...API_HEADERS, cookie, 'if-match': 'W/"7"' },
      payload: { status: 'in_progress' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.headers.etag).toBe('W/"8"');
    const patchHit = upstream.hits('/api/v1/staff/support_tickets/5/').at(-1);
    expect(patchHit?.method).toBe('PATCH');
    expect(patchHit?.headers['if-match']).toBe('W/"7"');
    expect(JSON.parse(patchHit?.body ?? '{}')).toEqual({ status: 'in_progress' });
  });

  it("passes the upstream's 412 on with its Czech reload message", async () => {
    const { app, upstream } = await bff.start();
    const { cookie } = await logIn(app, FAKE_STAFF_CREDENTIALS);
    const stale = 'Záznam mezitím změnil někdo jiný. Načtěte ho znovu a změnu zopakujte.';
    upstream.answer('/api/v1/staff/support_tickets/5/', 412, { code: 'stale_version', detail: stale });
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/staff/support_tickets/5/',
      headers: { ...API_HEADERS, cookie, 'if-match': 'W/"6"' },
      payload: { priority: 'high' },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json()).toEqual({ code: 'stale_version', message: stale });
  });
});
