import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { REFRESH_URL, request, postBrokenJson } from '../../testing/test-client.js';

/** Error answers do not depend on the database driver, so PGlite alone covers them. */
describe('error handling', () => {
  let t: TestApp;
  const logged: unknown[] = [];
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      configure(app) {
        app.get('/test/crash', async () => {
          throw new Error('secret connection string postgres://admin:hunter2@db');
        });
        app.get('/test/crash-allauth', { config: { errorStyle: 'allauth' } }, async () => {
          throw Object.assign(new Error('internal detail'), { statusCode: 503 });
        });
        app.post(
          '/test/echo',
          {
            schema: {
              body: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', maxLength: 5 }, count: { type: 'integer', minimum: 1 } },
              },
            },
          },
          async (req) => req.body,
        );
        app.addHook('onError', async (_request, _reply, error) => {
          logged.push(error);
        });
      },
    });
  });
  afterAll(() => t?.close());

  it('masks a 5xx: generic Czech body, no message, no stack trace', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      detail: 'Na serveru došlo k chybě. Zkuste to prosím později.',
      code: 'server_error',
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
    expect(logged.length).toBeGreaterThan(0);
  });

  it('masks a 5xx in the allauth envelope on allauth routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/crash-allauth' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 503,
      errors: [{ code: 'server_error', message: 'Na serveru došlo k chybě. Zkuste to prosím později.' }],
    });
  });

  it('answers unknown routes with a DRF 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/neexistuje/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Požadovaný záznam nebyl nalezen.', code: 'not_found' });
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: REFRESH_URL,
      headers: { 'content-type': 'text/plain' },
      body: 'refresh=abc',
      contract: false,
    });
    expect(response.statusCode).toBe(415);
    expect(response.body).toEqual({
      detail: 'Nepodporovaný typ obsahu; posílejte application/json.',
      code: 'unsupported_media_type',
    });
  });

  it('answers malformed JSON with a DRF 400', async () => {
    const response = await postBrokenJson(t.app, REFRESH_URL);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Tělo požadavku není platný JSON.', code: 'parse_error' });
  });

  it('refuses a prototype-poisoning body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: REFRESH_URL,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ refresh: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'request_too_large' });
  });

  it('drops unknown properties and reports every field error at once', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/test/echo', payload: { name: 'Eva', role: 'admin' } });
    expect(ok.json()).toEqual({ name: 'Eva' });

    const bad = await t.app.inject({ method: 'POST', url: '/test/echo', payload: { name: 'Příliš dlouhé', count: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      name: ['Zadejte nejvýše 5 znaků.'],
      count: ['Zadejte hodnotu alespoň 1.'],
    });
  });

  it('answers /health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('takes the request id from X-Request-ID and answers it back', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'bff-1234' },
    });
    expect(response.headers['x-request-id']).toBe('bff-1234');
    const generated = await t.app.inject({ method: 'GET', url: '/health' });
    expect(generated.headers['x-request-id']).toEqual(expect.any(String));
  });
});
