import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { envFile, HTTP_PORT, HTTPS_PORT, jsonLines, logFile, logLine, operatorData, RECIPE, REPO } from './support.js';

// What reaches a client through nginx, and what the BFF believes about the client.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request without certificate checks, optionally from a chosen local address. */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        rejectUnauthorized: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const portal = (path: string) => `https://localhost:${HTTPS_PORT}${path}`;
const bffPort = (instance: number) => envFile(join(RECIPE, 'env', `bff-${instance}.env`))['PORT'];
/** Which BFF instance nginx sent a request to, by its access-log line. */
async function instanceThatServed(requestId: string): Promise<string> {
  const line = await logLine(logFile('nginx-access'), (entry) => entry['request_id'] === requestId);
  return String(line['upstream']).endsWith(`:${bffPort(1)}`) ? 'bff-1' : 'bff-2';
}
const metricsPort = (file: string) => envFile(join(RECIPE, 'env', file))['METRICS_PORT'];

test('index.html is never cached, hashed assets are cached for a year and precompressed', async () => {
  const page = await call(portal('/'), { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(page.headers['cache-control']).toBe('no-cache');
  expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  // The entry script, or on a prerendered page (`/` is one) the entry its loader inserts.
  const script = /(?:src|data-entry)="(\/assets\/[^"]+\.js)"/.exec(page.body.toString())?.[1];
  expect(script).toBeDefined();

  const brotli = await call(portal(script as string), { headers: { 'accept-encoding': 'br, gzip' } });
  expect(brotli.status).toBe(200);
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotli.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  const gzip = await call(portal(script as string), { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  // Served by nginx from the build on disk, not by a BFF.
  expect(readdirSync(join(REPO, 'apps/web/dist/assets'))).toContain(`${(script as string).split('/').at(-1)}.br`);
});

test('plain HTTP is redirected to HTTPS', async () => {
  const answer = await call(`http://127.0.0.1:${HTTP_PORT}/prihlaseni?x=1`);
  expect(answer.status).toBe(301);
  expect(answer.headers.location).toBe(portal('/prihlaseni?x=1'));
});

test('log-in through nginx sets a __Host- session cookie (Secure, HttpOnly, SameSite=Strict)', async () => {
  const user = operatorData();
  const answer = await call(portal('/api/session'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: portal('') },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(answer.status).toBe(200);
  const cookie = [answer.headers['set-cookie'] ?? []]
    .flat()
    .find((value) => value.startsWith('__Host-portal_session='));
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/; Path=\//);
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; Secure/);
  expect(cookie).toMatch(/; SameSite=Strict/);
  expect(cookie).not.toMatch(/Domain=/);
  expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

test("the BFF sees the client's real address through nginx and ignores X-Forwarded-For sent to it directly", async () => {
  // Through nginx from 127.0.0.3, claiming to be 203.0.113.9: nginx replaces the header.
  const viaNginx = await call(portal('/prihlaseni'), {
    headers: { accept: 'text/html', 'x-forwarded-for': '203.0.113.9' },
    localAddress: '127.0.0.3',
  });
  expect(viaNginx.status).toBe(200);
  const requestId = String(viaNginx.headers['x-request-id']);
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);
  const seen = await logLine(logFile(await instanceThatServed(requestId)), (line) => line['reqId'] === requestId);
  expect((seen['req'] as { remoteAddress: string }).remoteAddress).toBe('127.0.0.3');

  // Straight to an instance from 127.0.0.1, which is not the trusted proxy (127.0.0.2).
  const directId = `direct-${randomUUID()}`;
  await call(`http://127.0.0.1:${bffPort(1)}/prihlaseni`, {
    headers: { accept: 'text/html', 'x-forwarded-for': '203.0.113.9', 'x-request-id': directId },
  });
  const direct = await logLine(logFile('bff-1'), (line) => line['reqId'] === directId);
  expect((direct['req'] as { remoteAddress: string }).remoteAddress).toBe('127.0.0.1');
});

test('one request id joins the nginx, BFF and API log lines of a request', async () => {
  const user = operatorData();
  const login = await call(portal('/api/session'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const cookie = [login.headers['set-cookie'] ?? []]
    .flat()
    .map((value) => value.split(';')[0])
    .join('; ');
  const answer = await call(portal('/api/v1/support_tickets/?page=1'), {
    headers: { 'x-csrf': '1', cookie, 'x-tenant-id': user.tenantId },
  });
  expect(answer.status).toBe(200);
  const id = String(answer.headers['x-request-id']);
  const nginx = await logLine(logFile('nginx-access'), (line) => line['request_id'] === id);
  expect(nginx['uri']).toBe('/api/v1/support_tickets/?page=1');
  await logLine(logFile(await instanceThatServed(id)), (line) => line['reqId'] === id);
  // …and by whichever API instance the BFF chose.
  await expect
    .poll(() =>
      ['api-1', 'api-2'].some((instance) => jsonLines(logFile(instance)).some((line) => line['reqId'] === id)),
    )
    .toBe(true);
});

test('metrics answer on their own ports only, never through nginx', async () => {
  for (const path of ['/metrics', '/healthz', '/readyz']) {
    expect((await call(portal(path))).status, path).toBe(404);
  }
  for (const file of ['bff-1.env', 'bff-2.env']) {
    const text = (await call(`http://127.0.0.1:${metricsPort(file)}/metrics`)).body.toString();
    expect(text).toContain('portal_bff_http_request_duration_seconds_bucket');
    expect(text).toMatch(/portal_bff_sessions [1-9]/);
    expect(text).toContain('portal_bff_upstream_request_duration_seconds_count{outcome="ok"}');
  }
  const api = await Promise.all(
    ['api-1.env', 'api-2.env'].map(async (file) =>
      (await call(`http://127.0.0.1:${metricsPort(file)}/metrics`)).body.toString(),
    ),
  );
  for (const text of api) expect(text).toContain('portal_api_http_request_duration_seconds');
  expect(api.join('\n')).toMatch(
    /portal_api_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/support_tickets\/",status_code="200"\} [1-9]/,
  );
});
