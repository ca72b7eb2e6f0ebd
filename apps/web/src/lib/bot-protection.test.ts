import { describe, expect, it } from 'vitest';
import { solveAltcha } from './bot-protection.ts';

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** The key altcha-lib's SHA-256 deriveKey gives for a counter (salt + nonce + uint32 counter). */
async function derive(salt: string, nonce: string, counter: number): Promise<string> {
  const input = new Uint8Array([...Buffer.from(salt, 'hex'), ...Buffer.from(nonce, 'hex'), 0, 0, 0, 0]);
  new DataView(input.buffer).setUint32(input.length - 4, counter, false);
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', input)));
}

describe('ALTCHA v2 proof of work', () => {
  it('finds the counter whose derived key has the challenge’s prefix and answers the widget payload', async () => {
    const salt = '00112233445566778899aabbccddeeff';
    const nonce = 'ffeeddccbbaa99887766554433221100';
    const keyPrefix = (await derive(salt, nonce, 42)).slice(0, 32);
    const challenge = {
      parameters: {
        algorithm: 'SHA-256',
        nonce,
        salt,
        cost: 1,
        keyLength: 32,
        keyPrefix,
        data: { form: 'public-support' },
      },
      signature: 'podpis',
    };
    const payload = JSON.parse(atob(await solveAltcha(challenge))) as {
      challenge: unknown;
      solution: Record<string, unknown>;
    };
    expect(payload.challenge).toEqual(challenge);
    expect(payload.solution).toMatchObject({ counter: 42, derivedKey: await derive(salt, nonce, 42) });
  });

  it('refuses an unknown algorithm and an unsolvable challenge', async () => {
    const parameters = { nonce: '00', salt: '00', cost: 1, keyPrefix: 'ffffffffffffffff' };
    await expect(solveAltcha({ parameters: { ...parameters, algorithm: 'MD5' } })).rejects.toThrow(/algorithm/);
    await expect(solveAltcha({ parameters: { ...parameters, algorithm: 'SHA-256' } }, undefined, 5)).rejects.toThrow(
      /no solution/,
    );
  });
});
