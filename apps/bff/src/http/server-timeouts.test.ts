import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bffPerTest } from '../testing/build-test-bff.js';

/** Sends `data` on a raw socket and resolves with what came back and when the server closed it. */
async function sendAndWaitForClose(
  port: number,
  data: string,
  limitMs: number,
): Promise<{ closedAfterMs: number | null; received: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    const limit = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, received });
    }, limitMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(limit);
      resolve({ closedAfterMs: Date.now() - started, received });
    });
  });
}

describe('server socket timeouts', () => {
  const bff = bffPerTest();

  async function listening(): Promise<number> {
    const { app } = await bff.start({
      serverTimeouts: { requestTimeoutMs: 400, connectionTimeoutMs: 800, checkIntervalMs: 100 },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as AddressInfo).port;
  }

  it('closes a client that sends part of its headers and stops (slow-loris)', async () => {
    const port = await listening();
    const result = await sendAndWaitForClose(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 5_000);
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs).toBeLessThan(3_000);
    expect(result.received).not.toContain('200 OK');
  });

  // Once the headers are in, Node hands the request on; a body that stalls is then cut off by the
  // idle-socket timeout (connectionTimeout), so the request never hangs.
  it('closes a client that declares a longer body than it sends', async () => {
    const port = await listening();
    const request =
      'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nX-CSRF: 1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":';
    const result = await sendAndWaitForClose(port, request, 5_000);
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs).toBeLessThan(3_000);
  });

  it('keeps non-zero timeouts by default', async () => {
    const { app } = await bff.start();
    expect(app.server.requestTimeout).toBeGreaterThan(0);
    expect(app.server.requestTimeout).toBeLessThanOrEqual(120_000);
    expect(app.initialConfig.connectionTimeout).toBeGreaterThan(0);
    // Longer than a typical load balancer's idle timeout (60 s), so the BFF never closes first.
    expect(app.server.keepAliveTimeout).toBeGreaterThan(60_000);
  });
});
