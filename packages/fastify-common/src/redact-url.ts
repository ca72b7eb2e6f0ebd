/**
 * A request URL as it may be logged or reported. Secrets that travel in addresses never leave
 * the request: a public support request's access code (`?code=`, also on the page address from
 * the confirmation e-mail), a public reservation's cancel token (`/cancel/<token>/` in the path,
 * `?token=` on the page that cancels) and a password-reset link's key or token (`?key=`,
 * `?token=`).
 */
export function redactUrlSecrets(url: string): string {
  return url
    .replace(/(\/cancel\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:code|token|key|password)=)[^&#]*/gi, '$1[redacted]');
}
