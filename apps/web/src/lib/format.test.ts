import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '#src/lib/i18n.ts';
import {
  formatCurrency,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatDateTimeRange,
  formatDay,
  formatDayLong,
  formatDayMonth,
  formatDayRange,
  formatDayShort,
  formatDayTimeRange,
  formatFileSize,
  formatMinutes,
  formatMinutesRange,
  formatNumber,
  formatPercent,
  formatPhone,
  formatQuantity,
  formatTime,
  keepShortWordsWithNext,
  NBSP,
  pluralCategory,
} from './format.ts';

/** The text with its no-break spaces shown as ordinary ones, for readable expectations. */
const spaced = (text: string) => text.replaceAll(NBSP, ' ');

beforeAll(() => {
  initI18n('cs');
});

describe('dates and times in Prague', () => {
  it('writes dates with no-break spaces', () => {
    expect(formatDate('2026-11-22T13:05:00Z')).toBe(`22.${NBSP}11.${NBSP}2026`);
    expect(formatDateLong('2026-11-22T13:05:00Z')).toBe(`22.${NBSP}listopadu${NBSP}2026`);
    expect(formatDateTime('2026-11-22T13:05:00Z')).toBe(`22.${NBSP}11.${NBSP}2026${NBSP}14:05`);
  });

  it('shows the Prague day and time of an instant, which differ from UTC around midnight', () => {
    // 23:30 UTC is 0:30 the next day in Prague (UTC+1), in summer 22:30 UTC already is (UTC+2).
    expect(spaced(formatDateTime('2026-11-22T23:30:00Z'))).toBe('23. 11. 2026 0:30');
    expect(spaced(formatDate('2026-06-30T22:30:00Z'))).toBe('1. 7. 2026');
    expect(spaced(formatDayMonth('2026-12-31T23:30:00Z'))).toBe('1. 1.');
    expect(formatTime('2026-01-05T08:05:00Z')).toBe('9:05');
  });

  it('writes calendar days, whatever their instant at midnight would be', () => {
    expect(formatDay('2026-10-01')).toBe(`1.${NBSP}10.${NBSP}2026`);
    expect(formatDayLong('2026-11-23')).toBe(`pondělí${NBSP}23.${NBSP}listopadu${NBSP}2026`);
    expect(formatDayShort('2026-11-29')).toBe(`ne${NBSP}29.${NBSP}11.`);
  });

  it('builds day ranges by hand, as Czech typography wants them', () => {
    expect(formatDayRange('2026-10-01', '2026-10-31')).toBe(`1.–31.${NBSP}10.${NBSP}2026`);
    expect(formatDayRange('2026-11-30', '2026-12-06')).toBe(`30.${NBSP}11. – 6.${NBSP}12.${NBSP}2026`);
    expect(formatDayRange('2026-12-28', '2027-01-03')).toBe(`28.${NBSP}12.${NBSP}2026 – 3.${NBSP}1.${NBSP}2027`);
    expect(formatDayRange('2026-10-01', '2026-10-01')).toBe(`1.${NBSP}10.${NBSP}2026`);
  });

  it('writes times of day on the 24-hour clock without a leading zero', () => {
    expect(formatMinutes(9 * 60 + 5)).toBe('9:05');
    expect(formatMinutes(18 * 60)).toBe('18:00');
    expect(formatMinutesRange(9 * 60, 10 * 60 + 30)).toBe('9:00–10:30');
  });

  it('writes a range of instants with a bare dash within a day and spaces across days', () => {
    // 07:00Z is 8:00 in Prague in winter, 06:00Z is 8:00 in summer.
    expect(spaced(formatDateTimeRange('2026-12-05T07:00:00Z', '2026-12-05T13:00:00Z'))).toBe('5. 12. 2026 8:00–14:00');
    expect(spaced(formatDateTimeRange('2026-07-01T06:00:00Z', '2026-07-02T16:30:00Z'))).toBe(
      '1. 7. 2026 8:00 – 2. 7. 2026 18:30',
    );
    expect(spaced(formatDateTimeRange('2026-12-31T23:30:00Z', null))).toBe('1. 1. 2027 0:30');
    // Date and time stay together.
    expect(formatDateTimeRange('2026-12-05T07:00:00Z', null)).toBe(`5.${NBSP}12.${NBSP}2026${NBSP}8:00`);
  });

  it('writes a reservation-like range with the day in words', () => {
    expect(formatDayTimeRange('2026-11-23T09:00:00Z', '2026-11-23T10:30:00Z')).toBe(
      `pondělí${NBSP}23.${NBSP}listopadu${NBSP}2026, 10:00–11:30`,
    );
  });
});

describe('the device’s time zone changes nothing', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  // Instants near midnight UTC fall on different days in UTC, New York and Prague.
  const instants = ['2026-11-22T23:30:00Z', '2026-07-14T22:30:00Z', '2026-03-29T00:30:00Z'];
  const everything = () =>
    instants.flatMap((instant) => [
      formatDate(instant),
      formatDateLong(instant),
      formatDateTime(instant),
      formatTime(instant),
      formatDayMonth(instant),
      formatDateTimeRange(instant, '2026-12-01T00:00:00Z'),
      formatDayTimeRange(instant, instant),
    ]);

  it('formats a fixed instant the same under TZ=UTC and TZ=America/New_York, in Prague time', () => {
    const shown: Record<string, string[]> = {};
    for (const zone of ['UTC', 'America/New_York']) {
      process.env.TZ = zone;
      // Node applies a changed TZ at once; this proves the test really ran in that zone.
      expect(new Date('2026-11-22T23:30:00Z').getHours()).toBe(zone === 'UTC' ? 23 : 18);
      shown[zone] = everything();
    }
    expect(shown['America/New_York']).toEqual(shown.UTC);
    expect(spaced(formatDateTime(instants[0] ?? ''))).toBe('23. 11. 2026 0:30');
  });
});

describe('numbers and units', () => {
  it('formats numbers and money the Czech way', () => {
    expect(formatNumber(1234.5)).toBe(`1${NBSP}234,5`);
    expect(formatCurrency(1234.5)).toBe(`1${NBSP}234,50${NBSP}Kč`);
    expect(formatPercent(0.155)).toBe(`15,5${NBSP}%`);
  });

  it('appends units Intl lacks in Czech after a no-break space', () => {
    expect(formatQuantity(1234.5, 'kWh')).toBe(`1${NBSP}234,5${NBSP}kWh`);
    expect(formatQuantity(12, 'm³')).toBe(`12${NBSP}m³`);
  });

  it('writes file sizes in kB below a megabyte and never as 0 kB', () => {
    expect(formatFileSize(350 * 1024)).toBe(`350${NBSP}kB`);
    expect(formatFileSize(10)).toBe(`1${NBSP}kB`);
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe(`1,3${NBSP}MB`);
  });

  it.each([
    ['123456789', `+420${NBSP}123${NBSP}456${NBSP}789`],
    ['+420 123 456 789', `+420${NBSP}123${NBSP}456${NBSP}789`],
    ['00420123456789', `+420${NBSP}123${NBSP}456${NBSP}789`],
    ['+49 30 1234567', '+49 30 1234567'],
  ])('formats the phone number %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('plurals and typography', () => {
  it.each([
    [1, 'one'],
    [2, 'few'],
    [4, 'few'],
    [1.5, 'many'],
    [0, 'other'],
    [5, 'other'],
    [22, 'other'],
  ] as const)('puts %s into the plural category %s', (count, category) => {
    expect(pluralCategory(count)).toBe(category);
  });

  it('picks the Czech plural form through i18next with a Czech number', async () => {
    const { default: i18next } = await import('i18next');
    expect(i18next.t('units.day', { count: 1 })).toBe('1 den');
    expect(i18next.t('units.day', { count: 3 })).toBe('3 dny');
    expect(i18next.t('units.day', { count: 1.5 })).toBe('1,5 dne');
    expect(i18next.t('units.day', { count: 1200 })).toBe(`1${NBSP}200 dní`);
  });

  it('keeps one-letter words with the next word', () => {
    expect(keepShortWordsWithNext('Odečet v kuchyni a v koupelně')).toBe(
      `Odečet v${NBSP}kuchyni a${NBSP}v${NBSP}koupelně`,
    );
    expect(keepShortWordsWithNext('K dispozici')).toBe(`K${NBSP}dispozici`);
  });
});
