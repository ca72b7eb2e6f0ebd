import { describe, expect, it } from 'vitest';
import { billingSearch, billingViewFromSearch } from './billing-search.ts';

const read = (search: string) => billingViewFromSearch(new URLSearchParams(search));

describe('billing URL', () => {
  it('reads page and statement', () => {
    expect(read('')).toEqual({ page: 1, statementId: null });
    expect(read('?strana=3&id=12')).toEqual({ page: 3, statementId: 12 });
  });

  it('ignores values the API would refuse', () => {
    expect(read('?strana=0&id=abc')).toEqual({ page: 1, statementId: null });
    expect(read('?strana=-2&id=1.5')).toEqual({ page: 1, statementId: null });
    expect(read('?id=99999999999')).toEqual({ page: 1, statementId: null });
    expect(read('?id=007')).toEqual({ page: 1, statementId: null });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(billingSearch({ page: 1, statementId: null })).toBe('');
    expect(billingSearch({ page: 2, statementId: null })).toBe('?strana=2');
    expect(billingSearch({ page: 2, statementId: 7 })).toBe('?strana=2&id=7');
    expect(read(billingSearch({ page: 4, statementId: 9 }))).toEqual({ page: 4, statementId: 9 });
  });
});
