import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../../demo/demo-data.js';
import { tenantAccess, tenants, users } from '../../../db/schema.js';
import { hashPassword } from '../../../security/password-hash.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { TENANT_ACCESS_URL, login, request } from '../../../testing/test-client.js';

describe.each(DATABASE_DRIVERS)('GET /api/v1/tenant_access/ (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    // A tenant nobody in the demo may see must never show up.
    await t.app.db.insert(tenants).values({ id: '0b5c1f7e-0000-4000-8000-000000000001', name: 'Cizí nájemce s.r.o.' });
  });
  afterAll(() => t?.close());

  it('lists both tenants of Jana, sorted by name, with X-Total-Count', async () => {
    const { access } = await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD);
    const response = await request(t.app, { method: 'GET', url: TENANT_ACCESS_URL, token: access });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.body).toEqual([
      { id: DEMO_TENANTS.beta.id, name: 'Beta Solutions a.s.' },
      { id: DEMO_TENANTS.alfa.id, name: 'Kancelářský dům Florenc – Alfa s.r.o.' },
    ]);
  });

  it('lists only Petr’s one tenant', async () => {
    const { access } = await login(t.app, DEMO_USERS.petr.email, DEMO_PASSWORD);
    const response = await request(t.app, { method: 'GET', url: TENANT_ACCESS_URL, token: access });
    expect(response.body).toEqual([{ id: DEMO_TENANTS.beta.id, name: 'Beta Solutions a.s.' }]);
    expect(response.headers['x-total-count']).toBe('1');
  });

  it('answers an empty list for a user without tenants', async () => {
    const email = `bez.najemce.${driver}@example.cz`;
    await t.app.db.insert(users).values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const { access } = await login(t.app, email, DEMO_PASSWORD);
    const response = await request(t.app, { method: 'GET', url: TENANT_ACCESS_URL, token: access });
    expect(response.body).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('follows changes of the access list immediately', async () => {
    const { access } = await login(t.app, DEMO_USERS.petr.email, DEMO_PASSWORD);
    const petr = await t.app.users.findByEmail(DEMO_USERS.petr.email);
    await t.app.db.insert(tenantAccess).values({ userId: petr?.id ?? 0, tenantId: DEMO_TENANTS.alfa.id });
    const response = await request(t.app, { method: 'GET', url: TENANT_ACCESS_URL, token: access });
    expect((response.body as unknown[]).length).toBe(2);
  });

  it('answers 401 without a token', async () => {
    const response = await request(t.app, { method: 'GET', url: TENANT_ACCESS_URL });
    expect(response.statusCode).toBe(401);
    expect(response.body).toMatchObject({ code: 'not_authenticated' });
  });
});
