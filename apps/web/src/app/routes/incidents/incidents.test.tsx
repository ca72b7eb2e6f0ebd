import type { components } from '@portal/sdk/schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Typing whole forms with user-event is slow on a busy machine; the default 5 s is too tight.
import { stubModalDialogs } from '#src/testing/browser-stubs.ts';
import { buildProfile, buildSession, TENANT_A, TENANT_B } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { renderRoute } from '#src/testing/render-route.tsx';
import { storedUploads, uploadedNames } from '#src/testing/uploads.ts';

type Ticket = components['schemas']['SupportTicketDetail'];

function buildTicket(id: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id,
    subject: `Závada ${id}`,
    building: { id: 1, name: 'Dům Florenc' },
    priority: 'standard',
    status: 'open',
    contact_phone: null,
    created_at: new Date(Date.UTC(2026, 10, 1, 9) + id * 3_600_000).toISOString(),
    updated_at: '2026-11-20T09:00:00Z',
    resolution: null,
    assignee: null,
    visit: null,
    description: 'Popis',
    reporter: { id: 1, display_name: 'Jana Nováková' },
    timeline: [],
    attachments: [],
    rating: null,
    can_rate: false,
    ...overrides,
  };
}

interface IncidentApi {
  tickets: Ticket[];
  listQueries: URLSearchParams[];
  creates: { body: unknown; key: string | null }[];
  createFailure: { status: number; body: unknown } | null;
  /** Ticket ids with news for the user; a `seen` POST removes one. */
  news: Set<number>;
  seen: number[];
  answers: { id: number; action: string; body: unknown }[];
}

function incidentApi(tickets: Ticket[] = []): IncidentApi {
  const api: IncidentApi = {
    tickets,
    listQueries: [],
    creates: [],
    createFailure: null,
    news: new Set(),
    seen: [],
    answers: [],
  };
  server.use(
    http.post('*/api/v1/support_tickets/:id/seen/', ({ params }) => {
      api.seen.push(Number(params.id));
      api.news.delete(Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/v1/support_tickets/:id/:action/', async ({ params, request }) => {
      const id = Number(params.id);
      const action = String(params.action);
      const body = request.headers.get('content-type')?.includes('json') ? await request.json() : null;
      api.answers.push({ id, action, body });
      const index = api.tickets.findIndex((candidate) => candidate.id === id);
      const ticket = api.tickets[index] as Ticket;
      const next: Ticket =
        action === 'confirm'
          ? { ...ticket, status: 'closed', can_rate: true, updated_at: '2026-11-21T09:00:00Z' }
          : action === 'close'
            ? {
                ...ticket,
                status: 'closed',
                resolution: (body as { resolution: string }).resolution,
                updated_at: '2026-11-21T09:00:00Z',
              }
            : action === 'reopen'
              ? { ...ticket, status: 'open', updated_at: '2026-11-21T09:00:00Z' }
              : {
                  ...ticket,
                  can_rate: false,
                  rating: { satisfied: true, comment: null, rated_at: '2026-11-21T09:05:00Z' },
                  updated_at: '2026-11-21T09:05:00Z',
                };
      api.tickets[index] = next;
      return HttpResponse.json(next);
    }),
    http.get('*/api/v1/support_tickets/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      api.listQueries.push(query);
      const statuses = query.getAll('status');
      const priorities = query.getAll('priority');
      const search = query.get('search')?.toLowerCase() ?? '';
      const matching = api.tickets
        .filter((ticket) => ticket.subject.toLowerCase().includes(search))
        .filter((ticket) => statuses.length === 0 || statuses.includes(ticket.status))
        .filter((ticket) => priorities.length === 0 || priorities.includes(ticket.priority))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const size = Number(query.get('page_size') ?? 20);
      const page = Number(query.get('page') ?? 1);
      const items = matching.slice((page - 1) * size, page * size).map((ticket) => ({
        ...ticket,
        has_news: api.news.has(ticket.id),
      }));
      return HttpResponse.json(items, {
        headers: { 'X-Total-Count': String(matching.length) },
      });
    }),
    http.get('*/api/v1/support_tickets/:id/', ({ params }) => {
      const ticket = api.tickets.find((candidate) => candidate.id === Number(params.id));
      if (!ticket) return HttpResponse.json({ code: 'not_found', message: 'Nenalezeno.' }, { status: 404 });
      return HttpResponse.json(ticket);
    }),
    http.get('*/api/v1/maintenance_events/', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get('*/api/v1/buildings/', () =>
      HttpResponse.json(
        [{ id: 1, name: 'Dům Florenc', street: 'Na Florenci 1', city: 'Praha 1', postal_code: '110 00' }],
        {
          headers: { 'X-Total-Count': '1' },
        },
      ),
    ),
    http.post('*/api/v1/support_tickets/', async ({ request }) => {
      const body = await request.json();
      api.creates.push({ body, key: request.headers.get('idempotency-key') });
      if (api.createFailure)
        return HttpResponse.json(api.createFailure.body as object, { status: api.createFailure.status });
      const ticket = buildTicket(99, body as Partial<Ticket>);
      api.tickets.push(ticket);
      return HttpResponse.json(ticket, { status: 201 });
    }),
  );
  return api;
}

const loggedIn = (overrides = {}) => createBackend({ session: buildSession(overrides) });

beforeEach(() => window.sessionStorage.clear());
afterEach(() => window.sessionStorage.clear());

describe('incident list', { timeout: 30_000 }, () => {
  it('lists the newest first with Czech labels and the total from X-Total-Count', async () => {
    const api = incidentApi([
      buildTicket(1, { status: 'in_progress', priority: 'high' }),
      buildTicket(2, { status: 'closed', priority: 'low' }),
    ]);
    renderRoute('/hlaseni-incidentu', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hlášení incidentů' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /^Závada/ });
    expect(links.map((link) => link.textContent)).toEqual(['Závada 2', 'Závada 1']);
    expect(links[0]).toHaveAttribute('href', '/hlaseni-incidentu/2');
    expect(screen.getByText('Celkem 2 incidenty')).toBeInTheDocument();
    const first = links[0]?.closest('li') as HTMLElement;
    const second = links[1]?.closest('li') as HTMLElement;
    expect(within(first).getByText('Uzavřeno')).toBeInTheDocument();
    expect(within(first).getByText('Malá')).toBeInTheDocument();
    expect(within(second).getByText('Zpracovává se')).toBeInTheDocument();
    expect(within(second).getByText('Vysoká')).toBeInTheDocument();
    expect(api.listQueries[0]?.get('ordering')).toBe('-created_at');
    expect(api.listQueries[0]?.get('page')).toBe('1');
  });

  it('pages with the total and filters by status and priority', async () => {
    const tickets = Array.from({ length: 12 }, (_, index) =>
      buildTicket(index + 1, { priority: index % 2 ? 'high' : 'low' }),
    );
    const api = incidentApi(tickets);
    const view = renderRoute('/hlaseni-incidentu', loggedIn());
    expect(await screen.findByText('Strana 1 z 2')).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Další stránka' }));
    expect(await screen.findByText('Strana 2 z 2')).toBeInTheDocument();
    expect(view.location()).toBe('/hlaseni-incidentu?strana=2');

    await view.user.selectOptions(screen.getByLabelText('Priorita'), 'Vysoká');
    await view.user.selectOptions(screen.getByLabelText('Stav'), 'Otevřeno');
    await view.user.click(screen.getByRole('button', { name: 'Filtrovat' }));
    await waitFor(() => expect(view.location()).toBe('/hlaseni-incidentu?stav=open&priorita=high'));
    expect(await screen.findByText('Celkem 6 incidentů')).toBeInTheDocument();
    const last = api.listQueries.at(-1);
    expect(last?.getAll('status')).toEqual(['open']);
    expect(last?.getAll('priority')).toEqual(['high']);
  });

  it('searches after a pause in typing, sorts, and keeps both in the URL', async () => {
    const api = incidentApi([
      buildTicket(1, { subject: 'Kape voda ze stropu' }),
      buildTicket(2, { subject: 'Nesvítí světlo' }),
    ]);
    const view = renderRoute('/hlaseni-incidentu', loggedIn());
    expect(await screen.findByText('Celkem 2 incidenty')).toBeInTheDocument();
    const first = screen.getByRole('link', { name: 'Nesvítí světlo' }).closest('li') as HTMLElement;
    expect(within(first).getByText(/^č\.\s2$/)).toBeInTheDocument();
    expect(within(first).getByText('Poslední změna', { exact: false })).toBeInTheDocument();

    await view.user.type(screen.getByRole('searchbox', { name: 'Hledat' }), 'voda');
    await waitFor(() => expect(view.location()).toBe('/hlaseni-incidentu?hledat=voda'));
    // One request for the whole word, not one per letter.
    expect(api.listQueries.filter((query) => query.has('search')).map((query) => query.get('search'))).toEqual([
      'voda',
    ]);
    await view.user.selectOptions(screen.getByLabelText('Řadit'), 'Podle poslední změny');
    await waitFor(() => expect(view.location()).toBe('/hlaseni-incidentu?hledat=voda&razeni=-updated_at'));
    expect(api.listQueries.at(-1)?.get('ordering')).toBe('-updated_at');
    expect(screen.getByRole('searchbox', { name: 'Hledat' })).toHaveValue('voda');
  });

  it('reads search and ordering from the URL', async () => {
    const api = incidentApi([buildTicket(1)]);
    renderRoute('/hlaseni-incidentu?hledat=kape&razeni=-priority', loggedIn());
    expect(await screen.findByRole('searchbox', { name: 'Hledat' })).toHaveValue('kape');
    expect(screen.getByLabelText('Řadit')).toHaveValue('-priority');
    await waitFor(() => expect(api.listQueries.at(-1)?.get('search')).toBe('kape'));
    expect(api.listQueries.at(-1)?.get('ordering')).toBe('-priority');
  });

  it('shows the empty state of docs/product.md §2', async () => {
    incidentApi([]);
    renderRoute('/hlaseni-incidentu', loggedIn());
    expect(await screen.findByText('Zatím jste nenahlásili žádný incident.')).toBeInTheDocument();
  });

  it('shows the menu entry only while the feature is on', async () => {
    incidentApi([]);
    renderRoute('/', loggedIn());
    const menu = await screen.findByRole('navigation', { name: 'Hlavní nabídka' });
    expect(within(menu).getByRole('link', { name: 'Hlášení incidentů' })).toHaveAttribute('href', '/hlaseni-incidentu');
  });
});

describe('incident news', { timeout: 30_000 }, () => {
  it('marks incidents with news, counts them by the menu entry and clears a mark when the detail is shown', async () => {
    const api = incidentApi([buildTicket(1), buildTicket(2), buildTicket(3)]);
    api.news = new Set([1, 3]);
    const backend = loggedIn();
    backend.incidentNews = () => api.news.size;
    const view = renderRoute('/hlaseni-incidentu', backend);
    expect(await screen.findByRole('link', { name: 'Hlášení incidentů, 2 s novinkami' })).toBeInTheDocument();
    const item = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;
    await waitFor(() => expect(within(item('Závada 1')).getByText('Novinka')).toBeInTheDocument());
    expect(within(item('Závada 2')).queryByText('Novinka')).not.toBeInTheDocument();
    expect(within(item('Závada 3')).getByText('Novinka')).toBeInTheDocument();

    await view.user.click(screen.getByRole('link', { name: 'Závada 3' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Závada 3' })).toBeInTheDocument();
    await waitFor(() => expect(api.seen).toEqual([3]));
    expect(await screen.findByRole('link', { name: 'Hlášení incidentů, 1 s novinkou' })).toBeInTheDocument();
  });
});

describe('the tenant answers a resolved incident', { timeout: 30_000 }, () => {
  it('asks „Je závada odstraněna?“, confirms and rates', async () => {
    const api = incidentApi([buildTicket(1, { status: 'resolved', resolution: 'Vyměněn jistič.' })]);
    const view = renderRoute('/hlaseni-incidentu/1', loggedIn());
    expect(await screen.findByRole('heading', { level: 2, name: 'Je závada odstraněna?' })).toBeInTheDocument();
    // While the question stands, the general close form is not offered.
    expect(screen.queryByRole('heading', { level: 2, name: 'Uzavřít incident' })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Ano, závada je odstraněna' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ohodnoťte řešení' })).toBeInTheDocument();
    expect(api.answers).toEqual([{ id: 1, action: 'confirm', body: null }]);

    await view.user.click(screen.getByRole('button', { name: 'Odeslat hodnocení' }));
    expect(await screen.findByText('Vyberte, zda jste s řešením spokojeni')).toBeInTheDocument();
    await view.user.click(screen.getByRole('radio', { name: 'Ano' }));
    await view.user.type(screen.getByLabelText('Komentář (nepovinné)'), 'Rychlé a čisté.');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat hodnocení' }));
    expect(await screen.findByText('S řešením jste byli spokojeni.')).toBeInTheDocument();
    expect(api.answers[1]).toEqual({ id: 1, action: 'rating', body: { satisfied: true, comment: 'Rychlé a čisté.' } });
  });

  it('reopens with the reason, which is required', async () => {
    const api = incidentApi([buildTicket(1, { status: 'resolved' })]);
    const view = renderRoute('/hlaseni-incidentu/1', loggedIn());
    await screen.findByRole('heading', { level: 2, name: 'Je závada odstraněna?' });
    await view.user.click(screen.getByRole('button', { name: 'Znovu otevřít incident' }));
    expect(await screen.findByText('Napište, co stále nefunguje')).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Co stále nefunguje?'), 'Pořád kape.');
    await view.user.click(screen.getByRole('button', { name: 'Znovu otevřít incident' }));
    await waitFor(() => expect(api.answers).toEqual([{ id: 1, action: 'reopen', body: { reason: 'Pořád kape.' } }]));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Je závada odstraněna?' })).not.toBeInTheDocument(),
    );
  });
});

describe('closing an incident', { timeout: 30_000 }, () => {
  beforeAll(stubModalDialogs);

  it('asks first, says it is final and that the staff are at work; keeps the text on „no“', async () => {
    const api = incidentApi([buildTicket(1, { status: 'in_progress' })]);
    const view = renderRoute('/hlaseni-incidentu/1', loggedIn());
    await view.user.type(await screen.findByRole('textbox', { name: 'Řešení' }), 'Vyřešeno svépomocí.');
    await view.user.click(screen.getByRole('button', { name: 'Uzavřít incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uzavřít incident?' });
    expect(dialog).toHaveAccessibleDescription(
      'Správa budovy na incidentu právě pracuje. Uzavřený incident už nepůjde znovu otevřít ani doplnit. Pokud problém trvá, nechte ho otevřený.',
    );
    // The safe choice has the focus; it sends nothing and keeps what was typed.
    expect(within(dialog).getByRole('button', { name: 'Ponechat otevřený' })).toHaveFocus();
    await view.user.click(within(dialog).getByRole('button', { name: 'Ponechat otevřený' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.answers).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Řešení' })).toHaveValue('Vyřešeno svépomocí.');

    await view.user.click(screen.getByRole('button', { name: 'Uzavřít incident' }));
    await view.user.click(await screen.findByRole('button', { name: 'Ano, uzavřít' }));
    await waitFor(() =>
      expect(api.answers).toEqual([{ id: 1, action: 'close', body: { resolution: 'Vyřešeno svépomocí.' } }]),
    );
    expect(await screen.findByText('Incident je uzavřen, nelze jej dále měnit.')).toBeInTheDocument();
  });

  it('does not mention the staff at work on an open incident', async () => {
    incidentApi([buildTicket(1, { status: 'open' })]);
    const view = renderRoute('/hlaseni-incidentu/1', loggedIn());
    await view.user.type(await screen.findByRole('textbox', { name: 'Řešení' }), 'Už to funguje.');
    await view.user.click(screen.getByRole('button', { name: 'Uzavřít incident' }));
    expect(await screen.findByRole('dialog', { name: 'Uzavřít incident?' })).toHaveAccessibleDescription(
      'Uzavřený incident už nepůjde znovu otevřít ani doplnit. Pokud problém trvá, nechte ho otevřený.',
    );
  });
});

describe('new incident form', { timeout: 30_000 }, () => {
  it('validates on submit with an error summary and sends nothing', async () => {
    const api = incidentApi();
    const view = renderRoute('/hlaseni-incidentu/novy', loggedIn());
    await view.user.type(await screen.findByLabelText(/^Kontaktní telefon/), '12ab');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat hlášení' }));
    const summary = (await screen.findByRole('heading', { name: 'Vyskytl se problém' })).parentElement as HTMLElement;
    await waitFor(() => expect(summary).toHaveFocus());
    // The tenant's only building is chosen already.
    expect(screen.getByLabelText('Budova')).toHaveValue('1');
    for (const message of [
      'Zadejte předmět',
      'Zadejte popis',
      'Zadejte telefon ve správném tvaru, například +420 601 234 567',
    ]) {
      expect(within(summary).getByRole('link', { name: message })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Předmět')).toHaveAccessibleDescription('Chyba: Zadejte předmět');
    expect(screen.getByLabelText(/^Kontaktní telefon/)).toHaveAccessibleDescription(
      'Nepovinné - použije se váš registrovaný kontakt, pokud nevyplníte Chyba: Zadejte telefon ve správném tvaru, například +420 601 234 567',
    );
    expect(api.creates).toEqual([]);
  });

  it('creates with a new Idempotency-Key for changed input and keeps the input after a failure', async () => {
    const api = incidentApi();
    api.createFailure = {
      status: 400,
      body: {
        code: 'validation_error',
        message: 'Zkontrolujte údaje.',
        fields: { subject: 'Předmět je příliš krátký.' },
      },
    };
    const view = renderRoute('/hlaseni-incidentu/novy', loggedIn());
    await view.user.type(await screen.findByLabelText('Předmět'), 'Ab');
    await view.user.selectOptions(screen.getByLabelText('Budova'), '1');
    await view.user.selectOptions(screen.getByLabelText('Priorita'), 'Kritická');
    await view.user.type(screen.getByLabelText('Popis'), 'Teče voda{Enter}pod dřezem');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat hlášení' }));
    expect(await screen.findByRole('link', { name: 'Předmět je příliš krátký.' })).toBeInTheDocument();
    expect(screen.getByLabelText('Předmět')).toHaveValue('Ab');
    expect(screen.getByLabelText('Popis')).toHaveValue('Teče voda\npod dřezem');

    api.createFailure = null;
    await view.user.type(screen.getByLabelText('Předmět'), 'c');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat hlášení' }));
    expect(await screen.findByText('Incident byl úspěšně vytvořen.')).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/hlaseni-incidentu/99'));
    expect(api.creates).toHaveLength(2);
    expect(api.creates[1]?.body).toEqual({
      subject: 'Abc',
      building: 1,
      priority: 'critical',
      description: 'Teče voda\npod dřezem',
    });
    expect(api.creates[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.creates[1]?.key).not.toBe(api.creates[0]?.key);
    // The draft is gone once the incident exists.
    expect(Object.keys(window.sessionStorage)).toEqual([]);
  });

  it('sends the same report again with the same Idempotency-Key, a changed one and the next with a new key', async () => {
    const api = incidentApi();
    // The answer is lost on the way (the BFF gave up on a slow upstream): the ticket may exist.
    api.createFailure = {
      status: 504,
      body: { code: 'upstream_timeout', message: 'Služba neodpověděla včas. Zkuste to prosím znovu.' },
    };
    const view = renderRoute('/hlaseni-incidentu/novy', loggedIn());
    await view.user.type(await screen.findByLabelText('Předmět'), 'Nefunguje výtah');
    await view.user.selectOptions(screen.getByLabelText('Budova'), '1');
    await view.user.type(screen.getByLabelText('Popis'), 'Stojí ve 2. patře');
    const send = () => view.user.click(screen.getByRole('button', { name: 'Odeslat hlášení' }));
    await send();
    await waitFor(() => expect(api.creates).toHaveLength(1));
    await send();
    await waitFor(() => expect(api.creates).toHaveLength(2));
    expect(api.creates[1]?.key).toBe(api.creates[0]?.key);

    await view.user.type(screen.getByLabelText('Popis'), ', dveře zavřené');
    api.createFailure = null;
    await send();
    expect(await screen.findByText('Incident byl úspěšně vytvořen.')).toBeInTheDocument();
    expect(api.creates).toHaveLength(3);
    expect(api.creates[2]?.key).not.toBe(api.creates[0]?.key);
  });

  async function fillIncident(view: ReturnType<typeof renderRoute>) {
    await view.user.type(await screen.findByLabelText('Předmět'), 'Nefunguje topení');
    await view.user.type(screen.getByLabelText('Popis'), 'Radiátor v kuchyni je studený');
  }

  it('refuses a file of a type the server refuses before anything is created, naming the file', async () => {
    const api = incidentApi();
    const view = renderRoute('/hlaseni-incidentu/novy', loggedIn());
    await fillIncident(view);
    const input = screen.getByLabelText(/^Přílohy/);
    expect(input).toHaveAttribute('accept', expect.stringContaining('.pdf'));
    // Past the picker's filter, as „Všechny soubory“ in a file dialog allows.
    fireEvent.change(input, {
      target: {
        files: [
          new File(['jpeg'], 'foto.jpg', { type: 'image/jpeg' }),
          new File(['MZ'], 'program.exe', { type: 'application/x-msdownload' }),
        ],
      },
    });
    await view.user.click(screen.getByRole('button', { name: 'Odeslat hlášení' }));
    const message = /Soubor „program.exe“ nelze přiložit: povolené jsou fotografie/;
    expect(await screen.findByRole('link', { name: message })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Přílohy/)).toHaveAccessibleDescription(message);
    expect(api.creates).toEqual([]);
  });

  it('after a refused upload keeps the form and uploads the retry to the incident already created', async () => {
    const api = incidentApi();
    const uploads: { id: number; names: string[] }[] = [];
    let refuse = true;
    server.use(
      http.post('*/api/v1/support_tickets/:id/attachments/', async ({ params, request }) => {
        const names = await uploadedNames(request);
        uploads.push({ id: Number(params.id), names });
        if (refuse) {
          const reason = `Soubor „${names[0]}“ nemá obsah, jaký slibuje jeho přípona.`;
          return HttpResponse.json(
            { code: 'validation_error', message: 'Zkontrolujte prosím zadané údaje.', fields: { files: reason } },
            { status: 400 },
          );
        }
        return HttpResponse.json(storedUploads(names, '2026-11-20T08:00:00Z'), { status: 201 });
      }),
    );
    const view = renderRoute('/hlaseni-incidentu/novy', loggedIn());
    await fillIncident(view);
    await view.user.upload(screen.getByLabelText(/^Přílohy/), new File(['<html>'], 'foto.jpg', { type: 'image/jpeg' }));
    await view.user.click(screen.getByRole('button', { name: 'Odeslat hlášení' }));

    // The server's reason, naming the file, at the field; the form stays with the incident's number.
    expect(
      await screen.findByRole('link', { name: 'Soubor „foto.jpg“ nemá obsah, jaký slibuje jeho přípona.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Incident č. 99 je založen, ale přílohy se nepodařilo nahrát');
    expect(view.location()).toBe('/hlaseni-incidentu/novy');
    expect(api.creates).toHaveLength(1);

    refuse = false;
    await view.user.upload(screen.getByLabelText(/^Přílohy/), new File(['jpeg'], 'oprava.jpg', { type: 'image/jpeg' }));
    await view.user.click(screen.getByRole('button', { name: 'Nahrát přílohy k incidentu č. 99' }));
    await waitFor(() => expect(view.location()).toBe('/hlaseni-incidentu/99'));
    expect(api.creates).toHaveLength(1);
    expect(uploads).toEqual([
      { id: 99, names: ['foto.jpg'] },
      { id: 99, names: ['oprava.jpg'] },
    ]);
  });

  it('restores the draft of the same user and tenant, and only theirs', async () => {
    incidentApi();
    const first = renderRoute('/hlaseni-incidentu/novy', loggedIn());
    await first.user.type(await screen.findByLabelText('Předmět'), 'Nefunguje výtah');
    await first.user.type(screen.getByLabelText('Popis'), 'Stojí ve 2. patře');
    first.unmount();

    // Another user in the same tab does not see it.
    const other = renderRoute(
      '/hlaseni-incidentu/novy',
      loggedIn({ user: buildProfile({ id: 2, email: 'petr@example.cz' }) }),
    );
    expect(await screen.findByLabelText('Předmět')).toHaveValue('');
    other.unmount();

    // The same user and tenant, e.g. after logging in again.
    renderRoute('/hlaseni-incidentu/novy', loggedIn({ selectedTenantId: TENANT_A.id }));
    expect(await screen.findByLabelText('Předmět')).toHaveValue('Nefunguje výtah');
    expect(screen.getByLabelText('Popis')).toHaveValue('Stojí ve 2. patře');
    expect(screen.getByText('Obnovili jsme rozepsané hlášení.')).toBeInTheDocument();
  });
});

describe('incident detail', { timeout: 30_000 }, () => {
  beforeAll(stubModalDialogs);

  it('says an unknown or foreign id is not available, in the words of docs/product.md §8', async () => {
    incidentApi([buildTicket(1)]);
    renderRoute('/hlaseni-incidentu/12345', loggedIn());
    expect(await screen.findByText('Incident s ID 12345 neexistuje nebo k němu nemáte přístup.')).toBeInTheDocument();
  });

  it('offers to switch to the user’s other tenant that owns the incident, and then shows it', async () => {
    const backend = loggedIn();
    const asked: (string | null)[] = [];
    incidentApi([]);
    server.use(
      http.get('*/api/v1/support_tickets/:id/', ({ params, request }) => {
        const explicit = request.headers.get('x-tenant-id');
        asked.push(explicit);
        const tenant = explicit ?? backend.session?.selectedTenantId;
        if (Number(params.id) !== 5 || tenant !== TENANT_B.id) {
          return HttpResponse.json({ code: 'not_found', message: 'Nenalezeno.' }, { status: 404 });
        }
        return HttpResponse.json(buildTicket(5, { subject: 'Nefunguje klimatizace' }));
      }),
    );
    const view = renderRoute('/hlaseni-incidentu/5', backend);
    expect(await screen.findByText('Tento incident patří nájemci Beta Kanceláře a.s.')).toBeInTheDocument();
    expect(screen.queryByText(/nemáte přístup/)).not.toBeInTheDocument();
    // Asked only as the user's other tenant.
    expect(asked).toContain(TENANT_B.id);
    expect(asked.filter((tenant) => tenant !== null && tenant !== TENANT_B.id)).toEqual([]);

    await view.user.click(screen.getByRole('button', { name: 'Přepnout na Beta Kanceláře a.s.' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Nefunguje klimatizace/ })).toBeInTheDocument();
    expect(backend.session?.selectedTenantId).toBe(TENANT_B.id);
    expect(view.location()).toBe('/hlaseni-incidentu/5');
  });

  it('says not found when none of the user’s tenants owns the incident', async () => {
    incidentApi([]);
    renderRoute('/hlaseni-incidentu/6', loggedIn());
    expect(await screen.findByText('Incident s ID 6 neexistuje nebo k němu nemáte přístup.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Přepnout na/ })).not.toBeInTheDocument();
  });

  it('shows the facts and the timeline of all four entry types in Czech', async () => {
    incidentApi([
      buildTicket(1, {
        contact_phone: '+420601111222',
        timeline: [
          {
            id: 1,
            type: 'comment',
            created_at: '2026-11-11T10:00:00Z',
            author: { id: 1, display_name: 'Jana Nováková' },
            author_role: 'tenant',
            body: 'Prosím o opravu',
            from_value: null,
            to_value: null,
          },
          {
            id: 2,
            type: 'status_change',
            created_at: '2026-11-11T11:00:00Z',
            author: null,
            author_role: 'system',
            body: null,
            from_value: 'open',
            to_value: 'in_progress',
          },
          {
            id: 3,
            type: 'priority_change',
            created_at: '2026-11-11T12:00:00Z',
            author: null,
            author_role: 'system',
            body: null,
            from_value: 'standard',
            to_value: 'high',
          },
          {
            id: 4,
            type: 'assignment',
            created_at: '2026-11-11T13:00:00Z',
            author: null,
            author_role: 'system',
            body: null,
            from_value: null,
            to_value: 'Tomáš Dvořák',
          },
        ],
      }),
    ]);
    renderRoute('/hlaseni-incidentu/1', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Závada 1' })).toBeInTheDocument();
    expect(screen.getByText('Prosím o opravu')).toBeInTheDocument();
    expect(screen.getByText('Změna stavu: Otevřeno → Zpracovává se')).toBeInTheDocument();
    expect(screen.getByText('Změna priority: Normální → Vysoká')).toBeInTheDocument();
    expect(screen.getByText('Přiřazeno: Tomáš Dvořák')).toBeInTheDocument();
    expect(screen.getByText('+420 601 111 222')).toBeInTheDocument();
  });

  it('shows images as thumbnails that open a viewer with their large preview; other files stay links', async () => {
    const attachment = (id: number, file_name: string, content_type: string) => ({
      id,
      file_name,
      content_type,
      size: 2048,
      created_at: '2026-11-20T09:00:00Z',
      download_url: `/api/v1/support_tickets/1/attachments/${id}/`,
    });
    incidentApi([
      buildTicket(1, {
        attachments: [
          attachment(3, 'chodba.jpg', 'image/jpeg'),
          attachment(4, 'protokol.pdf', 'application/pdf'),
          attachment(5, 'strop.png', 'image/png'),
        ],
      }),
    ]);
    const previews: { path: string; size: string | null; csrf: string | null }[] = [];
    const originals: string[] = [];
    server.use(
      http.get('*/api/v1/support_tickets/:id/attachments/:attachmentId/preview/', ({ request }) => {
        const url = new URL(request.url);
        previews.push({ path: url.pathname, size: url.searchParams.get('size'), csrf: request.headers.get('x-csrf') });
        return new HttpResponse('RIFF....WEBP', {
          headers: { 'Content-Type': 'image/webp', 'Content-Disposition': 'inline; filename="nahled.webp"' },
        });
      }),
      http.get('*/api/v1/support_tickets/:id/attachments/:attachmentId/', ({ request }) => {
        originals.push(new URL(request.url).pathname);
        return new HttpResponse('JPEG', {
          headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="x"' },
        });
      }),
    );
    let made = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${(made += 1)}`);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const view = renderRoute('/hlaseni-incidentu/1', loggedIn());
    const section = (await screen.findByRole('heading', { level: 2, name: 'Přílohy' })).closest(
      'section',
    ) as HTMLElement;

    // Thumbnails of the two images (their small previews, through the SDK), none of the PDF.
    const thumbnail = within(section).getByRole('button', { name: 'Zobrazit obrázek chodba.jpg' });
    await waitFor(() =>
      expect(within(thumbnail).getByRole('img', { name: 'chodba.jpg' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    );
    expect(within(section).getByRole('button', { name: 'Zobrazit obrázek strop.png' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /protokol/ })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Stáhnout protokol.pdf' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Stáhnout chodba.jpg' })).toBeInTheDocument();
    await waitFor(() => expect(previews).toHaveLength(2));
    expect(previews).toEqual([
      { path: '/api/v1/support_tickets/1/attachments/3/preview/', size: 'small', csrf: '1' },
      { path: '/api/v1/support_tickets/1/attachments/5/preview/', size: 'small', csrf: '1' },
    ]);

    // The viewer: the large preview with the file name as title and alt text, focus on „Zavřít“.
    await view.user.click(thumbnail);
    const viewer = await screen.findByRole('dialog', { name: 'chodba.jpg' });
    expect(within(viewer).getByRole('button', { name: 'Zavřít' })).toHaveFocus();
    expect(within(viewer).getByText('Obrázek 1 z 2')).toBeInTheDocument();
    expect(await within(viewer).findByRole('img', { name: 'chodba.jpg' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(previews.at(-1)).toMatchObject({ path: '/api/v1/support_tickets/1/attachments/3/preview/', size: 'large' });

    // Arrows move between the images (and around); the buttons do the same.
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'strop.png' })).toBeInTheDocument();
    expect(within(viewer).getByText('Obrázek 2 z 2')).toBeInTheDocument();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'chodba.jpg' })).toBeInTheDocument();
    await view.user.click(within(viewer).getByRole('button', { name: 'Předchozí obrázek' }));
    expect(await screen.findByRole('dialog', { name: 'strop.png' })).toBeInTheDocument();

    // The original through the same download as the list; Escape (the dialog's cancel) closes.
    await view.user.click(within(viewer).getByRole('button', { name: 'Stáhnout originál' }));
    await waitFor(() => expect(originals).toEqual(['/api/v1/support_tickets/1/attachments/5/']));
    fireEvent(viewer, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the technician's visit window and its changes in Prague time", async () => {
    incidentApi([
      buildTicket(1, {
        visit: { from: '2026-11-24T08:00:00Z', to: '2026-11-24T11:30:00Z', note: 'Zajistěte přístup ke stoupačkám.' },
        timeline: [
          {
            id: 5,
            type: 'visit_change',
            created_at: '2026-11-20T10:00:00Z',
            author: { id: 9, display_name: 'Tomáš Dvořák' },
            author_role: 'operator',
            body: 'Zajistěte přístup ke stoupačkám.',
            from_value: null,
            to_value: '2026-11-24T08:00:00Z/2026-11-24T11:30:00Z',
          },
          {
            id: 6,
            type: 'visit_change',
            created_at: '2026-11-21T10:00:00Z',
            author: { id: 9, display_name: 'Tomáš Dvořák' },
            author_role: 'operator',
            body: null,
            from_value: '2026-11-24T08:00:00Z/2026-11-24T11:30:00Z',
            to_value: null,
          },
        ],
      }),
    ]);
    renderRoute('/hlaseni-incidentu/1', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Závada 1' })).toBeInTheDocument();
    const visit = screen.getByText('Návštěva technika').nextElementSibling as HTMLElement;
    expect(visit).toHaveTextContent('24. 11. 2026 9:00–12:30');
    expect(visit).toHaveTextContent('Zajistěte přístup ke stoupačkám.');
    expect(screen.getByText('Termín návštěvy technika: 24. 11. 2026 9:00–12:30')).toBeInTheDocument();
    expect(screen.getByText('Návštěva technika zrušena')).toBeInTheDocument();
  });
});
