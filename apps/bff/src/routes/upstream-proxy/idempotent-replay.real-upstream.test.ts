import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '@portal/api/demo-data';
import { startTestApi, type TestApi } from '@portal/api/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, buildTestBff, logIn } from '../../testing/build-test-bff.js';

/**
 * A client that repeats a create after a lost answer learns that it was a repeat: the BFF
 * passes the upstream's `Idempotent-Replayed: true` on (bff.yaml promises it on every create).
 */
describe('a repeated create through the BFF', () => {
  let api: TestApi;
  let app: FastifyInstance;
  let cookie: string;
  const headers = () => ({ ...API_HEADERS, cookie });

  beforeAll(async () => {
    api = await startTestApi();
    app = await buildTestBff({ upstreamUrl: api.url });
    ({ cookie } = await logIn(app, { email: DEMO_USERS.jana.email, password: DEMO_PASSWORD }));
    const selected = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: headers(),
      payload: { tenantId: DEMO_TENANTS.alfa.id },
    });
    expect(selected.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await api?.close();
  });

  it('answers the first result again and says it was replayed', async () => {
    const building = (await app.inject({ method: 'GET', url: '/api/v1/buildings/', headers: headers() })).json<
      { id: number }[]
    >()[0]?.id;
    const create = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/support_tickets/',
        headers: { ...headers(), 'idempotency-key': key },
        payload: { subject: 'Nesvítí světlo', description: 'Na chodbě ve 3. patře.', building },
      });
    const key = randomUUID();
    const first = await create(key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const repeated = await create(key);
    expect(repeated.statusCode).toBe(201);
    expect(repeated.headers['idempotent-replayed']).toBe('true');
    expect(repeated.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
  }, 60_000);
});
