import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../http/errors.js';
import { API_HEADERS, buildTestBff, logIn } from '../../testing/build-test-bff.js';
import {
  FAKE_CREDENTIALS as credentials,
  FAKE_TENANTS,
  startFakeUpstream,
  type FakeUpstream,
} from '../../testing/fake-upstream.js';
import { MULTIPART_BODY_LIMIT_BYTES } from './index.js';

const BOUNDARY = 'portal-test-boundary';

function multipartHead(size: number): { head: Buffer; tail: Buffer; length: number } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return { head, tail, length: head.length + size + tail.length };
}

describe('the upstream transport through the proxy', () => {
  let upstream: FakeUpstream;
  let app: FastifyInstance;
  let cookie: string;
  const servers: Server[] = [];

  async function start(env: Record<string, string> = {}, upstreamUrl?: string): Promise<void> {
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstreamUrl ?? upstream.url, env });
    if (upstreamUrl) return;
    cookie = (await logIn(app, credentials)).cookie;
    const selected = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie },
      payload: { tenantId: FAKE_TENANTS[0].id },
    });
    expect(selected.statusCode, selected.body).toBe(200);
  }
  afterEach(async () => {
    await app.close();
    await upstream.close();
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });
  const tickets = () => upstream.hits('/api/v1/support_tickets/');
  /** The tenant's ticket list, as the web app asks for it. */
  const listTickets = () =>
    app.inject({ method: 'GET', url: '/api/v1/support_tickets/', headers: { ...API_HEADERS, cookie } });

  it('strips hop-by-hop headers and headers named in Connection before adding its own', async () => {
    await start();
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/support_tickets/',
      headers: {
        ...API_HEADERS,
        cookie,
        connection: 'keep-alive, x-secret-hop, authorization',
        'x-secret-hop': '1',
        'keep-alive': 'timeout=5',
        'proxy-authorization': 'Basic c2VjcmV0',
        'proxy-connection': 'keep-alive',
        te: 'trailers',
        upgrade: 'websocket',
        trailer: 'x-late',
        'x-tenant-id': FAKE_TENANTS[1].id,
      },
    });
    expect(response.statusCode).toBe(200);
    const [hit] = tickets();
    for (const name of [
      'x-secret-hop',
      'keep-alive',
      'proxy-authorization',
      'proxy-connection',
      'te',
      'upgrade',
      'trailer',
      'cookie',
    ]) {
      expect(hit?.headers[name], name).toBeUndefined();
    }
    expect(String(hit?.headers.connection ?? '')).not.toContain('x-secret-hop');
    expect(hit?.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(hit?.headers['x-tenant-id']).toBe(FAKE_TENANTS[1].id);
  });

  it('streams a multi-megabyte upload to the upstream as it arrives, without buffering it', async () => {
    await start();
    const size = 5 * 1024 * 1024;
    const { head, tail, length } = multipartHead(size);
    let upstreamBytes = 0;
    let firstChunkSeen: () => void = () => undefined;
    const firstChunk = new Promise<void>((resolve) => (firstChunkSeen = resolve));
    upstream.rawHandlers.push((incoming, response) => {
      if (!incoming.url?.includes('/attachments/')) return false;
      expect(incoming.headers['content-type']).toBe(`multipart/form-data; boundary=${BOUNDARY}`);
      incoming.on('data', (chunk: Buffer) => {
        upstreamBytes += chunk.length;
        if (upstreamBytes >= 1024 * 1024) firstChunkSeen();
      });
      incoming.on('end', () => {
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end('[]');
      });
      return true;
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const answer = new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/support_tickets/1/attachments/',
          headers: {
            ...API_HEADERS,
            cookie,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'content-length': length,
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      void (async () => {
        request.write(head);
        request.write(Buffer.alloc(1024 * 1024, 1));
        // The rest is sent only once the upstream has the first megabyte: a buffering proxy
        // would wait for the whole body and this test would time out.
        await firstChunk;
        request.write(Buffer.alloc(size - 1024 * 1024, 2));
        request.end(tail);
      })();
    });
    expect(await answer).toBe(201);
    expect(upstreamBytes).toBe(length);
  });

  it('refuses an upload one byte over the limit with 413, and one without a declared length with 411, sending the upstream nothing', async () => {
    await start();
    let upstreamBytes = 0;
    upstream.rawHandlers.push((incoming) => {
      if (incoming.url?.includes('/attachments/'))
        incoming.on('data', (chunk: Buffer) => (upstreamBytes += chunk.length));
      return false;
    });
    const { head, tail } = multipartHead(0);
    const overSize = MULTIPART_BODY_LIMIT_BYTES + 1 - head.length - tail.length;
    const over = await app.inject({
      method: 'POST',
      url: '/api/v1/support_tickets/1/attachments/',
      headers: { ...API_HEADERS, cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([head, Buffer.alloc(overSize, 1), tail]),
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ code: 'payload_too_large', message: 'Požadavek je příliš velký.' });

    const chunked = await app.inject({
      method: 'POST',
      url: '/api/v1/support_tickets/1/attachments/',
      headers: { ...API_HEADERS, cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Readable.from([head, Buffer.alloc(1024, 1), tail]),
    });
    expect(chunked.statusCode).toBe(411);
    expect(chunked.json()).toMatchObject({ code: 'length_required' });
    expect(upstream.hits('/api/v1/support_tickets/1/attachments/')).toHaveLength(0);
    expect(upstreamBytes).toBe(0);
  });

  it('answers a hanging upstream with a Czech 504 within the deadline, after one retry of a GET', async () => {
    await start({ UPSTREAM_TIMEOUT_MS: '300' });
    upstream.rawHandlers.push((incoming) => incoming.url?.startsWith('/api/v1/support_tickets/') === true);
    const started = Date.now();
    const response = await listTickets();
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      code: 'upstream_timeout',
      message: 'Služba neodpověděla včas. Zkuste to prosím za chvíli.',
    });
    expect(Date.now() - started).toBeLessThan(1_600 + 300);
  });

  it('stops at the total deadline even when a retry would still be allowed', async () => {
    await start({ UPSTREAM_TIMEOUT_MS: '300', UPSTREAM_DEADLINE_MS: '400' });
    let tries = 0;
    upstream.rawHandlers.push((incoming) => {
      if (!incoming.url?.startsWith('/api/v1/support_tickets/')) return false;
      tries += 1;
      return true;
    });
    const started = Date.now();
    const response = await listTickets();
    expect(response.statusCode).toBe(504);
    expect(tries).toBe(1);
    expect(Date.now() - started).toBeLessThan(700);
  });

  it('answers 502 when the upstream answers garbage: an undocumented content type or broken HTTP', async () => {
    await start();
    upstream.answer('/api/v1/support_tickets/', 200, '<html><body>Proxy error</body></html>', {
      headers: { 'content-type': 'text/html' },
    });
    const html = await listTickets();
    expect(html.statusCode).toBe(502);
    expect(html.json<ErrorBody>()).toMatchObject({ code: 'upstream_bad_response' });
    expect(html.json<ErrorBody>().message).toContain('neplatnou odpověď');
    expect(html.body).not.toContain('Proxy error');

    const broken = createTcpServer((socket) => {
      socket.on('data', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
    });
    servers.push(broken);
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const { port } = broken.address() as AddressInfo;
    const other = await buildTestBff({ upstreamUrl: `http://127.0.0.1:${port}` });
    try {
      const response = await other.inject({ method: 'GET', url: '/api/v1/buildings/', headers: API_HEADERS });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'upstream_unavailable' });
    } finally {
      await other.close();
    }
  });

  it('verifies upstream TLS certificates: a self-signed upstream gives 502 and never sees a request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-bff-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    let requests = 0;
    const tls = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_request, response) => {
        requests += 1;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('[]');
      },
    );
    servers.push(tls);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const { port } = tls.address() as AddressInfo;
    await start({}, `https://127.0.0.1:${port}`);
    const login = await app.inject({ method: 'POST', url: '/api/session', headers: API_HEADERS, payload: credentials });
    expect(login.statusCode).toBe(502);
    expect(login.json()).toMatchObject({ code: 'upstream_unavailable' });
    const guest = await app.inject({ method: 'GET', url: '/api/v1/buildings/', headers: API_HEADERS });
    expect(guest.statusCode).toBe(502);
    expect(requests).toBe(0);
  });
});
