import type { Database } from '../db/database.js';
import { fromMilli, toMilli } from '../domain/decimal.js';
import { createMeter, recordReading, type MeterKind } from '../domain/meters.js';
import { pragueDayStart } from '../domain/prague-time.js';

/**
 * Demo meters with a year of monthly self-readings, so the readings page opens on a living
 * history (a chart with twelve bars, a table with notes) and the jump warning has a usual
 * consumption to compare against. Consumption follows the calendar month of each interval –
 * heating in winter, less light in summer, a quiet kitchen in August – whenever the demo is
 * seeded. Meters and readings go through domain/meters.ts, the API's own rules.
 */

/** Consumption per calendar month (January first), in the meter's unit. */
type MonthlyProfile = Twelve<number>;
type Twelve<T> = readonly [T, T, T, T, T, T, T, T, T, T, T, T];

interface DemoMeter {
  tenant: 'alfa' | 'beta';
  building: 'florenc' | 'karlin';
  serialNumber: string;
  kind: MeterKind;
  location: string;
  /** The value of the newest reading (meters without a replacement). */
  last?: string;
  profile: MonthlyProfile;
  /** A note on the reading that closes the interval starting in this month (0 = January). */
  monthNote?: { month: number; note: string };
  /**
   * The meter was replaced at the reading with this index (0 = oldest): the old meter's final
   * stand is in the note, the new meter starts at `value` and counts on from there.
   */
  replaced?: { index: number; value: string; oldFinalStand: string; note: string };
}

const DEMO_METERS: readonly DemoMeter[] = [
  {
    tenant: 'alfa',
    building: 'florenc',
    serialNumber: 'EL-FL-3050',
    kind: 'electricity',
    location: '3. patro, rozvaděč R3',
    last: '12650',
    profile: [905.5, 872.25, 828, 741.75, 688.5, 640, 612.25, 655.5, 702, 768.75, 812.5, 860.25],
  },
  {
    tenant: 'alfa',
    building: 'florenc',
    serialNumber: 'VS-FL-3051',
    kind: 'water_cold',
    location: 'kuchyňka 3.05',
    last: '524.95',
    profile: [6.12, 5.98, 6.45, 6.21, 6.8, 5.4, 5.15, 3.05, 6.3, 6.58, 6.28, 5.55],
    monthNote: { month: 7, note: 'V srpnu byla kuchyňka dva týdny zavřená.' },
  },
  {
    tenant: 'alfa',
    building: 'florenc',
    serialNumber: 'TV-FL-3052',
    kind: 'water_hot',
    location: 'kuchyňka 3.05',
    last: '187.42',
    profile: [2.05, 1.96, 1.88, 1.71, 1.52, 1.35, 1.28, 0.74, 1.61, 1.83, 1.92, 1.79],
  },
  {
    tenant: 'beta',
    building: 'karlin',
    serialNumber: 'TP-KA-2140',
    kind: 'heat',
    location: 'sklep, místnost 0.12',
    last: '97.1',
    profile: [8.4, 7.6, 6.1, 3.9, 1.6, 0.4, 0.3, 0.3, 1.2, 3.6, 5.8, 7.9],
  },
  {
    tenant: 'beta',
    building: 'karlin',
    serialNumber: 'EL-KA-2141',
    kind: 'electricity',
    location: 'přízemí, hlavní rozvaděč RH',
    profile: [1512, 1460.5, 1398, 1302.25, 1244, 1190.5, 1152, 1108.75, 1236, 1318.5, 1402, 1488],
    replaced: {
      index: 8,
      value: '35.2',
      oldFinalStand: '48920.3',
      note: 'Výměna elektroměru při revizi, starý elektroměr skončil na 48 920,3 kWh.',
    },
  },
];

const READINGS_PER_METER = 13;

/** 10:00 Prague time on the 1st of the month `monthsBack` months before `now`'s month. */
function firstOfMonth(now: Date, monthsBack: number): Date {
  const [year = 2026, month = 1] = now.toISOString().slice(0, 7).split('-').map(Number);
  const index = year * 12 + (month - 1) - monthsBack;
  const day = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  return new Date(pragueDayStart(day).getTime() + 10 * 3_600_000);
}

/** Reading dates: the 1st of the last 13 months, the newest at least a day old. */
function readingDates(now: Date): Date[] {
  const newestBack = now.getTime() - firstOfMonth(now, 0).getTime() >= 86_400_000 ? 0 : 1;
  return Array.from({ length: READINGS_PER_METER }, (_, index) =>
    firstOfMonth(now, newestBack + READINGS_PER_METER - 1 - index),
  );
}

const monthOf = (date: Date) => Number(date.toISOString().slice(5, 7)) - 1;

/**
 * The values, exact in thousandths: each reading is the one before plus the consumption of the
 * month between them. Counted back from the newest value, or – for a replaced meter – forward
 * from the new meter's first value and back from the old meter's final stand.
 */
function readingValues(meter: DemoMeter, dates: Date[]): string[] {
  const used = (index: number) => toMilli(String(meter.profile[monthOf(dates[index] as Date)] ?? 0));
  const values = new Array<bigint>(dates.length).fill(0n);
  const countBack = (from: number, value: bigint) => {
    values[from] = value;
    for (let index = from - 1; index >= 0; index -= 1) values[index] = (values[index + 1] as bigint) - used(index);
  };
  if (meter.replaced) {
    const { index: at, value, oldFinalStand } = meter.replaced;
    values[at] = toMilli(value);
    for (let index = at + 1; index < dates.length; index += 1)
      values[index] = (values[index - 1] as bigint) + used(index - 1);
    countBack(at - 1, toMilli(oldFinalStand) - used(at - 1));
  } else {
    countBack(dates.length - 1, toMilli(meter.last ?? '0'));
  }
  return values.map((value) => fromMilli(value));
}

function noteFor(meter: DemoMeter, dates: Date[], index: number): string | null {
  if (index === 0) return 'Počáteční stav';
  if (meter.replaced?.index === index) return meter.replaced.note;
  if (meter.monthNote && monthOf(dates[index - 1] as Date) === meter.monthNote.month) return meter.monthNote.note;
  return null;
}

export async function seedDemoMeters(
  tx: Database,
  context: {
    tenants: { alfa: string; beta: string };
    buildings: { florenc: number; karlin: number };
    people: { janaId: number; petrId: number };
  },
  now: Date,
): Promise<void> {
  const dates = readingDates(now);
  for (const meter of DEMO_METERS) {
    const row = await createMeter(tx, {
      tenantId: context.tenants[meter.tenant],
      buildingId: context.buildings[meter.building],
      serialNumber: meter.serialNumber,
      kind: meter.kind,
      location: meter.location,
    });
    for (const [index, value] of readingValues(meter, dates).entries()) {
      await recordReading(tx, {
        meterId: row.id,
        value,
        note: noteFor(meter, dates, index),
        reason: meter.replaced?.index === index ? 'meter_replaced' : null,
        userId: meter.tenant === 'alfa' ? context.people.janaId : context.people.petrId,
        readAt: dates[index],
      });
    }
  }
}
