/**
 * The session cookie outside a browser. The BFF keeps the session in an HttpOnly cookie, which
 * a browser stores and sends by itself; Node's fetch keeps no cookies, so every call after the
 * log-in would answer 401 `not_authenticated`. `withCookieJar` wraps a fetch with a cookie jar
 * (fetch-cookie over tough-cookie) for `createApiClient({ fetch })`.
 *
 * The jar follows the browsers' rules: the BFF's `__Host-` cookies are `Secure`, so they travel
 * over https:// and, as in browsers, over plain http:// to a loopback host only (`localhost`,
 * 127.0.0.0/8, [::1]: tough-cookie's `allowSecureOnLocal`, on by default) – what the portal
 * started by `scripts/start.sh` or the e2e suite listens on.
 */
import makeFetchCookie from 'fetch-cookie';
import { CookieJar } from 'tough-cookie';

export { CookieJar };

/**
 * A fetch that stores the cookies the server sets in `jar` and sends them back on every later
 * request to the same origin. Keep the jar to share one session between several clients, or
 * to serialize it (`jar.serialize()`) between runs.
 */
export function withCookieJar(
  jar: CookieJar = new CookieJar(),
  fetchImplementation: typeof fetch = fetch,
): typeof fetch {
  return makeFetchCookie(fetchImplementation, jar);
}
