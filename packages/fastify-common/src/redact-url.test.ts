import { describe, expect, it } from 'vitest';
import { redactUrlSecrets } from './redact-url.js';

describe('redactUrlSecrets', () => {
  it.each([
    ['/api/v1/public_support/7/?code=tajny-kod&x=1', '/api/v1/public_support/7/?code=[redacted]&x=1'],
    [
      '/api/v1/meeting_rooms/reservation/2b0c/cancel/zrusovaci-token/',
      '/api/v1/meeting_rooms/reservation/2b0c/cancel/[redacted]/',
    ],
    ['/zapomenute-heslo/change?uid=7&token=reset-token', '/zapomenute-heslo/change?uid=7&token=[redacted]'],
    ['/zasedacky?zrusit=2b0c&token=zrusovaci-token', '/zasedacky?zrusit=2b0c&token=[redacted]'],
    ['/x?KEY=7-reset&Code=ABC#frag', '/x?KEY=[redacted]&Code=[redacted]#frag'],
    ['/api/v1/buildings/?search=code', '/api/v1/buildings/?search=code'],
    ['/podpora?search=code', '/podpora?search=code'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrlSecrets(url)).toBe(expected);
  });
});
