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
