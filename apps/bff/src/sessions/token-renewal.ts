import { BffError, errorMessages } from '../http/errors.js';
import type { RefreshResult, UpstreamAuth } from '../upstream/upstream-auth.js';
import type { SessionRecord, SessionStore, SessionTokens } from './session-store.js';

/** Renew when the access token has this many seconds left or fewer (spec §4, §9). */
export const RENEW_BEFORE_EXPIRY_SECONDS = 60;
/** A renewal result is reused this long for requests still holding the old refresh token. */
export const RENEWAL_CACHE_MS = 30_000;

export class SessionEndedError extends BffError {
  constructor() {
    super(401, 'session_expired', errorMessages.sessionExpired);
  }
}

/**
 * Keeps a session's access token fresh.
 *
 * Renewal is single-flight per refresh token: concurrent requests on one session share one
 * upstream refresh (the upstream rotates refresh tokens and treats reuse as theft, so a second
 * refresh would end the session). The result is kept for 30 s under the *old* refresh token, so
 * a request that loaded the session just before the renewal reuses it instead of refreshing
 * again. Only successful renewals are cached; a transient failure leaves the session as it was.
 */
export class TokenRenewal {
  private readonly inFlight = new Map<string, Promise<RefreshResult>>();
  private readonly recent = new Map<string, { tokens: SessionTokens; expiresAt: number }>();

  constructor(
    private readonly store: SessionStore,
    private readonly auth: UpstreamAuth,
    private readonly now: () => number = Date.now,
  ) {}

  needsRenewal(record: SessionTokens): boolean {
    return record.accessExpiresAt - this.now() / 1000 <= RENEW_BEFORE_EXPIRY_SECONDS;
  }

  /**
   * Returns the session with an access token that is valid for more than 60 s, renewing it
   * first when needed. Throws SessionEndedError (the session is destroyed) when the upstream
   * refuses the refresh token, or the upstream's BffError when it is unavailable.
   */
  async ensureFresh(sessionId: string, record: SessionRecord, requestId: string): Promise<SessionRecord> {
    if (!this.needsRenewal(record)) return record;
    const oldRefreshToken = record.refreshToken;

    const cached = this.cachedResult(oldRefreshToken);
    const result: RefreshResult = cached
      ? { kind: 'renewed', tokens: cached }
      : await this.singleFlight(oldRefreshToken, requestId);

    if (result.kind === 'refused') {
      await this.store.destroy(sessionId);
      throw new SessionEndedError();
    }
    if (result.kind === 'unavailable') throw result.error;

    const stored = await this.store.replaceTokens(sessionId, oldRefreshToken, result.tokens);
    if (stored) return { ...record, ...result.tokens };
    // Someone else stored newer tokens meanwhile (or the session ended): use what is stored now.
    const current = await this.store.get(sessionId);
    if (!current) throw new SessionEndedError();
    return current;
  }

  private singleFlight(refreshToken: string, requestId: string): Promise<RefreshResult> {
    const pending = this.inFlight.get(refreshToken);
    if (pending) return pending;
    const renewal = this.auth
      .refresh(refreshToken, requestId)
      .then((result) => {
        if (result.kind === 'renewed') {
          this.recent.set(refreshToken, { tokens: result.tokens, expiresAt: this.now() + RENEWAL_CACHE_MS });
        }
        return result;
      })
      .finally(() => this.inFlight.delete(refreshToken));
    this.inFlight.set(refreshToken, renewal);
    return renewal;
  }

  private cachedResult(refreshToken: string): SessionTokens | null {
    const now = this.now();
    for (const [token, entry] of this.recent) {
      if (entry.expiresAt <= now) this.recent.delete(token);
    }
    return this.recent.get(refreshToken)?.tokens ?? null;
  }
}
