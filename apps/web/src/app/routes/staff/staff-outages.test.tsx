import type { components } from '@portal/sdk/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubModalDialogs } from '#src/testing/browser-stubs.ts';
import { buildStaffSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { BUILDINGS, bumpVersion, errorResponse, STALE } from '#src/testing/staff-fixtures.ts';
import { focusedErrorSummary, linkTexts } from '#src/testing/error-summary.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

type Outage = components['schemas']['StaffMaintenanceEvent'];
type Create = components['schemas']['StaffMaintenanceEventCreate'];
type Update = components['schemas']['StaffMaintenanceEventUpdate'];
type Building = components['schemas']['Building'];

beforeAll(stubModalDialogs);

const CANCELLED = 'Odstávka je zrušená; nelze ji dále měnit.';

function buildOutage(id: number, overrides: Partial<Outage> = {}): Outage {
  return {
    id,
    building: { id: 1, name: 'Dům Florenc' },
    title: `Odstávka ${id}`,
    description: 'Nepoteče teplá voda.',
    category: 'water',
    visibility: 'public',
    // 2099-12-0{id} 8:00–14:00 Prague (UTC+1).
    starts_at: `2099-12-0${id}T07:00:00Z`,
    ends_at: `2099-12-0${id}T13:00:00Z`,
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    version: 1,
    cancelled_at: null,
    cancel_reason: null,
    ...overrides,
  };
}

/** The staff outage part of the BFF in memory, recording what the page sent. */
function outagesApi(outages: Outage[]) {
  const api = {
    outages,
    listQueries: [] as URLSearchParams[],
    creates: [] as { body: Create; key: string | null }[],
    patches: [] as { id: number; ifMatch: string | null; body: Update }[],
    cancels: [] as { id: number; reason: string | null | undefined }[],
    bump: (id: number, change: Partial<Outage>) => bumpVersion(api.outages, id, change),
  };
  const find = (id: unknown) => api.outages.find((outage) => outage.id === Number(id));
  server.use(
    http.get('*/api/v1/staff/maintenance_events/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      api.listQueries.push(query);
      const state = query.get('state') ?? 'upcoming';
      const building = query.get('building');
      const matching = api.outages
        .filter((outage) =>
          state === 'cancelled' ? outage.cancelled_at !== null : state === 'all' || outage.cancelled_at === null,
        )
        .filter((outage) => !building || outage.building.id === Number(building));
      return HttpResponse.json(matching, { headers: { 'X-Total-Count': String(matching.length) } });
    }),
    http.post('*/api/v1/staff/maintenance_events/', async ({ request }) => {
      const body = (await request.json()) as Create;
      api.creates.push({ body, key: request.headers.get('idempotency-key') });
      const building = BUILDINGS.find((candidate) => candidate.id === body.building) as Building;
      const created = buildOutage(api.outages.length + 1, {
        ...body,
        ends_at: body.ends_at ?? null,
        building: { id: building.id, name: building.name },
      });
      api.outages.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('*/api/v1/staff/maintenance_events/:id/', async ({ params, request }) => {
      const outage = find(params.id);
      if (!outage) return errorResponse(404, { code: 'not_found', message: 'Nenalezeno.' });
      const body = (await request.json()) as Update;
      const ifMatch = request.headers.get('if-match');
      api.patches.push({ id: outage.id, ifMatch, body });
      if (ifMatch !== `W/"${outage.version}"`) return errorResponse(412, { code: 'stale_version', message: STALE });
      Object.assign(outage, body, { version: outage.version + 1 });
      return HttpResponse.json(outage);
    }),
    http.post('*/api/v1/staff/maintenance_events/:id/cancel/', async ({ params, request }) => {
      const outage = find(params.id);
      if (!outage) return errorResponse(404, { code: 'not_found', message: 'Nenalezeno.' });
      const { reason } = (await request.json()) as { reason?: string | null };
      api.cancels.push({ id: outage.id, reason });
      if (outage.cancelled_at) return errorResponse(409, { code: 'event_cancelled', message: CANCELLED });
      Object.assign(outage, { cancelled_at: '2026-11-21T10:00:00Z', cancel_reason: reason ?? null });
      return HttpResponse.json(outage);
    }),
    http.get('*/api/v1/staff/buildings/', () =>
      HttpResponse.json(BUILDINGS, { headers: { 'X-Total-Count': String(BUILDINGS.length) } }),
    ),
  );
  return api;
}

const asStaff = () => createBackend({ session: buildStaffSession() });

describe('staff outages', { timeout: 60_000 }, () => {
  it('lists the coming outages and filters by state and building in the address', async () => {
    const api = outagesApi([
      buildOutage(1, { ends_at: null, visibility: 'tenant_only' }),
      buildOutage(2),
      buildOutage(3, {
        building: { id: 2, name: 'Dům Karlín' },
        cancelled_at: '2026-11-21T10:00:00Z',
        cancel_reason: 'Oprava proběhne jindy.',
      }),
    ]);
    const view = renderRoute('/sprava/vypadky', asStaff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Plánované odstávky' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Probíhající a nadcházející odstávky' })).toBeInTheDocument();
    expect(screen.getByText('Celkem 2 odstávky')).toBeInTheDocument();
    const items = within(screen.getByTestId('staff-outages')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1. 12. 2099 8:00, konec zatím není znám');
    expect(items[0]).toHaveTextContent('Jen pro nájemce');
    expect(items[0]).toHaveTextContent('Dům Florenc · Voda');
    expect(items[1]).toHaveTextContent('2. 12. 2099 8:00–14:00');
    expect(api.listQueries[0]?.get('state')).toBe('upcoming');
    expect(api.listQueries[0]?.get('ordering')).toBe('starts_at');

    const filter = screen.getByRole('heading', { name: 'Filtr' }).closest('section') as HTMLElement;
    await view.user.selectOptions(within(filter).getByLabelText('Zobrazit'), 'Zrušené');
    await view.user.selectOptions(within(filter).getByLabelText('Budova'), 'Dům Karlín');
    await view.user.click(within(filter).getByRole('button', { name: 'Zobrazit' }));
    await waitFor(() => expect(view.location()).toBe('/sprava/vypadky?stav=cancelled&budova=2'));
    const cancelled = await screen.findByText('Zrušeno 21. 11. 2026 11:00');
    expect(cancelled.closest('li')).toHaveTextContent('Důvod zrušení: Oprava proběhne jindy.');
    expect(within(cancelled.closest('li') as HTMLElement).queryByRole('button')).toBeNull();
    expect(api.listQueries.at(-1)?.get('ordering')).toBe('-starts_at');
    expect(api.listQueries.at(-1)?.get('building')).toBe('2');
  });

  it('says when there is nothing to show', async () => {
    outagesApi([buildOutage(1)]);
    renderRoute('/sprava/vypadky?stav=cancelled', asStaff());
    expect(await screen.findByText('Žádná odstávka nebyla zrušena.')).toBeInTheDocument();
  });

  it('announces an outage in Prague time, after checking every field in Czech', async () => {
    const api = outagesApi([]);
    const view = renderRoute('/sprava/vypadky', asStaff());
    expect(await screen.findByText('Žádná odstávka se nechystá.')).toBeInTheDocument();
    const form = screen.getByRole('heading', { name: 'Ohlásit odstávku', level: 2 }).closest('section') as HTMLElement;
    await view.user.click(within(form).getByRole('button', { name: 'Ohlásit odstávku' }));
    const summary = await focusedErrorSummary(form);
    expect(linkTexts(summary)).toEqual([
      'Vyberte budovu',
      'Zadejte název',
      'Zadejte popis',
      'Vyberte druh odstávky',
      'Vyberte, kdo odstávku uvidí',
      'Zadejte den začátku',
      'Zadejte čas začátku',
    ]);
    expect(within(form).getByRole('group', { name: 'Kdo odstávku uvidí' })).toHaveAccessibleDescription(
      /Vyberte, kdo odstávku uvidí/,
    );

    await view.user.selectOptions(within(form).getByLabelText('Budova'), 'Dům Karlín');
    await view.user.selectOptions(within(form).getByLabelText('Druh'), 'Elektřina');
    await view.user.type(within(form).getByLabelText('Název'), 'Výměna jističů');
    await view.user.type(within(form).getByLabelText('Popis'), 'Bez proudu bude celý dům.');
    await view.user.click(within(form).getByRole('radio', { name: /Jen nájemci budovy/ }));
    await view.user.type(within(form).getByLabelText('Den začátku'), '1. 7. 2099');
    await view.user.type(within(form).getByLabelText('Čas začátku'), '9:00');
    await view.user.type(within(form).getByLabelText('Den konce'), '1. 7. 2099');
    await view.user.click(within(form).getByRole('button', { name: 'Ohlásit odstávku' }));
    expect(
      await within(form).findByRole('link', { name: 'Zadejte i čas konce, nebo nechte konec prázdný' }),
    ).toHaveAttribute('href', '#outage-end-time');
    expect(api.creates).toEqual([]);

    await view.user.clear(within(form).getByLabelText('Den konce'));
    await view.user.click(within(form).getByRole('button', { name: 'Ohlásit odstávku' }));
    expect(await screen.findByText('Odstávka byla ohlášena.')).toBeInTheDocument();
    expect(api.creates).toHaveLength(1);
    expect(api.creates[0]?.body).toEqual({
      building: 2,
      title: 'Výměna jističů',
      description: 'Bez proudu bude celý dům.',
      category: 'electricity',
      visibility: 'tenant_only',
      starts_at: '2099-07-01T07:00:00.000Z',
      ends_at: null,
    });
    expect(api.creates[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Celkem 1 odstávka')).toBeInTheDocument();
    const fresh = screen.getByRole('heading', { name: 'Ohlásit odstávku', level: 2 }).closest('section') as HTMLElement;
    expect(within(fresh).getByLabelText('Název')).toHaveValue('');
  });

  it('edits only what changed with If-Match, and offers a reload when a colleague was first (412)', async () => {
    const api = outagesApi([buildOutage(1), buildOutage(2)]);
    const view = renderRoute('/sprava/vypadky', asStaff());
    await view.user.click(await screen.findByRole('button', { name: 'Upravit odstávku Odstávka 2' }));
    const form = (await screen.findByRole('heading', { name: 'Upravit odstávku „Odstávka 2“' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(form).getByLabelText('Den začátku')).toHaveValue('2. 12. 2099');
    expect(within(form).getByLabelText('Čas konce')).toHaveValue('14:00');
    await view.user.click(within(form).getByRole('button', { name: 'Uložit změny' }));
    expect(await within(form).findByRole('link', { name: 'Nic jste nezměnili' })).toBeInTheDocument();

    await view.user.clear(within(form).getByLabelText('Čas konce'));
    await view.user.type(within(form).getByLabelText('Čas konce'), '16:30');
    await view.user.click(within(form).getByRole('button', { name: 'Uložit změny' }));
    expect(await screen.findByText('Změny odstávky byly uloženy.')).toBeInTheDocument();
    expect(api.patches).toEqual([{ id: 2, ifMatch: 'W/"1"', body: { ends_at: '2099-12-02T15:30:00.000Z' } }]);
    expect(await screen.findByRole('heading', { name: 'Ohlásit odstávku', level: 2 })).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Upravit odstávku Odstávka 1' }));
    const again = (await screen.findByRole('heading', { name: 'Upravit odstávku „Odstávka 1“' })).closest(
      'section',
    ) as HTMLElement;
    // Meanwhile a colleague renames it.
    api.bump(1, { title: 'Odstávka vody' });
    await view.user.type(within(again).getByLabelText('Popis'), ' Natočte si vodu předem.');
    await view.user.click(within(again).getByRole('button', { name: 'Uložit změny' }));
    const notice = await screen.findByRole('alert', { name: 'Odstávku mezitím změnil někdo jiný' });
    expect(notice).toHaveTextContent(STALE);
    await waitFor(() => expect(notice).toHaveFocus());
    expect(api.patches.at(-1)).toMatchObject({ id: 1, ifMatch: 'W/"1"' });

    await view.user.click(within(notice).getByRole('button', { name: 'Načíst znovu' }));
    const reloaded = (await screen.findByRole('heading', { name: 'Upravit odstávku „Odstávka vody“' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(reloaded).getByLabelText('Popis')).toHaveValue('Nepoteče teplá voda.');
    expect(screen.queryByRole('alert', { name: 'Odstávku mezitím změnil někdo jiný' })).toBeNull();
  });

  it('cancels an outage with an optional reason after a confirmation, and says when it was already cancelled', async () => {
    const api = outagesApi([buildOutage(1), buildOutage(2)]);
    const view = renderRoute('/sprava/vypadky', asStaff());
    await view.user.click(await screen.findByRole('button', { name: 'Zrušit odstávku Odstávka 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zrušit odstávku „Odstávka 1“?' });
    expect(within(dialog).getByRole('button', { name: 'Ponechat odstávku' })).toHaveFocus();
    await view.user.type(within(dialog).getByLabelText(/^Důvod zrušení/), 'Dodavatel termín posunul.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Zrušit odstávku' }));
    expect(await screen.findByText('Odstávka byla zrušena.')).toBeInTheDocument();
    expect(api.cancels).toEqual([{ id: 1, reason: 'Dodavatel termín posunul.' }]);
    await waitFor(() => expect(screen.getByText('Celkem 1 odstávka')).toBeInTheDocument());

    // A colleague cancelled the second one a moment ago.
    api.outages[1] = { ...(api.outages[1] as Outage), cancelled_at: '2026-11-21T10:00:00Z' };
    await view.user.click(screen.getByRole('button', { name: 'Zrušit odstávku Odstávka 2' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Zrušit odstávku' }));
    expect(await screen.findByText(CANCELLED)).toBeInTheDocument();
    expect(api.cancels.at(-1)).toEqual({ id: 2, reason: null });
    expect(await screen.findByText('Žádná odstávka se nechystá.')).toBeInTheDocument();
  });
});
