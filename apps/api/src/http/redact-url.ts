/**
 * A request URL as it may be logged or reported: the access code of a public support request
 * (`?code=…`) is a password, so it never leaves the request.
 */
export function redactUrlSecrets(url: string): string {
  return url.replace(/([?&]code=)[^&#]*/g, '$1[redacted]');
}
