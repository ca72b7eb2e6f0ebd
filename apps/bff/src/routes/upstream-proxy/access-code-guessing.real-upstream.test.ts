import { startTestApi, type TestApi } from '@portal/api/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, buildTestBff } from '../../testing/build-test-bff.js';
import { connectTestRedis, type TestRedis } from '../../testing/test-redis.js';

/**
 * Guessing public support access codes against the real reference upstream (apps/api on PGlite),
 * with the BFF's default limits: a wrong code for an existing request and any code for a missing
 * one must look the same, and guessing must stop per client IP, whatever ids are tried.
 */

const TOO_MANY = {
  code: 'too_many_requests',
  message:
    'Příliš mnoho pokusů s nesprávným číslem požadavku nebo přístupovým kódem. Zkuste to prosím znovu za chvíli.',
};
const NOT_FOUND = { code: 'not_found', message: 'Požadavek nebyl nalezen nebo je přístupový kód nesprávný.' };

/** Headers that differ per answer by nature (request id, date); everything else must be equal. */
function comparableHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  const { date: _date, 'x-request-id': _id, ...rest } = response.headers;
  return rest;
}

describe('access-code guessing against the reference upstream', () => {
  let api: TestApi;
  let app: FastifyInstance;
  let request: { id: number; access_code: string };
  const lines: string[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    // Default limits: nothing in env but the upstream (and a log sink for the redaction check).
    app = await buildTestBff({
      upstreamUrl: api.url,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/public_support/',
      headers: API_HEADERS,
      payload: { name: 'Eva Hostová', subject: 'Nejde výtah', message: 'Výtah stojí ve 3. patře.' },
      remoteAddress: '203.0.113.200',
    });
    expect(created.statusCode).toBe(201);
    request = created.json();
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await api?.close();
  });

  /** A read as the web app sends it: the code in `X-Access-Code`, never in the address. */
  const read = (client: string, id: number, code: string): InjectOptions => ({
    method: 'GET',
    url: `/api/v1/public_support/${id}/`,
    headers: { ...API_HEADERS, 'x-access-code': code },
    remoteAddress: client,
  });
  /** A read as clients before the header sent it (`?code=`), still accepted. */
  const legacyRead = (client: string, id: number, code: string): InjectOptions => ({
    method: 'GET',
    url: `/api/v1/public_support/${id}/?code=${encodeURIComponent(code)}`,
    headers: API_HEADERS,
    remoteAddress: client,
  });

  it('takes the code in X-Access-Code and hands it to the API as ?code=; an old client’s ?code= still works', async () => {
    const byHeader = await app.inject(read('198.51.100.40', request.id, request.access_code));
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json()).toMatchObject({ id: request.id });
    const byAddress = await app.inject(legacyRead('198.51.100.40', request.id, request.access_code));
    expect(byAddress.statusCode).toBe(200);
    expect(byAddress.json()).toEqual(byHeader.json());
    // The header wins over an address that disagrees with it.
    const both = await app.inject({
      ...read('198.51.100.40', request.id, request.access_code),
      url: `/api/v1/public_support/${request.id}/?code=spatny-kod`,
    });
    expect(both.statusCode).toBe(200);
    const message = await app.inject({
      method: 'POST',
      url: `/api/v1/public_support/${request.id}/add_message/`,
      headers: { ...API_HEADERS, 'x-access-code': request.access_code },
      payload: { body: 'Doplňuji: výtah stojí i dnes.' },
      remoteAddress: '198.51.100.40',
    });
    expect(message.statusCode).toBe(201);
    // No code at all, or one that cannot be a code: a Czech 400 before the upstream.
    for (const headers of [API_HEADERS, { ...API_HEADERS, 'x-access-code': 'x'.repeat(65) }]) {
      const missing = await app.inject({
        method: 'GET',
        url: `/api/v1/public_support/${request.id}/`,
        headers,
        remoteAddress: '198.51.100.41',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        code: 'validation_error',
        message: 'Zkontrolujte prosím zadané údaje.',
        fields: { code: 'Zadejte přístupový kód požadavku.' },
      });
    }
  });

  it('answers a wrong code for an existing request exactly like any code for a missing one', async () => {
    const wrongCode = await app.inject(read('203.0.113.1', request.id, 'hadam-kod-1234'));
    const missingId = await app.inject(read('203.0.113.2', 999_999, 'hadam-kod-1234'));
    const missingWithRealCode = await app.inject(read('203.0.113.3', request.id + 1000, request.access_code));
    for (const answer of [wrongCode, missingId, missingWithRealCode]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(NOT_FOUND);
      expect(comparableHeaders(answer)).toEqual(comparableHeaders(wrongCode));
    }
    const right = await app.inject(read('203.0.113.1', request.id, request.access_code));
    expect(right.statusCode).toBe(200);
  });

  it('limits 100 wrong codes in a row per client IP, whatever ids are tried, with 429, Retry-After and a Czech message', async () => {
    const client = '198.51.100.7';
    const answers: LightMyRequestResponse[] = [];
    for (let attempt = 0; attempt < 100; attempt += 1) {
      // Existing and missing ids by turns, each with a fresh guess.
      const id = attempt % 2 === 0 ? request.id : 500_000 + attempt;
      answers.push(await app.inject(read(client, id, `hadam-${attempt}`)));
    }
    const statuses = answers.map((answer) => answer.statusCode);
    const firstLimited = statuses.indexOf(429);
    // The default allows 10 failures a minute; everything after answers 429.
    expect(firstLimited).toBe(10);
    expect(statuses.slice(0, firstLimited).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(firstLimited).every((status) => status === 429)).toBe(true);

    const limitedExisting = answers[firstLimited + 2] as LightMyRequestResponse;
    const limitedMissing = answers[firstLimited + 1] as LightMyRequestResponse;
    for (const limited of [limitedExisting, limitedMissing]) {
      expect(limited.json()).toEqual(TOO_MANY);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(comparableHeaders(limited)).toEqual(comparableHeaders(limitedExisting));
    }

    // While limited, even the right code is refused: a limited client learns nothing.
    const rightButLimited = await app.inject(read(client, request.id, request.access_code));
    expect(rightButLimited.statusCode).toBe(429);
    // Adding a message with a guessed code counts against, and is refused by, the same limit.
    const message = await app.inject({
      method: 'POST',
      url: `/api/v1/public_support/${request.id}/add_message/?code=hadam`,
      headers: API_HEADERS,
      payload: { body: 'Ahoj' },
      remoteAddress: client,
    });
    expect(message.statusCode).toBe(429);
    // Another visitor is not affected.
    expect((await app.inject(read('198.51.100.8', request.id, request.access_code))).statusCode).toBe(200);
  });

  it('never counts right codes, so a page that polls its request is never limited', async () => {
    for (let poll = 0; poll < 30; poll += 1) {
      expect((await app.inject(read('198.51.100.20', request.id, request.access_code))).statusCode).toBe(200);
    }
  });

  it('keeps access codes out of the log and out of the Referer of the next page', async () => {
    const page = await app.inject({
      method: 'GET',
      url: `/verejna-podpora/${request.id}?code=${request.access_code}`,
      headers: { accept: 'text/html' },
    });
    const answer = await app.inject(read('198.51.100.30', request.id, request.access_code));
    const legacy = await app.inject(legacyRead('198.51.100.30', request.id, request.access_code));
    for (const response of [page, answer, legacy]) expect(response.headers['referrer-policy']).toBe('no-referrer');
    const logged = lines.join('\n');
    expect(logged).toContain(`/api/v1/public_support/${request.id}/?code=[redacted]`);
    expect(logged).not.toContain(request.access_code);
    expect(logged).not.toContain('hadam-kod-1234');
  });

  it('shares the count between instances through Redis', async () => {
    let redis: TestRedis | null = null;
    const instances: FastifyInstance[] = [];
    try {
      redis = await connectTestRedis();
      const env = {
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: redis.keyPrefix,
        RATE_LIMIT_ACCESS_CODE_FAILURES_PER_MINUTE: '3',
      };
      instances.push(
        await buildTestBff({ upstreamUrl: api.url, env }),
        await buildTestBff({ upstreamUrl: api.url, env }),
      );
      const [a, b] = instances as [FastifyInstance, FastifyInstance];
      const client = '192.0.2.44';
      expect((await a.inject(read(client, request.id, 'x1'))).statusCode).toBe(404);
      expect((await b.inject(read(client, request.id, 'x2'))).statusCode).toBe(404);
      expect((await a.inject(read(client, 999_998, 'x3'))).statusCode).toBe(404);
      const limited = await b.inject(read(client, request.id, request.access_code));
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await redis.keys()).some((key) => key.includes('access-code-failures'))).toBe(true);
    } finally {
      for (const instance of instances) await instance.close();
      await redis?.close();
    }
  });
});
