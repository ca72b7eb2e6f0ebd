import { describe, expect, it } from 'vitest';
import { sumMoney } from './billing-attention.ts';

describe('sumMoney', () => {
  it('adds Money strings exactly, in haléře', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['1250.50', '48200.25'])).toBe('49450.75');
    expect(sumMoney(['999999999999.99', '0.01'])).toBe('1000000000000.00');
    expect(sumMoney(['-10.00', '2.50'])).toBe('-7.50');
    expect(sumMoney(['0.05'])).toBe('0.05');
    expect(sumMoney([])).toBe('0.00');
  });
});
