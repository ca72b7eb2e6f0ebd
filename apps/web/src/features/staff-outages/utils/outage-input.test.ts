import { describe, expect, it } from 'vitest';
import { outageTimes, outageTimesInput, outageTimesProblems, type OutageTimesInput } from './outage-input.ts';

const valid: OutageTimesInput = { startDay: '24. 11. 2026', startTime: '8:00', endDay: '24.11.2026', endTime: '14:30' };

describe('outage times input', () => {
  it('turns Prague days and times into UTC instants, winter and summer alike', () => {
    expect(outageTimesProblems(valid)).toEqual([]);
    expect(outageTimes(valid)).toEqual({ starts_at: '2026-11-24T07:00:00.000Z', ends_at: '2026-11-24T13:30:00.000Z' });
    expect(outageTimes({ ...valid, startDay: '1. 7. 2026', endDay: '1. 7. 2026' })).toEqual({
      starts_at: '2026-07-01T06:00:00.000Z',
      ends_at: '2026-07-01T12:30:00.000Z',
    });
  });

  it('accepts an outage whose end is not known yet', () => {
    const open = { ...valid, endDay: '', endTime: '' };
    expect(outageTimesProblems(open)).toEqual([]);
    expect(outageTimes(open).ends_at).toBeNull();
  });

  it('names each problem at its field', () => {
    expect(outageTimesProblems({ startDay: '', startTime: '25:00', endDay: '31. 11. 2026', endTime: '' })).toEqual([
      { field: 'startDay', kind: 'dayRequired' },
      { field: 'startTime', kind: 'timeInvalid' },
      { field: 'endDay', kind: 'dayInvalid' },
      { field: 'endTime', kind: 'endTimeMissing' },
    ]);
    expect(outageTimesProblems({ ...valid, endDay: '' })).toEqual([{ field: 'endDay', kind: 'endDayMissing' }]);
    expect(outageTimesProblems({ ...valid, endTime: '8:00' })).toEqual([{ field: 'endTime', kind: 'endBeforeStart' }]);
  });

  it('shows stored instants in Prague time', () => {
    expect(outageTimesInput('2026-11-24T07:00:00Z', null)).toEqual({
      startDay: '24. 11. 2026',
      startTime: '8:00',
      endDay: '',
      endTime: '',
    });
  });
});
