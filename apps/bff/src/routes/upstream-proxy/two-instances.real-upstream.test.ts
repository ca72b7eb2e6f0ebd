import { randomBytes, randomUUID } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '@portal/api/demo-data';
import { startTestApi, type TestApi } from '@portal/api/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, buildTestBff, logIn } from '../../testing/build-test-bff.js';

/** This machine's PostgreSQL (both API instances share one database, as in production). */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The BFF on two real operator API instances (UPSTREAM_URL=a,b) on one PostgreSQL database with
 * the database file store: one instance stops mid-session, and the user's reads, creates and
 * downloads go on through the other; the stopped one comes back into rotation when it starts again.
 */
describe('the BFF on two API instances, one of them stopped', () => {
  let first: TestApi;
  let second: TestApi;
  let app: FastifyInstance;
  let cookie: string;
  const headers = () => ({ ...API_HEADERS, cookie });

  beforeAll(async () => {
    first = await startTestApi({ databaseUrl: TEST_DATABASE_URL });
    second = await startTestApi({ sameStoreAs: first });
    app = await buildTestBff({ upstreamUrl: `${first.url},${second.url}` });
    ({ cookie } = await logIn(app, { email: DEMO_USERS.petr.email, password: DEMO_PASSWORD }));
    const selected = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: headers(),
      payload: { tenantId: DEMO_TENANTS.beta.id },
    });
    expect(selected.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await second?.close();
    await first?.close();
  });

  it('serves reads, an idempotent create and a file stored by the stopped instance; takes it back when it returns', async () => {
    const list = () => app.inject({ method: 'GET', url: '/api/v1/support_tickets/', headers: headers() });
    // Both instances answer while both run.
    for (let i = 0; i < 4; i += 1) expect((await list()).statusCode).toBe(200);

    // A ticket with a photo, uploaded through whichever instance, before one goes away.
    const buildings = await app.inject({ method: 'GET', url: '/api/v1/buildings/', headers: headers() });
    const building = buildings.json<{ id: number }[]>()[0]?.id;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/support_tickets/',
      headers: { ...headers(), 'idempotency-key': randomUUID() },
      payload: { subject: 'Nesvítí světlo', description: 'Na chodbě.', building },
    });
    expect(created.statusCode).toBe(201);
    const ticket = created.json<{ id: number }>();
    // A JPEG signature, then noise: the API judges a file by its first bytes.
    const photo = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), randomBytes(300_000)]);
    const boundary = 'portalTwoInstances';
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/support_tickets/${ticket.id}/attachments/`,
      headers: { ...headers(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="svetlo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode).toBe(201);
    const attachmentId = uploaded.json<{ id: number }[]>()[0]?.id;

    // One instance stops (as a deploy or a crash would). The user notices nothing.
    // (The second one: the first owns the test database and drops it when closed.)
    const stoppedUrl = second.url;
    await second.close();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await list()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/support_tickets/',
      headers: { ...headers(), 'idempotency-key': randomUUID() },
      payload: { subject: 'Kape z topení', description: 'Ve 2. patře.', building },
    });
    expect(again.statusCode).toBe(201);
    // The file is in the database, so the remaining instance serves it byte for byte.
    for (let i = 0; i < 2; i += 1) {
      const download = await app.inject({
        method: 'GET',
        url: `/api/v1/support_tickets/${ticket.id}/attachments/${attachmentId}/`,
        headers: headers(),
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(photo)).toBe(true);
    }
    expect(app.upstream.instanceStates()).toEqual([
      { origin: first.url, up: true },
      { origin: stoppedUrl, up: false },
    ]);

    // It starts again where it was and is taken back.
    second = await startTestApi({ sameStoreAs: first, port: Number(new URL(stoppedUrl).port) });
    await expect.poll(() => app.upstream.instanceStates()[1]?.up, { timeout: 10_000, interval: 100 }).toBe(true);
    for (let i = 0; i < 4; i += 1) expect((await list()).statusCode).toBe(200);
  }, 120_000);
});
