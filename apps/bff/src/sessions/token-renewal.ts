import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { BffError, errorMessages } from '../http/errors.js';
import type { RefreshResult, UpstreamAuth, UpstreamTokens } from '../upstream/upstream-auth.js';
import { MemoryRenewalCoordination, type RenewalCoordination } from './renewal-coordination.js';
import type { SessionRecord, SessionStore } from './session-store.js';

/** Renew when the access token has this many seconds left or fewer (docs/product.md §4, §9). */
export const RENEW_BEFORE_EXPIRY_SECONDS = 60;
/** A renewal result is reused this long for requests still holding the old refresh token. */
export const RENEWAL_CACHE_MS = 30_000;
/** How often an instance waiting for another instance's renewal looks for its result. */
const WAIT_POLL_MS = 25;

export class SessionEndedError extends BffError {
  constructor() {
    super(401, 'session_expired', errorMessages.sessionExpired);
  }
}

export interface TokenRenewalOptions {
  now?: () => number;
  coordination?: RenewalCoordination;
  /** Longest wait for another instance's renewal (the lock lease). */
  waitLimitMs?: number;
  /** Told the outcome of every refresh this instance sends to the upstream (metrics). */
  onRenewal?: (outcome: 'renewed' | 'refused' | 'failed') => void;
}

/** A renewal outcome; `stored` means the new tokens are already written to this session. */
type Outcome = RefreshResult & { stored?: boolean };

/**
 * Keeps a session's access token fresh.
 *
 * Renewal is single-flight per refresh token: concurrent requests on one session share one
 * upstream refresh (the upstream rotates refresh tokens and treats reuse as theft, so a second
 * refresh would end the session). Within a process a promise is shared; across instances a
 * Redis lock is taken, the session is read again under it (another instance may have rotated
 * the token meanwhile), and the new tokens are written with a compare-and-set before the lock
 * is released. The result is kept for 30 s under the *old* refresh token, so a request that
 * loaded the session just before the renewal reuses it instead of refreshing again. Only
 * successful renewals are cached; a transient failure leaves the session as it was.
 */
export class TokenRenewal {
  private readonly inFlight = new Map<string, Promise<Outcome>>();
  private readonly now: () => number;
  private readonly coordination: RenewalCoordination;
  private readonly waitLimitMs: number;
  private readonly onRenewal: TokenRenewalOptions['onRenewal'];

  constructor(
    private readonly store: SessionStore,
    private readonly auth: UpstreamAuth,
    options: TokenRenewalOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.coordination = options.coordination ?? new MemoryRenewalCoordination(this.now);
    this.waitLimitMs = options.waitLimitMs ?? 30_000;
    this.onRenewal = options.onRenewal;
  }

  needsRenewal(record: UpstreamTokens): boolean {
    return record.accessExpiresAt - this.now() / 1000 <= RENEW_BEFORE_EXPIRY_SECONDS;
  }

  /**
   * Returns the session with an access token that is valid for more than 60 s, renewing it
   * first when needed. Throws SessionEndedError (the session is destroyed) when the upstream
   * refuses the refresh token, or the upstream's BffError when it is unavailable.
   */
  async ensureFresh(
    sessionId: string,
    record: SessionRecord,
    requestId: string,
    log?: FastifyBaseLogger,
  ): Promise<SessionRecord> {
    if (!this.needsRenewal(record)) return record;
    const oldRefreshToken = record.refreshToken;

    let pending = this.inFlight.get(oldRefreshToken);
    if (!pending) {
      pending = this.renew(sessionId, oldRefreshToken, requestId, log).finally(() =>
        this.inFlight.delete(oldRefreshToken),
      );
      this.inFlight.set(oldRefreshToken, pending);
    }
    const result = await pending;

    if (result.kind === 'refused') {
      await this.store.destroy(sessionId);
      throw new SessionEndedError();
    }
    if (result.kind === 'unavailable') throw result.error;
    if (result.stored) return { ...record, ...result.tokens };

    const stored = await this.store.replaceTokens(sessionId, oldRefreshToken, result.tokens);
    if (stored) return { ...record, ...result.tokens };
    // Someone else stored newer tokens meanwhile (or the session ended): use what is stored now.
    const current = await this.store.get(sessionId);
    if (!current) throw new SessionEndedError();
    // A read cache may not have seen that write yet and still shows the refresh token we renewed:
    // its renewal is the one we hold, so use it rather than the old, soon-expiring access token.
    if (current.refreshToken === oldRefreshToken) return { ...current, ...result.tokens };
    return current;
  }

  private async renew(
    sessionId: string,
    oldRefreshToken: string,
    requestId: string,
    log?: FastifyBaseLogger,
  ): Promise<Outcome> {
    const waitUntil = Date.now() + this.waitLimitMs;
    for (;;) {
      const cached = await this.coordination.cached(oldRefreshToken);
      if (cached) return { kind: 'renewed', tokens: cached };
      const lock = await this.coordination.tryLock(oldRefreshToken);
      if (lock) {
        try {
          return await this.renewLocked(sessionId, oldRefreshToken, requestId, log);
        } finally {
          await lock.release();
        }
      }
      // Another instance is renewing: wait for its result, or for its lock to go (it failed).
      while ((await this.coordination.isLocked(oldRefreshToken)) && Date.now() < waitUntil) {
        await sleep(WAIT_POLL_MS);
        const result = await this.coordination.cached(oldRefreshToken);
        if (result) return { kind: 'renewed', tokens: result };
      }
      if (Date.now() >= waitUntil) {
        return {
          kind: 'unavailable',
          error: new BffError(503, 'upstream_unavailable', errorMessages.upstreamUnavailable),
        };
      }
    }
  }

  private async renewLocked(
    sessionId: string,
    oldRefreshToken: string,
    requestId: string,
    log?: FastifyBaseLogger,
  ): Promise<Outcome> {
    // Re-read under the lock: the previous holder may have finished just before we took it.
    const cached = await this.coordination.cached(oldRefreshToken);
    if (cached) return { kind: 'renewed', tokens: cached };
    const current = await this.store.get(sessionId);
    if (!current) return { kind: 'refused' };
    if (current.refreshToken !== oldRefreshToken) {
      return { kind: 'renewed', tokens: pickTokens(current), stored: true };
    }

    const result = await this.auth.refresh(oldRefreshToken, requestId);
    this.onRenewal?.(result.kind === 'unavailable' ? 'failed' : result.kind);
    if (result.kind === 'renewed') {
      await this.coordination.remember(oldRefreshToken, result.tokens, RENEWAL_CACHE_MS);
      const stored = await this.store.replaceTokens(sessionId, oldRefreshToken, result.tokens);
      log?.info({ event: 'token_renewed', stored }, 'access token renewed');
      return { ...result, stored };
    }
    log?.warn(
      { event: result.kind === 'refused' ? 'token_refresh_refused' : 'token_refresh_failed' },
      'access token renewal failed',
    );
    return result;
  }
}

function pickTokens(record: UpstreamTokens): UpstreamTokens {
  return {
    accessToken: record.accessToken,
    accessExpiresAt: record.accessExpiresAt,
    refreshToken: record.refreshToken,
  };
}
