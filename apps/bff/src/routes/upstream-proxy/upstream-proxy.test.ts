import { listOperations } from '@portal/openapi/documents';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../http/errors.js';
import { API_HEADERS, buildTestBff, getSession, logIn } from '../../testing/build-test-bff.js';
import {
  FAKE_CREDENTIALS as credentials,
  FAKE_TENANTS,
  startFakeUpstream,
  type FakeUpstream,
} from '../../testing/fake-upstream.js';

const [ALFA, BETA] = FAKE_TENANTS;

describe('allowlisted upstream operations', () => {
  let upstream: FakeUpstream;
  let app: FastifyInstance;
  let cookie: string;

  async function start(env: Record<string, string> = {}): Promise<void> {
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstream.url, env });
    cookie = (await logIn(app, credentials)).cookie;
  }
  async function selectTenant(tenantId: string): Promise<void> {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie },
      payload: { tenantId },
    });
    expect(response.statusCode).toBe(200);
  }
  const ticketHits = () => upstream.hits('/api/v1/support_tickets');

  afterEach(async () => {
    await app.close();
    await upstream.close();
  });

  describe('with the default configuration', () => {
    beforeEach(() => start());

    it("adds the session's bearer token and tenant, and nothing the browser sent", async () => {
      await selectTenant(ALFA.id);
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/?status=open&page=2&unknown=1',
        headers: {
          ...API_HEADERS,
          cookie: `${cookie}; other=1`,
          authorization: 'Bearer evil',
          connection: 'x-tenant-id, authorization',
          'x-forwarded-for': '6.6.6.6',
          'x-evil': 'yes',
        },
      });
      expect(response.statusCode).toBe(200);
      const [hit] = ticketHits();
      expect(hit?.url).toBe('/api/v1/support_tickets/?status=open&page=2');
      expect(hit?.headers.authorization).toMatch(/^Bearer eyJ/);
      expect(hit?.headers.authorization).not.toBe('Bearer evil');
      expect(hit?.headers['x-tenant-id']).toBe(ALFA.id);
      expect(hit?.headers.cookie).toBeUndefined();
      // The client's address as the BFF sees it, never the one the browser claimed.
      expect(hit?.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(hit?.headers['x-evil']).toBeUndefined();
      expect(hit?.headers['x-csrf']).toBeUndefined();
      expect(hit?.headers['x-request-id']).toBe(response.headers['x-request-id'] ?? hit?.headers['x-request-id']);
    });

    it('lets an explicit X-Tenant-ID from the access list win, and refuses any other before the upstream', async () => {
      await selectTenant(ALFA.id);
      const explicit = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie, 'x-tenant-id': ` ${BETA.id} ` },
      });
      expect(explicit.statusCode).toBe(200);
      expect(ticketHits()[0]?.headers['x-tenant-id']).toBe(BETA.id);

      const foreign = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie, 'x-tenant-id': 'tenant-of-someone-else' },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 'tenant_forbidden', message: 'K tomuto nájemci nemáte přístup.' });
      expect(ticketHits()).toHaveLength(1);
    });

    it('an empty explicit header means none: the session tenant is used, and without one 409', async () => {
      const none = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie, 'x-tenant-id': '   ' },
      });
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({ code: 'tenant_required' });
      expect(ticketHits()).toHaveLength(0);
    });

    it('forwards only allowlisted answer headers and never an upstream Set-Cookie', async () => {
      await selectTenant(ALFA.id);
      upstream.handlers.push((request, response) => {
        if (!request.url.startsWith('/api/v1/support_tickets/')) return false;
        response.writeHead(200, {
          'content-type': 'application/json',
          'x-total-count': '42',
          'set-cookie': '__Host-portal_session=planted; Path=/; Secure',
          server: 'upstream/1.0',
          'x-internal': 'secret',
        });
        response.end('[]');
        return true;
      });
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('42');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers.server).toBeUndefined();
      expect(response.headers['x-internal']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers 404 for anything outside the allowlist, including path tricks, without calling the upstream', async () => {
      await selectTenant(ALFA.id);
      const before = upstream.requests.length;
      const attempts: Array<{ method: 'GET' | 'POST' | 'DELETE' | 'PUT'; url: string }> = [
        { method: 'GET', url: '/api/v1/admin/' },
        { method: 'DELETE', url: '/api/v1/support_tickets/1/' },
        { method: 'PUT', url: '/api/v1/support_tickets/' },
        { method: 'GET', url: '/api/v1/support_tickets' },
        { method: 'GET', url: '/api/v1/support_tickets//' },
        { method: 'GET', url: '/api/v1/support_tickets/../token/refresh/' },
        { method: 'GET', url: '/api/v1/support_tickets/%2e%2e/token/refresh/' },
        { method: 'GET', url: '/api/v1/support_tickets/1%2F..%2F..%2Ftoken/' },
        { method: 'POST', url: '/api/v1/token/refresh/' },
        { method: 'POST', url: '/api/v1/_allauth/app/v1/auth/login' },
        { method: 'GET', url: '/API/V1/SUPPORT_TICKETS/' },
      ];
      for (const attempt of attempts) {
        const response = await app.inject({ ...attempt, headers: { ...API_HEADERS, cookie } });
        expect([400, 404], `${attempt.method} ${attempt.url}`).toContain(response.statusCode);
        expect(response.json()).toHaveProperty('message');
      }
      expect(upstream.requests.length).toBe(before);
    });

    it('validates parameters and bodies against bff.yaml before forwarding', async () => {
      await selectTenant(ALFA.id);
      const badId = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/abc/',
        headers: { ...API_HEADERS, cookie },
      });
      expect(badId.statusCode).toBe(400);
      expect(badId.json()).toMatchObject({ code: 'validation_error' });
      const badBody = await app.inject({
        method: 'POST',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie },
        payload: { subject: 12 },
      });
      expect(badBody.statusCode).toBe(400);
      const xml = await app.inject({
        method: 'POST',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie, 'content-type': 'application/xml' },
        payload: '<ticket/>',
      });
      expect(xml.statusCode).toBe(415);
      expect(ticketHits()).toHaveLength(0);
    });

    it('requires the X-CSRF header on every operation of bff.yaml', async () => {
      const before = upstream.requests.length;
      for (const operation of listOperations('bff')) {
        const url = operation.path.replace(/\{[^}]+\}/g, '1');
        const response = await app.inject({
          method: operation.method.toUpperCase() as 'GET',
          url,
          headers: { cookie },
        });
        expect(response.statusCode, `${operation.method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'csrf_failed' });
      }
      expect(upstream.requests.length).toBe(before);
    });

    it('serves a public operation to a guest without any credentials', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/buildings/', headers: API_HEADERS });
      expect(response.statusCode).toBe(200);
      const [hit] = upstream.hits('/api/v1/buildings/');
      expect(hit?.headers.authorization).toBeUndefined();
      expect(hit?.headers['x-tenant-id']).toBeUndefined();
    });

    it('answers a protected operation for a guest with 401 and a code', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/support_tickets/', headers: API_HEADERS });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'not_authenticated' });
      expect(ticketHits()).toHaveLength(0);
    });

    it('ends the session when the upstream refuses a fresh token', async () => {
      await selectTenant(ALFA.id);
      upstream.answer('/api/v1/support_tickets/', 401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'session_expired' });
      const after = await getSession(app, cookie);
      expect(after.json()).toEqual({ session: null });
    });

    it('turns upstream errors into the BFF error body and never passes a 5xx body on', async () => {
      await selectTenant(ALFA.id);
      let reply = { status: 400, body: '{"subject":["Vyplňte předmět."]}' };
      upstream.handlers.push((request, response) => {
        if (!request.url.startsWith('/api/v1/support_tickets/')) return false;
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(reply.body);
        return true;
      });
      const validation = await app.inject({
        method: 'POST',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie },
        payload: { subject: 'Nefunguje výtah', building: 1, priority: 'low', description: 'Stojí ve 2. patře.' },
      });
      expect(validation.statusCode).toBe(400);
      expect(validation.json()).toEqual({
        code: 'validation_error',
        message: 'Zkontrolujte prosím zadané údaje.',
        fields: { subject: 'Vyplňte předmět.' },
      });

      reply = { status: 404, body: '{"detail":"Incident nenalezen.","code":"not_found"}' };
      const missing = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/99/',
        headers: { ...API_HEADERS, cookie },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'not_found', message: 'Incident nenalezen.' });

      reply = { status: 500, body: 'Traceback (most recent call last): secret internals' };
      const broken = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/99/',
        headers: { ...API_HEADERS, cookie },
      });
      expect(broken.statusCode).toBe(502);
      expect(broken.body).not.toContain('Traceback');
      expect(broken.json<ErrorBody>().message).toContain('nedostupná');
    });

    it('retries an idempotent call once through the proxy, and a POST not at all', async () => {
      await selectTenant(ALFA.id);
      upstream.handlers.push((request, response) => {
        if (!request.url.startsWith('/api/v1/support_tickets/')) return false;
        const attempt = ticketHits().length;
        response.writeHead(attempt % 2 === 1 ? 503 : 200, { 'content-type': 'application/json' });
        response.end(attempt % 2 === 1 ? '{"detail":"busy"}' : '[]');
        return true;
      });
      const get = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie },
      });
      expect(get.statusCode).toBe(200);
      expect(ticketHits()).toHaveLength(2);
      const post = await app.inject({
        method: 'POST',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie },
        payload: { subject: 'Teče voda', building: 1, priority: 'high', description: 'Ve 3. patře.' },
      });
      expect(post.statusCode).toBe(503);
      expect(ticketHits()).toHaveLength(3);
    });
  });

  describe('with a feature switched off', () => {
    beforeEach(() => start({ FEATURE_INCIDENTS: 'false' }));

    it("answers the feature's operations with 404 and never calls the upstream", async () => {
      await selectTenant(ALFA.id);
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/',
        headers: { ...API_HEADERS, cookie },
      });
      expect(response.statusCode).toBe(404);
      expect(ticketHits()).toHaveLength(0);
      const config = await app.inject({ method: 'GET', url: '/api/config', headers: API_HEADERS });
      expect(config.json()).toMatchObject({ features: { incidents: false, meterReadings: true } });
    });
  });
});
