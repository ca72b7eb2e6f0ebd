import { SignJWT, UnsecuredJWT, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { JwtCodec, newJti } from './jwt.js';

const SECRET = 'x'.repeat(48);
const codec = new JwtCodec(SECRET);
const now = () => Math.floor(Date.now() / 1000);

describe('JwtCodec', () => {
  it('signs HS256 tokens with exactly the simplejwt claims', async () => {
    const iat = now();
    const claims = { token_type: 'access' as const, user_id: '7', jti: newJti(), iat, exp: iat + 300 };
    const token = await codec.sign(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await codec.verify(token, 'access')).toEqual({ ok: true, claims });
  });

  it('makes 32-hex jtis', () => {
    expect(newJti()).toMatch(/^[0-9a-f]{32}$/);
    expect(newJti()).not.toBe(newJti());
  });

  it('tells the failures apart', async () => {
    const iat = now();
    const base = { user_id: '7', jti: newJti(), iat, exp: iat + 60 };
    expect(await codec.verify(await codec.sign({ ...base, token_type: 'refresh' }), 'access')).toEqual({
      ok: false,
      failure: 'wrong_type',
    });
    const expired = await codec.sign({ ...base, token_type: 'access', iat: iat - 120, exp: iat - 60 });
    expect(await codec.verify(expired, 'access')).toEqual({ ok: false, failure: 'expired' });
    expect(await codec.verify(expired, 'access', { allowExpired: true })).toMatchObject({ ok: true });
    expect(await codec.verify('a.b.c', 'access')).toEqual({ ok: false, failure: 'invalid' });
  });

  it('rejects alg "none" and tokens signed with another key', async () => {
    const iat = now();
    const payload = { token_type: 'access', user_id: '7', jti: newJti(), iat, exp: iat + 60 };
    const unsecured = new UnsecuredJWT(payload).encode();
    expect(await codec.verify(unsecured, 'access')).toEqual({ ok: false, failure: 'invalid' });
    const foreign = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('y'.repeat(48)));
    expect(await codec.verify(foreign, 'access')).toEqual({ ok: false, failure: 'invalid' });
  });

  it('rejects a numeric or missing user_id', async () => {
    const iat = now();
    const numeric = await new SignJWT({ token_type: 'access', user_id: 7, jti: newJti() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await codec.verify(numeric, 'access')).toEqual({ ok: false, failure: 'invalid' });
  });
});
