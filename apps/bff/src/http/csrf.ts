import type { FastifyRequest } from 'fastify';
import { BffError, errorMessages } from './errors.js';

/** The static anti-forgery header of the IETF BFF draft and Duende BFF. */
export const CSRF_HEADER = 'x-csrf';
export const CSRF_VALUE = '1';

/**
 * Every API request, whatever its method, must carry `X-CSRF: 1`. A cross-site page cannot add
 * a custom header without a CORS preflight, which this origin never grants, so the header
 * proves the request came from our own scripts (or a deliberate integrator). Where the browser
 * sends `Origin`, it must be our own origin too.
 */
export function assertSameOriginApiRequest(request: FastifyRequest, publicOrigin: string | null): void {
  if (request.headers[CSRF_HEADER] !== CSRF_VALUE) {
    throw new BffError(403, 'csrf_failed', errorMessages.csrfMissing);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const expected = publicOrigin ?? `${request.protocol}://${request.host}`;
  if (origin !== expected) {
    throw new BffError(403, 'origin_mismatch', errorMessages.originMismatch);
  }
}
