import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import * as Sentry from '@sentry/node';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, buildTestBff } from '../testing/build-test-bff.js';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.js';
import { flushErrorReports, startErrorReporting } from './error-reporting.js';

/** A stand-in for Sentry's ingest: records the envelopes it is sent. */
async function startFakeIngest(): Promise<{ server: Server; envelopes: string[]; dsn: string }> {
  const envelopes: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, envelopes, dsn: `http://publickey@127.0.0.1:${port}/1` };
}

// One file, in order: Sentry is one client per process (each test file runs in its own).
describe('server-side error reporting', () => {
  it('starts nothing without a DSN', async () => {
    expect(await startErrorReporting({ sentry: { dsn: null, environment: 'test' } })).toBe(false);
    expect(Sentry.isInitialized()).toBe(false);
  });

  describe('with a DSN', () => {
    let ingest: Awaited<ReturnType<typeof startFakeIngest>>;
    let upstream: FakeUpstream;
    let app: FastifyInstance;

    beforeAll(async () => {
      ingest = await startFakeIngest();
      expect(await startErrorReporting({ sentry: { dsn: ingest.dsn, environment: 'test' } })).toBe(true);
      upstream = await startFakeUpstream();
      app = await buildTestBff({ upstreamUrl: upstream.url });
      // A route that fails like a bug would, behind the app's one error handler.
      app.get('/failing', async () => {
        throw new Error('failing route for the report');
      });
    });
    afterAll(async () => {
      await app.close();
      await upstream.close();
      await Sentry.close(1_000);
      ingest.server.closeAllConnections();
      ingest.server.close();
    });

    it('reports a 500 without cookies or tokens, and no 4xx', async () => {
      const anonymous = await app.inject({ method: 'GET', url: '/api/sessions', headers: API_HEADERS });
      expect(anonymous.statusCode).toBe(401);
      const invalid = await app.inject({ method: 'POST', url: '/api/session', headers: API_HEADERS, payload: {} });
      expect(invalid.statusCode).toBe(400);
      const failing = await app.inject({
        method: 'GET',
        url: '/failing?code=access-code-secret',
        headers: {
          cookie: '__Host-portal_session=session-id-secret',
          authorization: 'Bearer token-secret',
          'x-request-id': 'failing-request-0001',
        },
      });
      expect(failing.statusCode).toBe(500);
      await flushErrorReports();

      const events = ingest.envelopes.filter((envelope) => envelope.includes('"type":"event"'));
      expect(events).toHaveLength(1);
      const [event = ''] = events;
      expect(event).toContain('failing route for the report');
      expect(event).toContain('"request_id":"failing-request-0001"');
      expect(event).toContain('/failing?code=[redacted]');
      for (const secret of ['session-id-secret', 'token-secret', 'access-code-secret', 'portal_session']) {
        expect(event).not.toContain(secret);
      }
    });
  });
});
