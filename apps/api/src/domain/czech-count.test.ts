import { describe, expect, it } from 'vitest';
import { czechCount, czechDuration, czechTime } from './czech-count.js';
import { ApiError } from './errors.js';
import { checkSlot } from './meeting-rooms.js';
import { autoCloseNote } from './ticket-events.js';

const PEOPLE = { one: 'osobu', few: 'osoby', other: 'osob' };

describe('Czech counts in API messages', () => {
  it('picks the noun form from the count and groups the digits', () => {
    expect([0, 1, 2, 4, 5, 21, 22].map((count) => czechCount(count, PEOPLE))).toEqual([
      '0 osob',
      '1 osobu',
      '2 osoby',
      '4 osoby',
      '5 osob',
      '21 osob',
      '22 osob',
    ]);
    expect(czechCount(5000, { one: 'znak', few: 'znaky', other: 'znaků' })).toBe('5\u00a0000 znaků');
  });

  it('says a duration in hours when it is whole hours, otherwise in minutes', () => {
    expect([60, 120, 300, 90, 1].map(czechDuration)).toEqual([
      '1 hodinu',
      '2 hodiny',
      '5 hodin',
      '90 minut',
      '1 minutu',
    ]);
  });

  it('writes the hour without a leading zero', () => {
    expect([czechTime('08:00'), czechTime('18:30'), czechTime('00:15')]).toEqual(['8:00', '18:30', '0:15']);
  });

  it('puts the automatic close in the genitive after „do“', () => {
    expect(autoCloseNote(1)).toContain('nájemce do 1 dne od vyřešení');
    expect(autoCloseNote(3)).toContain('nájemce do 3 dní od vyřešení');
    expect(autoCloseNote(7)).toContain('nájemce do 7 dní od vyřešení');
  });
});

describe('booking rule messages', () => {
  const room = { openingTime: '08:00', closingTime: '18:00', slotMinutes: 30, maxDurationMinutes: 240 };
  const now = new Date('2026-11-01T00:00:00Z');
  const messagesOf = (start: string, end: string): Record<string, unknown> => {
    try {
      checkSlot(room, new Date(start), new Date(end), now);
    } catch (error) {
      if (error instanceof ApiError) return error.body;
      throw error;
    }
    return {};
  };

  it('names the longest booking in hours and the opening hours as Czech times', () => {
    // 2 December 2026 is winter time: 06:00 UTC is 7:00 in Prague, before opening.
    expect(messagesOf('2026-12-02T06:00:00Z', '2026-12-02T12:00:00Z')).toEqual({
      ends_at: ['Rezervace může trvat nejvýše 4 hodiny.'],
      non_field_errors: ['Místnost lze rezervovat jen v otevírací době 8:00–18:00.'],
    });
  });

  it('explains the booking grid in words a tenant understands', () => {
    expect(messagesOf('2026-12-02T08:10:00Z', '2026-12-02T09:00:00Z')).toEqual({
      non_field_errors: ['Začátek i konec rezervace musí odpovídat úsekům po 30 minutách od začátku otevírací doby.'],
    });
  });
});
