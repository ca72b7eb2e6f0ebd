import type { UpstreamTenant, UpstreamTokens, UpstreamUser } from '../upstream/upstream-auth.js';

/**
 * Server-side sessions. The browser holds only an opaque id; everything else, the upstream
 * tokens above all, lives here.
 *
 * Tokens are written only through `replaceTokens`, a compare-and-set on the refresh token, so a
 * slow request that loaded the session before a renewal can never write an old token set back.
 * Other fields are patched individually for the same reason.
 */

export interface SessionRecord extends UpstreamTokens {
  user: UpstreamUser;
  tenants: UpstreamTenant[];
  selectedTenantId: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds; the session ends here whatever happens. */
  absoluteExpiresAt: number;
  /** Epoch milliseconds of the last real use, the base of the idle timeout. */
  lastActiveAt: number;
  /**
   * The browser's `User-Agent` at login (cut to 512 characters), to name the device in the
   * user's list of sessions; absent in sessions of earlier releases.
   */
  userAgent?: string;
  /**
   * A login whose password matched and whose second factor is still to be given (ADR 012):
   * the upstream's handle of the pending login. Such a session holds no tokens and no user
   * (`PENDING_USER`); nothing but the code step and logout accepts it.
   */
  pendingSecondFactor?: { sessionToken: string };
}

export type SessionPatch = Partial<Pick<SessionRecord, 'user' | 'tenants' | 'selectedTenantId' | 'lastActiveAt'>>;

export interface SessionStore {
  get(id: string): Promise<SessionRecord | null>;
  create(id: string, record: SessionRecord): Promise<void>;
  /** Updates the given non-token fields; a missing session stays missing. */
  patch(id: string, patch: SessionPatch): Promise<void>;
  /**
   * Stores renewed tokens only when the session still holds `expectedRefreshToken`.
   * Returns false when another request already rotated them (or the session is gone).
   */
  replaceTokens(id: string, expectedRefreshToken: string, tokens: UpstreamTokens): Promise<boolean>;
  destroy(id: string): Promise<void>;
  /**
   * Ends every session of one user (`String(user.id)`), except the one named in `except`, and
   * returns the records that were ended, so the caller can end them at the upstream too.
   * Log out everywhere and the end of the other sessions after a password change
   * (docs/architecture.md §4).
   */
  destroyAllForUser(userId: string, options?: { except?: string }): Promise<SessionRecord[]>;
  /**
   * The live sessions of one user (`String(user.id)`), with their ids: the list on /profil.
   * Sessions past their absolute end or idle deadline are left out.
   */
  listForUser(userId: string): Promise<Array<{ id: string; record: SessionRecord }>>;
  /** Number of live sessions (for metrics and tests). */
  count(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The default store: one process, no dependencies. Expired sessions are swept every minute so
 * abandoned ones do not accumulate. Use the Redis store when more than one instance runs.
 */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, SessionRecord>();
  /** Session ids per user id, kept in step with `sessions` by every method that adds or removes. */
  private readonly byUser = new Map<string, Set<string>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly idleTimeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async get(id: string): Promise<SessionRecord | null> {
    const record = this.sessions.get(id);
    if (!record) return null;
    if (record.absoluteExpiresAt <= this.now()) {
      this.remove(id, record);
      return null;
    }
    // A shallow copy, so callers cannot reassign the stored record's fields; nested values are
    // never mutated in place (patch stores clones), and a deep clone per request is costly.
    return { ...record };
  }

  async create(id: string, record: SessionRecord): Promise<void> {
    this.sessions.set(id, structuredClone(record));
    const userId = String(record.user.id);
    let ids = this.byUser.get(userId);
    if (!ids) {
      ids = new Set();
      this.byUser.set(userId, ids);
    }
    ids.add(id);
  }

  async patch(id: string, patch: SessionPatch): Promise<void> {
    const record = this.sessions.get(id);
    if (record) Object.assign(record, structuredClone(patch));
  }

  async replaceTokens(id: string, expectedRefreshToken: string, tokens: UpstreamTokens): Promise<boolean> {
    const record = this.sessions.get(id);
    if (!record || record.refreshToken !== expectedRefreshToken) return false;
    record.accessToken = tokens.accessToken;
    record.accessExpiresAt = tokens.accessExpiresAt;
    record.refreshToken = tokens.refreshToken;
    return true;
  }

  async destroy(id: string): Promise<void> {
    const record = this.sessions.get(id);
    if (record) this.remove(id, record);
  }

  async destroyAllForUser(userId: string, options: { except?: string } = {}): Promise<SessionRecord[]> {
    const ended: SessionRecord[] = [];
    for (const id of [...(this.byUser.get(userId) ?? [])]) {
      const record = this.sessions.get(id);
      if (id === options.except || !record) continue;
      this.remove(id, record);
      ended.push(record);
    }
    return ended;
  }

  async listForUser(userId: string): Promise<Array<{ id: string; record: SessionRecord }>> {
    const now = this.now();
    const listed: Array<{ id: string; record: SessionRecord }> = [];
    for (const id of this.byUser.get(userId) ?? []) {
      const record = this.sessions.get(id);
      if (!record || !isLive(record, now, this.idleTimeoutMs)) continue;
      listed.push({ id, record: { ...record } });
    }
    return listed;
  }

  async count(): Promise<number> {
    this.sweep();
    return this.sessions.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private remove(id: string, record: SessionRecord): void {
    this.sessions.delete(id);
    const userId = String(record.user.id);
    const ids = this.byUser.get(userId);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(userId);
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, record] of this.sessions) {
      if (!isLive(record, now, this.idleTimeoutMs)) {
        this.remove(id, record);
      }
    }
  }
}

/** Neither past its absolute end nor idle for the whole idle timeout. */
export function isLive(
  record: Pick<SessionRecord, 'absoluteExpiresAt' | 'lastActiveAt'>,
  now: number,
  idleTimeoutMs: number,
) {
  return record.absoluteExpiresAt > now && record.lastActiveAt + idleTimeoutMs > now;
}
