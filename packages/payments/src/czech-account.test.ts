import { describe, expect, it } from 'vitest';
import { czechAccountToIban, formatIban, isValidCzechAccount, isValidIban, passesMod11 } from './czech-account.js';

// Pairs published by third parties, not computed here: the reference vector of
// docs/czech.md (also Wikipedia's Czech IBAN example), Komerční
// banka's QR example and the QR Platba specification's own example.
const KNOWN_PAIRS = [
  ['19-2000145399/0800', 'CZ6508000000192000145399'],
  ['123/0100', 'CZ7801000000000000000123'],
  ['1265098001/5500', 'CZ5855000000001265098001'],
] as const;

describe('czechAccountToIban', () => {
  it.each(KNOWN_PAIRS)('%s → %s', (account, iban) => {
    expect(czechAccountToIban(account)).toBe(iban);
    expect(isValidIban(iban)).toBe(true);
  });

  it('pads prefix and number with zeros and ignores spaces', () => {
    expect(czechAccountToIban(' 2001234588 / 2010 ')).toBe('CZ6220100000002001234588');
    expect(czechAccountToIban('000019-2000145399/0800')).toBe('CZ6508000000192000145399');
  });

  it('refuses accounts that fail the mod-11 check or the format', () => {
    // The demo data once carried this account: its number fails mod 11.
    expect(czechAccountToIban('2001234567/2010')).toBeNull();
    expect(czechAccountToIban('18-2000145399/0800')).toBeNull(); // prefix fails
    expect(czechAccountToIban('19-2000145398/0800')).toBeNull(); // number fails
    expect(czechAccountToIban('2000145399/080')).toBeNull(); // bank code has 4 digits
    expect(czechAccountToIban('1234567-2000145399/0800')).toBeNull(); // prefix at most 6 digits
    expect(czechAccountToIban('12345678901/0800')).toBeNull(); // number at most 10 digits
    expect(czechAccountToIban('0/0800')).toBeNull();
    expect(czechAccountToIban('00/0800')).toBeNull(); // an all-zero number is no account
    expect(czechAccountToIban('CZ6508000000192000145399')).toBeNull();
  });
});

describe('passesMod11 and isValidCzechAccount', () => {
  it('weights digits from the right by 1, 2, 4, 8, 5, 10, 9, 7, 3, 6', () => {
    expect(passesMod11('2000145399')).toBe(true);
    expect(passesMod11('19')).toBe(true);
    expect(passesMod11('123')).toBe(true);
    expect(passesMod11('124')).toBe(false);
    expect(passesMod11('')).toBe(true); // no prefix
    expect(isValidCzechAccount('19-2000145399/0800')).toBe(true);
    expect(isValidCzechAccount('19-2000145399')).toBe(false);
  });
});

describe('isValidIban', () => {
  it('checks the mod-97 digits of any country and the Czech length', () => {
    expect(isValidIban('CZ65 0800 0000 1920 0014 5399')).toBe(true);
    expect(isValidIban('cz6508000000192000145399')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    // The demo's old IBAN: its check digits were wrong (the right ones are 47).
    expect(isValidIban('CZ6520100000002001234567')).toBe(false);
    expect(isValidIban('CZ4720100000002001234567')).toBe(true);
    expect(isValidIban('CZ6608000000192000145399')).toBe(false); // one check digit off
    expect(isValidIban('CZ650800000019200014539')).toBe(false); // too short for CZ
    expect(isValidIban('')).toBe(false);
  });
});

describe('formatIban', () => {
  it('groups by four with no-break spaces', () => {
    expect(formatIban('CZ6508000000192000145399')).toBe('CZ65\u00a00800\u00a00000\u00a01920\u00a00014\u00a05399');
  });
});
