import { randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

/**
 * simplejwt-compatible tokens (ADR 001): HS256 with `token_type`, `exp`, `iat` (integer
 * seconds), `jti` (32 hex characters, like `uuid4().hex`) and `user_id` as a string
 * (simplejwt ≥ 5.5.1 always stringifies it).
 */
export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  exp: number;
  iat: number;
  jti: string;
  user_id: string;
}

/** Why a token was refused (simplejwt's `TokenError` cases). */
export type TokenFailure = 'expired' | 'invalid' | 'wrong_type' | 'no_id';

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; failure: TokenFailure };

export interface VerifyOptions {
  /** Accept an expired but otherwise valid token (logout revokes its family regardless). */
  allowExpired?: boolean;
}

const ALGORITHM = 'HS256';

/** Shortest accepted HS256 key: RFC 7518 §3.2 asks for a key at least as long as the hash. */
export const MIN_JWT_SECRET_LENGTH = 32;
const JTI_PATTERN = /^[0-9a-f]{32}$/;

export function newJti(): string {
  return randomBytes(16).toString('hex');
}

export class JwtCodec {
  /**
   * Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify,
   * which was the largest single cost of an authenticated request in the benchmark's profile.
   */
  readonly #key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.#key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ token_type: claims.token_type, user_id: claims.user_id })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .setJti(claims.jti)
      .sign(await this.#key);
  }

  async verify(token: string, expected: TokenType, options: VerifyOptions = {}): Promise<VerifyResult> {
    let payload: JWTPayload;
    try {
      // Pinning the algorithm rules out `alg: none` and key-confusion tricks. No clock leeway,
      // as simplejwt's LEEWAY defaults to 0.
      ({ payload } = await jwtVerify(token, await this.#key, { algorithms: [ALGORITHM] }));
    } catch (error) {
      // jose checks the signature before the claims, so the payload of JWTExpired is genuine.
      if (error instanceof joseErrors.JWTExpired) {
        if (!options.allowExpired) return { ok: false, failure: 'expired' };
        payload = error.payload;
      } else {
        return { ok: false, failure: 'invalid' };
      }
    }
    return readClaims(payload, expected);
  }
}

function readClaims(payload: JWTPayload, expected: TokenType): VerifyResult {
  const { token_type: tokenType, user_id: userId, jti, exp, iat } = payload;
  if (tokenType !== expected) return { ok: false, failure: 'wrong_type' };
  if (typeof jti !== 'string' || !JTI_PATTERN.test(jti)) return { ok: false, failure: 'no_id' };
  if (
    typeof userId !== 'string' ||
    !/^[1-9]\d{0,15}$/.test(userId) ||
    typeof exp !== 'number' ||
    typeof iat !== 'number'
  ) {
    return { ok: false, failure: 'invalid' };
  }
  return { ok: true, claims: { token_type: expected, user_id: userId, jti, exp, iat } };
}
