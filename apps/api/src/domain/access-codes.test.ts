import { describe, expect, it } from 'vitest';
import {
  ACCESS_CODE_ALPHABET,
  accessCodeMatches,
  canonicalAccessCode,
  hashAccessCode,
  newAccessCode,
} from './access-codes.js';

describe('access codes people can type', () => {
  it('are five groups of four unambiguous characters, at least 80 random bits', () => {
    const codes = Array.from({ length: 200 }, () => newAccessCode());
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){4}$/);
    expect(ACCESS_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(20 * Math.log2(ACCESS_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(80);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up (a biased or truncated draw would not cover it).
    expect(new Set(codes.join('').replace(/-/g, ''))).toEqual(new Set(ACCESS_CODE_ALPHABET));
  });

  it('match however they are typed: lower case, spaces, without dashes', () => {
    const code = 'K7QX-M9PD-3RTA-WHN4-ZC82';
    const stored = hashAccessCode(canonicalAccessCode(code));
    for (const typed of [code, 'k7qx-m9pd-3rta-whn4-zc82', 'K7QX M9PD 3RTA WHN4 ZC82', ' K7QXM9PD3RTAWHN4ZC82 ']) {
      expect(accessCodeMatches(typed, stored)).toBe(true);
    }
    expect(accessCodeMatches('K7QX-M9PD-3RTA-WHN4-ZC83', stored)).toBe(false);
    expect(accessCodeMatches('K7QX-M9PD-3RTA-WHN4', stored)).toBe(false);
    expect(accessCodeMatches(code, null)).toBe(false);
  });

  it('earlier base64url codes still match exactly, and only exactly', () => {
    const old = 'Ab-cD_efGhijKLmnOPqrsT';
    const stored = hashAccessCode(canonicalAccessCode(old));
    expect(accessCodeMatches(old, stored)).toBe(true);
    expect(accessCodeMatches(old.toLowerCase(), stored)).toBe(false);
  });
});
