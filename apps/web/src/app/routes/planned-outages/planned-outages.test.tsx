import type { components } from '@portal/sdk/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildConfig, buildPlannedOutage, buildSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

type Outage = components['schemas']['MaintenanceEvent'];

const BUILDINGS = [
  { id: 1, name: 'Kancelářský dům Florenc', street: 'Na Florenci 2116/15', city: 'Praha 1', postal_code: '110 00' },
  { id: 2, name: 'Smíchov Gate', street: 'Plzeňská 3217/16', city: 'Praha 5', postal_code: '150 00' },
];

/** A stand-in for the BFF's list with the upstream's rules (ended, building, ordering, pages). */
function outagesApi(outages: Outage[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/maintenance_events/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const now = Date.now();
      const ended = (item: Outage) => item.ends_at !== null && Date.parse(item.ends_at) <= now;
      const matching = outages
        .filter((item) => (query.get('ended') === null ? true : ended(item) === (query.get('ended') === 'true')))
        .filter((item) => query.get('building') === null || item.building.id === Number(query.get('building')))
        .sort((a, b) =>
          query.get('ordering') === '-starts_at'
            ? b.starts_at.localeCompare(a.starts_at)
            : a.starts_at.localeCompare(b.starts_at),
        );
      const size = Number(query.get('page_size') ?? 20);
      const page = Number(query.get('page') ?? 1);
      return HttpResponse.json(matching.slice((page - 1) * size, page * size), {
        headers: { 'X-Total-Count': String(matching.length) },
      });
    }),
    http.get('*/api/v1/buildings/', () => HttpResponse.json(BUILDINGS, { headers: { 'X-Total-Count': '2' } })),
  );
  return queries;
}

const titles = () =>
  within(screen.getByTestId('outages'))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('planned outages', { timeout: 30_000 }, () => {
  it('shows a guest what is under way first, then what is coming, marked, with Prague times', async () => {
    const queries = outagesApi([
      buildPlannedOutage(1, 48, 50),
      buildPlannedOutage(2, -2, 3, { title: 'Oprava fasády' }),
      buildPlannedOutage(3, -50, -48, { title: 'Dávno hotovo' }),
      buildPlannedOutage(4, 10, null, { title: 'Výpadek internetu', category: 'internet' }),
    ]);
    renderRoute('/planovane-vypadky');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plánované odstávky' })).toBeInTheDocument();
    expect(titles()).toEqual(['Oprava fasády', 'Výpadek internetu', 'Odstávka 1']);
    const ongoing = screen.getByRole('heading', { level: 3, name: 'Oprava fasády' }).closest('li') as HTMLElement;
    expect(within(ongoing).getByText('Právě probíhá')).toBeInTheDocument();
    const open = screen.getByRole('heading', { level: 3, name: 'Výpadek internetu' }).closest('li') as HTMLElement;
    expect(within(open).getByText(/konec zatím není znám/)).toBeInTheDocument();
    expect(within(open).getByText(/Druh: Internet/)).toBeInTheDocument();
    expect(screen.getByText('Celkem 3 odstávky')).toBeInTheDocument();
    expect(queries[0]?.get('ended')).toBe('false');
    expect(queries[0]?.get('ordering')).toBe('starts_at');
  });

  it('filters by building and shows past outages on request, all in the URL', async () => {
    const queries = outagesApi([
      buildPlannedOutage(1, 48, 50),
      buildPlannedOutage(2, 24, 26, { building: { id: 2, name: 'Smíchov Gate' }, title: 'Kontrola plynu' }),
      buildPlannedOutage(3, -50, -48, { building: { id: 2, name: 'Smíchov Gate' }, title: 'Odstávka elektřiny' }),
      buildPlannedOutage(4, -200, -190, { building: { id: 2, name: 'Smíchov Gate' }, title: 'Starší odstávka' }),
    ]);
    const view = renderRoute('/planovane-vypadky');
    await screen.findByRole('heading', { level: 1, name: 'Plánované odstávky' });
    await view.user.selectOptions(screen.getByLabelText('Budova'), 'Smíchov Gate');
    await view.user.click(screen.getByRole('button', { name: 'Zobrazit' }));
    expect(await screen.findByText('Celkem 1 odstávka')).toBeInTheDocument();
    expect(view.location()).toBe('/planovane-vypadky?budova=2');
    expect(titles()).toEqual(['Kontrola plynu']);
    expect(queries.at(-1)?.get('building')).toBe('2');
    // The feed narrows to the same building.
    expect(screen.getByLabelText('Adresa kalendáře')).toHaveValue(
      `${window.location.origin}/kalendar/planovane-vypadky.ics?budova=2`,
    );

    await view.user.click(screen.getByRole('link', { name: 'Zobrazit proběhlé odstávky' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Proběhlé odstávky, nejnovější první' }),
    ).toBeInTheDocument();
    expect(view.location()).toBe('/planovane-vypadky?budova=2&probehle=1');
    expect(titles()).toEqual(['Odstávka elektřiny', 'Starší odstávka']);
    expect(queries.at(-1)?.get('ended')).toBe('true');
    expect(queries.at(-1)?.get('ordering')).toBe('-starts_at');
    expect(screen.getAllByText('Proběhlo')).toHaveLength(2);

    await view.user.click(screen.getByRole('link', { name: 'Zobrazit nadcházející odstávky' }));
    expect(await screen.findByText('Celkem 1 odstávka')).toBeInTheDocument();
    expect(view.location()).toBe('/planovane-vypadky?budova=2');
  });

  it('pages by X-Total-Count', async () => {
    outagesApi(Array.from({ length: 13 }, (_, index) => buildPlannedOutage(index + 1, 10 + index, 11 + index)));
    const view = renderRoute('/planovane-vypadky');
    expect(await screen.findByText('Strana 1 z 2')).toBeInTheDocument();
    expect(titles()).toHaveLength(10);
    await view.user.click(screen.getByRole('link', { name: 'Další stránka' }));
    expect(await screen.findByText('Strana 2 z 2')).toBeInTheDocument();
    expect(view.location()).toBe('/planovane-vypadky?strana=2');
    expect(titles()).toEqual(['Odstávka 11', 'Odstávka 12', 'Odstávka 13']);
  });

  it('offers the calendar feed: address, copy, webcal:// link', async () => {
    outagesApi([]);
    const view = renderRoute('/planovane-vypadky');
    expect(await screen.findByText('Žádná odstávka se nechystá.')).toBeInTheDocument();
    const url = `${window.location.origin}/kalendar/planovane-vypadky.ics`;
    expect(screen.getByLabelText('Adresa kalendáře')).toHaveValue(url);
    expect(screen.getByRole('link', { name: 'Přihlásit odběr v kalendáři' })).toHaveAttribute(
      'href',
      url.replace(/^https?:/, 'webcal:'),
    );
    await view.user.click(screen.getByRole('button', { name: 'Kopírovat adresu' }));
    // user-event provides the clipboard in tests.
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText('Adresa byla zkopírována.')).toBeInTheDocument();
  });

  it('is in the menu for guests and tenants while the feature is on, and gone when it is off', async () => {
    outagesApi([]);
    const first = renderRoute('/', createBackend({ session: buildSession() }));
    const menu = await screen.findByRole('navigation', { name: 'Hlavní nabídka' });
    expect(within(menu).getByRole('link', { name: 'Plánované odstávky' })).toHaveAttribute(
      'href',
      '/planovane-vypadky',
    );
    first.unmount();
    const off = renderRoute(
      '/planovane-vypadky',
      createBackend({ config: buildConfig({ features: { maintenanceEvents: false } }) }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeInTheDocument();
    expect(off.location()).toBe('/');
  });
});
