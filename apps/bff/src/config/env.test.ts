import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('PRODUCTION=true', () => {
  const safe = {
    PRODUCTION: 'true',
    REDIS_URL: 'redis://127.0.0.1:6379/0',
    TRUST_PROXY: '127.0.0.2',
    PUBLIC_ORIGIN: 'https://portal.example.cz',
    ALTCHA_HMAC_KEY: 'k'.repeat(32),
    METRICS_PORT: '9310',
  };

  it('starts with a safe production configuration', () => {
    const config = loadConfig(safe);
    expect(config.cookieSecure).toBe(true);
    expect(config.metrics).toEqual({ host: '127.0.0.1', port: 9310 });
  });

  it('changes nothing without the flag (trials keep their defaults)', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({}).redis).toBeNull();
  });

  it.each([
    [{ REDIS_URL: undefined }, 'REDIS_URL: is required'],
    [{ TRUST_PROXY: undefined }, 'TRUST_PROXY: is required'],
    [{ PUBLIC_ORIGIN: undefined }, 'PUBLIC_ORIGIN'],
    [{ PUBLIC_ORIGIN: 'http://portal.example.cz' }, 'PUBLIC_ORIGIN'],
    [{ COOKIE_SECURE: 'false' }, 'COOKIE_SECURE'],
    [{ ALTCHA_HMAC_KEY: undefined }, 'bot protection of the public forms is required'],
    [
      {
        ALTCHA_HMAC_KEY: undefined,
        TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
        TURNSTILE_SECRET_KEY: 'real-looking-secret',
      },
      'TURNSTILE_SITE_KEY: is one of',
    ],
    [
      {
        ALTCHA_HMAC_KEY: undefined,
        TURNSTILE_SITE_KEY: '0x4AAAAAAAreal',
        TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
        TURNSTILE_ALLOW_TEST_KEYS: 'true',
      },
      'TURNSTILE_ALLOW_TEST_KEYS: must not be true',
    ],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT: must differ from PORT'],
  ])('refuses %j', (override, message) => {
    const env = Object.fromEntries(
      Object.entries({ ...safe, ...override }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names every problem at once', () => {
    expect(() => loadConfig({ PRODUCTION: 'true' })).toThrow(
      /REDIS_URL[\s\S]*TRUST_PROXY[\s\S]*PUBLIC_ORIGIN[\s\S]*bot protection/,
    );
  });
});

describe('LOG_FORMAT', () => {
  it('is JSON unless pretty is asked for', () => {
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('refuses any other value, naming the variable', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('UPSTREAM_URL', () => {
  it('takes one address, as before, or several instances separated by commas', () => {
    expect(loadConfig({})).toMatchObject({
      upstreamUrl: 'http://127.0.0.1:4010',
      upstreamUrls: ['http://127.0.0.1:4010'],
    });
    expect(loadConfig({ UPSTREAM_URL: 'https://api.example.cz/base/' })).toMatchObject({
      upstreamUrl: 'https://api.example.cz/base',
      upstreamUrls: ['https://api.example.cz/base'],
    });
    expect(loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4710, http://127.0.0.1:4711/' })).toMatchObject({
      upstreamUrl: 'http://127.0.0.1:4710',
      upstreamUrls: ['http://127.0.0.1:4710', 'http://127.0.0.1:4711'],
    });
  });

  it.each(['ftp://api', 'http://127.0.0.1:4710,nonsense', ','])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ UPSTREAM_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ UPSTREAM_URL: value })).toThrow(/UPSTREAM_URL/);
  });
});
