import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_TOTP_SECRET, DEMO_USERS } from '@portal/api/demo-data';
import { currentTotpCode, startTestApi, type TestApi } from '@portal/api/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, buildTestBff, getSession, logIn, logInWithCode } from '../../testing/build-test-bff.js';

/** The staff gate and versioned changes through the BFF, against the real apps/api. */
describe('staff operations against the reference upstream', () => {
  let api: TestApi;
  let app: FastifyInstance;

  beforeAll(async () => {
    api = await startTestApi();
    app = await buildTestBff({ upstreamUrl: api.url });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });

  it('gives a staff member a session without tenants, the queue, and versioned changes with a Czech 412', async () => {
    const { cookie, response } = await logInWithCode(
      app,
      { email: DEMO_STAFF.email, password: DEMO_PASSWORD },
      currentTotpCode(DEMO_STAFF_TOTP_SECRET),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: DEMO_STAFF.email, is_staff: true }, tenants: [] });
    expect((await getSession(app, cookie)).json()).toMatchObject({
      session: { user: { is_staff: true }, selectedTenantId: null },
    });

    const queue = await app.inject({
      method: 'GET',
      url: '/api/v1/staff/support_tickets/?status=open&status=in_progress&page_size=5',
      headers: { ...API_HEADERS, cookie },
    });
    expect(queue.statusCode).toBe(200);
    expect(Number(queue.headers['x-total-count'])).toBeGreaterThan(0);
    const [first] = queue.json<Array<{ id: number; priority: string }>>();
    expect(first).toBeDefined();
    const id = first?.id ?? 0;

    const detail = await app.inject({
      method: 'GET',
      url: `/api/v1/staff/support_tickets/${id}/`,
      headers: { ...API_HEADERS, cookie },
    });
    expect(detail.statusCode).toBe(200);
    const etag = String(detail.headers.etag);
    expect(etag).toMatch(/^W\/"\d+"$/);

    const priority = first?.priority === 'high' ? 'low' : 'high';
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/staff/support_tickets/${id}/`,
      headers: { ...API_HEADERS, cookie, 'if-match': etag },
      payload: { priority },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    // The same version again: someone (this test) changed it in between.
    const stale = await app.inject({
      method: 'PATCH',
      url: `/api/v1/staff/support_tickets/${id}/`,
      headers: { ...API_HEADERS, cookie, 'if-match': etag },
      payload: { priority: first?.priority },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      code: 'stale_version',
      message: 'Záznam mezitím změnil někdo jiný. Načtěte ho znovu a změnu zopakujte.',
    });

    const unversioned = await app.inject({
      method: 'PATCH',
      url: `/api/v1/staff/support_tickets/${id}/`,
      headers: { ...API_HEADERS, cookie },
      payload: { priority: first?.priority },
    });
    expect(unversioned.statusCode).toBe(428);
    expect(unversioned.json()).toMatchObject({ code: 'precondition_required' });
    // Put the demo ticket back as it was.
    const restored = await app.inject({
      method: 'PATCH',
      url: `/api/v1/staff/support_tickets/${id}/`,
      headers: { ...API_HEADERS, cookie, 'if-match': String(changed.headers.etag) },
      payload: { priority: first?.priority },
    });
    expect(restored.statusCode).toBe(200);
  });

  it('refuses a tenant the staff operations before the upstream with the Czech staff_only', async () => {
    const { cookie } = await logIn(app, { email: DEMO_USERS.petr.email, password: DEMO_PASSWORD });
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/staff/support_tickets/',
      headers: { ...API_HEADERS, cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'staff_only',
      message: 'Tato část portálu je určena jen pro správu budov.',
    });
  });
});
