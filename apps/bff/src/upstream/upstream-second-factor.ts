import { BffError, errorMessages } from '../http/errors.js';
import { tokensFrom, upstreamFailure, type UpstreamTokens } from './upstream-auth.js';
import type { UpstreamClient } from './upstream-client.js';

/**
 * The upstream's second-factor calls (allauth headless MFA, ADR 012), translated into what the
 * BFF needs: the code step of a pending login and the user's own authenticators. Tokens and the
 * pending login's handle never leave the server.
 */

const ALLAUTH = '/api/v1/_allauth/app/v1';

interface AllauthError {
  code?: string;
  message?: string;
}

export type CodeResult =
  | { kind: 'ok'; tokens: UpstreamTokens }
  /** Wrong, used or malformed: the upstream's Czech message. */
  | { kind: 'wrong_code'; message: string }
  | { kind: 'too_many' }
  /** The pending login ended (expired, too many wrong codes): log in again. */
  | { kind: 'ended' };

export interface AuthenticatorSummary {
  active: boolean;
  activatedAt: string | null;
  lastUsedAt: string | null;
  recoveryCodes: { unused: number; total: number } | null;
}

const isoOf = (seconds: unknown) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

function firstError(data: unknown): AllauthError {
  return ((data as { errors?: AllauthError[] } | null)?.errors ?? [])[0] ?? {};
}

export class UpstreamSecondFactor {
  constructor(private readonly upstream: UpstreamClient) {}

  private call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    accessToken: string,
    requestId: string,
    json?: unknown,
  ) {
    return this.upstream.json({
      method,
      path: `${ALLAUTH}${path}`,
      headers: { authorization: `Bearer ${accessToken}`, 'x-request-id': requestId },
      ...(json === undefined ? {} : { json }),
    });
  }

  /** Completes a pending login with a TOTP or recovery code. */
  async authenticate(sessionToken: string, code: string, requestId: string, clientIp: string): Promise<CodeResult> {
    const { statusCode, data } = await this.upstream.json({
      method: 'POST',
      path: `${ALLAUTH}/auth/2fa/authenticate`,
      headers: { 'x-session-token': sessionToken, 'x-request-id': requestId, 'x-forwarded-for': clientIp },
      json: { code },
    });
    if (statusCode === 200) {
      const meta = (data as { meta?: { access?: unknown; refresh?: unknown } } | null)?.meta;
      if (typeof meta?.access !== 'string' || typeof meta.refresh !== 'string') {
        throw new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse);
      }
      return { kind: 'ok', tokens: tokensFrom(meta.access, meta.refresh) };
    }
    if (statusCode === 400) {
      const error = firstError(data);
      if (error.code === 'too_many_attempts') return { kind: 'too_many' };
      return { kind: 'wrong_code', message: error.message ?? WRONG_CODE };
    }
    if (statusCode === 401) return { kind: 'ended' };
    if (statusCode === 429) return { kind: 'too_many' };
    throw upstreamFailure(statusCode);
  }

  async summary(accessToken: string, requestId: string): Promise<AuthenticatorSummary> {
    const { statusCode, data } = await this.call('GET', '/account/authenticators', accessToken, requestId);
    if (statusCode === 401) throw new BffError(401, 'session_expired', errorMessages.sessionExpired);
    if (statusCode !== 200) throw upstreamFailure(statusCode);
    const list = ((data as { data?: unknown[] } | null)?.data ?? []) as Array<Record<string, unknown>>;
    const totp = list.find((item) => item['type'] === 'totp');
    const codes = list.find((item) => item['type'] === 'recovery_codes');
    return {
      active: totp !== undefined,
      activatedAt: isoOf(totp?.['created_at']),
      lastUsedAt: isoOf(totp?.['last_used_at']),
      recoveryCodes:
        codes === undefined
          ? null
          : { unused: Number(codes['unused_code_count']) || 0, total: Number(codes['total_code_count']) || 0 },
    };
  }

  /** The secret to set TOTP up with, or null when TOTP is already active. */
  async setup(accessToken: string, requestId: string): Promise<{ secret: string; otpauthUrl: string } | null> {
    const { statusCode, data } = await this.call('GET', '/account/authenticators/totp', accessToken, requestId);
    if (statusCode === 200) return null;
    if (statusCode === 401) throw new BffError(401, 'session_expired', errorMessages.sessionExpired);
    const meta = (data as { meta?: { secret?: unknown; totp_url?: unknown } } | null)?.meta;
    if (statusCode !== 404 || typeof meta?.secret !== 'string' || typeof meta.totp_url !== 'string') {
      throw upstreamFailure(statusCode);
    }
    return { secret: meta.secret, otpauthUrl: meta.totp_url };
  }

  async activate(
    accessToken: string,
    code: string,
    requestId: string,
  ): Promise<
    | { kind: 'ok'; recoveryCodes: string[] }
    | { kind: 'wrong_code'; message: string }
    | { kind: 'too_many' }
    | { kind: 'active' }
  > {
    const { statusCode, data } = await this.call('POST', '/account/authenticators/totp', accessToken, requestId, {
      code,
    });
    if (statusCode === 200) {
      const codes = (data as { meta?: { recovery_codes?: unknown } } | null)?.meta?.recovery_codes;
      if (!Array.isArray(codes)) throw new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse);
      return { kind: 'ok', recoveryCodes: codes.map(String) };
    }
    if (statusCode === 400) {
      const error = firstError(data);
      if (error.code === 'too_many_attempts') return { kind: 'too_many' };
      return { kind: 'wrong_code', message: error.message ?? WRONG_CODE };
    }
    if (statusCode === 409) return { kind: 'active' };
    if (statusCode === 401) throw new BffError(401, 'session_expired', errorMessages.sessionExpired);
    throw upstreamFailure(statusCode);
  }

  /** Turns TOTP off: `staff` when the upstream refuses (staff keep theirs), `none` without one. */
  async deactivate(accessToken: string, requestId: string): Promise<'ok' | 'staff' | 'none'> {
    const { statusCode } = await this.call('DELETE', '/account/authenticators/totp', accessToken, requestId);
    if (statusCode === 200) return 'ok';
    if (statusCode === 403) return 'staff';
    if (statusCode === 404) return 'none';
    if (statusCode === 401) throw new BffError(401, 'session_expired', errorMessages.sessionExpired);
    throw upstreamFailure(statusCode);
  }

  /** Ten new recovery codes, or null when TOTP is off. */
  async regenerateRecoveryCodes(accessToken: string, requestId: string): Promise<string[] | null> {
    const { statusCode, data } = await this.call(
      'POST',
      '/account/authenticators/recovery-codes',
      accessToken,
      requestId,
    );
    if (statusCode === 200) {
      const codes = (data as { data?: { unused_codes?: unknown } } | null)?.data?.unused_codes;
      if (!Array.isArray(codes)) throw new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse);
      return codes.map(String);
    }
    if (statusCode === 400) return null;
    if (statusCode === 401) throw new BffError(401, 'session_expired', errorMessages.sessionExpired);
    throw upstreamFailure(statusCode);
  }
}

const WRONG_CODE = 'Zadaný kód není správný.';
