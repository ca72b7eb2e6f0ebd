import { describe, expect, it } from 'vitest';
import { bookingInstants, bookingProblems } from './booking-rules.ts';
import { pragueInstant } from '#src/lib/prague-time.ts';

const ROOM = { opening_time: '08:00', closing_time: '18:00', slot_minutes: 30, max_duration_minutes: 240 };
const NOW = pragueInstant('2026-11-23', 9 * 60 + 10);
const kinds = (values: { date: string; start: string; end: string }) =>
  bookingProblems(values, ROOM, NOW).map((problem) => `${problem.field}:${problem.kind}`);

describe('booking rules checked before sending', () => {
  it('accepts a future slot on the grid within the maximum', () => {
    expect(kinds({ date: '2026-11-23', start: '600', end: '660' })).toEqual([]);
    expect(kinds({ date: ' 2026-11-24 ', start: '480', end: '720' })).toEqual([]);
  });

  it('asks for what is missing', () => {
    expect(kinds({ date: '', start: '', end: '' })).toEqual([
      'date:dateRequired',
      'start:startRequired',
      'end:endRequired',
    ]);
  });

  it('reads the day as Czechs write it', () => {
    expect(kinds({ date: '24. 11. 2026', start: '600', end: '660' })).toEqual([]);
    expect(kinds({ date: '24.11.2026', start: '600', end: '660' })).toEqual([]);
    expect(bookingInstants({ date: '24. 11. 2026', start: '600', end: '660' }).starts_at).toBe(
      '2026-11-24T09:00:00.000Z',
    );
    expect(kinds({ date: '31. 11. 2026', start: '600', end: '660' })).toEqual(['date:dateInvalid']);
    expect(kinds({ date: 'zítra', start: '600', end: '660' })).toEqual(['date:dateInvalid']);
  });

  it('refuses days that do not exist or have passed', () => {
    expect(kinds({ date: '2026-11-31', start: '600', end: '660' })).toEqual(['date:dateInvalid']);
    expect(kinds({ date: '2026-11-22', start: '600', end: '660' })).toEqual(['date:dateInPast']);
  });

  it('refuses a start that has passed today (Prague time)', () => {
    expect(kinds({ date: '2026-11-23', start: '540', end: '600' })).toEqual(['start:startInPast']);
  });

  it('wants the end after the start and within the maximum', () => {
    expect(kinds({ date: '2026-11-24', start: '600', end: '600' })).toEqual(['end:endNotAfterStart']);
    expect(bookingProblems({ date: '2026-11-24', start: '480', end: '750' }, ROOM, NOW)).toEqual([
      { field: 'end', kind: 'tooLong', maxMinutes: 240 },
    ]);
  });

  it('refuses times off the grid (a tampered select)', () => {
    expect(kinds({ date: '2026-11-24', start: '605', end: '2000' })).toEqual(['start:startOffGrid', 'end:endOffGrid']);
  });

  it('sends UTC instants of the Prague wall time', () => {
    expect(bookingInstants({ date: '2026-11-24', start: '600', end: '690' })).toEqual({
      starts_at: '2026-11-24T09:00:00.000Z',
      ends_at: '2026-11-24T10:30:00.000Z',
    });
  });
});
