import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { RetryBudget, type RetryBudgetOptions } from './retry-budget.js';
import { UpstreamClient } from './upstream-client.js';

/** A client of `url` that retries almost at once, out of the given budget. */
function clientOn(url: string, retryBudget: RetryBudgetOptions): UpstreamClient {
  return new UpstreamClient({ baseUrl: url, timeoutMs: 2_000, retryBackoffMs: 1, retryBudget });
}

describe('RetryBudget', () => {
  it('allows retries up to the ratio of calls in the window, or the minimum when that is larger', () => {
    let clock = 1_000_000;
    const budget = new RetryBudget({ ratio: 0.2, minPerSecond: 0.3, windowMs: 10_000, now: () => clock });
    // Quiet: the minimum (0.3/s over 10 s = 3 retries) applies.
    budget.recordCall();
    expect([budget.tryRetry(), budget.tryRetry(), budget.tryRetry(), budget.tryRetry()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    // Busy: 100 calls allow 20 retries in all.
    for (let call = 0; call < 99; call += 1) budget.recordCall();
    let granted = 0;
    while (budget.tryRetry()) granted += 1;
    expect(granted).toBe(17);
    // The window slides: ten seconds later the old calls and retries no longer count.
    clock += 10_000;
    budget.recordCall();
    expect(budget.tryRetry()).toBe(true);
  });

  it('allows no retry at all with ratio and minimum 0', () => {
    const budget = new RetryBudget({ ratio: 0, minPerSecond: 0 });
    budget.recordCall();
    expect(budget.tryRetry()).toBe(false);
  });

  it('is configured from UPSTREAM_RETRY_BUDGET_PERCENT and _MIN_PER_SECOND, validated at start-up', () => {
    expect(loadConfig({}).upstreamRetryBudget).toEqual({ ratio: 0.2, minPerSecond: 1 });
    expect(
      loadConfig({ UPSTREAM_RETRY_BUDGET_PERCENT: '10', UPSTREAM_RETRY_BUDGET_MIN_PER_SECOND: '0' })
        .upstreamRetryBudget,
    ).toEqual({
      ratio: 0.1,
      minPerSecond: 0,
    });
    expect(() => loadConfig({ UPSTREAM_RETRY_BUDGET_PERCENT: '150' })).toThrow(/UPSTREAM_RETRY_BUDGET_PERCENT/);
  });
});

describe('UpstreamClient under an upstream outage (docs/architecture.md §4, Retries)', () => {
  let server: Server | undefined;
  let client: UpstreamClient | undefined;
  afterEach(async () => {
    await client?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  async function start(answer: () => number): Promise<{ url: string; hits: () => number }> {
    let hits = 0;
    server = createServer((request, response) => {
      hits += 1;
      request.resume();
      response.writeHead(answer(), { 'content-type': 'application/json' });
      response.end('{}');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
  }

  it('100 calls a second for 10 s against an upstream answering 503 to everything: it sees at most 1.2 times the calls', async () => {
    const upstream = await start(() => 503);
    // The budget's clock moves 10 ms per call (100 calls/s over exactly the 10 s of one window);
    // the calls themselves run as fast as they can, 20 at a time.
    let clock = 4_999_990;
    client = clientOn(upstream.url, { ratio: 0.2, minPerSecond: 1, now: () => clock });
    const calls = 1_000;
    let started = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (started < calls) {
          started += 1;
          clock += 10;
          const response = await client?.request({ method: 'GET', path: '/api/v1/support_tickets/', headers: {} });
          await response?.body.dump();
          statuses.push(response?.statusCode ?? 0);
        }
      }),
    );
    expect(statuses).toHaveLength(calls);
    expect(statuses.every((status) => status === 503)).toBe(true);
    // Without the budget every call would be tried twice (2000 hits).
    expect(upstream.hits()).toBeLessThanOrEqual(calls * 1.2);
    // The budget is used, not switched off: about a fifth of the calls were retried.
    expect(upstream.hits()).toBeGreaterThan(calls * 1.15);
  });

  it('still retries a single failure on a quiet instance, and again once the window has passed', async () => {
    let failNext = true;
    const upstream = await start(() => {
      const status = failNext ? 503 : 200;
      failNext = !failNext;
      return status;
    });
    let clock = 7_000_000;
    client = clientOn(upstream.url, { ratio: 0.2, minPerSecond: 0.1, now: () => clock });
    const get = async () => {
      const response = await client?.request({ method: 'GET', path: '/api/v1/buildings/', headers: {} });
      await response?.body.dump();
      return response?.statusCode;
    };
    // One retry in the minimum (0.1/s over 10 s): the 503 is retried and the caller sees 200.
    expect(await get()).toBe(200);
    expect(upstream.hits()).toBe(2);
    // The budget is spent: the next 503 goes back to the caller untried.
    expect(await get()).toBe(503);
    expect(upstream.hits()).toBe(3);
    clock += 10_000;
    failNext = true;
    expect(await get()).toBe(200);
    expect(upstream.hits()).toBe(5);
  });
});
