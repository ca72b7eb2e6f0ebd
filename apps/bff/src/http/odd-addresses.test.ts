import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBff } from '../testing/build-test-bff.js';

// Addresses that are not valid relative URLs must never crash the BFF or leak Fastify's English.
describe('odd addresses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="cs"><title>Portál</title></html>');
    app = await buildTestBff({ upstreamUrl: 'http://127.0.0.1:9', env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => app.close());

  it.each(['//a:99999', '//a@', '//evil.example/x', '///a:0/b'])(
    '%s as a page gets the app, not a 500',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-security-policy']).toBeDefined();
    },
  );

  it.each(['/%', '/api/v1/%zz', '/%E0%A4%A'])('%s answers a Czech 400 with the security headers', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'bad_url', message: 'Adresa požadavku není platná.' });
    expect(response.body).not.toContain('FST_ERR');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
  });
});
