import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

/** scripts/embedded-env.mjs: the environment `scripts/start.sh` (pnpm start) gives the BFF. */
const { embeddedBffEnv } = (await import(
  pathToFileURL(fileURLToPath(new URL('../../../../scripts/embedded-env.mjs', import.meta.url))).href
)) as {
  embeddedBffEnv: (env: NodeJS.ProcessEnv, start: { port: string; upstreamUrl: string }) => NodeJS.ProcessEnv;
};

const START = { port: '3000', upstreamUrl: 'http://127.0.0.1:4010' };

describe('the BFF of the embedded start (scripts/start.sh)', () => {
  it('protects the public forms out of the box with a self-hosted ALTCHA key of its own', () => {
    const first = loadConfig(embeddedBffEnv({}, START));
    expect(first.botProtection.provider).toBe('altcha');
    // A fresh random key per start, never a fixed one that anyone could read in the repository.
    const second = loadConfig(embeddedBffEnv({}, START));
    expect(first.botProtection).not.toEqual(second.botProtection);
  });

  it('keeps a configured bot protection as it is', () => {
    const key = 'k'.repeat(40);
    expect(loadConfig(embeddedBffEnv({ ALTCHA_HMAC_KEY: key }, START)).botProtection).toMatchObject({
      provider: 'altcha',
      hmacKey: key,
    });
    const turnstile = loadConfig(
      embeddedBffEnv({ TURNSTILE_SITE_KEY: 'site-key', TURNSTILE_SECRET_KEY: 'secret-key' }, START),
    );
    expect(turnstile.botProtection.provider).toBe('turnstile');
  });
});
