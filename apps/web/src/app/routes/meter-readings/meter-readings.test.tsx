import type { components } from '@portal/sdk/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildConfig, buildSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

type Meter = components['schemas']['Meter'];
type Reading = components['schemas']['Reading'];

const DAY = 86_400_000;
const NBSP = '\u00a0';
// toHaveTextContent compares with whitespace collapsed to plain spaces, no-break ones included.
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
/** The day the portal shows for an instant: in Prague, whatever zone the tests run in. */
const czechDate = (iso: string) =>
  new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'medium', timeZone: 'Europe/Prague' })
    .format(new Date(iso))
    .replace(/ /g, NBSP);

function buildMeter(id: number, overrides: Partial<Meter> = {}): Meter {
  return {
    id,
    serial_number: `EL-${id}`,
    kind: 'electricity',
    unit: 'kWh',
    building: { id: 1, name: 'Dům Florenc' },
    location: '3. patro',
    last_reading: { id: id * 100, value: '12650', read_at: daysAgo(20) },
    // 25 kWh a day.
    usual_daily_consumption: 25,
    ...overrides,
  };
}

function buildReading(
  id: number,
  meter: number,
  value: string,
  readAt: string,
  overrides: Partial<Reading> = {},
): Reading {
  return {
    id,
    meter,
    value,
    note: null,
    picture: null,
    reason: null,
    read_at: readAt,
    submitted_by: { id: 1, display_name: 'Jana Nováková' },
    previous_value: null,
    consumption: null,
    implausible_jump: false,
    ...overrides,
  };
}

interface MeterApi {
  meters: Meter[];
  readings: Reading[];
  posts: { body: Record<string, unknown>; key: string | null }[];
  failure: { status: number; body: unknown } | null;
  meterLists: number;
}

/** An in-memory BFF for meters and readings that applies the API's rules to what it stores. */
function meterApi(meters: Meter[], readings: Reading[] = []): MeterApi {
  const api: MeterApi = { meters, readings, posts: [], failure: null, meterLists: 0 };
  server.use(
    http.get('*/api/v1/meters/', () => {
      api.meterLists += 1;
      return HttpResponse.json(api.meters, { headers: { 'X-Total-Count': String(api.meters.length) } });
    }),
    http.get('*/api/v1/readings/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const size = Number(query.get('page_size') ?? 20);
      const page = Number(query.get('page') ?? 1);
      const mine = api.readings
        .filter((reading) => reading.meter === Number(query.get('meter')))
        .sort((a, b) => b.read_at.localeCompare(a.read_at));
      return HttpResponse.json(mine.slice((page - 1) * size, page * size), {
        headers: { 'X-Total-Count': String(mine.length) },
      });
    }),
    http.post('*/api/v1/readings/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      api.posts.push({ body, key: request.headers.get('idempotency-key') });
      if (api.failure) return HttpResponse.json(api.failure.body as object, { status: api.failure.status });
      const meter = api.meters.find((candidate) => candidate.id === body.meter) as Meter;
      const previous = meter.last_reading?.value ?? null;
      const reading = buildReading(1000 + api.posts.length, meter.id, String(body.value), new Date().toISOString(), {
        note: (body.note as string | null) ?? null,
        reason: (body.reason as Reading['reason']) ?? null,
        previous_value: previous,
        consumption: previous === null || body.reason ? null : String(Number(body.value) - Number(previous)),
      });
      api.readings.push(reading);
      meter.last_reading = { id: reading.id, value: reading.value, read_at: reading.read_at };
      return HttpResponse.json(reading, { status: 201 });
    }),
  );
  return api;
}

const loggedIn = () => createBackend({ session: buildSession() });

async function renderPage(api: MeterApi, path = '/odpocet-meridel') {
  const view = renderRoute(path, loggedIn());
  await screen.findByRole('heading', { level: 1, name: 'Odečet měřidel' });
  return { ...view, api };
}

const history = [
  buildReading(1, 1, '12000', daysAgo(80), { note: 'Počáteční stav' }),
  buildReading(2, 1, '12200', daysAgo(50), { previous_value: '12000', consumption: '200' }),
  buildReading(3, 1, '12650', daysAgo(20), { previous_value: '12200', consumption: '450', implausible_jump: true }),
];

describe('meter readings page', { timeout: 30_000 }, () => {
  it('lists the meters with their last reading and shows the first one’s history', async () => {
    const water = buildMeter(2, {
      serial_number: 'VS-2',
      kind: 'water_cold',
      unit: 'm3',
      last_reading: { id: 7, value: '524.95', read_at: daysAgo(3) },
    });
    const fresh = buildMeter(3, {
      serial_number: 'TP-3',
      kind: 'heat',
      unit: 'GJ',
      location: null,
      last_reading: null,
      usual_daily_consumption: null,
    });
    await renderPage(meterApi([buildMeter(1), water, fresh], history));

    const cards = screen.getAllByTestId('meter-card');
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Elektroměr EL-1' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(cards[0]).toHaveTextContent(spaced(`Poslední odečet: 12${NBSP}650${NBSP}kWh (${czechDate(daysAgo(20))})`));
    expect(cards[1]).toHaveTextContent(
      spaced(
        `Vodoměr studené vody VS-2Dům Florenc, 3. patroPoslední odečet: 524,95${NBSP}m³ (${czechDate(daysAgo(3))})`,
      ),
    );
    expect(cards[2]).toHaveTextContent('Měřič tepla TP-3Dům FlorencPoslední odečet: Zatím bez odečtu');

    expect(screen.getByRole('heading', { level: 2, name: 'Elektroměr EL-1' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Odečty od nejnovějšího' });
    const rows = within(table).getAllByRole('row').slice(1);
    // jsdom lays the page out 1024 px wide and applies media queries, so this is the desktop
    // layout: the note has a column of its own (on a phone it moves under the date, hidden here).
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Datum odečtu', 'Stav', 'Spotřeba', 'Poznámka']);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [czechDate(daysAgo(20)), `12${NBSP}650${NBSP}kWh`, `450${NBSP}kWhneobvykle vysoká`, ''],
      [czechDate(daysAgo(50)), `12${NBSP}200${NBSP}kWh`, `200${NBSP}kWh`, ''],
      [`${czechDate(daysAgo(80))}Počáteční stav`, `12${NBSP}000${NBSP}kWh`, `–${NBSP}první odečet`, 'Počáteční stav'],
    ]);
    expect(screen.getByText('Celkem 3 odečty')).toBeInTheDocument();
    // The chart arrives as its own chunk and is one image with a summary; the table is its text.
    expect(
      await screen.findByRole(
        'img',
        {
          name: `Sloupcový graf spotřeby mezi odečty, 2 období od ${czechDate(daysAgo(80))} do ${czechDate(daysAgo(20))}: nejnižší spotřeba 200${NBSP}kWh, nejvyšší 450${NBSP}kWh.`,
        },
        // The chart's chunk (recharts) is transformed on first import; slow on a busy machine.
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
  });

  it('selects another meter from the list and moves focus to it', async () => {
    const view = await renderPage(
      meterApi([buildMeter(1), buildMeter(2, { serial_number: 'VS-2', kind: 'water_cold', unit: 'm3' })], history),
    );
    await view.user.click(screen.getByRole('link', { name: 'Vodoměr studené vody VS-2' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Vodoměr studené vody VS-2' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(view.location()).toBe('/odpocet-meridel?meridlo=2');
    expect(screen.getByText('Zatím tu nejsou žádné odečty.')).toBeInTheDocument();
    // A decimal pad on phones (comma or point); a text field (no type=number).
    expect(screen.getByLabelText('Stav měřidla')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Stav měřidla')).not.toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Stav měřidla')).toHaveAccessibleDescription(
      'V m³, desetinná místa oddělte čárkou, například 12 345,6.',
    );
  });

  it('sends a plausible value with note and picture null and an Idempotency-Key; the list shows it', async () => {
    const view = await renderPage(meterApi([buildMeter(1)], history));
    const listsBefore = view.api.meterLists;
    await view.user.type(screen.getByLabelText('Stav měřidla'), '12 700,5');
    await view.user.type(screen.getByLabelText(/^Poznámka/), 'Odečteno z fotografie');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat odečet' }));

    expect(await screen.findByText('Odečet byl uložen.')).toBeInTheDocument();
    expect(view.api.posts).toHaveLength(1);
    expect(view.api.posts[0]?.body).toEqual({
      meter: 1,
      value: '12700.5',
      note: 'Odečteno z fotografie',
      picture: null,
    });
    expect(view.api.posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(view.api.meterLists).toBeGreaterThan(listsBefore);
    expect(screen.getByTestId('meter-card')).toHaveTextContent(spaced(`12${NBSP}700,5${NBSP}kWh`));
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(
      spaced(`Odečteno z fotografie12${NBSP}700,5${NBSP}kWh50,5${NBSP}kWhOdečteno z fotografie`),
    );
    // Ready for the next one.
    expect(screen.getByLabelText('Stav měřidla')).toHaveValue('');
    expect(screen.getByLabelText('Stav měřidla')).toHaveFocus();
  });

  it('validates on submit and sends nothing', async () => {
    const view = await renderPage(meterApi([buildMeter(1)], history));
    await view.user.click(screen.getByRole('button', { name: 'Odeslat odečet' }));
    const summary = (await screen.findByRole('heading', { name: 'Vyskytl se problém' })).parentElement as HTMLElement;
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Zadejte stav měřidla' })).toBeInTheDocument();

    await view.user.type(screen.getByLabelText('Stav měřidla'), '12 650,1234');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat odečet' }));
    expect(
      await screen.findByRole('link', { name: 'Stav měřidla může mít nejvýše 3 desetinná místa' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Stav měřidla')).toHaveAccessibleDescription(
      'V kWh, desetinná místa oddělte čárkou, například 12 345,6. Chyba: Stav měřidla může mít nejvýše 3 desetinná místa',
    );
    expect(view.api.posts).toEqual([]);
  });

  it('asks about a lower value and sends it only with the answer', async () => {
    const view = await renderPage(meterApi([buildMeter(1)], history));
    await view.user.type(screen.getByLabelText('Stav měřidla'), '5,5');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat odečet' }));

    const question = await screen.findByRole('group', { name: 'Stav je nižší než poslední odečet' });
    expect(question).toHaveTextContent(
      spaced(`Zadali jste 5,5${NBSP}kWh, poslední odečet z ${czechDate(daysAgo(20))} je ale 12${NBSP}650${NBSP}kWh.`),
    );
    await waitFor(() => expect(within(question).getByRole('heading')).toHaveFocus());
    expect(view.api.posts).toEqual([]);

    // „Opravit hodnotu" goes back to the field with the value kept.
    await view.user.click(within(question).getByRole('button', { name: 'Opravit hodnotu' }));
    expect(screen.queryByRole('group', { name: 'Stav je nižší než poslední odečet' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Stav měřidla')).toHaveFocus();
    expect(screen.getByLabelText('Stav měřidla')).toHaveValue('5,5');
    expect(view.api.posts).toEqual([]);

    await view.user.click(screen.getByRole('button', { name: 'Odeslat odečet' }));
    await view.user.click(await screen.findByRole('button', { name: 'Měřič byl vyměněn' }));
    expect(await screen.findByText('Odečet byl uložen.')).toBeInTheDocument();
    expect(view.api.posts.map((post) => post.body)).toEqual([
      { meter: 1, value: '5.5', note: null, picture: null, reason: 'meter_replaced' },
    ]);
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(
      spaced(`5,5${NBSP}kWh–${NBSP}výměna měřiče`),
    );
  });

  it('asks to confirm an implausible jump before sending', async () => {
    const view = await renderPage(meterApi([buildMeter(1)], history));
    // 20 days at 25 kWh a day is 500; 10 times that is 5 000. 12 650 + 9 000 is far above.
    await view.user.type(screen.getByLabelText('Stav měřidla'), '21650');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat odečet' }));
    const question = await screen.findByRole('group', { name: 'Neobvykle vysoká spotřeba' });
    expect(question).toHaveTextContent(
      spaced(
        `Od posledního odečtu z ${czechDate(daysAgo(20))} by spotřeba byla 9${NBSP}000${NBSP}kWh, tedy asi 450${NBSP}kWh za den. Obvykle je to asi 25${NBSP}kWh za den.`,
      ),
    );
    expect(view.api.posts).toEqual([]);
    await view.user.click(within(question).getByRole('button', { name: 'Stav je správný, odeslat' }));
    expect(await screen.findByText('Odečet byl uložen.')).toBeInTheDocument();
    expect(view.api.posts.map((post) => post.body)).toEqual([{ meter: 1, value: '21650', note: null, picture: null }]);

    // A value within the usual range goes straight through (10 kWh within the hour the API counts
    // at least: 240 kWh a day, below ten times 25).
    await view.user.type(screen.getByLabelText('Stav měřidla'), '21660');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat odečet' }));
    await waitFor(() => expect(view.api.posts).toHaveLength(2));
    expect(screen.queryByRole('group', { name: 'Neobvykle vysoká spotřeba' })).not.toBeInTheDocument();
  });

  it('keeps what was typed after a failure, with the server’s message as a toast and at the field', async () => {
    const api = meterApi([buildMeter(1)], history);
    api.failure = {
      status: 400,
      body: {
        code: 'validation_error',
        message: 'Zkontrolujte zadané údaje.',
        fields: { value: 'Hodnota je nižší než poslední odečet (12 700).' },
      },
    };
    const view = await renderPage(api);
    await view.user.type(screen.getByLabelText('Stav měřidla'), '12690');
    await view.user.type(screen.getByLabelText(/^Poznámka/), 'Druhý pokus');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat odečet' }));

    expect(await screen.findByText('Odečet se nepodařilo odeslat.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hodnota je nižší než poslední odečet (12 700).' })).toBeInTheDocument();
    expect(screen.getByLabelText('Stav měřidla')).toHaveValue('12690');
    expect(screen.getByLabelText(/^Poznámka/)).toHaveValue('Druhý pokus');

    // The same content sent again is the same submission with the same key (a refused create
    // stored nothing, so the API takes it as a first attempt).
    api.failure = null;
    await view.user.click(screen.getByRole('button', { name: 'Odeslat odečet' }));
    expect(await screen.findByText('Odečet byl uložen.')).toBeInTheDocument();
    expect(api.posts).toHaveLength(2);
    expect(api.posts[1]?.key).toBe(api.posts[0]?.key);
  });

  it('tells a tenant without meters whom to ask', async () => {
    await renderPage(meterApi([]));
    expect(screen.getByText(/Zatím nemáte přiřazené žádné měřidlo/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Odeslat odečet' })).not.toBeInTheDocument();
  });

  it('has a menu entry while the feature is on, none when it is off', async () => {
    meterApi([buildMeter(1)], history);
    const on = renderRoute('/', loggedIn());
    const menu = await screen.findByRole('navigation', { name: 'Hlavní nabídka' });
    expect(within(menu).getByRole('link', { name: 'Odečet měřidel' })).toHaveAttribute('href', '/odpocet-meridel');
    on.unmount();

    const off = renderRoute(
      '/odpocet-meridel',
      createBackend({ session: buildSession(), config: buildConfig({ features: { meterReadings: false } }) }),
    );
    await waitFor(() => expect(off.location()).toBe('/'));
    expect(
      within(await screen.findByRole('navigation', { name: 'Hlavní nabídka' })).queryByRole('link', {
        name: 'Odečet měřidel',
      }),
    ).not.toBeInTheDocument();
  });
});
