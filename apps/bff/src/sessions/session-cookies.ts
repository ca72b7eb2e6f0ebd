import type { CookieSerializeOptions } from '@fastify/cookie';

/** Session lifetime: the 11 days the original kept its token cookies (docs/product.md §9). */
export const SESSION_LIFETIME_SECONDS = 11 * 24 * 60 * 60;
/** The selected tenant is remembered for 30 days (docs/product.md §9). */
export const TENANT_COOKIE_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export interface CookieNames {
  session: string;
  tenant: string;
}

/**
 * `__Host-` binds the cookie to this exact origin (Secure, Path=/, no Domain), so a sibling
 * subdomain cannot plant or read it. Without Secure the prefix is not allowed, hence the plain
 * names when secure cookies are switched off.
 */
export function cookieNames(secure: boolean): CookieNames {
  return secure
    ? { session: '__Host-portal_session', tenant: '__Host-portal_tenant' }
    : { session: 'portal_session', tenant: 'portal_tenant' };
}

export function cookieOptions(secure: boolean, maxAgeSeconds: number): CookieSerializeOptions {
  return { path: '/', httpOnly: true, secure, sameSite: 'strict', maxAge: maxAgeSeconds };
}

/** Clearing must repeat the attributes, or browsers ignore the deletion of a `__Host-` cookie. */
export function clearCookieOptions(secure: boolean): CookieSerializeOptions {
  return { path: '/', httpOnly: true, secure, sameSite: 'strict' };
}
