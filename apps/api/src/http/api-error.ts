import type { components } from '@portal/openapi/upstream-types';
import { ApiError } from '../domain/errors.js';

/**
 * The HTTP-only refusals: the bearer challenge of a 401 and django-allauth's error envelope
 * (`{status, errors: [{code, message, param?}]}`), which only the allauth routes answer
 * (docs/decisions/001-contract-shapes.md). Domain refusals are in domain/errors.ts.
 */

/** `WWW-Authenticate` on every 401 of a bearer-protected endpoint, as simplejwt sends it. */
export const BEARER_CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' } as const;

export interface AllauthErrorItem {
  code: string;
  message: string;
  /** Field name; absent for errors about the request as a whole (allauth's `__all__`). */
  param?: string;
}

/** django-allauth headless `ErrorResponse`: `{status, errors: [...]}`. */
export function allauthError(statusCode: number, errors: AllauthErrorItem[]): ApiError {
  return new ApiError(statusCode, { status: statusCode, errors });
}

/**
 * allauth's answer for "not authenticated". It is also how allauth reports a successful
 * logout and a successful password reset (the client must log in again), see ADR 001.
 */
export const ALLAUTH_UNAUTHENTICATED_BODY: Readonly<components['schemas']['AllauthAuthenticationResponse']> = {
  status: 401,
  data: { flows: [] },
  meta: { is_authenticated: false },
};
