import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hash.js';

describe('scrypt password hashes', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('Heslo123!');
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('Heslo123!', hash)).toBe(true);
    expect(await verifyPassword('heslo123!', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats composed and decomposed Czech letters alike (NFKC)', async () => {
    const hash = await hashPassword('Žluťoučký kůň');
    expect(await verifyPassword('Z\u030Clut\u030Couc\u030Cky\u0301 ku\u030An\u030C', hash)).toBe(true);
  });

  it('answers false, never throws, for malformed or hostile stored hashes', async () => {
    for (const stored of [
      '',
      'plain-text-password',
      'pbkdf2_sha256$600000$salt$hash',
      '$scrypt$ln=31,r=8,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA',
      '$scrypt$ln=15,r=99,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA',
      '$scrypt$ln=15,r=8,p=1$c2FsdA$c2hvcnQ',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('asks for a rehash when the parameters are outdated', async () => {
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(
      needsRehash('$scrypt$ln=14,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'),
    ).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });

  it('spends comparable time on unknown accounts', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
