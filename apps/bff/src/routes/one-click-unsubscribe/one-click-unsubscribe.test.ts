import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestBff } from '../../testing/build-test-bff.js';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.js';
import { UNSUBSCRIBE_PATH } from './index.js';

describe('one-click unsubscribe (RFC 8058)', () => {
  let upstream: FakeUpstream;
  let app: FastifyInstance;
  const bodies: string[] = [];

  async function start(status = 200) {
    upstream = await startFakeUpstream();
    upstream.handlers.push((request, response) => {
      if (!request.url.startsWith('/api/v1/notifications/unsubscribe/')) return false;
      bodies.push(request.body);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        status === 200
          ? JSON.stringify({ kind: 'ticket_updates', email: 'ja***@example.cz', enabled: false })
          : JSON.stringify({ token: ['Odkaz pro odhlášení je neplatný.'] }),
      );
      return true;
    });
    app = await buildTestBff({ upstreamUrl: upstream.url });
  }

  afterEach(async () => {
    bodies.splice(0);
    await app?.close();
    await upstream?.close();
  });

  it('forwards a mail client’s POST without cookie or X-CSRF to the upstream with the token', async () => {
    await start();
    const response = await app.inject({
      method: 'POST',
      url: `${UNSUBSCRIBE_PATH}?token=abc.def`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(bodies).toEqual([JSON.stringify({ token: 'abc.def' })]);
  });

  it('passes a refused token on as a 400, and a GET never reaches the upstream', async () => {
    await start(400);
    const refused = await app.inject({
      method: 'POST',
      url: `${UNSUBSCRIBE_PATH}?token=forged`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    await app.inject({ method: 'GET', url: `${UNSUBSCRIBE_PATH}?token=abc.def` });
    expect(bodies).toHaveLength(1);
  });
});
