import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtCodec, newJti, type TokenClaims } from './jwt.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

const codec = new JwtCodec('z'.repeat(48));

function claims(exp: number): TokenClaims {
  return { token_type: 'access', user_id: '7', jti: newJti(), iat: exp - 300, exp };
}

describe('VerifiedTokenCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('remembers successes only, and answers nothing for a token it has not seen', () => {
    const cache = new VerifiedTokenCache(10, () => 1_000_000);
    const good = claims(2_000);
    cache.remember('token-a', { ok: true, claims: good });
    cache.remember('token-b', { ok: false, failure: 'invalid' });
    expect(cache.get('token-a')).toEqual({ ok: true, claims: good });
    expect(cache.get('token-b')).toBeUndefined();
    expect(cache.get('token-a ')).toBeUndefined();
  });

  it('refuses a remembered token from the second of its exp on, as jose does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = 1_900_000_000_000;
    vi.setSystemTime(start);
    const cache = new VerifiedTokenCache();
    const token = await codec.sign(claims(start / 1000 + 2));
    const first = await codec.verify(token, 'access');
    cache.remember(token, first);
    expect(cache.get(token)).toEqual(first);

    vi.setSystemTime(start + 1_999);
    expect(cache.get(token)).toMatchObject({ ok: true });
    vi.setSystemTime(start + 2_000);
    // The codec and the cache agree at the boundary.
    expect(await codec.verify(token, 'access')).toEqual({ ok: false, failure: 'expired' });
    expect(cache.get(token)).toEqual({ ok: false, failure: 'expired' });
    expect(cache.size).toBe(0);
  });

  it('stays within its bound by dropping the oldest entry', () => {
    const cache = new VerifiedTokenCache(2, () => 0);
    for (const token of ['one', 'two', 'three']) cache.remember(token, { ok: true, claims: claims(100) });
    expect(cache.size).toBe(2);
    expect(cache.get('one')).toBeUndefined();
    expect(cache.get('two')).toMatchObject({ ok: true });
    expect(cache.get('three')).toMatchObject({ ok: true });
  });
});
