import { errorMessages, type ErrorBody } from '../http/errors.js';

/**
 * Translates an upstream error answer (DRF `{detail, code}`, DRF validation `{field: [msg]}`,
 * or the allauth envelope) into the BFF's single ErrorBody. Upstream 5xx bodies are never
 * passed on: they may hold internals, and the user needs only to know to try again.
 */
export function upstreamErrorBody(status: number, text: string): { statusCode: number; body: ErrorBody } {
  if (status >= 500) {
    if (status === 504)
      return { statusCode: 504, body: { code: 'upstream_timeout', message: errorMessages.upstreamTimeout } };
    if (status === 503) {
      // The API's own „busy, try shortly“ (a HEIC conversion or previews at their limit): said
      // as such, in the BFF's words – still nothing of the upstream's body.
      const busy = (parseJson(text) as { code?: unknown } | null)?.code === 'overloaded';
      return busy
        ? { statusCode: 503, body: { code: 'overloaded', message: errorMessages.overloaded } }
        : { statusCode: 503, body: { code: 'upstream_unavailable', message: errorMessages.upstreamUnavailable } };
    }
    return { statusCode: 502, body: { code: 'upstream_error', message: errorMessages.upstreamUnavailable } };
  }
  const data = parseJson(text);
  const fallback = fallbackFor(status);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { statusCode: status, body: fallback };
  const record = data as Record<string, unknown>;

  if (typeof record.detail === 'string') {
    return {
      statusCode: status,
      body: { code: typeof record.code === 'string' ? record.code : fallback.code, message: record.detail },
    };
  }
  if (Array.isArray(record.errors)) {
    const fields: Record<string, string> = {};
    let message: string | undefined;
    for (const error of record.errors as Array<Record<string, unknown>>) {
      if (typeof error?.message !== 'string') continue;
      if (typeof error.param === 'string') fields[error.param] ??= error.message;
      else message ??= error.message;
    }
    return {
      statusCode: status,
      body: withFields({ code: fallback.code, message: message ?? fallback.message }, fields),
    };
  }

  // DRF validation errors: every key is a field with a list of messages.
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const [key, value] of Object.entries(record)) {
    const first = Array.isArray(value)
      ? value.find((item) => typeof item === 'string')
      : typeof value === 'string'
        ? value
        : undefined;
    if (typeof first !== 'string') continue;
    if (key === 'non_field_errors') message ??= first;
    else fields[key] ??= first;
  }
  return {
    statusCode: status,
    body: withFields(
      { code: status === 400 ? 'validation_error' : fallback.code, message: message ?? fallback.message },
      fields,
    ),
  };
}

function withFields(body: ErrorBody, fields: Record<string, string>): ErrorBody {
  return Object.keys(fields).length > 0 ? { ...body, fields } : body;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function fallbackFor(status: number): ErrorBody {
  switch (status) {
    case 400:
      return { code: 'validation_error', message: errorMessages.validation };
    case 401:
      return { code: 'not_authenticated', message: errorMessages.notAuthenticated };
    case 403:
      return { code: 'forbidden', message: errorMessages.tenantForbidden };
    case 404:
      return { code: 'not_found', message: errorMessages.notFound };
    case 412:
      return { code: 'stale_version', message: errorMessages.staleVersion };
    case 413:
      return { code: 'payload_too_large', message: errorMessages.payloadTooLarge };
    case 415:
      return { code: 'unsupported_media_type', message: errorMessages.unsupportedMediaType };
    case 429:
      return { code: 'too_many_requests', message: errorMessages.tooManyRequests };
    default:
      return { code: 'request_failed', message: errorMessages.validation };
  }
}
