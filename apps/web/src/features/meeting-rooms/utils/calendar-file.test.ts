import { describe, expect, it } from 'vitest';
import { calendarFile } from './calendar-file.ts';

/** Unfolds RFC 5545 continuation lines and reads NAME:value pairs. */
function properties(ics: string): Map<string, string> {
  const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  return new Map(
    lines
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );
}

describe('the calendar file of a reservation', () => {
  it('is an iCalendar event in UTC with the Czech summary and location', async () => {
    const ics = await calendarFile({
      uid: 'rezervace-7@portal-najemnika',
      startsAt: '2026-11-23T09:00:00.000Z',
      endsAt: '2026-11-23T10:30:00.000Z',
      summary: 'Porada vedení – Velká zasedačka',
      location: 'Velká zasedačka, Kancelářský dům Florenc',
      description: 'Rezervace zasedací místnosti.',
    });
    const props = properties(ics);
    expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(props.get('DTSTART')).toBe('20261123T090000Z');
    expect(props.get('DTEND')).toBe('20261123T103000Z');
    expect(props.get('SUMMARY')).toBe('Porada vedení – Velká zasedačka');
    expect(props.get('LOCATION')).toBe('Velká zasedačka\\, Kancelářský dům Florenc');
    expect(props.get('UID')).toBe('rezervace-7@portal-najemnika');
    expect(props.get('STATUS')).toBe('CONFIRMED');
  });
});
