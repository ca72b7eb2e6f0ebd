import { describe, expect, it } from 'vitest';
import { buildMaintenanceCalendar, eventUid, foldLines, type CalendarEvent } from './calendar.js';

const building = {
  name: 'Kancelářský dům Florenc',
  street: 'Na Florenci 2116/15',
  city: 'Praha 1',
  postalCode: '110 00',
};
const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 7,
  title: 'Odstávka teplé vody',
  description: 'Z důvodu čištění výměníku nepoteče teplá voda.',
  category: 'water',
  startsAt: new Date('2026-12-01T07:00:00Z'),
  endsAt: new Date('2026-12-01T13:00:00Z'),
  updatedAt: new Date('2026-11-20T10:15:00Z'),
  building,
  ...overrides,
});
const options = { portalUrl: 'https://portal.example.cz', name: 'Plánované odstávky' };

describe('buildMaintenanceCalendar', () => {
  it('writes one VEVENT per outage with UID, UTC times, stamps and Czech text', () => {
    const text = buildMaintenanceCalendar([event()], options);
    expect(text).toContain('\r\nUID:maintenance-event-7@portal.example.cz\r\n');
    expect(text).toContain('\r\nDTSTART:20261201T070000Z\r\n');
    expect(text).toContain('\r\nDTEND:20261201T130000Z\r\n');
    expect(text).toContain('\r\nDTSTAMP:20261120T101500Z\r\n');
    expect(text).toContain('\r\nLAST-MODIFIED:20261120T101500Z\r\n');
    expect(text).toContain('\r\nSUMMARY:Odstávka teplé vody\r\n');
    expect(text).toContain('\r\nCATEGORIES:Voda\r\n');
    expect(text).toContain('\r\nURL:https://portal.example.cz/planovane-vypadky\r\n');
    expect(text).toContain('\r\nMETHOD:PUBLISH\r\n');
  });

  it('escapes text values (RFC 5545 3.3.11) and leaves DTEND out when the end is unknown', () => {
    const text = foldLines(
      buildMaintenanceCalendar([event({ title: 'Voda; topení, výtahy', endsAt: null })], options),
    ).replace(/\r\n /g, '');
    expect(text).toContain('SUMMARY:Voda\\; topení\\, výtahy');
    expect(text).not.toContain('DTEND');
    expect(text).toContain('Konec zatím není znám.');
  });

  it('is identical for identical input (stable UIDs and stamps)', () => {
    expect(buildMaintenanceCalendar([event(), event({ id: 8 })], options)).toBe(
      buildMaintenanceCalendar([event(), event({ id: 8 })], options),
    );
    expect(eventUid(8, 'http://localhost:3000')).toBe('maintenance-event-8@localhost');
  });

  it('an empty feed is still a calendar', () => {
    const text = buildMaintenanceCalendar([], options);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text).toContain('END:VCALENDAR\r\n');
    expect(text).not.toContain('VEVENT');
  });
});

describe('foldLines', () => {
  it('folds at 75 octets without splitting a Czech letter, and unfolds back to the original', () => {
    const line = `DESCRIPTION:${'Příliš žluťoučký kůň úpěl ďábelské ódy. '.repeat(6)}`;
    const folded = foldLines(`${line}\r\nEND:VEVENT`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const part of lines) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1, -1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`${line}\r\nEND:VEVENT`);
    expect(folded).not.toContain('\uFFFD');
  });
});
