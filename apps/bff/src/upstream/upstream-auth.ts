import { decodeJwt } from 'jose';
import { BffError, DEFAULT_RETRY_AFTER_SECONDS, errorMessages } from '../http/errors.js';
import type { components } from '../http/own-operations.gen.js';
import type { UpstreamClient } from './upstream-client.js';

/**
 * The upstream's authentication calls (django-allauth headless "app" client and simplejwt, see
 * docs/decisions/001-contract-shapes.md), translated into what the BFF needs. Nothing here
 * lets a token leave the server.
 */

const AUTH_BASE = '/api/v1/_allauth/app/v1/auth';

/**
 * The shapes below are the upstream's (upstream.yaml); they belong here, and the sessions keep
 * them as they are, so the session layer depends on this module and never the other way round.
 */

/** The tokens of one login or renewal. */
export interface UpstreamTokens {
  accessToken: string;
  /** `exp` of the access token, in epoch seconds. */
  accessExpiresAt: number;
  refreshToken: string;
}

/**
 * The logged-in user's profile (`Profile`). bff.yaml passes the upstream's schema on unchanged,
 * so its generated type is the upstream's shape and the `Session.user` the BFF answers.
 */
export type UpstreamUser = components['schemas']['Profile'];

/** One tenant the user may act for (`Tenant`, listed by `tenant_access`). */
export type UpstreamTenant = components['schemas']['Tenant'];

export type LoginResult =
  | { ok: true; tokens: UpstreamTokens }
  /** The password matched; the second factor is pending under this handle (ADR 012). */
  | { ok: 'second_factor'; sessionToken: string }
  | {
      ok: false;
      status: number;
      fields: Record<string, string>;
      message: string;
      /** Seconds until the next attempt may succeed (a 429's `Retry-After`). */
      retryAfter?: string;
    };

/** Refresh outcome: `refused` ends the session, `unavailable` keeps it (transient failure). */
export type RefreshResult =
  { kind: 'renewed'; tokens: UpstreamTokens } | { kind: 'refused' } | { kind: 'unavailable'; error: BffError };

interface AllauthError {
  code?: string;
  message?: string;
  param?: string;
}

export class UpstreamAuth {
  constructor(private readonly upstream: UpstreamClient) {}

  /**
   * `clientIp` is the browser's address (Fastify's `request.ip`, from the trusted proxy): the
   * upstream keys its failed-login delays by address *and* client, so it must see who tries.
   */
  async login(email: string, password: string, requestId: string, clientIp: string): Promise<LoginResult> {
    const { statusCode, headers, data } = await this.upstream.json({
      method: 'POST',
      path: `${AUTH_BASE}/login`,
      headers: { 'x-request-id': requestId, 'x-forwarded-for': clientIp },
      json: { email, password },
    });
    const retryAfter = retryAfterOf(headers['retry-after']);
    if (statusCode === 200) {
      const meta = (data as { meta?: { access?: unknown; refresh?: unknown } } | null)?.meta;
      if (typeof meta?.access !== 'string' || typeof meta.refresh !== 'string') {
        throw new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse);
      }
      return { ok: true, tokens: tokensFrom(meta.access, meta.refresh) };
    }
    const pending = pendingSecondFactor(statusCode, data);
    if (pending !== null) return { ok: 'second_factor', sessionToken: pending };
    if (statusCode === 400 || statusCode === 401) {
      // Wrong credentials come back as allauth field errors. The message is always ours (Czech,
      // and the same for a wrong e-mail and a wrong password, so accounts cannot be probed).
      const errors = ((data as { errors?: AllauthError[] } | null)?.errors ?? []).filter(Boolean);
      const tooMany = errors.some((error) => error.code === 'too_many_login_attempts');
      if (tooMany) return { ok: false, status: 429, fields: {}, message: errorMessages.tooManyRequests, retryAfter };
      return {
        ok: false,
        status: 400,
        fields: { password: errorMessages.invalidCredentials },
        message: errorMessages.invalidCredentials,
      };
    }
    if (statusCode === 429)
      return { ok: false, status: 429, fields: {}, message: errorMessages.tooManyRequests, retryAfter };
    throw upstreamFailure(statusCode);
  }

  /** Ends the upstream session; allauth answers 401 on success, so any answer means done. */
  async logout(refreshToken: string, requestId: string): Promise<void> {
    await this.upstream.json({
      method: 'DELETE',
      path: `${AUTH_BASE}/session`,
      headers: { 'x-request-id': requestId },
      json: { refresh: refreshToken },
    });
  }

  async refresh(refreshToken: string, requestId: string): Promise<RefreshResult> {
    let response: Awaited<ReturnType<UpstreamClient['json']>>;
    try {
      response = await this.upstream.json({
        method: 'POST',
        path: '/api/v1/token/refresh/',
        headers: { 'x-request-id': requestId },
        json: { refresh: refreshToken },
      });
    } catch (error) {
      if (error instanceof BffError) return { kind: 'unavailable', error };
      throw error;
    }
    const { statusCode, data } = response;
    if (statusCode === 200) {
      const body = data as { access?: unknown; refresh?: unknown } | null;
      if (typeof body?.access !== 'string') {
        return {
          kind: 'unavailable',
          error: new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse),
        };
      }
      // Without rotation the upstream returns only `access`; the refresh token stays valid.
      const refresh = typeof body.refresh === 'string' ? body.refresh : refreshToken;
      return { kind: 'renewed', tokens: tokensFrom(body.access, refresh) };
    }
    if (statusCode === 400 || statusCode === 401 || statusCode === 403) return { kind: 'refused' };
    return { kind: 'unavailable', error: upstreamFailure(statusCode) };
  }

  async profile(accessToken: string, requestId: string): Promise<UpstreamUser> {
    const { statusCode, data } = await this.upstream.json({
      method: 'GET',
      path: '/api/v1/my_profile/',
      headers: { authorization: `Bearer ${accessToken}`, 'x-request-id': requestId },
    });
    if (statusCode === 401) throw new BffError(401, 'session_expired', errorMessages.sessionExpired);
    if (statusCode !== 200 || !isProfile(data)) throw upstreamFailure(statusCode);
    return {
      id: data.id,
      email: data.email,
      first_name: data.first_name,
      last_name: data.last_name,
      display_name: data.display_name,
      phone: data.phone,
      // Staff act for no tenant (they reach the staff operations of bff.yaml, x-staff).
      is_staff: data.is_staff === true,
    };
  }

  /**
   * Who logged in and for which tenants. A staff member acts for no tenant and selects none, so
   * their tenant list is empty whatever `tenant_access` answers (the call runs beside the profile
   * call so that a tenant's login and session check wait for one round trip, not two).
   */
  async identity(accessToken: string, requestId: string): Promise<{ user: UpstreamUser; tenants: UpstreamTenant[] }> {
    const tenants = this.tenants(accessToken, requestId);
    // Settled here so that a staff member's failed tenant call is never an unhandled rejection.
    tenants.catch(() => undefined);
    const user = await this.profile(accessToken, requestId);
    if (user.is_staff) return { user, tenants: [] };
    return { user, tenants: await tenants };
  }

  async tenants(accessToken: string, requestId: string): Promise<UpstreamTenant[]> {
    const { statusCode, data } = await this.upstream.json({
      method: 'GET',
      path: '/api/v1/tenant_access/',
      headers: { authorization: `Bearer ${accessToken}`, 'x-request-id': requestId },
    });
    if (statusCode === 401) throw new BffError(401, 'session_expired', errorMessages.sessionExpired);
    if (statusCode !== 200 || !Array.isArray(data)) throw upstreamFailure(statusCode);
    return data
      .filter((tenant): tenant is { id: unknown; name: unknown } => typeof tenant === 'object' && tenant !== null)
      .map((tenant) => ({ id: String(tenant.id).trim(), name: String(tenant.name) }))
      .filter((tenant) => tenant.id !== '');
  }

  async requestPasswordReset(email: string, requestId: string): Promise<void> {
    const { statusCode } = await this.upstream.json({
      method: 'POST',
      path: `${AUTH_BASE}/password/request`,
      headers: { 'x-request-id': requestId },
      json: { email },
    });
    // 400 means a malformed e-mail; the caller validated it already, and the answer to the
    // browser must not depend on the account anyway.
    if (statusCode >= 500) throw upstreamFailure(statusCode);
    if (statusCode === 429) throw new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
  }

  /**
   * Whether a reset key can still set a password (allauth's GET of the reset endpoint with the
   * key in `X-Password-Reset-Key`); spends nothing. False for an invalid, used or expired key.
   */
  async checkPasswordResetKey(key: string, requestId: string): Promise<boolean> {
    const { statusCode } = await this.upstream.json({
      method: 'GET',
      path: `${AUTH_BASE}/password/reset`,
      headers: { 'x-request-id': requestId, 'x-password-reset-key': key },
    });
    if (statusCode === 200) return true;
    if (statusCode === 400) return false;
    if (statusCode === 429) throw new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
    throw upstreamFailure(statusCode);
  }

  /** Returns per-field Czech errors, or null on success. */
  async resetPassword(key: string, password: string, requestId: string): Promise<Record<string, string> | null> {
    const { statusCode, data } = await this.upstream.json({
      method: 'POST',
      path: `${AUTH_BASE}/password/reset`,
      headers: { 'x-request-id': requestId },
      json: { key, password },
    });
    // allauth answers 401 after a successful reset (the user must log in again) or 200 when it
    // logs the user in; either way the password has changed.
    if (statusCode === 200 || statusCode === 401) return null;
    if (statusCode === 400) {
      const errors = (data as { errors?: AllauthError[] } | null)?.errors ?? [];
      const fields: Record<string, string> = {};
      for (const error of errors) {
        if (error.param === 'password') fields.password = error.message ?? errorMessages.validation;
        else fields.token = errorMessages.invalidResetLink;
      }
      if (Object.keys(fields).length === 0) fields.token = errorMessages.invalidResetLink;
      return fields;
    }
    if (statusCode === 429) throw new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
    throw upstreamFailure(statusCode);
  }
}

/** allauth's pending `mfa_authenticate` flow of a login answer: its handle, or null. */
function pendingSecondFactor(statusCode: number, data: unknown): string | null {
  if (statusCode !== 401) return null;
  const body = data as {
    data?: { flows?: Array<{ id?: unknown; is_pending?: unknown }> };
    meta?: { session_token?: unknown };
  } | null;
  const pending = body?.data?.flows?.some((flow) => flow.id === 'mfa_authenticate' && flow.is_pending === true);
  const token = body?.meta?.session_token;
  return pending === true && typeof token === 'string' && token !== '' ? token : null;
}

/** The upstream's `Retry-After` in whole seconds, when it sent a usable one. */
function retryAfterOf(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value[0] : value;
  const seconds = text === undefined ? Number.NaN : Number(text);
  return Number.isInteger(seconds) && seconds > 0 ? String(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
}

export function tokensFrom(accessToken: string, refreshToken: string): UpstreamTokens {
  let exp: unknown;
  try {
    exp = decodeJwt(accessToken).exp;
  } catch {
    exp = undefined;
  }
  if (typeof exp !== 'number') throw new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse);
  return { accessToken, accessExpiresAt: exp, refreshToken };
}

function isProfile(data: unknown): data is UpstreamUser {
  if (typeof data !== 'object' || data === null) return false;
  const candidate = data as Record<string, unknown>;
  return (
    Number.isInteger(candidate.id) &&
    typeof candidate.email === 'string' &&
    typeof candidate.first_name === 'string' &&
    typeof candidate.last_name === 'string' &&
    typeof candidate.display_name === 'string' &&
    (candidate.phone === null || typeof candidate.phone === 'string') &&
    (candidate.is_staff === undefined || typeof candidate.is_staff === 'boolean')
  );
}

export function upstreamFailure(statusCode: number): BffError {
  if (statusCode === 429) return new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
  if (statusCode === 504 || statusCode === 408)
    return new BffError(504, 'upstream_timeout', errorMessages.upstreamTimeout);
  return new BffError(502, 'upstream_unavailable', errorMessages.upstreamUnavailable);
}
