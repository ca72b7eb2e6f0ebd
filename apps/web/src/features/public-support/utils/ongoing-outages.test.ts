import { describe, expect, it } from 'vitest';
import { formatOutageRange, isUnderWay, pragueDate } from './ongoing-outages.ts';

describe('outages under way', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('is under way between start and end, and with an open end once started', () => {
    expect(isUnderWay({ starts_at: '2026-11-22T08:00:00Z', ends_at: '2026-11-22T12:00:00Z' }, now)).toBe(true);
    expect(isUnderWay({ starts_at: '2026-11-22T08:00:00Z', ends_at: null }, now)).toBe(true);
    expect(isUnderWay({ starts_at: '2026-11-22T11:00:00Z', ends_at: '2026-11-22T12:00:00Z' }, now)).toBe(false);
    expect(isUnderWay({ starts_at: '2026-11-22T07:00:00Z', ends_at: '2026-11-22T09:59:59Z' }, now)).toBe(false);
  });

  it('asks the API for the Prague day, which differs from UTC around midnight', () => {
    expect(pragueDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(pragueDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(pragueDate(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('writes a range within one day with the date once, across days in full', () => {
    // Local times, as lib/format shows them (the test runner's time zone may be any).
    const start = new Date(2026, 10, 22, 9, 0);
    const sameDay = formatOutageRange(start.toISOString(), new Date(2026, 10, 22, 12, 30).toISOString());
    expect(sameDay).toEqual({ from: '22.\u00a011.\u00a02026\u00a09:00', to: '12:30', sameDay: true });
    const overnight = formatOutageRange(
      new Date(2026, 10, 22, 21, 0).toISOString(),
      new Date(2026, 10, 23, 7, 0).toISOString(),
    );
    expect(overnight).toEqual({
      from: '22.\u00a011.\u00a02026\u00a021:00',
      to: '23.\u00a011.\u00a02026\u00a07:00',
      sameDay: false,
    });
    expect(formatOutageRange(start.toISOString(), null)).toMatchObject({ to: null });
  });
});
