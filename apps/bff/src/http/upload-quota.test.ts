import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { API_HEADERS, bffInstancesPerTest } from '../testing/build-test-bff.js';
import { TestClock } from '../testing/test-clock.js';

const PROXY = '10.0.0.5';
const UPLOAD_PATH = '/api/v1/public_support/1/attachments/';
const STORED = [
  {
    id: 1,
    file_name: 'foto.png',
    content_type: 'image/png',
    size: 1,
    created_at: '2026-01-01T00:00:00Z',
    download_url: '/api/v1/public_support/1/attachments/1/',
  },
];

/** A multipart body of `size` bytes in all, as a browser sends a fault report's photo. */
function multipart(size: number): { payload: Buffer; contentType: string } {
  const boundary = 'portal-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const content = Buffer.alloc(size - Buffer.byteLength(head) - Buffer.byteLength(tail), 0x61);
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(tail)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('the daily upload volume of anonymous visitors', () => {
  const bffs = bffInstancesPerTest(
    { TRUST_PROXY: PROXY, RATE_LIMIT_PUBLIC_FORMS_PER_MINUTE: '100', RATE_LIMIT_PUBLIC_UPLOAD_BYTES_PER_DAY: '3000' },
    (upstream) => upstream.answer(UPLOAD_PATH, 201, STORED),
  );

  /** An upload of `size` bytes from `client`, as our trusted proxy forwards it. */
  const upload = (client: string, size: number): InjectOptions => {
    const { payload, contentType } = multipart(size);
    return {
      method: 'POST',
      url: UPLOAD_PATH,
      remoteAddress: PROXY,
      headers: {
        ...API_HEADERS,
        'x-forwarded-for': client,
        'x-access-code': 'pristupovy-kod',
        'content-type': contentType,
        'content-length': String(payload.length),
      },
      payload,
    };
  };

  it('refuses a client over its daily bytes with a Czech 429 and Retry-After, before the upstream sees them', async () => {
    const clock = new TestClock();
    const app = await bffs.start({}, clock.now);
    expect((await app.inject(upload('203.0.113.1', 1200))).statusCode).toBe(201);
    expect((await app.inject(upload('203.0.113.1', 1200))).statusCode).toBe(201);
    const refused = await app.inject(upload('203.0.113.1', 1200));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'upload_quota_exceeded',
      message: 'Z vašeho připojení už bylo dnes nahráno příliš mnoho souborů. Další můžete nahrát později.',
    });
    // The window is a day from the client's first upload.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(bffs.upstream().hits(UPLOAD_PATH)).toHaveLength(2);
    // The code came in X-Access-Code; the upstream contract takes it in the query.
    expect(
      bffs
        .upstream()
        .hits(UPLOAD_PATH)
        .map((hit) => hit.url),
    ).toEqual([`${UPLOAD_PATH}?code=pristupovy-kod`, `${UPLOAD_PATH}?code=pristupovy-kod`]);
    expect(bffs.upstream().hits(UPLOAD_PATH)[0]?.headers['x-access-code']).toBeUndefined();
    // What still fits is taken; another visitor has a volume of their own.
    expect((await app.inject(upload('203.0.113.1', 500))).statusCode).toBe(201);
    expect((await app.inject(upload('203.0.113.2', 1200))).statusCode).toBe(201);
    // A day later the client may upload again.
    clock.advance(24 * 3600 * 1000 + 1);
    expect((await app.inject(upload('203.0.113.1', 1200))).statusCode).toBe(201);
  });

  it('shares the volume between instances through Redis', async () => {
    const { redis, env } = await bffs.sharedRedis();
    const a = await bffs.start(env);
    const b = await bffs.start(env);
    expect((await a.inject(upload('203.0.113.3', 1200))).statusCode).toBe(201);
    expect((await b.inject(upload('203.0.113.3', 1200))).statusCode).toBe(201);
    const refused = await a.inject(upload('203.0.113.3', 1200));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((await redis.keys()).some((key) => key.includes('upload-bytes'))).toBe(true);
  });

  it('defaults to 50 MB a day and takes only a positive number of bytes', () => {
    expect(loadConfig({}).rateLimits.publicUploadBytesPerDay).toBe(50 * 1024 * 1024);
    expect(loadConfig({ RATE_LIMIT_PUBLIC_UPLOAD_BYTES_PER_DAY: '1000' }).rateLimits.publicUploadBytesPerDay).toBe(
      1000,
    );
    for (const value of ['0', '-1', 'lots', '1.5']) {
      expect(() => loadConfig({ RATE_LIMIT_PUBLIC_UPLOAD_BYTES_PER_DAY: value }), value).toThrow(
        /RATE_LIMIT_PUBLIC_UPLOAD_BYTES_PER_DAY/,
      );
    }
  });
});
