import { describe, expect, it } from 'vitest';
import {
  formatDayInput,
  isRealDay,
  parseDayInput,
  pragueDay,
  pragueInstant,
  pragueMinutes,
  shiftDay,
  weekDays,
  weekStart,
} from './prague-time.ts';

describe('Prague wall time', () => {
  it('turns a Prague day and time into the right instant in winter and in summer time', () => {
    expect(pragueInstant('2026-11-23', 10 * 60).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(pragueInstant('2026-06-15', 10 * 60 + 30).toISOString()).toBe('2026-06-15T08:30:00.000Z');
    // The night the clocks go forward (29 March 2026) and back (25 October 2026).
    expect(pragueInstant('2026-03-29', 8 * 60).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(pragueInstant('2026-03-28', 8 * 60).toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(pragueInstant('2026-10-25', 8 * 60).toISOString()).toBe('2026-10-25T07:00:00.000Z');
  });

  it('reads the Prague day and minutes of an instant, also across UTC midnight', () => {
    expect(pragueDay('2026-11-22T23:30:00Z')).toBe('2026-11-23');
    expect(pragueDay('2026-06-30T22:15:00Z')).toBe('2026-07-01');
    expect(pragueDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(pragueMinutes('2026-11-22T23:30:00Z')).toBe(30);
    expect(pragueMinutes('2026-06-15T08:30:00Z')).toBe(10 * 60 + 30);
  });

  it('round-trips every grid time of a day', () => {
    for (let minutes = 7 * 60; minutes <= 20 * 60; minutes += 30) {
      const instant = pragueInstant('2026-11-23', minutes);
      expect([pragueDay(instant), pragueMinutes(instant)]).toEqual(['2026-11-23', minutes]);
    }
  });
});

describe('days', () => {
  it('knows real days', () => {
    expect(isRealDay('2026-11-23')).toBe(true);
    expect(isRealDay('2028-02-29')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('2026-11-31')).toBe(false);
    expect(isRealDay('23. 11. 2026')).toBe(false);
  });

  it('reads typed days in Czech or ISO form and writes them back in Czech', () => {
    expect(parseDayInput('24. 11. 2026')).toBe('2026-11-24');
    expect(parseDayInput(' 4.1.2027 ')).toBe('2027-01-04');
    expect(parseDayInput('2026-11-24')).toBe('2026-11-24');
    expect(parseDayInput('29. 2. 2026')).toBeNull();
    expect(parseDayInput('11/24/2026')).toBeNull();
    expect(formatDayInput('2027-01-04')).toBe('4. 1. 2027');
  });

  it('moves by days across months, years and the clock change', () => {
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDay('2027-01-01', -1)).toBe('2026-12-31');
    expect(shiftDay('2026-03-28', 1)).toBe('2026-03-29');
    expect(shiftDay('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekDays('2026-12-02')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });
});
