import { describe, expect, it } from 'vitest';
import { checkReading, IMPLAUSIBLE_FACTOR } from './reading-check.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-21T10:00:00Z');
const daysBefore = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

// 30 units a day usually; the last reading ten days ago.
const meter = { last_reading: { value: '12650', read_at: daysBefore(10) }, usual_daily_consumption: 30 };

describe('checkReading', () => {
  it('lets the first reading of a meter through whatever its value', () => {
    expect(checkReading({ last_reading: null, usual_daily_consumption: null }, '0', now)).toEqual({ kind: 'ok' });
  });

  it('asks about a value below the last reading, not about an equal one', () => {
    expect(checkReading(meter, '12649.999', now)).toEqual({ kind: 'lower', last: meter.last_reading });
    expect(checkReading(meter, '12650', now)).toEqual({ kind: 'ok' });
  });

  it('asks about a daily rate above ten times the usual one, as the API flags it', () => {
    // Ten times 30 a day for ten days is 3000: at the limit is fine, above it is a jump.
    expect(checkReading(meter, String(12650 + IMPLAUSIBLE_FACTOR * 30 * 10), now)).toEqual({ kind: 'ok' });
    const jump = checkReading(meter, String(12650 + 3000.5), now);
    expect(jump).toMatchObject({ kind: 'jump', consumption: 3000.5, usualDailyRate: 30 });
    expect(jump.kind === 'jump' && jump.dailyRate).toBeCloseTo(300.05, 6);
  });

  it('counts at least an hour since the last reading, like the API', () => {
    const justRead = {
      last_reading: { value: '100', read_at: new Date(now.getTime() - 60_000).toISOString() },
      usual_daily_consumption: 24,
    };
    // 10 units a minute after the last reading: 240 a day over the hour floor, exactly ten times 24.
    expect(checkReading(justRead, '110', now)).toEqual({ kind: 'ok' });
    expect(checkReading(justRead, '110.1', now)).toMatchObject({ kind: 'jump' });
  });

  it('has nothing to compare with when the meter has no usual consumption yet', () => {
    expect(checkReading({ ...meter, usual_daily_consumption: null }, '99999999', now)).toEqual({ kind: 'ok' });
  });
});
