import { describe, expect, it } from 'vitest';
import { parseTimeInput, visitChange, visitInput, visitProblems, type VisitInput } from './visit-window.ts';

// 10:00 in Prague on Monday 23 November 2026 (UTC+1).
const NOW = new Date('2026-11-23T09:00:00Z');
const valid: VisitInput = { fromDay: '24. 11. 2026', fromTime: '9:00', toDay: '24.11.2026', toTime: '12:30', note: '' };

describe('visit window input', () => {
  it('reads times of day', () => {
    expect(parseTimeInput('9:30')).toBe(570);
    expect(parseTimeInput(' 09.05 ')).toBe(545);
    expect(parseTimeInput('14')).toBe(840);
    expect(parseTimeInput('24:00')).toBeNull();
    expect(parseTimeInput('9:60')).toBeNull();
    expect(parseTimeInput('devět')).toBeNull();
  });

  it('accepts a window in Prague time and sends it as UTC instants', () => {
    expect(visitProblems(valid, NOW)).toEqual([]);
    expect(visitChange({ ...valid, note: '  Zajistěte přístup ke stoupačkám. ' })).toEqual({
      from: '2026-11-24T08:00:00.000Z',
      to: '2026-11-24T11:30:00.000Z',
      note: 'Zajistěte přístup ke stoupačkám.',
    });
    expect(visitChange(valid).note).toBeNull();
  });

  it('keeps summer time: 10:00 on 1 July is 8:00 UTC', () => {
    const summer = { ...valid, fromDay: '1. 7. 2027', toDay: '1. 7. 2027', fromTime: '10:00', toTime: '11:00' };
    expect(visitChange(summer).from).toBe('2027-07-01T08:00:00.000Z');
  });

  it('names the field at fault', () => {
    expect(visitProblems({ fromDay: '', fromTime: 'x', toDay: '31. 11. 2026', toTime: '', note: '' }, NOW)).toEqual([
      { field: 'fromDay', kind: 'dayRequired' },
      { field: 'fromTime', kind: 'timeInvalid' },
      { field: 'toDay', kind: 'dayInvalid' },
      { field: 'toTime', kind: 'timeRequired' },
    ]);
  });

  it('allows today but not a past day, an end before the start, or more than 14 days', () => {
    expect(visitProblems({ ...valid, fromDay: '23. 11. 2026', toDay: '23. 11. 2026' }, NOW)).toEqual([]);
    expect(visitProblems({ ...valid, fromDay: '22. 11. 2026' }, NOW)).toEqual([{ field: 'fromDay', kind: 'inPast' }]);
    expect(visitProblems({ ...valid, toTime: '9:00' }, NOW)).toEqual([{ field: 'toTime', kind: 'endBeforeStart' }]);
    expect(visitProblems({ ...valid, toDay: '8. 12. 2026', toTime: '9:00' }, NOW)).toEqual([]);
    expect(visitProblems({ ...valid, toDay: '8. 12. 2026', toTime: '9:01' }, NOW)).toEqual([
      { field: 'toDay', kind: 'tooLong' },
    ]);
    expect(visitProblems({ ...valid, note: 'x'.repeat(501) }, NOW)).toEqual([{ field: 'note', kind: 'noteTooLong' }]);
  });

  it('fills the form from a stored window in Prague time', () => {
    expect(visitInput({ from: '2026-11-24T08:00:00Z', to: '2026-11-24T11:30:00Z', note: null })).toEqual({
      fromDay: '24. 11. 2026',
      fromTime: '9:00',
      toDay: '24. 11. 2026',
      toTime: '12:30',
      note: '',
    });
    expect(visitInput(null).fromDay).toBe('');
  });
});
