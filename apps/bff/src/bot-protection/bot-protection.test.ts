import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/env.js';
import type { ErrorBody } from '../http/errors.js';
import { API_HEADERS, buildTestBff } from '../testing/build-test-bff.js';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.js';
import { startFakeVerifier, type FakeVerifier } from '../testing/fake-verifier.js';
import { connectTestRedis, type TestRedis } from '../testing/test-redis.js';
import { AltchaVerifier } from './altcha.js';
import { MemoryReplayStore } from './replay-store.js';

const ORIGIN = 'https://portal.example.cz';
const SECRET = '0x4AAAAAAAtestSecretForTheFakeVerifier';
const supportRequest = {
  method: 'POST',
  url: '/api/v1/public_support/',
  payload: {
    name: 'Jan Novák',
    email: 'jan@example.cz',
    subject: 'Nesvítí světlo',
    message: 'Ve 2. patře nesvítí světlo.',
  },
} as const;
const passwordReset = {
  method: 'POST',
  url: '/api/password-reset/request',
  payload: { email: 'jan@example.cz' },
} as const;

function withToken(request: InjectOptions, token?: string): InjectOptions {
  return { ...request, headers: { ...API_HEADERS, ...(token === undefined ? {} : { 'x-bot-token': token }) } };
}

describe('bot protection with Cloudflare Turnstile', () => {
  let upstream: FakeUpstream;
  let verifier: FakeVerifier;
  let app: FastifyInstance;

  async function start(env: Record<string, string> = {}): Promise<void> {
    upstream = await startFakeUpstream();
    verifier = await startFakeVerifier('portal.example.cz');
    app = await buildTestBff({
      upstreamUrl: upstream.url,
      env: {
        PUBLIC_ORIGIN: ORIGIN,
        TURNSTILE_SITE_KEY: '0x4AAAAAAAsiteKey',
        TURNSTILE_SECRET_KEY: SECRET,
        TURNSTILE_VERIFY_URL: verifier.url,
        BOT_VERIFY_TIMEOUT_MS: '300',
        ...env,
      },
    });
  }
  afterEach(async () => {
    await app.close();
    await upstream.close();
    await verifier.close();
  });
  const supportHits = () => upstream.hits('/api/v1/public_support/');

  it('publishes the provider and site key in the runtime configuration', async () => {
    await start();
    const config = await app.inject({ method: 'GET', url: '/api/config', headers: API_HEADERS });
    expect(config.json()).toMatchObject({ botProtection: { provider: 'turnstile', siteKey: '0x4AAAAAAAsiteKey' } });
  });

  it('refuses a submission without a token, or with a forged one, before the upstream', async () => {
    await start();
    const missing = await app.inject(withToken(supportRequest));
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({
      code: 'bot_check_failed',
      message: 'Ověření, že nejste robot, se nezdařilo. Zkuste to prosím znovu.',
    });
    expect(verifier.calls).toHaveLength(0);
    const forged = await app.inject(withToken(supportRequest, 'XXXX.DUMMY.TOKEN.XXXX'));
    expect(forged.statusCode).toBe(403);
    const tooLong = await app.inject(withToken(supportRequest, 'x'.repeat(2049)));
    expect(tooLong.statusCode).toBe(403);
    expect(verifier.calls).toHaveLength(1);
    expect(supportHits()).toHaveLength(0);
  });

  it('forwards a verified submission, having sent the secret, the client ip and an idempotency key', async () => {
    await start();
    const response = await app.inject({
      ...withToken(supportRequest, 'valid-public-support'),
      remoteAddress: '198.51.100.7',
    });
    expect(response.statusCode).toBe(200);
    expect(supportHits()).toHaveLength(1);
    expect(supportHits()[0]?.headers['x-bot-token']).toBeUndefined();
    expect(verifier.calls[0]).toMatchObject({
      secret: SECRET,
      response: 'valid-public-support',
      remoteip: '198.51.100.7',
    });
    expect(verifier.calls[0]?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a replayed token, a token for another form and a token from another hostname', async () => {
    await start();
    expect((await app.inject(withToken(supportRequest, 'valid-public-support'))).statusCode).toBe(200);
    const replayed = await app.inject(withToken(supportRequest, 'valid-public-support'));
    expect(replayed.statusCode).toBe(403);
    const otherForm = await app.inject(withToken(supportRequest, 'valid-password-reset'));
    expect(otherForm.statusCode).toBe(403);
    verifier.hostname = 'evil.example';
    const otherHost = await app.inject(withToken(supportRequest, 'valid-public-support-2'));
    expect(otherHost.statusCode).toBe(403);
    expect(supportHits()).toHaveLength(1);
  });

  it('protects the password reset request too, after validating its input', async () => {
    await start();
    const invalid = await app.inject({ ...withToken(passwordReset, 'valid-password-reset'), payload: { email: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect(verifier.calls).toHaveLength(0);
    expect((await app.inject(withToken(passwordReset))).statusCode).toBe(403);
    expect((await app.inject(withToken(passwordReset, 'valid-password-reset'))).statusCode).toBe(202);
    expect(upstream.hits('/api/v1/_allauth/app/v1/auth/password/request')).toHaveLength(1);
  });

  it('retries an internal error once with the same idempotency key', async () => {
    await start();
    verifier.reply = (_call, response, index) => {
      if (index > 0) return false;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"success":false,"error-codes":["internal-error"]}');
      return true;
    };
    const response = await app.inject(withToken(supportRequest, 'valid-public-support'));
    expect(response.statusCode).toBe(200);
    expect(verifier.calls).toHaveLength(2);
    expect(verifier.calls[1]?.idempotency_key).toBe(verifier.calls[0]?.idempotency_key);
  });

  it('fails closed with a Czech 503 when the verifier is down, slow or answers nonsense', async () => {
    await start();
    verifier.reply = (_call, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
      return true;
    };
    const garbage = await app.inject(withToken(supportRequest, 'valid-public-support'));
    expect(garbage.statusCode).toBe(503);
    expect(garbage.json<ErrorBody>()).toMatchObject({ code: 'bot_check_unavailable' });
    expect(garbage.json<ErrorBody>().message).toContain('dočasně nedostupné');

    verifier.reply = () => true; // never answers
    const slow = await app.inject(withToken(supportRequest, 'valid-public-support'));
    expect(slow.statusCode).toBe(503);

    await verifier.close();
    const down = await app.inject(withToken(supportRequest, 'valid-public-support'));
    expect(down.statusCode).toBe(503);
    expect(supportHits()).toHaveLength(0);
    verifier = await startFakeVerifier('portal.example.cz');
  });

  it("refuses to start with Cloudflare's dummy secrets unless tests allow them, and with two providers", () => {
    const base = {
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
    };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig(base)).toThrow(/TURNSTILE_SECRET_KEY/);
    expect(loadConfig({ ...base, TURNSTILE_ALLOW_TEST_KEYS: 'true' }).botProtection.provider).toBe('turnstile');
    expect(() => loadConfig({ ...base, TURNSTILE_ALLOW_TEST_KEYS: 'true', ALTCHA_HMAC_KEY: 'k'.repeat(32) })).toThrow(
      /one bot protection/,
    );
    expect(() => loadConfig({ TURNSTILE_SITE_KEY: 'site' })).toThrow(/TURNSTILE_SECRET_KEY/);
    expect(loadConfig({}).botProtection.provider).toBeNull();
  });
});

describe('bot protection with self-hosted ALTCHA', () => {
  let upstream: FakeUpstream;
  let app: FastifyInstance;
  let redis: TestRedis | null = null;

  async function start(env: Record<string, string> = {}): Promise<void> {
    upstream = await startFakeUpstream();
    app = await buildTestBff({
      upstreamUrl: upstream.url,
      env: { ALTCHA_HMAC_KEY: 'altcha-test-key-of-at-least-32-characters', ALTCHA_MAX_NUMBER: '200', ...env },
    });
  }
  afterEach(async () => {
    await app.close();
    await upstream.close();
    await redis?.close();
    redis = null;
  });

  async function solvedPayload(form: string): Promise<string> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/bot-protection/challenge?form=${form}`,
      headers: API_HEADERS,
    });
    expect(response.statusCode).toBe(200);
    const challenge = response.json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('serves challenges bound to a known form, and the provider in the runtime configuration', async () => {
    await start();
    const config = await app.inject({ method: 'GET', url: '/api/config', headers: API_HEADERS });
    expect(config.json()).toMatchObject({ botProtection: { provider: 'altcha', siteKey: null } });
    const challenge = await app.inject({
      method: 'GET',
      url: '/api/bot-protection/challenge?form=public-support',
      headers: API_HEADERS,
    });
    expect(challenge.json<Challenge>()).toMatchObject({ parameters: { data: { form: 'public-support' } } });
    expect(typeof challenge.json<Challenge>().signature).toBe('string');
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/bot-protection/challenge?form=admin',
      headers: API_HEADERS,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('accepts a solved challenge once, and refuses a replay, a missing payload and a tampered one', async () => {
    await start();
    const payload = await solvedPayload('public-support');
    expect((await app.inject(withToken(supportRequest, payload))).statusCode).toBe(200);
    const replayed = await app.inject(withToken(supportRequest, payload));
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toMatchObject({ code: 'bot_check_failed' });
    expect((await app.inject(withToken(supportRequest))).statusCode).toBe(403);

    const fresh = JSON.parse(Buffer.from(await solvedPayload('public-support'), 'base64').toString()) as {
      challenge: Challenge;
    };
    fresh.challenge.parameters.data = { form: 'public-support', extra: 'tampered' };
    const tampered = Buffer.from(JSON.stringify(fresh)).toString('base64');
    expect((await app.inject(withToken(supportRequest, tampered))).statusCode).toBe(403);
    expect((await app.inject(withToken(supportRequest, 'bm90IGpzb24='))).statusCode).toBe(403);
    expect(upstream.hits('/api/v1/public_support/')).toHaveLength(1);
  });

  it('refuses a payload solved for another form', async () => {
    await start();
    const payload = await solvedPayload('password-reset');
    expect((await app.inject(withToken(supportRequest, payload))).statusCode).toBe(403);
    expect((await app.inject(withToken(passwordReset, payload))).statusCode).toBe(202);
  });

  it('accepts exactly one of two concurrent submissions of one payload, across two instances sharing Redis', async () => {
    redis = await connectTestRedis();
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix };
    await start(env);
    const second = await buildTestBff({
      upstreamUrl: upstream.url,
      env: { ALTCHA_HMAC_KEY: 'altcha-test-key-of-at-least-32-characters', ALTCHA_MAX_NUMBER: '200', ...env },
    });
    try {
      const payload = await solvedPayload('public-support');
      const answers = await Promise.all([
        app.inject(withToken(supportRequest, payload)),
        second.inject(withToken(supportRequest, payload)),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
      expect((await redis.keys()).some((key) => key.startsWith(`${redis?.keyPrefix}bot-proof:`))).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('answers the challenge endpoint with 404 when ALTCHA is not the configured protection', async () => {
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstream.url });
    const response = await app.inject({
      method: 'GET',
      url: '/api/bot-protection/challenge?form=public-support',
      headers: API_HEADERS,
    });
    expect(response.statusCode).toBe(404);
    // Off: public forms need no token.
    expect((await app.inject(withToken(supportRequest))).statusCode).toBe(200);
  });
});

describe('AltchaVerifier', () => {
  it('refuses an expired challenge', async () => {
    const replayStore = new MemoryReplayStore();
    const issuedLongAgo = new AltchaVerifier({
      hmacKey: 'k'.repeat(32),
      maxNumber: 50,
      replayStore,
      now: () => Date.now() - 11 * 60_000,
    });
    const challenge = await issuedLongAgo.challenge('public-support');
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const verifier = new AltchaVerifier({ hmacKey: 'k'.repeat(32), maxNumber: 50, replayStore });
    await expect(verifier.verify(payload, 'public-support')).rejects.toMatchObject({ code: 'bot_check_failed' });
  });
});
