import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { API_HEADERS, bffInstancesPerTest } from '../testing/build-test-bff.js';
import { FAKE_USER } from '../testing/fake-upstream.js';

const PROXY = '10.0.0.5';
const login: InjectOptions = {
  method: 'POST',
  url: '/api/session',
  headers: API_HEADERS,
  payload: { email: FAKE_USER.email, password: 'spatne-heslo' },
};

describe('rate limits', () => {
  const bffs = bffInstancesPerTest({
    TRUST_PROXY: `${PROXY},192.168.0.0/16`,
    RATE_LIMIT_LOGIN_PER_MINUTE: '3',
    RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '2',
    RATE_LIMIT_PUBLIC_FORMS_PER_MINUTE: '2',
    RATE_LIMIT_NOT_FOUND_PER_MINUTE: '5',
  });

  /** A request from `client` as our trusted proxy forwards it. */
  const viaProxy = (request: InjectOptions, client: string): InjectOptions => ({
    ...request,
    remoteAddress: PROXY,
    headers: { ...(request.headers ?? {}), 'x-forwarded-for': client },
  });

  it('limits log-in attempts per client IP with 429, Retry-After and a Czech message', async () => {
    const app = await bffs.start();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await app.inject(viaProxy(login, '203.0.113.1'))).statusCode).toBe(400);
    }
    const limited = await app.inject(viaProxy(login, '203.0.113.1'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'too_many_requests',
      message: 'Příliš mnoho požadavků. Zkuste to prosím za chvíli.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(bffs.upstream().hits('/api/v1/_allauth/app/v1/auth/login')).toHaveLength(3);
    // Another visitor behind the same proxy has a bucket of their own.
    expect((await app.inject(viaProxy(login, '203.0.113.2'))).statusCode).toBe(400);
  });

  it('ignores X-Forwarded-For from anyone but the configured proxies', async () => {
    const app = await bffs.start();
    const spoofed = (client: string): InjectOptions => ({
      ...login,
      remoteAddress: '198.51.100.9',
      headers: { ...API_HEADERS, 'x-forwarded-for': client },
    });
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await app.inject(spoofed(`203.0.113.${attempt}`))).statusCode).toBe(400);
    // A fresh forged address does not buy a fresh bucket: the socket address counts.
    expect((await app.inject(spoofed('203.0.113.99'))).statusCode).toBe(429);
  });

  it('limits password reset requests and public forms per client IP', async () => {
    const app = await bffs.start();
    const reset: InjectOptions = {
      method: 'POST',
      url: '/api/password-reset/request',
      headers: API_HEADERS,
      payload: { email: 'a@example.cz' },
    };
    const form: InjectOptions = {
      method: 'POST',
      url: '/api/v1/public_support/',
      headers: API_HEADERS,
      payload: { name: 'Jan', email: 'jan@example.cz', subject: 'Světlo', message: 'Nesvítí.' },
    };
    for (const request of [reset, form]) {
      expect((await app.inject(viaProxy(request, '203.0.113.7'))).statusCode).toBeLessThan(300);
      expect((await app.inject(viaProxy(request, '203.0.113.7'))).statusCode).toBeLessThan(300);
      const limited = await app.inject(viaProxy(request, '203.0.113.7'));
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
    expect(bffs.upstream().hits('/api/v1/public_support/')).toHaveLength(2);
  });

  it('limits 404s so unknown addresses cannot be probed cheaply', async () => {
    const app = await bffs.start();
    const probe = (index: number) =>
      app.inject(viaProxy({ method: 'GET', url: `/api/v1/guess-${index}/`, headers: API_HEADERS }, '203.0.113.8'));
    for (let index = 0; index < 5; index += 1) expect((await probe(index)).statusCode).toBe(404);
    const limited = await probe(5);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too_many_requests' });
  });

  it("never counts page loads as misses, and answers a browser's 429 with a Czech page", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="cs"><title>Portál</title></html>');
    const app = await bffs.start({ WEB_DIST_DIR: dist });
    const page = { method: 'GET' as const, url: '/prihlaseni', headers: { accept: 'text/html' } };
    // A whole office behind one address loads pages far more often than the limit allows.
    for (let index = 0; index < 12; index += 1) {
      expect((await app.inject(viaProxy(page, '203.0.113.20'))).statusCode).toBe(200);
    }
    // Missing static files are real misses.
    const asset = (index: number) =>
      app.inject(
        viaProxy({ method: 'GET', url: `/assets/missing-${index}.js`, headers: { accept: '*/*' } }, '203.0.113.21'),
      );
    for (let index = 0; index < 5; index += 1) expect((await asset(index)).statusCode).toBe(404);
    expect((await asset(5)).statusCode).toBe(429);
    // A browser that reached the limit with unknown /api addresses is shown a Czech page.
    const probe = (index: number) =>
      app.inject(
        viaProxy(
          { method: 'GET', url: `/api/v1/guess-${index}/`, headers: { ...API_HEADERS, accept: 'text/html' } },
          '203.0.113.22',
        ),
      );
    for (let index = 0; index < 5; index += 1) await probe(index);
    const limited = await probe(5);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.body).toContain('Příliš mnoho požadavků');
    expect(limited.body).toContain('lang="cs"');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('shares the counters between instances through Redis', async () => {
    const { redis, env } = await bffs.sharedRedis();
    const a = await bffs.start(env);
    const b = await bffs.start(env);
    expect((await a.inject(viaProxy(login, '203.0.113.3'))).statusCode).toBe(400);
    expect((await b.inject(viaProxy(login, '203.0.113.3'))).statusCode).toBe(400);
    expect((await a.inject(viaProxy(login, '203.0.113.3'))).statusCode).toBe(400);
    expect((await b.inject(viaProxy(login, '203.0.113.3'))).statusCode).toBe(429);
    expect((await redis.keys()).some((key) => key.includes('rate-limit'))).toBe(true);
  });

  it('accepts only addresses and CIDRs as TRUST_PROXY, never true or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const value of ['true', '1', '10.0.0.0/33', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
