import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as Sentry from '@sentry/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { REFRESH_URL } from '../../testing/test-client.js';
import { startErrorReporting, stopErrorReporting } from './error-reporting.js';

/**
 * Error reporting against a fake Sentry: a local HTTP server that keeps every envelope the SDK
 * sends to `/api/<project>/envelope/`. The DSN names it, so nothing leaves the machine.
 */
describe('error reporting (Sentry)', () => {
  let sentry: Server;
  const envelopes: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    sentry = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        if (request.url?.startsWith('/api/1/envelope/')) envelopes.push(body);
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
    t = await buildTestApp('pglite', {
      configure(app) {
        app.get('/test/crash', async () => {
          throw new Error('the disk is full');
        });
      },
    });
  });
  afterAll(async () => {
    await stopErrorReporting();
    await t?.close();
    await new Promise((resolve) => sentry?.close(resolve));
  });

  const reportsAfter = async (send: () => Promise<{ statusCode: number }>, statusCode: number) => {
    const before = envelopes.length;
    expect((await send()).statusCode).toBe(statusCode);
    await Sentry.flush(5_000);
    return envelopes.slice(before);
  };

  it('starts nothing without SENTRY_DSN, and a 500 then goes nowhere', async () => {
    expect(startErrorReporting({ errorReporting: undefined })).toBe(false);
    expect(Sentry.isInitialized()).toBe(false);
    expect(await reportsAfter(() => t.app.inject({ method: 'GET', url: '/test/crash' }), 500)).toEqual([]);
  });

  it('reports a 500 with its request id and no secrets, and never a 4xx', async () => {
    const { port } = sentry.address() as AddressInfo;
    expect(
      startErrorReporting({ errorReporting: { dsn: `http://publickey@127.0.0.1:${port}/1`, environment: 'test' } }),
    ).toBe(true);

    const crashed = await reportsAfter(
      () =>
        t.app.inject({
          method: 'GET',
          url: '/test/crash?code=tajny-pristupovy-kod',
          headers: { 'x-request-id': 'req-crash-1', authorization: 'Bearer tajny-token' },
        }),
      500,
    );
    expect(crashed).toHaveLength(1);
    expect(crashed[0]).toContain('the disk is full');
    expect(crashed[0]).toContain('"request_id":"req-crash-1"');
    expect(crashed[0]).toContain('"environment":"test"');
    expect(crashed[0]).not.toContain('tajny-pristupovy-kod');
    expect(crashed[0]).not.toContain('tajny-token');

    // A refused body (400), an unknown path (404) and a wrong token (401) are the client's.
    const refused = await reportsAfter(
      () => t.app.inject({ method: 'POST', url: REFRESH_URL, payload: { refresh: 'not-a-token' } }),
      401,
    );
    const invalid = await reportsAfter(() => t.app.inject({ method: 'POST', url: REFRESH_URL, payload: {} }), 400);
    const unknown = await reportsAfter(() => t.app.inject({ method: 'GET', url: '/api/v1/neexistuje/' }), 404);
    expect([...refused, ...invalid, ...unknown]).toEqual([]);
  });
});
