import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../../cli/portal-admin.js';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../../demo/demo-data.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { caller, login, request, type Caller } from '../../../testing/test-client.js';

const ALFA = { 'x-tenant-id': DEMO_TENANTS.alfa.id };
const BETA = { 'x-tenant-id': DEMO_TENANTS.beta.id };
const DAY = 86_400_000;

interface MeterBody {
  id: number;
  serial_number: string;
  last_reading: { id: number; value: string; read_at: string } | null;
  usual_daily_consumption: number | null;
}
interface ReadingBody {
  id: number;
  value: string;
  note: string | null;
  reason: string | null;
  read_at: string;
  consumption: string | null;
  implausible_jump: boolean;
  submitted_by: { display_name: string } | null;
}

const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(DATABASE_DRIVERS)('meters and readings (%s)', (driver) => {
  let t: TestApp;
  let jana: string;
  let janaInAlfa: Caller;
  let janaInBeta: Caller;
  let serial = 0;
  const cli = (...argv: string[]) => runCommand(argv, t.app.db, t.app.fileStore) as Promise<Record<string, unknown>>;

  const listMeters = async (headers: Record<string, string> = ALFA) =>
    (await request(t.app, { method: 'GET', url: '/api/v1/meters/?page_size=100', token: jana, headers }))
      .body as MeterBody[];
  const meterById = async (id: number) => (await listMeters()).find((meter) => meter.id === id);
  const submit = (meter: number, value: string, extra: Record<string, unknown> = {}) =>
    janaInAlfa.post('/api/v1/readings/', { meter, value, note: null, picture: null, ...extra });

  /**
   * A fresh Alfa meter with readings taken by the operator on the given days: the ones before
   * the first with a reason come with `create-meter --reading`, the rest one by one.
   */
  const meterWithHistory = async (history: Array<{ value: string; daysAgo: number; reason?: string }>) => {
    serial += 1;
    const firstWithReason = history.findIndex((reading) => reading.reason !== undefined);
    const initial = firstWithReason < 0 ? history : history.slice(0, firstWithReason);
    const meter = await cli(
      'create-meter',
      '--tenant',
      DEMO_TENANTS.alfa.id,
      '--building',
      '1',
      '--serial',
      `T-${driver}-${serial}`,
      '--kind',
      'electricity',
      ...initial.flatMap((reading) => ['--reading', `${reading.value}@${daysAgo(reading.daysAgo)}`]),
    );
    expect(meter['readings']).toBe(initial.length);
    const id = Number(meter['id']);
    for (const reading of history.slice(initial.length)) {
      await cli(
        'record-reading',
        '--meter',
        String(id),
        '--value',
        reading.value,
        '--read-at',
        daysAgo(reading.daysAgo),
        ...(reading.reason ? ['--reason', reading.reason] : []),
      );
    }
    return id;
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    jana = (await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD)).access;
    janaInAlfa = caller(t.app, jana, ALFA);
    janaInBeta = caller(t.app, jana, BETA);
  });
  afterAll(() => t?.close());

  it('demo data: a year of monthly readings per meter, a replaced meter in Beta', async () => {
    const alfa = await listMeters();
    expect(alfa.map((meter) => meter.serial_number)).toEqual(['EL-FL-3050', 'TV-FL-3052', 'VS-FL-3051']);
    for (const meter of alfa) {
      const history = await janaInAlfa.get(`/api/v1/readings/?meter=${meter.id}&ordering=read_at`);
      const readings = history.body as ReadingBody[];
      expect(readings).toHaveLength(13);
      expect(readings.every((reading) => !reading.implausible_jump && reading.reason === null)).toBe(true);
      // Monthly: consecutive readings 28–31 days apart, the newest in the past.
      const times = readings.map((reading) => Date.parse(reading.read_at));
      for (let index = 1; index < times.length; index += 1) {
        const gap = ((times[index] as number) - (times[index - 1] as number)) / DAY;
        expect(gap).toBeGreaterThanOrEqual(27.9);
        expect(gap).toBeLessThanOrEqual(31.1);
      }
      expect(times.at(-1)).toBeLessThan(Date.now());
      expect(readings[0]?.note).toBe('Počáteční stav');
      expect(readings.at(-1)?.value).toBe(meter.last_reading?.value);
      expect(meter.usual_daily_consumption).toBeGreaterThan(0);
    }

    const beta = await listMeters(BETA);
    const replaced = beta.find((meter) => meter.serial_number === 'EL-KA-2141');
    const history = (await janaInBeta.get(`/api/v1/readings/?meter=${replaced?.id}&ordering=read_at`))
      .body as ReadingBody[];
    const replacement = history.findIndex((reading) => reading.reason === 'meter_replaced');
    expect(replacement).toBe(8);
    expect(history[replacement]).toMatchObject({ value: '35.2', consumption: null });
    // The usual consumption counts only the new meter's readings.
    const since = history[replacement] as ReadingBody;
    const last = history.at(-1) as ReadingBody;
    const expected =
      (Number(last.value) - Number(since.value)) / ((Date.parse(last.read_at) - Date.parse(since.read_at)) / DAY);
    expect(replaced?.usual_daily_consumption).toBeCloseTo(expected, 6);
  });

  it('usual_daily_consumption: null before two readings, the average of the series otherwise', async () => {
    const empty = await meterWithHistory([]);
    expect(await meterById(empty)).toMatchObject({ last_reading: null, usual_daily_consumption: null });
    const single = await meterWithHistory([{ value: '100', daysAgo: 10 }]);
    expect(await meterById(single)).toMatchObject({ last_reading: { value: '100' }, usual_daily_consumption: null });
    const flat = await meterWithHistory([
      { value: '100', daysAgo: 20 },
      { value: '100', daysAgo: 10 },
    ]);
    expect((await meterById(flat))?.usual_daily_consumption).toBeNull();
    const steady = await meterWithHistory([
      { value: '100', daysAgo: 30 },
      { value: '130', daysAgo: 20 },
      { value: '160', daysAgo: 10 },
    ]);
    expect((await meterById(steady))?.usual_daily_consumption).toBeCloseTo(3, 6);
  });

  it('the client can foresee the flag: above ten times the usual rate is flagged, below is not', async () => {
    const meter = await meterWithHistory([
      { value: '1000', daysAgo: 30 },
      { value: '1100', daysAgo: 20 },
      { value: '1200', daysAgo: 10 },
    ]);
    const state = await meterById(meter);
    const usual = state?.usual_daily_consumption ?? 0;
    const days = (Date.now() - Date.parse(state?.last_reading?.read_at ?? '')) / DAY;
    const threshold = 1200 + 10 * usual * days;
    const below = await submit(meter, (threshold - 20).toFixed(3));
    expect(below.statusCode).toBe(201);
    expect(below.body).toMatchObject({ implausible_jump: false });

    // The reading just stored is the new "last" (seconds ago: days count at least an hour).
    const after = await meterById(meter);
    const hourly = ((after?.usual_daily_consumption ?? 0) * 10) / 24;
    const above = await submit(meter, (Number(after?.last_reading?.value) + hourly * 1.5).toFixed(3));
    expect(above.statusCode).toBe(201);
    expect(above.body).toMatchObject({ implausible_jump: true });
  });

  it('a replacement starts a new series: the jump check compares with the new meter only', async () => {
    const meter = await meterWithHistory([
      { value: '5000', daysAgo: 60 },
      { value: '5300', daysAgo: 45 },
      { value: '12', daysAgo: 30, reason: 'meter_replaced' },
      { value: '42', daysAgo: 15 },
    ]);
    const state = await meterById(meter);
    // 30 units in 15 days on the new meter; the old series would give a negative average.
    expect(state?.usual_daily_consumption).toBeCloseTo(2, 6);
    const jump = await submit(meter, '2000');
    expect(jump.body).toMatchObject({ implausible_jump: true, consumption: '1958' });
  });

  it('a lower value needs a reason; with one it starts a new series without consumption', async () => {
    const meter = await meterWithHistory([
      { value: '99990', daysAgo: 20 },
      { value: '99995.5', daysAgo: 10 },
    ]);
    const refused = await submit(meter, '3');
    expect(refused.statusCode).toBe(400);
    expect((refused.body as { value: string[] }).value[0]).toContain('nižší než poslední odečet (99\u00a0995,5)');
    const rolled = await submit(meter, '3', { reason: 'rollover', note: 'Přetočilo se přes nulu' });
    expect(rolled.statusCode).toBe(201);
    expect(rolled.body).toMatchObject({
      value: '3',
      reason: 'rollover',
      consumption: null,
      implausible_jump: false,
      note: 'Přetočilo se přes nulu',
    });
    expect(await meterById(meter)).toMatchObject({ last_reading: { value: '3' }, usual_daily_consumption: null });
  });

  it('portal-admin create-meter --reading: the history in one go, all or nothing', async () => {
    const gasMeter = (serial: string, ...readings: string[]) =>
      cli(
        'create-meter',
        ...['--tenant', DEMO_TENANTS.alfa.id, '--building', '1', '--serial', serial, '--kind', 'gas'],
        ...readings.flatMap((reading) => ['--reading', reading]),
      );
    await expect(gasMeter(`X-${driver}`, `10@${daysAgo(5)}`, `5@${daysAgo(2)}`)).rejects.toThrow(
      'nižší než poslední odečet',
    );
    // The refused history left no meter behind.
    expect((await listMeters()).some((meter) => meter.serial_number === `X-${driver}`)).toBe(false);
    await expect(gasMeter(`Y-${driver}`, '10')).rejects.toThrow('--reading must be VALUE@ISO-DATE-TIME');
    const gas = await gasMeter(`Z-${driver}`, `10@${daysAgo(5)}`, `12.5@${daysAgo(2)}`);
    expect(gas).toMatchObject({ unit: 'm3', readings: 2 });
    expect(await meterById(Number(gas['id']))).toMatchObject({ last_reading: { value: '12.5' } });
  });

  it('portal-admin record-reading: dated readings in order, the same rules, readable messages', async () => {
    const meter = await meterWithHistory([{ value: '10', daysAgo: 5 }]);
    const reading = await cli(
      'record-reading',
      '--meter',
      String(meter),
      '--value',
      '12.5',
      '--read-at',
      daysAgo(2),
      '--note',
      'Kontrola správce',
    );
    expect(reading).toMatchObject({ value: '12.5', note: 'Kontrola správce', consumption: '2.5', submitted_by: null });
    await expect(
      cli('record-reading', '--meter', String(meter), '--value', '13', '--read-at', daysAgo(3)),
    ).rejects.toThrow('Odečet nemůže předcházet poslednímu odečtu');
    await expect(cli('record-reading', '--meter', String(meter), '--value', '1')).rejects.toThrow(
      'nižší než poslední odečet (12,5)',
    );
    await expect(
      cli(
        'record-reading',
        '--meter',
        String(meter),
        '--value',
        '14',
        '--read-at',
        new Date(Date.now() + DAY).toISOString(),
      ),
    ).rejects.toThrow('--read-at must not be in the future');
    await expect(cli('record-reading', '--meter', String(meter), '--value', '12,5')).rejects.toThrow(
      '--value must be a decimal',
    );
    await expect(cli('record-reading', '--meter', '999999', '--value', '1')).rejects.toThrow('no meter 999999');
    await expect(cli('record-reading', '--meter', String(meter), '--value', '1', '--reason', 'broken')).rejects.toThrow(
      '--reason must be one of',
    );
  });
});
