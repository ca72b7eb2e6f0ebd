import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, formatPeriod, parseDay } from './billing-format.ts';

describe('billing formatting', () => {
  it('reads a day as a local date', () => {
    const day = parseDay('2026-10-01');
    expect([day.getFullYear(), day.getMonth(), day.getDate()]).toEqual([2026, 9, 1]);
    expect(formatDay('2026-10-01')).toBe('1.\u00a010.\u00a02026');
  });

  it('writes periods the Czech way', () => {
    expect(formatPeriod('2026-10-01', '2026-10-31')).toBe('1.–31.\u00a010.\u00a02026');
    expect(formatPeriod('2026-09-15', '2026-10-14')).toBe('15.\u00a09. – 14.\u00a010.\u00a02026');
    expect(formatPeriod('2025-12-15', '2026-01-14')).toBe('15.\u00a012.\u00a02025 – 14.\u00a01.\u00a02026');
    expect(formatPeriod('2026-10-01', '2026-10-01')).toBe('1.\u00a010.\u00a02026');
  });

  it('writes CZK amounts for cs-CZ', () => {
    expect(formatMoney('49875.00')).toBe('49\u00a0875,00\u00a0Kč');
    expect(formatMoney('3200.50')).toBe('3\u00a0200,50\u00a0Kč');
    expect(formatMoney('0.00')).toBe('0,00\u00a0Kč');
  });
});
