import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBff } from '../../testing/build-test-bff.js';

describe('serving the built web app', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="cs"><title>Portál</title></html>');
    writeFileSync(join(dist, 'assets', 'main-3f2a1b.js'), 'console.log(1)');
    writeFileSync(join(dist, 'build-meta.json'), '{"buildId":"build-42"}');
    app = await buildTestBff({ upstreamUrl: 'http://127.0.0.1:9', env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => app.close());

  it('answers every page address, / included, with index.html that is never cached', async () => {
    for (const url of ['/', '/prihlaseni', '/hlaseni-incidentu/12', '/neexistuje?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<html lang="cs">');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-3f2a1b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
  });

  it('answers unknown API paths and non-page requests with the JSON 404', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/v1/nic/', headers: { accept: 'text/html', 'x-csrf': '1' } });
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
