import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBff } from '../../testing/build-test-bff.js';
import { sessionRecord } from '../../testing/session-records.js';
import { MemorySessionStore, type SessionRecord } from '../../sessions/session-store.js';
import { inlineScriptHashes, pickEncoding } from '../../web-app/spa-documents.js';

describe('serving the built web app', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="cs"><title>Portál</title></html>');
    writeFileSync(join(dist, 'assets', 'main-3f2a1b.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'main-3f2a1b.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dist, 'build-meta.json'), '{"buildId":"build-42"}');
    app = await buildTestBff({ upstreamUrl: 'http://127.0.0.1:9', env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => app.close());

  it('answers every page address, / included, with index.html that is never cached', async () => {
    // `/odhlasit-odber` has a route of its own, the mail client's one-click POST; a GET is the page.
    for (const url of ['/', '/prihlaseni', '/hlaseni-incidentu/12', '/neexistuje?x=1', '/odhlasit-odber?token=a.b']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<html lang="cs">');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await hashedAsset(app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's precompressed copy to browsers that accept it", async () => {
    const response = await hashedAsset(app, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
    const plain = await hashedAsset(app);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('sends the strict security headers with pages', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['permissions-policy'])).toContain('geolocation=()');
  });

  it('answers unknown API paths and non-page requests with the JSON 404', async () => {
    const api = await app.inject({
      method: 'GET',
      url: '/api/v1/nic/',
      headers: { accept: 'text/html', 'x-csrf': '1' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'not_found', message: 'Požadovaný zdroj nebyl nalezen.' });
    const asset = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });

  it('reports the build id of the deployed web app in the runtime configuration', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-csrf': '1' } });
    expect(response.json()).toMatchObject({ buildId: 'build-42' });
  });
});

const LOADER = "(function(){document.title='loader'})()";
const PLAIN_SHELL = '<!doctype html><html lang="cs"><title>Portál</title><div id="root"></div></html>';
const prerenderedPage = (name: string) =>
  `<!doctype html><html lang="cs"><title>${name}</title><div id="root" data-prerendered="x">${name}</div><script data-entry="/assets/main-3f2a1b.js">${LOADER}</script></html>`;

/**
 * A web build with three prerendered pages: `/prihlaseni` (ignores `redirect`), `/verejna`
 * (reads a flag) and `/hlaseni`, the shell of a tenant page (for a logged-in user with a tenant).
 */
function webDistWithPrerenderedPages() {
  const dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(join(dist, 'index.html'), PLAIN_SHELL);
  const script = 'console.log("a hashed chunk");'.repeat(50);
  writeFileSync(join(dist, 'assets', 'main-3f2a1b.js'), script);
  writeFileSync(join(dist, 'assets', 'main-3f2a1b.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'prerendered', 'login.html'), prerenderedPage('Přihlášení'));
  writeFileSync(join(dist, 'prerendered', 'public.html'), prerenderedPage('Veřejná'));
  writeFileSync(join(dist, 'prerendered', 'tenant.html'), prerenderedPage('Hlášení'));
  writeFileSync(
    join(dist, 'prerendered', 'manifest.json'),
    JSON.stringify({
      pages: [
        { path: '/prihlaseni', file: 'login.html', ignoredSearchParams: ['redirect'], assumes: { features: {} } },
        {
          path: '/verejna',
          file: 'public.html',
          ignoredSearchParams: [],
          assumes: { features: { publicSupport: true } },
        },
        {
          path: '/hlaseni',
          file: 'tenant.html',
          ignoredSearchParams: [],
          assumes: { visitor: 'tenant', features: { incidents: true } },
        },
      ],
    }),
  );
  return dist;
}

/** The hashed chunk both test builds contain, asked for with the given Accept-Encoding. */
const hashedAsset = (app: FastifyInstance, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url: '/assets/main-3f2a1b.js',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

const page = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('serving prerendered pages', () => {
  let app: FastifyInstance;
  let flagsOff: FastifyInstance;

  beforeAll(async () => {
    const dist = webDistWithPrerenderedPages();
    app = await buildTestBff({ upstreamUrl: 'http://127.0.0.1:9', env: { WEB_DIST_DIR: dist } });
    flagsOff = await buildTestBff({
      upstreamUrl: 'http://127.0.0.1:9',
      env: { WEB_DIST_DIR: dist, FEATURE_PUBLIC_SUPPORT: 'false' },
    });
  });
  afterAll(async () => {
    await app.close();
    await flagsOff.close();
  });

  it('sends the prerendered page for its exact path, with the same headers as the shell', async () => {
    const prerendered = await page(app, '/prihlaseni');
    const shell = await page(app, '/profil');
    expect(prerendered.statusCode).toBe(200);
    expect(prerendered.body).toContain('data-prerendered');
    expect(shell.body).toBe(PLAIN_SHELL);
    for (const name of [
      'cache-control',
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'content-type',
    ]) {
      expect(prerendered.headers[name], name).toBe(shell.headers[name]);
    }
    expect(prerendered.headers['cache-control']).toBe('no-cache');
    expect(prerendered.headers.vary).toBe('accept-encoding, cookie');
  });

  it('allows exactly the inline loader in the CSP, by its sha256', async () => {
    const hash = createHash('sha256').update(LOADER).digest('base64');
    const csp = String((await page(app, '/prihlaseni')).headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp.match(/'sha256-/g)).toHaveLength(1);
  });

  it('keeps the prerendered page for ignored query parameters only', async () => {
    expect((await page(app, '/prihlaseni?redirect=%2Fprofil')).body).toContain('data-prerendered');
    expect((await page(app, '/prihlaseni?redirect=%2Fprofil&x=1')).body).toBe(PLAIN_SHELL);
    expect((await page(app, '/prihlaseni/')).body).toBe(PLAIN_SHELL);
  });

  it('sends the shell to a visitor with a session cookie (the page shows the anonymous state)', async () => {
    const response = await page(app, '/prihlaseni', { cookie: '__Host-portal_session=abc' });
    expect(response.body).toBe(PLAIN_SHELL);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve a page prerendered with a flag this configuration turns off', async () => {
    expect((await page(app, '/verejna')).body).toContain('data-prerendered');
    expect((await page(flagsOff, '/verejna')).body).toBe(PLAIN_SHELL);
    expect((await page(flagsOff, '/prihlaseni')).body).toContain('data-prerendered');
  });

  it('does not publish the prerendered files under their own names', async () => {
    const asFile = await app.inject({ method: 'GET', url: '/prerendered/login.html', headers: { accept: '*/*' } });
    expect(asFile.statusCode).toBe(404);
    expect((await page(app, '/prerendered/login.html')).body).toBe(PLAIN_SHELL);
  });

  it('compresses pages with brotli or gzip as the browser accepts', async () => {
    const br = await page(app, '/prihlaseni', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('data-prerendered');
    const gzip = await page(app, '/profil', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PLAIN_SHELL);
    expect((await page(app, '/profil')).headers['content-encoding']).toBeUndefined();
  });

  it("serves the build's brotli copy of a hashed asset, cached for a year", async () => {
    const response = await hashedAsset(app, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('a hashed chunk');
  });
});

describe("serving the tenant area's prerendered shell", () => {
  const now = Date.now();
  const store = new MemorySessionStore(30 * 60_000);
  let app: FastifyInstance;

  const record = (selectedTenantId: string | null, lastActiveAt = now): SessionRecord =>
    sessionRecord(now, { tenants: [{ id: 't-1', name: 'Alfa s.r.o.' }], selectedTenantId, lastActiveAt });
  const asSession = (id: string) => ({ cookie: `__Host-portal_session=${id}` });

  beforeAll(async () => {
    await store.create('with-tenant', record('t-1'));
    await store.create('without-tenant', record(null));
    await store.create('idle', record('t-1', now - 3_600_000));
    app = await buildTestBff({
      upstreamUrl: 'http://127.0.0.1:9',
      store,
      env: { WEB_DIST_DIR: webDistWithPrerenderedPages() },
    });
  });
  afterAll(() => app.close());

  it('is sent to a logged-in user with a tenant selected', async () => {
    const response = await page(app, '/hlaseni', asSession('with-tenant'));
    expect(response.body).toContain('Hlášení');
    expect(response.body).toContain('data-prerendered');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
  });

  it('is not sent to anyone else: a guest, a user without a tenant, a cookie of no live session', async () => {
    for (const [who, headers] of [
      ['guest', {}],
      ['no tenant', asSession('without-tenant')],
      ['unknown session', asSession('forged')],
      ['idle session', asSession('idle')],
    ] as const) {
      expect((await page(app, '/hlaseni', headers)).body, who).toBe(PLAIN_SHELL);
    }
  });

  it('does not extend the session it reads, and public pages still go to guests only', async () => {
    await page(app, '/hlaseni', asSession('with-tenant'));
    expect((await store.get('with-tenant'))?.lastActiveAt).toBe(now);
    expect((await page(app, '/prihlaseni', asSession('with-tenant'))).body).toBe(PLAIN_SHELL);
    expect((await page(app, '/hlaseni?stav=open', asSession('with-tenant'))).body).toBe(PLAIN_SHELL);
  });
});

describe('page helpers', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('hashes inline scripts only, once each', () => {
    const html = '<script src="/a.js"></script><script>x()</script><script type="module">x()</script>';
    const expected = `'sha256-${createHash('sha256').update('x()').digest('base64')}'`;
    expect(inlineScriptHashes([html, html])).toEqual([expected]);
  });
});
