import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamClient, type UpstreamRequest } from './upstream-client.js';

/**
 * Several upstream instances behind one client (UPSTREAM_URL=a,b): round robin, a retry on
 * another instance, and an instance that is down left out until its health path answers.
 */

interface Instance {
  name: string;
  url: string;
  port: number;
  hits: string[];
  /** What the instance does with a request: answer, or drop the connection unanswered. */
  mode: 'answer' | 'drop';
  server: Server;
}

const running: Server[] = [];
const clients: UpstreamClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(running.splice(0).map(stop));
});

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function startInstance(name: string, port = 0, hits: string[] = []): Promise<Instance> {
  const instance = { name, hits, mode: 'answer' } as Instance;
  instance.server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url !== '/health') instance.hits.push(`${request.method} ${request.url}`);
      if (instance.mode === 'drop' && request.url !== '/health') {
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(name);
    });
  });
  await new Promise<void>((resolve) => instance.server.listen(port, '127.0.0.1', resolve));
  running.push(instance.server);
  instance.port = (instance.server.address() as AddressInfo).port;
  instance.url = `http://127.0.0.1:${instance.port}`;
  return instance;
}

function clientFor(...instances: Instance[]): UpstreamClient {
  const client = new UpstreamClient({
    baseUrl: instances.map((instance) => instance.url),
    timeoutMs: 1_000,
    retryBackoffMs: 1,
    healthProbeIntervalMs: 50,
    // No budget to spare: a failover past a dead instance must not need one.
    retryBudget: { ratio: 0, minPerSecond: 0 },
  });
  clients.push(client);
  return client;
}

async function answer(client: UpstreamClient, request: Partial<UpstreamRequest> = {}) {
  const response = await client.request({ method: 'GET', path: '/api/v1/buildings/', headers: {}, ...request });
  return { status: response.statusCode, from: await response.body.text() };
}

describe('UpstreamClient with several instances', () => {
  it('spreads calls round robin over the instances', async () => {
    const a = await startInstance('a');
    const b = await startInstance('b');
    const client = clientFor(a, b);
    const from = [];
    for (let i = 0; i < 6; i += 1) from.push((await answer(client)).from);
    expect(from.filter((name) => name === 'a')).toHaveLength(3);
    expect(from.filter((name) => name === 'b')).toHaveLength(3);
  });

  it('sends every call to the other instance while one is stopped, creates included, and takes it back when it answers again', async () => {
    const a = await startInstance('a');
    const b = await startInstance('b');
    const client = clientFor(a, b);
    await stop(a.server);

    // Refused connections never reached "a": every call succeeds on "b", even a POST without
    // an idempotency key, and none needs the (empty) retry budget.
    for (let i = 0; i < 4; i += 1) expect(await answer(client)).toEqual({ status: 200, from: 'b' });
    expect(await answer(client, { method: 'POST', body: '{}' })).toEqual({ status: 200, from: 'b' });
    expect(client.instanceStates()).toEqual([
      { origin: a.url, up: false },
      { origin: b.url, up: true },
    ]);
    expect(await client.probe('/health', 500)).toBe(true);

    // "a" comes back on its port: the health probe returns it to the rotation.
    const again = await startInstance('a', a.port);
    await expect.poll(() => client.instanceStates()[0]?.up, { timeout: 5_000 }).toBe(true);
    const from = [];
    for (let i = 0; i < 4; i += 1) from.push((await answer(client)).from);
    expect(from).toContain('a');
    expect(again.hits.length).toBeGreaterThan(0);
  });

  it('retries a read dropped mid-request on the other instance; a create only with an idempotency key', async () => {
    const a = await startInstance('a');
    const b = await startInstance('b');
    a.mode = 'drop';
    const client = new UpstreamClient({
      baseUrl: [a.url, b.url],
      timeoutMs: 1_000,
      retryBackoffMs: 1,
      healthProbeIntervalMs: 60_000,
    });
    clients.push(client);

    // The first call goes to "a", which drops it: the GET is retried on "b".
    expect(await answer(client)).toEqual({ status: 200, from: 'b' });
    expect(a.hits).toEqual(['GET /api/v1/buildings/']);
    // "a" is left out now; make it take calls again to see how a create fares there.
    await stop(a.server);
    const a2 = await startInstance('a', a.port, a.hits);
    a2.mode = 'drop';
    const fresh = new UpstreamClient({ baseUrl: [a2.url, b.url], timeoutMs: 1_000, retryBackoffMs: 1 });
    clients.push(fresh);
    // Without a key the create may have run on "a": not repeated, the caller gets a 502.
    await expect(answer(fresh, { method: 'POST', body: '{}' })).rejects.toMatchObject({
      statusCode: 502,
      code: 'upstream_unavailable',
    });
    // With a key (the upstream replays a repeat), it is retried on "b".
    const fresh2 = new UpstreamClient({ baseUrl: [a2.url, b.url], timeoutMs: 1_000, retryBackoffMs: 1 });
    clients.push(fresh2);
    expect(await answer(fresh2, { method: 'POST', body: '{}', idempotent: true })).toEqual({ status: 200, from: 'b' });
    expect(a2.hits.filter((hit) => hit.startsWith('POST'))).toHaveLength(2);
  });

  it('answers 502 when every instance is down, after trying each once', async () => {
    const a = await startInstance('a');
    const b = await startInstance('b');
    const client = clientFor(a, b);
    await stop(a.server);
    await stop(b.server);
    await expect(answer(client)).rejects.toMatchObject({ statusCode: 502, code: 'upstream_unavailable' });
    expect(await client.probe('/health', 300)).toBe(false);
  });
});
