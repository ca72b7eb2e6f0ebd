import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secrets that stand in for a login where there is none: the access code of a public
 * support request and the cancellation token of a public reservation. Random, URL-safe (they
 * travel in links), stored only as a SHA-256 digest – their entropy makes a slow hash
 * unnecessary – and compared in constant time.
 */

/** 128 random bits (upstream.yaml asks for at least 60): a public support request's access code. */
export function newAccessCode(): string {
  return randomBytes(16).toString('base64url');
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
  const given = Buffer.from(hashAccessCode(code), 'hex');
  const stored = Buffer.from(storedHash ?? NO_DIGEST, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored) && storedHash != null;
}
