import { describe, expect, it } from 'vitest';
import { parseMoneyInput, parseQuantityInput } from './amount-input.ts';

describe('amount input', () => {
  it('reads Czech amounts into Money strings', () => {
    expect(parseMoneyInput('12 500,5')).toBe('12500.50');
    expect(parseMoneyInput('12\u00a0500,50 Kč')).toBe('12500.50');
    expect(parseMoneyInput('1250.5')).toBe('1250.50');
    expect(parseMoneyInput('−120')).toBe('-120.00');
    expect(parseMoneyInput('0')).toBe('0.00');
    expect(parseMoneyInput('007')).toBe('7.00');
  });

  it('refuses what is no amount', () => {
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('12,505')).toBeNull();
    expect(parseMoneyInput('dvanáct')).toBeNull();
    expect(parseMoneyInput('1 234 567 890 123')).toBeNull();
  });

  it('reads quantities with up to three decimals', () => {
    expect(parseQuantityInput('12,5')).toBe('12.5');
    expect(parseQuantityInput('3')).toBe('3');
    expect(parseQuantityInput('0,125')).toBe('0.125');
    expect(parseQuantityInput('0,1255')).toBeNull();
  });
});
