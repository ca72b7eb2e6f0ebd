import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API_HEADERS, buildTestBff } from '../testing/build-test-bff.js';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.js';

describe('LOG_FORMAT', () => {
  let upstream: FakeUpstream;
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
    await upstream.close();
  });

  async function logOfOneRequest(format: 'json' | 'pretty'): Promise<string[]> {
    const lines: string[] = [];
    upstream = await startFakeUpstream();
    app = await buildTestBff({
      upstreamUrl: upstream.url,
      env: { LOG_LEVEL: 'info', LOG_FORMAT: format },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.inject({ method: 'GET', url: '/api/session', headers: { ...API_HEADERS, cookie: 'x=secret-cookie' } });
    await expect.poll(() => lines.join('')).toContain('request completed');
    return lines;
  }

  it('writes JSON lines by default, with cookies redacted', async () => {
    const lines = await logOfOneRequest('json');
    const completed = lines
      .map((line) => JSON.parse(line) as { msg: string })
      .find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({
      level: 30,
      res: { statusCode: 200 },
      req: { method: 'GET', url: '/api/session' },
    });
    expect(lines.join('')).not.toContain('secret-cookie');
  });

  it('writes readable lines with pretty, redacted the same way', async () => {
    const text = (await logOfOneRequest('pretty')).join('');
    expect(text).toMatch(/INFO.*request completed/);
    expect(text).not.toMatch(/^\{/m);
    expect(text).not.toContain('secret-cookie');
  });
});
