/**
 * A request URL as it may be logged or reported. Secrets that travel in addresses never leave
 * the request: a public support request's access code (`?code=`), a public reservation's
 * cancel token (`/cancel/<token>/`, `?token=`) and a password-reset key or token (`?key=`,
 * `?token=`). The same rules as the BFF's `redactUrl` (apps/bff/src/observability/logging.ts).
 */
export function redactUrlSecrets(url: string): string {
  return url
    .replace(/(\/cancel\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:code|token|key|password)=)[^&#]*/gi, '$1[redacted]');
}
