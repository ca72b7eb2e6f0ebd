import { describe, expect, it } from 'vitest';
import { statementState } from './statement-status.ts';

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
  it('counts days in Prague: 23:30 UTC is already the next day there', () => {
    const lateEvening = new Date('2026-11-20T23:30:00Z');
    expect(statementState({ paid: false, due_date: '2026-11-20' }, lateEvening)).toBe('overdue');
  });
});
