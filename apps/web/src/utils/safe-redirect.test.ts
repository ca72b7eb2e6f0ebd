import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/profil', '/profil'],
    ['/hlaseni-incidentu?stav=open#x', '/hlaseni-incidentu?stav=open#x'],
    ['/', '/'],
  ])('accepts the local path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'profil',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    ' /profil',
  ])('refuses %s', (input) => {
    expect(safeRedirect(input)).toBeNull();
  });
});

describe('safeRedirect after normalisation', () => {
  it.each(['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/./\\evil.example', '/a/..//evil.example'])(
    'refuses %s, which normalises to a protocol-relative address',
    (input) => {
      expect(safeRedirect(input)).toBeNull();
    },
  );

  // Property: over every address built from the pieces that make paths collapse or turn
  // into another host, the result is null or a local path that stays on the portal's origin.
  const PIECES = ['/', '\\', '.', '..', '%2e', '%2E', '%2f', '%5c', 'evil.example', 'a', '?', '#'];
  function* addresses(length: number, prefix = '/'): Generator<string> {
    yield prefix;
    if (length === 0) return;
    for (const piece of PIECES) yield* addresses(length - 1, prefix + piece);
  }

  it('never yields a protocol-relative or external target', () => {
    const origin = 'https://portal.example.cz';
    let checked = 0;
    for (const input of addresses(4)) {
      const result = safeRedirect(input);
      checked += 1;
      if (result === null) continue;
      expect(result.startsWith('/'), input).toBe(true);
      expect(/^[/\\]{2}/.test(result), input).toBe(false);
      expect(new URL(result, origin).origin, input).toBe(origin);
      // Resolving it again (React Router and the browser do) keeps it local too.
      expect(safeRedirect(result), input).toBe(result);
    }
    expect(checked).toBeGreaterThan(20_000);
  });
});
