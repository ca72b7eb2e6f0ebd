import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRounded, fromCents, toCents } from './decimal.js';
import { appliesOn, vatBreakdown } from './vat.js';

describe('vatBreakdown', () => {
  it('computes each rate from its items’ total („shora“), base = total − VAT, highest rate first, no rate last', () => {
    const breakdown = vatBreakdown([
      { amount: '54450.00', vatRate: 21 },
      { amount: '3200.50', vatRate: 21 },
      { amount: '152.30', vatRate: null },
      { amount: '1748.25', vatRate: 12 },
    ]);
    expect(breakdown).toEqual({
      rows: [
        // 57 650,50 × 21 / 121 = 10 005,4587… → 10 005,46
        { rate: 21, base: '47645.04', vat: '10005.46', total: '57650.50' },
        // 1 748,25 × 12 / 112 = 187,3125 → 187,31
        { rate: 12, base: '1560.94', vat: '187.31', total: '1748.25' },
        { rate: null, base: '152.30', vat: '0.00', total: '152.30' },
      ],
      totalBase: '49358.28',
      totalVat: '10192.77',
      total: '59551.05',
    });
  });

  it('rounds halves away from zero, credits included, and takes 0 % as a rate of its own', () => {
    // 1,21 × 21 / 121 = 0,21 exactly; 0,605 rounds up, −0,605 down.
    expect(vatBreakdown([{ amount: '1.21', vatRate: 21 }]).rows).toEqual([
      { rate: 21, base: '1.00', vat: '0.21', total: '1.21' },
    ]);
    expect(divideRounded(605n, 1000n)).toBe(1n);
    expect(divideRounded(-605n, 1000n)).toBe(-1n);
    expect(divideRounded(-604n, 1000n)).toBe(-1n);
    expect(divideRounded(-499n, 1000n)).toBe(0n);
    expect(vatBreakdown([{ amount: '-100.00', vatRate: 21 }]).rows).toEqual([
      { rate: 21, base: '-82.64', vat: '-17.36', total: '-100.00' },
    ]);
    expect(vatBreakdown([{ amount: '500.00', vatRate: 0 }]).rows).toEqual([
      { rate: 0, base: '500.00', vat: '0.00', total: '500.00' },
    ]);
    expect(vatBreakdown([])).toEqual({ rows: [], totalBase: '0.00', totalVat: '0.00', total: '0.00' });
  });

  it('always adds up: base + VAT = total per row, and the rows to the sum of the items, to the heller', () => {
    const amount = fc.bigInt({ min: -10_000_000n, max: 100_000_000_000n }).map(fromCents);
    const rate = fc.constantFrom(21, 15, 12, 10, 0, null);
    fc.assert(
      fc.property(fc.array(fc.record({ amount, vatRate: rate }), { maxLength: 30 }), (items) => {
        const breakdown = vatBreakdown(items);
        const sum = items.reduce((total, item) => total + toCents(item.amount), 0n);
        expect(breakdown.total).toBe(fromCents(sum));
        expect(toCents(breakdown.totalBase) + toCents(breakdown.totalVat)).toBe(sum);
        for (const row of breakdown.rows) expect(toCents(row.base) + toCents(row.vat)).toBe(toCents(row.total));
        expect(breakdown.rows.reduce((total, row) => total + toCents(row.total), 0n)).toBe(sum);
        expect(new Set(breakdown.rows.map((row) => row.rate)).size).toBe(breakdown.rows.length);
      }),
    );
  });
});

describe('money in hellers', () => {
  it('reads and writes Money strings without a float', () => {
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents('-0.50')).toBe(-50n);
    expect(toCents('99999999999.99')).toBe(9999999999999n);
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(123450n)).toBe('1234.50');
  });
});

describe('appliesOn', () => {
  it('counts both ends of a rate’s period as its days', () => {
    const fifteen = { rate: 15, validFrom: '2013-01-01', validTo: '2023-12-31' };
    expect(appliesOn(fifteen, '2023-12-31')).toBe(true);
    expect(appliesOn(fifteen, '2024-01-01')).toBe(false);
    expect(appliesOn({ rate: 12, validFrom: '2024-01-01', validTo: null }, '2026-11-30')).toBe(true);
    expect(appliesOn({ rate: 12, validFrom: '2024-01-01', validTo: null }, '2023-12-31')).toBe(false);
  });
});
