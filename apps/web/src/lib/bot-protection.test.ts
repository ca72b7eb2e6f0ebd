import { describe, expect, it } from 'vitest';
import { solveAltcha } from './bot-protection.ts';

async function sha256Hex(text: string) {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('ALTCHA proof of work', () => {
  it('finds the number and answers the widget payload', async () => {
    const challenge = { algorithm: 'SHA-256', challenge: await sha256Hex('sul-123' + 42), salt: 'sul-123', signature: 'podpis', maxnumber: 1000 };
    const payload = JSON.parse(atob(await solveAltcha(challenge))) as Record<string, unknown>;
    expect(payload).toMatchObject({ algorithm: 'SHA-256', challenge: challenge.challenge, number: 42, salt: 'sul-123', signature: 'podpis' });
    expect(typeof payload['took']).toBe('number');
  });

  it('refuses an unknown algorithm and an unsolvable challenge', async () => {
    await expect(solveAltcha({ algorithm: 'MD5', challenge: 'x', salt: 's', signature: 'p' })).rejects.toThrow(/algorithm/);
    await expect(solveAltcha({ algorithm: 'SHA-256', challenge: 'x', salt: 's', signature: 'p', maxnumber: 5 })).rejects.toThrow(/no solution/);
  });
});
