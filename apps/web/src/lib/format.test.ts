import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '#src/lib/i18n.ts';
import {
  formatCurrency,
  formatDate,
  formatDateLong,
  formatNumber,
  formatPercent,
  formatPhone,
  formatQuantity,
  formatTime,
  keepShortWordsWithNext,
  pluralCategory,
} from './format.ts';

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

describe('more cs-CZ formatting', () => {
  it('formats time, percent and units without Intl support', () => {
    expect(formatTime(new Date(2026, 0, 5, 9, 5))).toBe('9:05');
    expect(formatPercent(0.155)).toBe(`15,5${NBSP}%`);
    expect(formatQuantity(1234.5, 'kWh')).toBe(`1${NBSP}234,5${NBSP}kWh`);
    expect(formatQuantity(12, 'm³')).toBe(`12${NBSP}m³`);
  });

  it.each([
    [1, 'one'],
    [2, 'few'],
    [4, 'few'],
    [1.5, 'many'],
    [0, 'other'],
    [5, 'other'],
    [22, 'other'],
  ] as const)('puts %s into the plural category %s', (count, category) => {
    expect(pluralCategory(count)).toBe(category);
  });

  it('picks the Czech plural form through i18next with a Czech number', async () => {
    const { default: i18next } = await import('i18next');
    expect(i18next.t('units.day', { count: 1 })).toBe('1 den');
    expect(i18next.t('units.day', { count: 3 })).toBe('3 dny');
    expect(i18next.t('units.day', { count: 1.5 })).toBe('1,5 dne');
    expect(i18next.t('units.day', { count: 1200 })).toBe(`1${NBSP}200 dní`);
  });

  it('keeps one-letter words with the next word', () => {
    expect(keepShortWordsWithNext('Odečet v kuchyni a v koupelně')).toBe(
      `Odečet v${NBSP}kuchyni a${NBSP}v${NBSP}koupelně`,
    );
    expect(keepShortWordsWithNext('K dispozici')).toBe(`K${NBSP}dispozici`);
  });
});
