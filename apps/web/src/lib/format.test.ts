import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '#src/lib/i18n.ts';
import { formatCurrency, formatDate, formatDateLong, formatNumber, formatPhone } from './format.ts';

const NBSP = '\u00a0';

beforeAll(() => {
  initI18n('cs');
});

describe('cs-CZ formatting', () => {
  it('formats dates with no-break spaces', () => {
    const date = new Date(2026, 10, 22, 14, 5);
    expect(formatDate(date)).toBe(`22.${NBSP}11.${NBSP}2026`);
    expect(formatDateLong(date)).toBe(`22.${NBSP}listopadu${NBSP}2026`);
  });

  it('formats numbers and money the Czech way', () => {
    expect(formatNumber(1234.5)).toBe(`1${NBSP}234,5`);
    expect(formatCurrency(1234.5)).toBe(`1${NBSP}234,50${NBSP}Kč`);
  });

  it.each([
    ['123456789', `+420${NBSP}123${NBSP}456${NBSP}789`],
    ['+420 123 456 789', `+420${NBSP}123${NBSP}456${NBSP}789`],
    ['00420123456789', `+420${NBSP}123${NBSP}456${NBSP}789`],
    ['+49 30 1234567', '+49 30 1234567'],
  ])('formats the phone number %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});
