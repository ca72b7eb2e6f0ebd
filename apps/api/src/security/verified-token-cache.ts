import type { TokenClaims, VerifyResult } from './jwt.js';

/**
 * Access tokens already verified by this process, keyed by the whole token string.
 *
 * Verifying an HS256 token through jose and WebCrypto costs about a tenth of the server's CPU
 * per authenticated request in the list benchmark's profile (the HMAC runs as an async job on
 * the thread pool), and the BFF sends the same access token for every call of a session until
 * it is renewed. Remembering the verdict is safe because a token is immutable and access
 * tokens are stateless (nothing revokes one before `exp`): once its signature and claims have
 * passed, the only thing that can change the answer is time, so `exp` is checked again on
 * every hit exactly as jose checks it (expired when `exp <= now` in whole seconds, no leeway).
 * Only successes are kept; a forged or altered token is a different string and misses.
 */
export class VerifiedTokenCache {
  readonly #entries = new Map<string, TokenClaims>();

  constructor(
    /** Bounds memory (a token is about 250 bytes); the oldest entry makes room. */
    readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The remembered verdict, or undefined when this token has not been verified here. */
  get(token: string): VerifyResult | undefined {
    const claims = this.#entries.get(token);
    if (claims === undefined) return undefined;
    if (claims.exp <= Math.floor(this.now() / 1000)) {
      this.#entries.delete(token);
      return { ok: false, failure: 'expired' };
    }
    return { ok: true, claims };
  }

  remember(token: string, result: VerifyResult): void {
    if (!result.ok) return;
    if (this.#entries.size >= this.maxEntries) {
      // Map iterates in insertion order, so the first key is the oldest entry.
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, result.claims);
  }

  get size(): number {
    return this.#entries.size;
  }
}
