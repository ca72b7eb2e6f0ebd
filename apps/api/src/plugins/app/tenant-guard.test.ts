import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../demo/demo-data.js';
import { tenantAccess, tenants, users } from '../../db/schema.js';
import { hashPassword } from '../../security/password-hash.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { DATABASE_DRIVERS, type DatabaseDriver } from '../../testing/scratch-database.js';
import { login, request } from '../../testing/test-client.js';

/** A tenant-scoped route that exists only in this test (none exists in the app yet). */
const URL = '/test/tenant-scoped/';
const FOREIGN_TENANT = '0b5c1f7e-0000-4000-8000-000000000002';

/** The app with the test's tenant-scoped route, and a tenant nobody in the demo may act for. */
async function appWithTenantScopedRoute(driver: DatabaseDriver): Promise<TestApp> {
  const t = await buildTestApp(driver, {
    configure(app) {
      app.get(URL, { onRequest: [app.authenticate, app.requireTenant] }, async (request) => ({
        tenantId: request.tenantId,
      }));
    },
  });
  await t.app.db.insert(tenants).values({ id: FOREIGN_TENANT, name: 'Cizí nájemce s.r.o.' });
  return t;
}

describe.each(DATABASE_DRIVERS)('X-Tenant-ID guard (%s)', (driver) => {
  let t: TestApp;
  let jana: string;
  let petr: string;
  beforeAll(async () => {
    t = await appWithTenantScopedRoute(driver);
    jana = (await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD)).access;
    petr = (await login(t.app, DEMO_USERS.petr.email, DEMO_PASSWORD)).access;
  });
  afterAll(() => t?.close());

  const get = (token: string | undefined, tenantId?: string) =>
    request(t.app, {
      method: 'GET',
      url: URL,
      contract: false,
      ...(token === undefined ? {} : { token }),
      ...(tenantId === undefined ? {} : { headers: { 'x-tenant-id': tenantId } }),
    });

  it('passes a tenant from the user’s access list on to the route', async () => {
    for (const tenantId of DEMO_USERS.jana.tenantIds) {
      const response = await get(jana, tenantId);
      expect(response.statusCode).toBe(200);
      expect(response.body).toEqual({ tenantId });
    }
  });

  it('trims the header value', async () => {
    const response = await get(jana, `  ${DEMO_TENANTS.alfa.id} `);
    expect(response.body).toEqual({ tenantId: DEMO_TENANTS.alfa.id });
  });

  it('answers 403 tenant_forbidden for a tenant outside the access list', async () => {
    const forbidden = { detail: 'Nemáte přístup k tomuto nájemci.', code: 'tenant_forbidden' };
    for (const [token, tenantId] of [
      [petr, DEMO_TENANTS.alfa.id],
      [jana, FOREIGN_TENANT],
      [jana, 'not-a-tenant'],
      [jana, `${DEMO_TENANTS.alfa.id},${DEMO_TENANTS.beta.id}`],
      [jana, 'x'.repeat(500)],
    ] as const) {
      const response = await get(token, tenantId);
      expect(response.statusCode).toBe(403);
      expect(response.body).toEqual(forbidden);
    }
  });

  it('answers 400 tenant_required without the header when the user has several tenants', async () => {
    for (const tenantId of [undefined, '', '   ']) {
      const response = await get(jana, tenantId);
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual({
        detail: 'Vyberte nájemce: chybí hlavička X-Tenant-ID.',
        code: 'tenant_required',
      });
    }
  });

  it('uses the only tenant when a single-tenant user sends no header (upstream.yaml)', async () => {
    const response = await get(petr);
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ tenantId: DEMO_TENANTS.beta.id });
  });

  it('answers 403 without the header when the user has no tenant at all', async () => {
    const email = `bez.najemce.${driver}@example.cz`;
    await t.app.db.insert(users).values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const { access } = await login(t.app, email, DEMO_PASSWORD);
    const response = await get(access);
    expect(response.statusCode).toBe(403);
    expect(response.body).toMatchObject({ code: 'tenant_forbidden' });
  });

  it('authenticates before it looks at the tenant', async () => {
    const response = await get(undefined, DEMO_TENANTS.alfa.id);
    expect(response.statusCode).toBe(401);
    expect(response.body).toMatchObject({ code: 'not_authenticated' });
  });
});

/**
 * The ticket list checks the account and the tenant inside its own statement
 * (authenticateDeferringTenant); every refusal must come out exactly as the guard's.
 */
describe.each(DATABASE_DRIVERS)('deferred tenant check of the ticket list (%s)', (driver) => {
  const LIST = '/api/v1/support_tickets/';
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await appWithTenantScopedRoute(driver);
    tokens['jana'] = (await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD)).access;
    tokens['petr'] = (await login(t.app, DEMO_USERS.petr.email, DEMO_PASSWORD)).access;
    // Two more users of Alfa: one is deactivated and one deleted after logging in; their
    // access tokens stay valid until exp, so only the account check can refuse them.
    for (const name of ['inactive', 'deleted']) {
      const email = `${name}.${driver}@example.cz`;
      const [user] = await t.app.db
        .insert(users)
        .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) })
        .returning({ id: users.id });
      await t.app.db.insert(tenantAccess).values({ userId: user?.id ?? 0, tenantId: DEMO_TENANTS.alfa.id });
      tokens[name] = (await login(t.app, email, DEMO_PASSWORD)).access;
    }
    await t.app.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, `inactive.${driver}@example.cz`));
    await t.app.db.delete(users).where(eq(users.email, `deleted.${driver}@example.cz`));
  });
  afterAll(() => t?.close());

  const call = (url: string, token: string | undefined, tenantId: string | undefined) =>
    request(t.app, {
      method: 'GET',
      url,
      contract: false,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(tenantId === undefined ? {} : { 'x-tenant-id': tenantId }),
      },
    });

  it('answers every caller as the [authenticate, requireTenant] guard does', async () => {
    const alfa = DEMO_TENANTS.alfa.id;
    const cases: Array<[string | undefined, string | undefined, number]> = [
      [tokens['jana'], alfa, 200],
      [tokens['jana'], `  ${alfa} `, 200],
      [tokens['petr'], undefined, 200],
      [tokens['jana'], undefined, 400],
      [tokens['jana'], '   ', 400],
      [tokens['petr'], alfa, 403],
      [tokens['jana'], FOREIGN_TENANT, 403],
      [tokens['jana'], 'x'.repeat(500), 403],
      [undefined, alfa, 401],
      ['not.a.token', alfa, 401],
      [tokens['inactive'], alfa, 401],
      [tokens['deleted'], alfa, 401],
    ];
    for (const [token, tenantId, status] of cases) {
      const guarded = await call(URL, token, tenantId);
      const listed = await call(LIST, token, tenantId);
      expect(guarded.statusCode).toBe(status);
      expect(listed.statusCode).toBe(status);
      if (status !== 200) expect(listed.body).toEqual(guarded.body);
    }
    expect((await call(LIST, tokens['inactive'], alfa)).body).toMatchObject({ code: 'user_inactive' });
    expect((await call(LIST, tokens['deleted'], alfa)).body).toMatchObject({ code: 'user_not_found' });
  });

  it('refuses the caller before it judges the query, as before the change', async () => {
    const bad = `${LIST}?status=deleted`;
    const alfa = DEMO_TENANTS.alfa.id;
    expect((await call(bad, tokens['petr'], alfa)).body).toMatchObject({ code: 'tenant_forbidden' });
    expect((await call(bad, tokens['inactive'], alfa)).body).toMatchObject({ code: 'user_inactive' });
    const invalid = await call(bad, tokens['jana'], alfa);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toEqual({ 'status.0': ['Neplatná volba.'] });
  });
});
