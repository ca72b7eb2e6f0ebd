import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The secrets that stand in for a login where there is none: the access code of a public
 * support request and the cancellation token of a public reservation. Random, URL-safe (they
 * travel in links), stored only as a SHA-256 digest – their entropy makes a slow hash
 * unnecessary – and compared in constant time.
 */

/**
 * The access code's characters: digits and capitals nobody mixes up when reading a code aloud,
 * copying it from paper or typing it on a phone – no 0/O, no 1/I/L. 31 characters.
 */
export const ACCESS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUP_LENGTH = 4;
const GROUPS = 5;
const CANONICAL_CODE = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${GROUP_LENGTH * GROUPS}}$`);

/**
 * A public support request's access code, e.g. `K7QX-M9PD-3RTA-WHN4-ZC82`: 20 characters of
 * the alphabet above, each drawn uniformly (`randomInt` has no modulo bias), so 20 × log2(31)
 * ≈ 99 random bits (upstream.yaml asks for at least 80); in groups of four, as people read it.
 */
export function newAccessCode(): string {
  const characters = Array.from({ length: GROUP_LENGTH * GROUPS }, () =>
    ACCESS_CODE_ALPHABET.charAt(randomInt(ACCESS_CODE_ALPHABET.length)),
  );
  const groups = Array.from({ length: GROUPS }, (_, index) =>
    characters.slice(index * GROUP_LENGTH, (index + 1) * GROUP_LENGTH).join(''),
  );
  return groups.join('-');
}

/**
 * The form a typed access code is compared in: without spaces and dashes, in capitals – so
 * `k7qx m9pd 3rta whn4 zc82` opens the request too. A code that does not fit the alphabet
 * (the earlier base64url codes, which are case-sensitive) is compared as given.
 */
export function canonicalAccessCode(code: string): string {
  const compact = code.replace(/[\s-]/g, '').toUpperCase();
  return CANONICAL_CODE.test(compact) ? compact : code;
}

/** 192 random bits: the token of a public reservation's cancellation link. */
export function newCancelToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What is stored instead of the code. */
export function hashAccessCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** A digest no code has, compared against when the id is unknown, so both paths take the same time. */
const NO_DIGEST = '0'.repeat(64);

/**
 * Whether `code` is the one behind `storedHash`; an unknown record (undefined) is compared too,
 * against a digest nothing matches, so the time taken tells neither how much matched nor
 * whether the record exists.
 */
export function accessCodeMatches(code: string, storedHash: string | null | undefined): boolean {
  const stored = Buffer.from(storedHash ?? NO_DIGEST, 'hex');
  const matches = (candidate: string) => {
    const given = Buffer.from(hashAccessCode(candidate), 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored);
  };
  // Both forms are always compared, so the time taken does not tell which one was tried.
  const asGiven = matches(code);
  const canonical = matches(canonicalAccessCode(code));
  return (asGiven || canonical) && storedHash != null;
}
