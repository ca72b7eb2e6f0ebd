import type { components } from '@portal/sdk/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildSession, buildStaffSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { ALLOWED_STATUSES, BUILDINGS, bumpVersion, errorResponse, STALE } from '#src/testing/staff-fixtures.ts';
import { focusedErrorSummary } from '#src/testing/error-summary.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

type Ticket = components['schemas']['StaffSupportTicketDetail'];
type Entry = components['schemas']['StaffTimelineEntry'];
type Counts = components['schemas']['StaffSupportTicketCounts'];
type Member = components['schemas']['StaffMember'];
type Building = components['schemas']['Building'];
type Tenant = components['schemas']['Tenant'];
type Change = components['schemas']['StaffSupportTicketUpdate'];
type Message = components['schemas']['StaffMessageCreate'];

const STAFF = buildStaffSession();
const ME = STAFF.user;
const EVA: Member = {
  id: 51,
  display_name: 'Eva Marková',
  email: 'eva.markova@sprava.example.cz',
  all_buildings: false,
  buildings: [{ id: 2, name: 'Dům Karlín' }],
};
const MEMBERS: Member[] = [
  EVA,
  { id: ME.id, display_name: ME.display_name, email: ME.email, all_buildings: true, buildings: [] },
];
const TENANTS: Tenant[] = [
  { id: 'tenant-a', name: 'Alfa Reality s.r.o.' },
  { id: 'tenant-b', name: 'Beta Kanceláře a.s.' },
];

function entry(id: number, overrides: Partial<Entry>): Entry {
  return {
    id,
    type: 'comment',
    created_at: new Date(Date.UTC(2026, 10, 20, 9) + id * 60_000).toISOString(),
    author: null,
    author_role: 'system',
    body: null,
    from_value: null,
    to_value: null,
    visibility: 'public',
    ...overrides,
  };
}

function buildTicket(id: number, overrides: Partial<Ticket> = {}): Ticket {
  const building = BUILDINGS[id % 2] as Building;
  return {
    id,
    subject: `Závada ${id}`,
    building: { id: building.id, name: building.name },
    tenant: TENANTS[id % 2] as Tenant,
    priority: 'standard',
    status: 'open',
    contact_phone: null,
    created_at: new Date(Date.UTC(2026, 10, 1, 9) + id * 3_600_000).toISOString(),
    updated_at: '2026-11-20T09:00:00Z',
    last_activity_at: '2026-11-20T09:00:00Z',
    resolution: null,
    assignee: null,
    visit: null,
    version: 3,
    description: 'Teče voda pod dřezem.',
    reporter: { id: 1, display_name: 'Jana Nováková' },
    timeline: [],
    attachments: [],
    rating: null,
    allowed_statuses: [...ALLOWED_STATUSES[overrides.status ?? 'open']],
    ...overrides,
  };
}

/** The staff part of the BFF in memory, recording what the pages sent. */
function staffApi(tickets: Ticket[]) {
  const api = {
    tickets,
    counts: { open: 4, in_progress: 2, resolved: 1, closed: 7, unassigned: 3, mine: 1 } satisfies Counts,
    listQueries: [] as URLSearchParams[],
    patches: [] as { id: number; ifMatch: string | null; body: Change }[],
    messages: [] as { id: number; body: Message; key: string | null }[],
    /** A colleague's change: the stored version moves on without this page knowing. */
    bump: (id: number, change: Partial<Ticket>) => bumpVersion(api.tickets, id, change),
  };
  const find = (id: unknown) => api.tickets.find((ticket) => ticket.id === Number(id));
  const etag = (ticket: Ticket) => `W/"${ticket.version}"`;
  server.use(
    http.get('*/api/v1/staff/support_tickets/counts/', () => HttpResponse.json(api.counts)),
    http.get('*/api/v1/staff/support_tickets/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      api.listQueries.push(query);
      const statuses = query.getAll('status');
      const building = query.get('building');
      const tenant = query.get('tenant');
      const assignee = query.get('assignee');
      const matching = api.tickets
        .filter((ticket) => statuses.length === 0 || statuses.includes(ticket.status))
        .filter((ticket) => !building || ticket.building.id === Number(building))
        .filter((ticket) => !tenant || ticket.tenant.id === tenant)
        .filter((ticket) =>
          assignee === 'none'
            ? ticket.assignee === null
            : assignee === 'me'
              ? ticket.assignee?.id === ME.id
              : !assignee || ticket.assignee?.id === Number(assignee),
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const size = Number(query.get('page_size') ?? 20);
      const page = Number(query.get('page') ?? 1);
      const items = matching.slice((page - 1) * size, page * size).map((ticket) => {
        const { description: _description, timeline: _timeline, attachments: _attachments, ...listed } = ticket;
        return listed;
      });
      return HttpResponse.json(items, { headers: { 'X-Total-Count': String(matching.length) } });
    }),
    http.get('*/api/v1/staff/support_tickets/:id/', ({ params }) => {
      const ticket = find(params.id);
      if (!ticket) return errorResponse(404, { code: 'not_found', message: 'Nenalezeno.' });
      return HttpResponse.json(ticket, { headers: { ETag: etag(ticket) } });
    }),
    http.patch('*/api/v1/staff/support_tickets/:id/', async ({ params, request }) => {
      const ticket = find(params.id);
      if (!ticket) return errorResponse(404, { code: 'not_found', message: 'Nenalezeno.' });
      const body = (await request.json()) as Change;
      const ifMatch = request.headers.get('if-match');
      api.patches.push({ id: ticket.id, ifMatch, body });
      if (ifMatch !== etag(ticket)) return errorResponse(412, { code: 'stale_version', message: STALE });
      if (body.status) ticket.status = body.status;
      if (body.priority) ticket.priority = body.priority;
      if (body.assignee !== undefined) {
        const member = MEMBERS.find((candidate) => candidate.id === body.assignee);
        ticket.assignee = member ? { id: member.id, display_name: member.display_name } : null;
      }
      if (body.visit !== undefined) {
        ticket.visit = body.visit ? { from: body.visit.from, to: body.visit.to, note: body.visit.note ?? null } : null;
      }
      if (body.resolution) ticket.resolution = body.resolution;
      ticket.version += 1;
      return HttpResponse.json(ticket, { headers: { ETag: etag(ticket) } });
    }),
    http.post('*/api/v1/staff/support_tickets/:id/messages/', async ({ params, request }) => {
      const ticket = find(params.id);
      if (!ticket) return errorResponse(404, { code: 'not_found', message: 'Nenalezeno.' });
      const body = (await request.json()) as Message;
      api.messages.push({ id: ticket.id, body, key: request.headers.get('idempotency-key') });
      const created = entry(100 + ticket.timeline.length, {
        author: { id: ME.id, display_name: ME.display_name },
        author_role: 'operator',
        body: body.body,
        visibility: body.visibility,
      });
      ticket.timeline.push(created);
      ticket.version += 1;
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get('*/api/v1/staff/directory/', () =>
      HttpResponse.json(MEMBERS, { headers: { 'X-Total-Count': String(MEMBERS.length) } }),
    ),
    http.get('*/api/v1/staff/buildings/', () =>
      HttpResponse.json(BUILDINGS, { headers: { 'X-Total-Count': String(BUILDINGS.length) } }),
    ),
    http.get('*/api/v1/staff/tenants/', () =>
      HttpResponse.json(TENANTS, { headers: { 'X-Total-Count': String(TENANTS.length) } }),
    ),
  );
  return api;
}

const asStaff = () => createBackend({ session: structuredClone(STAFF) });

describe('staff navigation', { timeout: 60_000 }, () => {
  it('lands a staff member on the overview after login, with the staff menu and no tenant chosen', async () => {
    staffApi([buildTicket(1)]);
    const backend = createBackend({ accounts: [{ email: ME.email, password: 'Heslo123!', session: STAFF }] });
    const view = renderRoute('/prihlaseni', backend);
    await view.user.type(await screen.findByLabelText('E-mail'), ME.email);
    await view.user.type(screen.getByLabelText('Heslo'), 'Heslo123!');
    await view.user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Správa budov' })).toBeInTheDocument();
    expect(view.location()).toBe('/sprava');
    expect(backend.requests.some((request) => request.path === '/api/session/tenant')).toBe(false);
    const menu = await screen.findByRole('navigation', { name: 'Hlavní nabídka' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Přehled',
      'Incidenty',
      'Veřejné požadavky',
      'Odstávky',
      'Vyúčtování',
      'Místnosti',
    ]);
    expect(within(menu).getByRole('link', { name: 'Přehled' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).queryByRole('link', { name: 'Hlášení incidentů' })).not.toBeInTheDocument();
  });

  it('sends a staff member from the tenant pages to the overview', async () => {
    staffApi([]);
    const view = renderRoute('/hlaseni-incidentu', asStaff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Správa budov' })).toBeInTheDocument();
    expect(view.location()).toBe('/sprava');
  });

  it('sends a tenant from a staff page home and a guest to the login with the wanted address', async () => {
    const tenant = renderRoute('/sprava/incidenty?budova=2', createBackend({ session: buildSession() }));
    await waitFor(() => expect(tenant.location()).toBe('/'));
    tenant.unmount();
    const guest = renderRoute('/sprava/incidenty?budova=2', createBackend());
    await waitFor(() =>
      expect(guest.location()).toBe(`/prihlaseni?redirect=${encodeURIComponent('/sprava/incidenty?budova=2')}`),
    );
  });
});

describe('staff overview', { timeout: 60_000 }, () => {
  it('shows the counts as links into the queue, the newest unassigned and mine', async () => {
    const api = staffApi([
      buildTicket(1),
      buildTicket(2, { assignee: { id: ME.id, display_name: ME.display_name }, status: 'in_progress' }),
      buildTicket(3),
    ]);
    renderRoute('/sprava', asStaff());
    const counts = (await screen.findByRole('heading', { name: 'Incidenty podle stavu' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      within(counts)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Otevřeno4', 'Zpracovává se2', 'Vyřešeno1', 'Uzavřeno7', 'Nepřiřazené3', 'Moje1']);
    expect(within(counts).getByRole('link', { name: 'Uzavřeno 7' })).toHaveAttribute(
      'href',
      '/sprava/incidenty?stav=closed',
    );
    expect(within(counts).getByRole('link', { name: 'Nepřiřazené 3' })).toHaveAttribute(
      'href',
      '/sprava/incidenty?stav=open&stav=in_progress&resitel=nikdo',
    );
    const unassigned = screen
      .getByRole('heading', { name: 'Nejnovější nepřiřazené' })
      .closest('section') as HTMLElement;
    expect(
      within(unassigned)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Incident č. 3: Závada 3', 'Incident č. 1: Závada 1', 'Zobrazit všechny (2)']);
    const mine = screen.getByRole('heading', { name: 'Moje rozpracované' }).closest('section') as HTMLElement;
    expect(within(mine).getByRole('link', { name: 'Incident č. 2: Závada 2' })).toHaveAttribute(
      'href',
      '/sprava/incidenty/2',
    );
    expect(api.listQueries.some((query) => query.get('assignee') === 'me')).toBe(true);
  });
});

describe('staff queue', { timeout: 60_000 }, () => {
  it('lists every tenant’s tickets in a dense table with the total, filtered by building in the address', async () => {
    const api = staffApi(Array.from({ length: 30 }, (_, index) => buildTicket(index + 1)));
    const view = renderRoute('/sprava/incidenty', asStaff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Incidenty nájemců' })).toBeInTheDocument();
    expect(screen.getByText('Celkem 30 incidentů')).toBeInTheDocument();
    // One landmark of that name: the table's own scroll region (axe: landmark-unique).
    expect(screen.getAllByRole('region', { name: 'Incidenty odpovídající filtrům' })).toHaveLength(1);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Č.',
      'Předmět',
      'Nájemce',
      'Budova',
      'Stav',
      'Priorita',
      'Řešitel',
      'Vytvořeno ↓',
      'Poslední aktivita',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Strana 1 z 2')).toBeInTheDocument();
    expect(api.listQueries[0]?.get('page_size')).toBe('25');
    expect(api.listQueries[0]?.get('ordering')).toBe('-created_at');

    await view.user.selectOptions(await screen.findByLabelText('Budova'), 'Dům Karlín');
    await view.user.click(screen.getByRole('checkbox', { name: 'Otevřeno' }));
    await view.user.click(screen.getByRole('button', { name: 'Filtrovat' }));
    await waitFor(() => expect(view.location()).toBe('/sprava/incidenty?stav=open&budova=2'));
    expect(await screen.findByText('Celkem 15 incidentů')).toBeInTheDocument();
    const last = api.listQueries.at(-1);
    expect(last?.get('building')).toBe('2');
    expect(last?.getAll('status')).toEqual(['open']);
    for (const row of within(screen.getByRole('table')).getAllByRole('row').slice(1)) {
      expect(row).toHaveTextContent('Dům Karlín');
    }
  });

  it('sorts by a column header, keeping the filters, and says how it is sorted', async () => {
    const api = staffApi([buildTicket(1), buildTicket(2)]);
    const view = renderRoute('/sprava/incidenty?budova=1', asStaff());
    const priority = await screen.findByRole('link', { name: 'Priorita' });
    expect(priority.closest('th')).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('link', { name: 'Vytvořeno, seřazeno sestupně' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await view.user.click(priority);
    await waitFor(() => expect(view.location()).toBe('/sprava/incidenty?budova=1&razeni=-priority'));
    const sorted = await screen.findByRole('link', { name: 'Priorita, seřazeno sestupně' });
    expect(sorted.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(api.listQueries.at(-1)?.get('ordering')).toBe('-priority');
    await view.user.click(sorted);
    await waitFor(() => expect(view.location()).toBe('/sprava/incidenty?budova=1&razeni=priority'));
  });

  it('reads the assignee, tenant and days from the address and refuses a malformed day with a summary', async () => {
    const api = staffApi([buildTicket(1), buildTicket(2)]);
    const view = renderRoute('/sprava/incidenty?resitel=nikdo&najemce=tenant-b&od=2026-11-01', asStaff());
    expect(await screen.findByText('Celkem 1 incident')).toBeInTheDocument();
    expect(api.listQueries[0]?.get('assignee')).toBe('none');
    expect(api.listQueries[0]?.get('tenant')).toBe('tenant-b');
    expect(api.listQueries[0]?.get('created_from')).toBe('2026-11-01');
    expect(screen.getByLabelText('Řešitel')).toHaveValue('nikdo');
    expect(screen.getByLabelText('Vytvořeno od')).toHaveValue('1. 11. 2026');

    const before = api.listQueries.length;
    await view.user.type(screen.getByLabelText('Vytvořeno do'), '31. 11. 2026');
    await view.user.click(screen.getByRole('button', { name: 'Filtrovat' }));
    const summary = await focusedErrorSummary();
    expect(within(summary).getByRole('link', { name: /Zadejte den ve tvaru/ })).toHaveAttribute('href', '#queue-to');
    expect(view.location()).toBe('/sprava/incidenty?resitel=nikdo&najemce=tenant-b&od=2026-11-01');
    expect(api.listQueries.length).toBe(before);
  });
});

const NOTE = entry(2, {
  author: { id: EVA.id, display_name: EVA.display_name },
  author_role: 'operator',
  body: 'Nájemce dluží za minulou opravu.',
  visibility: 'internal',
});
const REPLY = entry(3, {
  author: { id: ME.id, display_name: ME.display_name },
  author_role: 'operator',
  body: 'Technik přijde zítra.',
});
const TENANT_MESSAGE = entry(1, {
  author: { id: 1, display_name: 'Jana Nováková' },
  author_role: 'tenant',
  body: 'Prosím o opravu.',
});

describe('staff ticket detail', { timeout: 60_000 }, () => {
  it('tells internal notes from public replies in words, not only by colour', async () => {
    staffApi([buildTicket(7, { timeline: [TENANT_MESSAGE, NOTE, REPLY] })]);
    renderRoute('/sprava/incidenty/7', asStaff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Závada 7' })).toBeInTheDocument();
    const items = within(screen.getByTestId('staff-timeline')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Zpráva nájemce');
    expect(items[1]).toHaveTextContent('Jen pro správu');
    expect(items[1]).toHaveTextContent('Interní poznámka');
    expect(items[1]).toHaveTextContent('Eva Marková (správa budovy)');
    expect(items[2]).toHaveTextContent('Odpověď nájemci');
    expect(items[2]).not.toHaveTextContent('Interní');
    expect(screen.getByText('Interní poznámky vidí jen správa budovy, nájemce je nikdy neuvidí.')).toBeInTheDocument();
  });

  it('says that an unknown ticket or one of another building does not exist', async () => {
    staffApi([]);
    renderRoute('/sprava/incidenty/999', asStaff());
    expect(
      await screen.findByText('Incident s ID 999 neexistuje nebo patří do budovy, kterou nespravujete.'),
    ).toBeInTheDocument();
  });

  it('sends a message only after a deliberate choice of who reads it, and asks again for the next one', async () => {
    const api = staffApi([buildTicket(7)]);
    const view = renderRoute('/sprava/incidenty/7', asStaff());
    const form = (await screen.findByRole('heading', { name: 'Napsat zprávu' })).closest('section') as HTMLElement;
    const group = within(form).getByRole('group', { name: 'Kdo zprávu uvidí' });
    for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Interní poznámka' })).toHaveAccessibleDescription(
      'Uvidí ji jen správa budovy, nájemce nikdy.',
    );

    await view.user.type(within(form).getByLabelText('Zpráva'), 'Objednali jsme díl.');
    await view.user.click(within(form).getByRole('button', { name: 'Odeslat' }));
    const summary = (await within(form).findByRole('heading', { name: 'Vyskytl se problém' }))
      .parentElement as HTMLElement;
    expect(within(summary).getByRole('link', { name: 'Vyberte, kdo zprávu uvidí' })).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription(/Chyba: Vyberte, kdo zprávu uvidí/);
    expect(api.messages).toEqual([]);

    await view.user.click(within(group).getByRole('radio', { name: /Interní poznámka/ }));
    await view.user.click(within(form).getByRole('button', { name: 'Uložit interní poznámku' }));
    expect(await screen.findByText('Interní poznámka byla uložena.')).toBeInTheDocument();
    expect(api.messages).toHaveLength(1);
    expect(api.messages[0]?.body).toEqual({ body: 'Objednali jsme díl.', visibility: 'internal' });
    expect(api.messages[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(form).getByLabelText('Zpráva')).toHaveValue(''));
    for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
    const timeline = await screen.findByTestId('staff-timeline');
    expect(within(timeline).getByText('Objednali jsme díl.').closest('li')).toHaveTextContent('Jen pro správu');

    await view.user.type(within(form).getByLabelText('Zpráva'), 'Díl dorazí ve středu.');
    await view.user.click(within(group).getByRole('radio', { name: /Odpověď nájemci/ }));
    await view.user.click(within(form).getByRole('button', { name: 'Odeslat odpověď nájemci' }));
    expect(await screen.findByText('Odpověď byla odeslána nájemci.')).toBeInTheDocument();
    expect(api.messages[1]?.body).toEqual({ body: 'Díl dorazí ve středu.', visibility: 'public' });
  });

  it('changes status and assignee with If-Match, offering only allowed transitions', async () => {
    const api = staffApi([buildTicket(7, { status: 'resolved' })]);
    const view = renderRoute('/sprava/incidenty/7', asStaff());
    const status = await screen.findByLabelText('Stav', { selector: 'select' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Vyřešeno (beze změny)', 'Zpracovává se', 'Uzavřeno']);
    const assignee = screen.getByLabelText('Řešitel', { selector: 'select' });
    await waitFor(() => expect(within(assignee).getAllByRole('option')).toHaveLength(3));
    expect(
      within(assignee)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nepřiřazeno', 'Eva Marková', 'Tomáš Dvořák (já)']);

    await view.user.selectOptions(status, 'Uzavřeno');
    await view.user.type(await screen.findByLabelText(/^Řešení/), 'Vyměněn sifon.');
    await view.user.selectOptions(assignee, 'Eva Marková');
    await view.user.click(screen.getByRole('button', { name: 'Uložit změny' }));
    expect(await screen.findByText('Změny byly uloženy.')).toBeInTheDocument();
    expect(api.patches).toEqual([
      { id: 7, ifMatch: 'W/"3"', body: { status: 'closed', assignee: EVA.id, resolution: 'Vyměněn sifon.' } },
    ]);
    expect(await screen.findByText('Incident je uzavřen, nelze jej dále měnit ani do něj psát.')).toBeInTheDocument();
  });

  it('refuses a change made on an old version with the Czech reload message, and reloads on request', async () => {
    const api = staffApi([buildTicket(7)]);
    const view = renderRoute('/sprava/incidenty/7', asStaff());
    const priority = await screen.findByLabelText('Priorita', { selector: 'select' });
    await view.user.selectOptions(priority, 'Kritická');
    // Meanwhile a colleague takes the ticket.
    api.bump(7, { assignee: { id: EVA.id, display_name: EVA.display_name } });
    await view.user.click(screen.getByRole('button', { name: 'Uložit změny' }));

    const notice = await screen.findByRole('alert', { name: 'Incident mezitím změnil někdo jiný' });
    expect(notice).toHaveTextContent(STALE);
    await waitFor(() => expect(notice).toHaveFocus());
    expect(api.patches.at(-1)).toMatchObject({ ifMatch: 'W/"3"', body: { priority: 'critical' } });

    await view.user.click(within(notice).getByRole('button', { name: 'Načíst znovu' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Incident mezitím změnil někdo jiný' })).toBeNull());
    expect(screen.getByLabelText('Řešitel', { selector: 'select' })).toHaveValue(String(EVA.id));
    expect(screen.getByLabelText('Priorita', { selector: 'select' })).toHaveValue('standard');

    await view.user.selectOptions(screen.getByLabelText('Priorita', { selector: 'select' }), 'Kritická');
    await view.user.click(screen.getByRole('button', { name: 'Uložit změny' }));
    expect(await screen.findByText('Změny byly uloženy.')).toBeInTheDocument();
    expect(api.patches.at(-1)).toEqual({ id: 7, ifMatch: 'W/"4"', body: { priority: 'critical' } });
  });

  it('sets the visit window in Prague time and clears it', async () => {
    const api = staffApi([buildTicket(7)]);
    const view = renderRoute('/sprava/incidenty/7', asStaff());
    const form = (await screen.findByRole('heading', { name: 'Návštěva technika', level: 2 })).closest(
      'section',
    ) as HTMLElement;
    await view.user.type(within(form).getByLabelText('Den začátku'), '24. 11. 2099');
    await view.user.type(within(form).getByLabelText('Čas začátku'), '9:00');
    await view.user.type(within(form).getByLabelText('Den konce'), '24. 11. 2099');
    await view.user.type(within(form).getByLabelText('Čas konce'), '8:00');
    await view.user.click(within(form).getByRole('button', { name: 'Uložit termín' }));
    expect(await within(form).findByRole('link', { name: 'Konec musí být až po začátku' })).toHaveAttribute(
      'href',
      '#staff-visit-to-time',
    );
    expect(api.patches).toEqual([]);

    await view.user.clear(within(form).getByLabelText('Čas konce'));
    await view.user.type(within(form).getByLabelText('Čas konce'), '12:30');
    await view.user.type(within(form).getByLabelText(/^Poznámka pro nájemce/), 'Zajistěte přístup ke stoupačkám.');
    await view.user.click(within(form).getByRole('button', { name: 'Uložit termín' }));
    expect(await screen.findByText('Termín návštěvy byl uložen.')).toBeInTheDocument();
    expect(api.patches[0]).toEqual({
      id: 7,
      ifMatch: 'W/"3"',
      body: {
        visit: {
          from: '2099-11-24T08:00:00.000Z',
          to: '2099-11-24T11:30:00.000Z',
          note: 'Zajistěte přístup ke stoupačkám.',
        },
      },
    });
    expect(await within(form).findByText('Naplánováno: 24. 11. 2099 9:00–12:30')).toBeInTheDocument();

    await view.user.click(within(form).getByRole('button', { name: 'Zrušit návštěvu' }));
    expect(await screen.findByText('Návštěva technika byla zrušena.')).toBeInTheDocument();
    expect(api.patches[1]).toEqual({ id: 7, ifMatch: 'W/"4"', body: { visit: null } });
  });

  it("keeps unsaved changes valid across this page's own saves, not across a colleague's", async () => {
    const api = staffApi([buildTicket(7)]);
    const view = renderRoute('/sprava/incidenty/7', asStaff());
    const priority = await screen.findByLabelText('Priorita', { selector: 'select' });
    await view.user.selectOptions(priority, 'Vysoká');

    // The visit window is saved first, then a note: both raise the version.
    const visit = screen
      .getByRole('heading', { name: 'Návštěva technika', level: 2 })
      .closest('section') as HTMLElement;
    await view.user.type(within(visit).getByLabelText('Den začátku'), '24. 11. 2099');
    await view.user.type(within(visit).getByLabelText('Čas začátku'), '9:00');
    await view.user.type(within(visit).getByLabelText('Den konce'), '24. 11. 2099');
    await view.user.type(within(visit).getByLabelText('Čas konce'), '10:00');
    await view.user.click(within(visit).getByRole('button', { name: 'Uložit termín' }));
    expect(await screen.findByText('Termín návštěvy byl uložen.')).toBeInTheDocument();
    const message = screen.getByRole('heading', { name: 'Napsat zprávu' }).closest('section') as HTMLElement;
    await view.user.click(within(message).getByRole('radio', { name: /Interní poznámka/ }));
    await view.user.type(within(message).getByLabelText('Zpráva'), 'Poznámka.');
    await view.user.click(within(message).getByRole('button', { name: 'Uložit interní poznámku' }));
    expect(await screen.findByText('Interní poznámka byla uložena.')).toBeInTheDocument();
    await waitFor(() => expect(within(message).getByLabelText('Zpráva')).toHaveValue(''));

    // The priority chosen before is still there and goes with the newest version.
    expect(screen.getByLabelText('Priorita', { selector: 'select' })).toHaveValue('high');
    await view.user.click(screen.getByRole('button', { name: 'Uložit změny' }));
    expect(await screen.findByText('Změny byly uloženy.')).toBeInTheDocument();
    expect(api.patches.at(-1)).toEqual({ id: 7, ifMatch: 'W/"5"', body: { priority: 'high' } });
    expect(screen.queryByRole('alert', { name: 'Incident mezitím změnil někdo jiný' })).toBeNull();
  });
});
