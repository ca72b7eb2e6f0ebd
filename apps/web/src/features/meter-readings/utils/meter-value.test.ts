import { describe, expect, it } from 'vitest';
import { compareMeterValues, meterValueDifference, parseMeterValue } from './meter-value.ts';

describe('parseMeterValue', () => {
  it.each([
    ['12345', '12345'],
    ['12 345,678', '12345.678'],
    ['12\u00a0345,6', '12345.6'],
    ['  524,950 ', '524.95'],
    ['524.95', '524.95'],
    ['0,5', '0.5'],
    ['007', '7'],
    ['0', '0'],
    ['12,000', '12'],
    ['999999999999,999', '999999999999.999'],
  ])('reads „%s" as %s', (input, value) => {
    expect(parseMeterValue(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['12,5 kWh', 'format'],
    ['-5', 'format'],
    ['1,2,3', 'format'],
    ['1e5', 'format'],
    [',5', 'format'],
    ['12,', 'format'],
    ['1,2345', 'decimals'],
    ['1234567890123', 'tooLarge'],
  ])('refuses „%s" (%s)', (input, problem) => {
    expect(parseMeterValue(input)).toEqual({ ok: false, problem });
  });
});

describe('comparing meter values', () => {
  it('compares exactly, in thousandths', () => {
    expect(compareMeterValues('12650', '12650.0')).toBe(0);
    expect(compareMeterValues('12649.999', '12650')).toBe(-1);
    expect(compareMeterValues('100000000000.001', '100000000000')).toBe(1);
    expect(compareMeterValues('0.1', '0.099')).toBe(1);
  });

  it('subtracts without float noise', () => {
    expect(meterValueDifference('524.95', '518.4')).toBe(6.55);
    expect(meterValueDifference('0.3', '0.1')).toBe(0.2);
    expect(meterValueDifference('5', '12650')).toBe(-12645);
  });
});
