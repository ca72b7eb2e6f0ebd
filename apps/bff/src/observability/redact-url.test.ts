import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/public_support/7/?code=tajny-kod&x=1', '/api/v1/public_support/7/?code=[redacted]&x=1'],
    [
      '/api/v1/meeting_rooms/reservation/2b0c/cancel/zrusovaci-token/',
      '/api/v1/meeting_rooms/reservation/2b0c/cancel/[redacted]/',
    ],
    ['/zapomenute-heslo/change?uid=7&token=reset-token', '/zapomenute-heslo/change?uid=7&token=[redacted]'],
    ['/zasedacky?zrusit=2b0c&token=zrusovaci-token', '/zasedacky?zrusit=2b0c&token=[redacted]'],
    ['/x?KEY=7-reset&Code=ABC#frag', '/x?KEY=[redacted]&Code=[redacted]#frag'],
    ['/podpora?search=code', '/podpora?search=code'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
