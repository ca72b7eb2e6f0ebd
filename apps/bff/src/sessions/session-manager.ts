import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BffError, errorMessages } from '../http/errors.js';
import type { UpstreamTenant, UpstreamTokens, UpstreamUser } from '../upstream/upstream-auth.js';
import {
  SESSION_LIFETIME_SECONDS,
  TENANT_COOKIE_LIFETIME_SECONDS,
  clearCookieOptions,
  cookieNames,
  cookieOptions,
  type CookieNames,
} from './session-cookies.js';
import type { SessionRecord, SessionStore } from './session-store.js';
import { SessionEndedError, type TokenRenewal } from './token-renewal.js';

export interface ActiveSession {
  id: string;
  record: SessionRecord;
}

export interface SessionManagerOptions {
  secureCookies: boolean;
  idleTimeoutSeconds: number;
  now?: () => number;
}

/** The upstream keeps a pending login 5 minutes (upstream.yaml, login). */
const PENDING_LOGIN_SECONDS = 300;

/** The user of a pending login: unknown until the second factor is given (user id 0 is never real). */
const PENDING_USER: UpstreamUser = {
  id: 0,
  email: '',
  first_name: '',
  last_name: '',
  display_name: '',
  phone: null,
  is_staff: false,
};

/** 256 bits from the CSPRNG; the id is the only thing the browser ever holds. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Session lifecycle on top of the store: reading the cookie, idle and absolute expiry, renewal
 * of the access token, login (always a new id), logout, and the remembered tenant.
 */
export class SessionManager {
  readonly cookies: CookieNames;
  private readonly now: () => number;

  constructor(
    readonly store: SessionStore,
    private readonly renewal: TokenRenewal,
    private readonly options: SessionManagerOptions,
  ) {
    this.cookies = cookieNames(options.secureCookies);
    this.now = options.now ?? Date.now;
  }

  /**
   * The session named by the request's cookie, or null; a login waiting for its second factor
   * is no session here (see {@link readPending}). Never extends the session.
   */
  async read(request: FastifyRequest): Promise<ActiveSession | null> {
    const session = await this.readAny(request);
    return session === null || session.record.pendingSecondFactor !== undefined ? null : session;
  }

  /** The login waiting for its second factor that the cookie names, or null (ADR 012). */
  async readPending(request: FastifyRequest): Promise<ActiveSession | null> {
    const session = await this.readAny(request);
    return session?.record.pendingSecondFactor === undefined ? null : session;
  }

  private async readAny(request: FastifyRequest): Promise<ActiveSession | null> {
    const id = request.cookies[this.cookies.session];
    if (!id || id.length > 128) return null;
    const record = await this.store.get(id);
    if (!record) return null;
    const now = this.now();
    const idleExpired = record.lastActiveAt + this.options.idleTimeoutSeconds * 1000 <= now;
    if (idleExpired || record.absoluteExpiresAt <= now) {
      await this.store.destroy(id);
      return null;
    }
    return { id, record };
  }

  /**
   * The caller's session with an access token fresh enough for an upstream call. `touch`
   * marks real use (it extends the idle timeout); a mere session check passes false.
   */
  async require(request: FastifyRequest, reply: FastifyReply, { touch }: { touch: boolean }): Promise<ActiveSession> {
    const session = await this.read(request);
    if (!session) {
      // A pending login keeps its cookie: the code step still needs it.
      if (await this.readPending(request)) {
        throw new BffError(401, 'second_factor_pending', errorMessages.secondFactorPending);
      }
      if (request.cookies[this.cookies.session]) this.clearSessionCookie(reply);
      throw new BffError(401, 'not_authenticated', errorMessages.notAuthenticated);
    }
    let record: SessionRecord;
    try {
      record = await this.renewal.ensureFresh(session.id, session.record, request.id, request.log);
    } catch (error) {
      if (error instanceof SessionEndedError) this.clearSessionCookie(reply);
      throw error;
    }
    // The idle deadline moves at most every so often: a write per request would cost a store
    // round trip on the hot path (Redis) for a precision nobody needs.
    const touchEveryMs = Math.min(60_000, (this.options.idleTimeoutSeconds * 1000) / 10);
    if (touch && this.now() - record.lastActiveAt >= touchEveryMs) {
      const lastActiveAt = this.now();
      await this.store.patch(session.id, { lastActiveAt });
      record = { ...record, lastActiveAt };
    }
    return { id: session.id, record };
  }

  /** Starts a session after a successful login; any previous session of this browser ends. */
  async start(
    request: FastifyRequest,
    reply: FastifyReply,
    login: { tokens: UpstreamTokens; user: UpstreamUser; tenants: UpstreamTenant[] },
  ): Promise<ActiveSession> {
    const previous = request.cookies[this.cookies.session];
    if (previous) await this.store.destroy(previous);

    const remembered = request.cookies[this.cookies.tenant]?.trim() ?? '';
    const selectedTenantId = login.tenants.some((tenant) => tenant.id === remembered) ? remembered : null;
    const now = this.now();
    const record: SessionRecord = {
      ...login.tokens,
      user: login.user,
      tenants: login.tenants,
      selectedTenantId,
      createdAt: now,
      absoluteExpiresAt: now + SESSION_LIFETIME_SECONDS * 1000,
      lastActiveAt: now,
    };
    const userAgent = request.headers['user-agent']?.slice(0, 512);
    if (userAgent) record.userAgent = userAgent;
    const id = newSessionId();
    await this.store.create(id, record);
    reply.setCookie(this.cookies.session, id, cookieOptions(this.options.secureCookies, SESSION_LIFETIME_SECONDS));
    return { id, record };
  }

  /**
   * Starts a login that waits for its second factor (ADR 012): a short-lived session with the
   * upstream's handle and no tokens, under a fresh id; any previous session of this browser ends.
   */
  async startPending(request: FastifyRequest, reply: FastifyReply, sessionToken: string): Promise<void> {
    const previous = request.cookies[this.cookies.session];
    if (previous) await this.store.destroy(previous);
    const now = this.now();
    const record: SessionRecord = {
      accessToken: '',
      accessExpiresAt: 0,
      refreshToken: '',
      user: PENDING_USER,
      tenants: [],
      selectedTenantId: null,
      createdAt: now,
      absoluteExpiresAt: now + PENDING_LOGIN_SECONDS * 1000,
      lastActiveAt: now,
      pendingSecondFactor: { sessionToken },
    };
    const id = newSessionId();
    await this.store.create(id, record);
    reply.setCookie(this.cookies.session, id, cookieOptions(this.options.secureCookies, SESSION_LIFETIME_SECONDS));
  }

  async end(sessionId: string, reply: FastifyReply): Promise<void> {
    await this.store.destroy(sessionId);
    this.clearSessionCookie(reply);
  }

  clearSessionCookie(reply: FastifyReply): void {
    reply.clearCookie(this.cookies.session, clearCookieOptions(this.options.secureCookies));
  }

  rememberTenant(reply: FastifyReply, tenantId: string | null): void {
    if (tenantId === null) {
      reply.clearCookie(this.cookies.tenant, clearCookieOptions(this.options.secureCookies));
      return;
    }
    reply.setCookie(
      this.cookies.tenant,
      tenantId,
      cookieOptions(this.options.secureCookies, TENANT_COOKIE_LIFETIME_SECONDS),
    );
  }
}

/** docs/product.md §5: a tenant id is trimmed and an empty value means none. */
export function normaliseTenantId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
