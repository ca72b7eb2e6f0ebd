// In Node, as an integrator's script runs: no XMLHttpRequest, no browser cookie store. A real
// HTTP server on a free loopback port plays the BFF's part the client depends on: the session
// in a `__Host-` cookie (Secure, HttpOnly, SameSite=Strict, as apps/bff sets it), X-CSRF on
// every call, 401 `not_authenticated` without the cookie, 411 for an upload without a length.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client.js';
import { CookieJar, withCookieJar } from './cookie-jar.js';
import { downloadFile, uploadFiles } from './files.js';

const SESSION_COOKIE = '__Host-portal_session';
const SESSION_ID = 'opaque-session-id';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let port: number;
let received: Received[] = [];

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const hasSession = (request: IncomingMessage) =>
  (request.headers.cookie ?? '').split(/;\s*/).includes(`${SESSION_COOKIE}=${SESSION_ID}`);

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.headers['x-csrf'] !== '1') return send(403, { code: 'csrf_failed', message: 'Chybí hlavička.' });
      if (request.method === 'POST' && request.url === '/api/session') {
        response.setHeader(
          'set-cookie',
          `${SESSION_COOKIE}=${SESSION_ID}; Max-Age=950400; Path=/; HttpOnly; Secure; SameSite=Strict`,
        );
        return send(200, { user: { id: 1 }, tenants: [], selectedTenantId: null });
      }
      if (!hasSession(request)) return send(401, { code: 'not_authenticated', message: 'Přihlaste se.' });
      if (request.url === '/api/v1/support_tickets/7/attachments/' && request.method === 'POST') {
        if (request.headers['content-length'] === undefined) {
          return send(411, { code: 'length_required', message: 'Chybí délka.' });
        }
        return send(201, [{ id: 1, file_name: 'foto.bin', size: 1, content_type: 'application/octet-stream' }]);
      }
      if (request.url === '/api/v1/support_tickets/7/attachments/1/') {
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': "attachment; filename*=UTF-8''fotka%20k%C5%99esla.bin",
        });
        response.end(Buffer.from([0, 1, 2, 250]));
        return undefined;
      }
      return send(200, []);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

const logIn = (client: ReturnType<typeof createApiClient>) =>
  client.POST('/api/session', { body: { email: 'jana.novakova@example.cz', password: 'Heslo123!' } });

describe('withCookieJar', () => {
  // `localhost` is what scripts/start.sh prints; 127.0.0.1 is what the BFF listens on.
  it.each(['127.0.0.1', 'localhost'])(
    'keeps the Secure __Host- session cookie of a BFF on plain http://%s and sends it back',
    async (host) => {
      const jar = new CookieJar();
      const client = createApiClient({ baseUrl: `http://${host}:${port}`, fetch: withCookieJar(jar) });

      await logIn(client);
      const { response } = await client.GET('/api/v1/tenant_access/');

      expect(response.status).toBe(200);
      expect(received[1]?.headers.cookie).toBe(`${SESSION_COOKIE}=${SESSION_ID}`);
      expect(received[1]?.headers['x-csrf']).toBe('1');
      const [stored] = await jar.getCookies(`http://${host}:${port}/`);
      expect(stored).toMatchObject({ key: SESSION_COOKIE, secure: true, httpOnly: true, sameSite: 'strict' });
    },
  );

  it('without a jar, the call after the log-in is refused as not authenticated', async () => {
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}` });

    await logIn(client);
    const refused = await client.GET('/api/v1/tenant_access/').catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: 'not_authenticated' });
  });

  it('keeps the cookie of a portal as deployed (https://) and never sends it there over plain http', async () => {
    // What the BFF behind nginx answers to a log-in at https://portal.example.cz.
    const jar = new CookieJar();
    const setCookie = `${SESSION_COOKIE}=${SESSION_ID}; Max-Age=950400; Path=/; HttpOnly; Secure; SameSite=Strict`;

    await jar.setCookie(setCookie, 'https://portal.example.cz/api/session');

    expect(await jar.getCookieString('https://portal.example.cz/api/v1/tenant_access/')).toBe(
      `${SESSION_COOKIE}=${SESSION_ID}`,
    );
    expect(await jar.getCookieString('http://portal.example.cz/api/v1/tenant_access/')).toBe('');
    // Nor is a __Host- cookie taken from a plain-http answer of a host that is not loopback.
    await expect(jar.setCookie(setCookie, 'http://portal.example.cz/api/session')).rejects.toThrow();
  });

  it('sends the Secure session cookie to no other host than the one that set it', async () => {
    const jar = new CookieJar();
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: withCookieJar(jar) });

    await logIn(client);

    expect(await jar.getCookieString(`http://localhost:${port}/`)).toBe('');
    expect(await jar.getCookieString(`https://portal.example.cz/`)).toBe('');
  });
});

describe('uploads and downloads in Node', () => {
  it('streams an upload with its Content-Length and the session cookie, reporting progress up to 1', async () => {
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: withCookieJar() });
    await logIn(client);
    // Several chunks of 64 KiB, so progress has steps between 0 and 1.
    const content = new Uint8Array(200 * 1024).map((_, index) => index % 251);
    const progress: number[] = [];

    const stored = await uploadFiles(client, '/api/v1/support_tickets/{id}/attachments/', {
      params: { path: { id: 7 } },
      files: [new File([content], 'foto.bin', { type: 'application/octet-stream' })],
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(stored).toHaveLength(1);
    const upload = received.at(-1);
    expect(upload?.headers.cookie).toBe(`${SESSION_COOKIE}=${SESSION_ID}`);
    expect(upload?.headers['x-csrf']).toBe('1');
    expect(Number(upload?.headers['content-length'])).toBe(upload?.body.length);
    expect(upload?.headers['transfer-encoding']).toBeUndefined();
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // What arrived is a multipart body with the file's bytes under its own name.
    const body = upload?.body ?? Buffer.alloc(0);
    expect(body.toString('latin1')).toContain('name="files"; filename="foto.bin"');
    expect(body.includes(Buffer.from(content))).toBe(true);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
  });

  it('downloads a file with the session cookie, its bytes and its name', async () => {
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: withCookieJar() });
    await logIn(client);

    const { blob, fileName } = await downloadFile(client, '/api/v1/support_tickets/{id}/attachments/{attachmentId}/', {
      params: { path: { id: 7, attachmentId: 1 } },
    });

    expect(fileName).toBe('fotka křesla.bin');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0, 1, 2, 250]);
  });
});
