import { isIP } from 'node:net';
import { z } from 'zod';

/** An IPv4 or IPv6 address, or a CIDR block (`10.1.0.0/16`, `fd00::/8`). */
export function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || address === undefined || address === '') return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The schema of a `TRUST_PROXY` variable, Fastify's `trustProxy` as a list: comma-separated
 * addresses or CIDRs of the proxies whose `X-Forwarded-For` names the client. Never `true` or a
 * hop count, which would let anyone name any client. `error` words a bad value as the
 * service's other configuration errors are worded.
 */
export function trustedProxyList(error: string) {
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isAddressOrCidr), { error });
}
