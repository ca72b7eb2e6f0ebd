import { describe, expect, it } from 'vitest';
import { formatMoney, formatVatRate } from './billing-format.ts';

describe('billing formatting', () => {
  it('writes CZK amounts for cs-CZ', () => {
    expect(formatMoney('49875.00')).toBe('49\u00a0875,00\u00a0Kč');
    expect(formatMoney('3200.50')).toBe('3\u00a0200,50\u00a0Kč');
    expect(formatMoney('0.00')).toBe('0,00\u00a0Kč');
  });
});

describe('VAT rates', () => {
  it('prints a rate with a no-break space before the sign, and the word for no rate', () => {
    expect(formatVatRate(21, 'bez DPH')).toBe('21\u00a0%');
    expect(formatVatRate(0, 'bez DPH')).toBe('0\u00a0%');
    expect(formatVatRate(null, 'bez DPH')).toBe('bez DPH');
  });
});
