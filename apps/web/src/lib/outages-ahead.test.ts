import { describe, expect, it } from 'vitest';
import { isUnderWay, isUnderWayOrSoon } from './outages-ahead.ts';

describe('outages under way or soon', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('is under way between start and end, and with an open end once started', () => {
    expect(isUnderWay({ starts_at: '2026-11-22T08:00:00Z', ends_at: '2026-11-22T12:00:00Z' }, now)).toBe(true);
    expect(isUnderWay({ starts_at: '2026-11-22T08:00:00Z', ends_at: null }, now)).toBe(true);
    expect(isUnderWay({ starts_at: '2026-11-22T11:00:00Z', ends_at: '2026-11-22T12:00:00Z' }, now)).toBe(false);
    expect(isUnderWay({ starts_at: '2026-11-22T07:00:00Z', ends_at: '2026-11-22T09:59:59Z' }, now)).toBe(false);
  });
  it('counts an outage starting within 48 hours, not later and not one that is over', () => {
    expect(isUnderWayOrSoon({ starts_at: '2026-11-22T08:00:00Z', ends_at: null }, now)).toBe(true);
    expect(isUnderWayOrSoon({ starts_at: '2026-11-24T10:00:00Z', ends_at: '2026-11-24T12:00:00Z' }, now)).toBe(true);
    expect(isUnderWayOrSoon({ starts_at: '2026-11-24T10:00:01Z', ends_at: null }, now)).toBe(false);
    expect(isUnderWayOrSoon({ starts_at: '2026-11-21T08:00:00Z', ends_at: '2026-11-22T09:00:00Z' }, now)).toBe(false);
  });
});
