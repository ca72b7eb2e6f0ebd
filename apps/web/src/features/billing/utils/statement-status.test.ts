import { describe, expect, it } from 'vitest';
import { pragueToday, statementState } from './statement-status.ts';

describe('pragueToday', () => {
  it('is the calendar day in Prague, not in UTC', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Prague (UTC+1).
    expect(pragueToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // 22:30 UTC in summer is 00:30 the next day (UTC+2).
    expect(pragueToday(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
    expect(pragueToday(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
  });
});

describe('statementState', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  it('paid wins whatever the date', () => {
    expect(statementState({ paid: true, due_date: '2020-01-01' }, now)).toBe('paid');
  });
  it('unpaid until the end of the due day, overdue from the next day', () => {
    expect(statementState({ paid: false, due_date: '2026-11-21' }, now)).toBe('unpaid');
    expect(statementState({ paid: false, due_date: '2026-11-20' }, now)).toBe('unpaid');
    expect(statementState({ paid: false, due_date: '2026-11-19' }, now)).toBe('overdue');
  });
});
