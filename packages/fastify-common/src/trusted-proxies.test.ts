import { describe, expect, it } from 'vitest';
import { isAddressOrCidr, trustedProxyList } from './trusted-proxies.js';

describe('trustedProxyList', () => {
  const schema = trustedProxyList('must list proxies');

  it('reads comma-separated addresses and CIDRs, blanks and spaces left out', () => {
    expect(schema.parse(' 10.0.0.1, 10.1.0.0/16,,::1 , fd00::/8')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['true', '1', '10.0.0.0/33', '::1/129', '10.0.0.0/8/8', '10.0.0.0/x', 'proxy.example', '/8'])(
    'refuses %s with the given message',
    (value) => {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must list proxies');
    },
  );
});

describe('isAddressOrCidr', () => {
  it('takes the prefix lengths each family allows', () => {
    expect(isAddressOrCidr('192.168.0.0/32')).toBe(true);
    expect(isAddressOrCidr('192.168.0.0/33')).toBe(false);
    expect(isAddressOrCidr('2001:db8::/128')).toBe(true);
  });
});
