import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BffError } from '../http/errors.js';
import { RETRYABLE_STATUSES, UpstreamClient, retryDelay, type UpstreamMethod } from './upstream-client.js';

/** A server that answers each request with the next scripted reply and counts hits. */
function scriptedServer(reply: (hit: number, request: IncomingMessage, response: ServerResponse) => void) {
  let hits = 0;
  const server = createServer((request, response) => {
    hits += 1;
    request.resume();
    request.on('end', () => reply(hits, request, response));
  });
  return {
    server,
    hits: () => hits,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

describe('UpstreamClient retries (docs/product.md §7)', () => {
  let server: Server | undefined;
  let client: UpstreamClient | undefined;

  async function cleanUp(): Promise<void> {
    await client?.close();
    const running = server;
    running?.closeAllConnections();
    await new Promise<void>((resolve) => (running ? running.close(() => resolve()) : resolve()));
    server = undefined;
    client = undefined;
  }

  beforeEach(cleanUp);
  afterEach(cleanUp);

  async function run(
    method: UpstreamMethod,
    firstStatus: number,
    options: { body?: string; idempotent?: boolean; retryAfter?: string } = {},
  ) {
    await cleanUp();
    const scripted = scriptedServer((hit, _request, response) => {
      const status = hit === 1 ? firstStatus : 200;
      response.writeHead(status, options.retryAfter && hit === 1 ? { 'retry-after': options.retryAfter } : {});
      response.end(hit === 1 ? 'first' : 'second');
    });
    server = scripted.server;
    client = new UpstreamClient({ baseUrl: await scripted.start(), timeoutMs: 2_000, retryBackoffMs: 1 });
    const started = Date.now();
    const response = await client.request({
      method,
      path: '/api/v1/buildings/',
      headers: {},
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.idempotent ? { idempotent: true } : {}),
    });
    await response.body.dump();
    return { status: response.statusCode, hits: scripted.hits(), elapsed: Date.now() - started };
  }

  const statuses = [...RETRYABLE_STATUSES, 400, 401, 403, 404, 422, 501];

  for (const status of statuses) {
    const retryable = RETRYABLE_STATUSES.has(status);
    it(`${status}: a request without a body is tried ${retryable ? 'twice' : 'once'}`, async () => {
      for (const method of ['GET', 'DELETE'] as const) {
        const result = await run(method, status);
        expect(result.hits).toBe(retryable ? 2 : 1);
        expect(result.status).toBe(retryable ? 200 : status);
      }
    });

    it(`${status}: a request with a body is tried once, unless it is idempotent`, async () => {
      for (const method of ['POST', 'PUT', 'PATCH'] as const) {
        const result = await run(method, status, { body: '{}' });
        expect(result.hits).toBe(1);
        expect(result.status).toBe(status);
      }
      const keyed = await run('POST', status, { body: '{}', idempotent: true });
      expect(keyed.hits).toBe(retryable ? 2 : 1);
    });
  }

  it('waits Retry-After seconds before the retry', async () => {
    const result = await run('GET', 503, { retryAfter: '1' });
    expect(result.hits).toBe(2);
    expect(result.elapsed).toBeGreaterThanOrEqual(950);
  });

  it('does not retry when Retry-After asks for more than the cap', async () => {
    const result = await run('GET', 429, { retryAfter: '120' });
    expect(result.hits).toBe(1);
    expect(result.status).toBe(429);
  });

  it('gives up on a hanging upstream with a 504 after one retry', async () => {
    const scripted = scriptedServer(() => {
      // never answers
    });
    server = scripted.server;
    client = new UpstreamClient({ baseUrl: await scripted.start(), timeoutMs: 300, retryBackoffMs: 1 });
    const started = Date.now();
    const error = await client
      .request({ method: 'GET', path: '/slow', headers: {} })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BffError);
    expect(error).toMatchObject({ statusCode: 504, code: 'upstream_timeout' });
    expect(scripted.hits()).toBe(2);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('answers 502 when nothing listens', async () => {
    client = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500, retryBackoffMs: 1 });
    await expect(client.request({ method: 'GET', path: '/', headers: {} })).rejects.toMatchObject({
      statusCode: 502,
      code: 'upstream_unavailable',
    });
  });
});

describe('retryDelay', () => {
  it('reads seconds and HTTP dates, caps at 2 s and falls back when absent', () => {
    expect(retryDelay(undefined, 50)).toBe(50);
    expect(retryDelay('0', 50)).toBe(0);
    expect(retryDelay('2', 50)).toBe(2000);
    expect(retryDelay('3', 50)).toBeNull();
    expect(retryDelay(new Date(Date.now() + 60_000).toUTCString(), 50)).toBeNull();
    expect(retryDelay('soon', 50)).toBe(50);
  });
});
