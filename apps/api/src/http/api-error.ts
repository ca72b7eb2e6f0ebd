/**
 * Errors with a ready-made response body. Route code throws these; the central error handler
 * (plugins/app/error-handler.ts) sends them as they are. Two body styles exist because the
 * contract mirrors two libraries (ADR 001): DRF/simplejwt `{detail, code}` and the
 * django-allauth envelope `{status, errors: [{code, message, param?}]}`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body['detail'] === 'string' ? body['detail'] : `HTTP ${statusCode}`);
  }
}

/** `WWW-Authenticate` on every 401 of a bearer-protected endpoint, as simplejwt sends it. */
export const BEARER_CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' } as const;

/** DRF `APIException` shape: `{detail, code}`. */
export function drfError(
  statusCode: number,
  code: string,
  detail: string,
  headers?: Readonly<Record<string, string>>,
): ApiError {
  return new ApiError(statusCode, { detail, code }, headers);
}

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
export const ALLAUTH_UNAUTHENTICATED_BODY = {
  status: 401,
  data: { flows: [] },
  meta: { is_authenticated: false },
} as const;
