import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a one-click unsubscribe link (RFC 8058): the address and the kind, signed with
 * a key derived from the API's signing secret, so the link needs no login and cannot be forged
 * for somebody else's address. It does not expire: an unsubscribe link must keep working.
 */
export interface UnsubscribeClaim {
  email: string;
  kind: string;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('portal-unsubscribe-v1').digest();

const mac = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export function signUnsubscribe(secret: string, claim: UnsubscribeClaim): string {
  const body = Buffer.from(JSON.stringify({ e: claim.email.trim().toLowerCase(), k: claim.kind })).toString(
    'base64url',
  );
  return `${body}.${mac(secret, body)}`;
}

/** The claim of a genuine token; undefined for anything else. */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeClaim | undefined {
  const [body, signature, extra] = token.split('.');
  if (body === undefined || signature === undefined || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { e?: unknown; k?: unknown };
    if (typeof parsed.e !== 'string' || typeof parsed.k !== 'string') return undefined;
    return { email: parsed.e, kind: parsed.k };
  } catch {
    return undefined;
  }
}
