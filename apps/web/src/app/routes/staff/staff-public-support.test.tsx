import type { components } from '@portal/sdk/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubModalDialogs } from '#src/testing/browser-stubs.ts';
import { buildStaffSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { ALLOWED_STATUSES, BUILDINGS, bumpVersion, errorResponse, STALE } from '#src/testing/staff-fixtures.ts';
import { focusedErrorSummary } from '#src/testing/error-summary.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

type Request = components['schemas']['StaffPublicSupportRequestDetail'];
type Message = components['schemas']['PublicSupportMessage'];
type Building = components['schemas']['Building'];
type Update = components['schemas']['StaffPublicSupportUpdate'];

beforeAll(stubModalDialogs);

const STAFF = buildStaffSession();
const CLOSED = 'Požadavek je uzavřen, nelze do něj psát.';

function message(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    author_role: 'visitor',
    author_name: null,
    body: 'Ve druhém patře nesvítí chodba.',
    created_at: new Date(Date.UTC(2026, 10, 20, 9) + id * 60_000).toISOString(),
    ...overrides,
  };
}

function buildRequest(id: number, overrides: Partial<Request> = {}): Request {
  const building = BUILDINGS[id % 2] as Building;
  return {
    id,
    category: id % 3 === 0 ? 'fault_report' : 'support',
    subject: `Požadavek ${id}`,
    status: 'open',
    name: 'Karel Veselý',
    email: 'karel.vesely@example.cz',
    phone: '+420777123456',
    building: { id: building.id, name: building.name },
    location: null,
    created_at: new Date(Date.UTC(2026, 10, 1, 9) + id * 3_600_000).toISOString(),
    updated_at: '2026-11-20T09:00:00Z',
    version: 2,
    awaiting_answer: true,
    messages: [message(1)],
    attachments: [],
    allowed_statuses: [...ALLOWED_STATUSES[overrides.status ?? 'open']],
    ...overrides,
  };
}

/** The staff public-support part of the BFF in memory, recording what the pages sent. */
function requestsApi(requests: Request[]) {
  const api = {
    requests,
    listQueries: [] as URLSearchParams[],
    patches: [] as { id: number; ifMatch: string | null; body: Update }[],
    answers: [] as { id: number; body: string; key: string | null }[],
    downloads: [] as { path: string; csrf: string | null }[],
    previews: [] as string[],
    /** A colleague's change: a new version behind the page's back. */
    bump: (id: number, change: Partial<Request>) => bumpVersion(api.requests, id, change),
  };
  const find = (id: unknown) => api.requests.find((request) => request.id === Number(id));
  const etag = (request: Request) => `W/"${request.version}"`;
  server.use(
    http.get('*/api/v1/staff/public_support/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      api.listQueries.push(query);
      const statuses = query.getAll('status');
      const categories = query.getAll('category');
      const building = query.get('building');
      const matching = api.requests
        .filter((item) => statuses.length === 0 || statuses.includes(item.status))
        .filter((item) => categories.length === 0 || categories.includes(item.category))
        .filter((item) => !building || item.building?.id === Number(building))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const size = Number(query.get('page_size') ?? 20);
      const page = Number(query.get('page') ?? 1);
      const items = matching.slice((page - 1) * size, page * size).map((item) => {
        const { messages: _messages, attachments: _attachments, ...listed } = item;
        return listed;
      });
      return HttpResponse.json(items, { headers: { 'X-Total-Count': String(matching.length) } });
    }),
    http.get('*/api/v1/staff/public_support/:id/', ({ params }) => {
      const found = find(params.id);
      if (!found) return errorResponse(404, { code: 'not_found', message: 'Nenalezeno.' });
      return HttpResponse.json(found, { headers: { ETag: etag(found) } });
    }),
    http.patch('*/api/v1/staff/public_support/:id/', async ({ params, request }) => {
      const found = find(params.id);
      if (!found) return errorResponse(404, { code: 'not_found', message: 'Nenalezeno.' });
      const body = (await request.json()) as Update;
      const ifMatch = request.headers.get('if-match');
      api.patches.push({ id: found.id, ifMatch, body });
      if (ifMatch !== etag(found)) return errorResponse(412, { code: 'stale_version', message: STALE });
      found.status = body.status;
      found.version += 1;
      return HttpResponse.json(found, { headers: { ETag: etag(found) } });
    }),
    http.post('*/api/v1/staff/public_support/:id/messages/', async ({ params, request }) => {
      const found = find(params.id);
      if (!found) return errorResponse(404, { code: 'not_found', message: 'Nenalezeno.' });
      const { body } = (await request.json()) as { body: string };
      api.answers.push({ id: found.id, body, key: request.headers.get('idempotency-key') });
      if (found.status === 'closed') return errorResponse(409, { code: 'request_closed', message: CLOSED });
      const created = message(100 + found.messages.length, {
        author_role: 'operator',
        author_name: STAFF.user.display_name,
        body,
      });
      found.messages.push(created);
      found.awaiting_answer = false;
      found.version += 1;
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get('*/api/v1/staff/public_support/:id/attachments/:attachmentId/preview/', ({ request }) => {
      const url = new URL(request.url);
      api.previews.push(`${url.pathname}?size=${url.searchParams.get('size')}`);
      return new HttpResponse('WEBP', {
        headers: { 'Content-Type': 'image/webp', 'Content-Disposition': 'inline; filename="chodba.webp"' },
      });
    }),
    http.get('*/api/v1/staff/public_support/:id/attachments/:attachmentId/', ({ request }) => {
      api.downloads.push({ path: new URL(request.url).pathname, csrf: request.headers.get('x-csrf') });
      return new HttpResponse('PNG', {
        headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="chodba.png"' },
      });
    }),
    http.get('*/api/v1/staff/buildings/', () =>
      HttpResponse.json(BUILDINGS, { headers: { 'X-Total-Count': String(BUILDINGS.length) } }),
    ),
  );
  return api;
}

const asStaff = () => createBackend({ session: structuredClone(STAFF) });

describe('staff public requests list', { timeout: 60_000 }, () => {
  it('lists the requests in a dense table with the total, filtered by status and kind in the address', async () => {
    const api = requestsApi(
      Array.from({ length: 30 }, (_, index) =>
        buildRequest(index + 1, { awaiting_answer: index === 29, status: index % 2 ? 'open' : 'resolved' }),
      ),
    );
    const view = renderRoute('/sprava/verejna-podpora', asStaff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Veřejné požadavky' })).toBeInTheDocument();
    expect(screen.getByText('Celkem 30 požadavků')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Č.', 'Předmět', 'Druh', 'Od', 'Budova', 'Stav', 'Přijato ↓', 'Poslední změna']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(26);
    expect(rows[1]).toHaveTextContent('Požadavek 30');
    expect(rows[1]).toHaveTextContent('Čeká na odpověď');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Požadavek 30' })).toHaveAttribute(
      'href',
      '/sprava/verejna-podpora/30',
    );
    expect(screen.getByText('Strana 1 z 2')).toBeInTheDocument();
    expect(api.listQueries[0]?.get('page_size')).toBe('25');
    expect(api.listQueries[0]?.get('ordering')).toBe('-created_at');

    await view.user.click(screen.getByRole('checkbox', { name: 'Otevřeno' }));
    await view.user.click(screen.getByRole('checkbox', { name: 'Hlášení poruchy' }));
    await view.user.selectOptions(await screen.findByLabelText('Budova'), 'Dům Florenc');
    await view.user.click(screen.getByRole('button', { name: 'Filtrovat' }));
    await waitFor(() =>
      expect(view.location()).toBe('/sprava/verejna-podpora?stav=open&kategorie=fault_report&budova=1'),
    );
    // Ids 3, 9, 15, 21, 27 are fault reports; the odd ones open and in building 1.
    expect(await screen.findByText('Celkem 5 požadavků')).toBeInTheDocument();
    const last = api.listQueries.at(-1);
    expect(last?.getAll('status')).toEqual(['open']);
    expect(last?.getAll('category')).toEqual(['fault_report']);
    expect(last?.get('building')).toBe('1');
  });

  it('sorts by the last change from the column header, keeping the filters', async () => {
    const api = requestsApi([buildRequest(1), buildRequest(2)]);
    const view = renderRoute('/sprava/verejna-podpora?kategorie=support', asStaff());
    const updated = await screen.findByRole('link', { name: 'Poslední změna' });
    expect(updated.closest('th')).toHaveAttribute('aria-sort', 'none');
    await view.user.click(updated);
    await waitFor(() => expect(view.location()).toBe('/sprava/verejna-podpora?kategorie=support&razeni=-updated_at'));
    expect(
      (await screen.findByRole('link', { name: 'Poslední změna, seřazeno sestupně' })).closest('th'),
    ).toHaveAttribute('aria-sort', 'descending');
    expect(api.listQueries.at(-1)?.get('ordering')).toBe('-updated_at');
  });

  it('says when nothing matches and refuses an over-long search in Czech, keeping the address', async () => {
    const api = requestsApi([buildRequest(1, { status: 'closed' })]);
    const view = renderRoute('/sprava/verejna-podpora?stav=open', asStaff());
    expect(await screen.findByText('Zvoleným filtrům neodpovídá žádný požadavek.')).toBeInTheDocument();

    const before = api.listQueries.length;
    await view.user.click(screen.getByLabelText('Hledat'));
    await view.user.paste('x'.repeat(101));
    await view.user.click(screen.getByRole('button', { name: 'Filtrovat' }));
    const summary = await focusedErrorSummary();
    expect(within(summary).getByRole('link', { name: 'Hledaný text může mít nejvýše 100 znaků' })).toHaveAttribute(
      'href',
      '#requests-search',
    );
    expect(view.location()).toBe('/sprava/verejna-podpora?stav=open');
    expect(api.listQueries.length).toBe(before);
  });

  it('says that there is nothing yet when no visitor has written', async () => {
    requestsApi([]);
    renderRoute('/sprava/verejna-podpora', asStaff());
    expect(await screen.findByText('Zatím tu není žádný veřejný požadavek.')).toBeInTheDocument();
  });
});

describe('staff public request detail', { timeout: 60_000 }, () => {
  it('shows the visitor’s contact, the files and who wrote each message in words', async () => {
    const api = requestsApi([
      buildRequest(7, {
        location: '2. patro, chodba u výtahu',
        attachments: [
          {
            id: 3,
            file_name: 'chodba.png',
            content_type: 'image/png',
            size: 2048,
            created_at: '2026-11-20T09:00:00Z',
            download_url: '/api/v1/staff/public_support/7/attachments/3/',
          },
        ],
        messages: [
          message(1),
          message(2, { author_role: 'operator', author_name: 'Eva Marková', body: 'Pošleme elektrikáře.' }),
          message(3, { body: 'Děkuji, kdy přijde?' }),
        ],
      }),
    ]);
    const createObjectURL = vi.fn(() => 'blob:test');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const view = renderRoute('/sprava/verejna-podpora/7', asStaff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Požadavek 7' })).toBeInTheDocument();
    expect(screen.getByText('Požadavek č. 7')).toBeInTheDocument();
    expect(screen.getByText('2. patro, chodba u výtahu')).toBeInTheDocument();

    const contact = screen.getByRole('heading', { name: 'Kontakt na návštěvníka' }).closest('section') as HTMLElement;
    expect(contact).toHaveTextContent('Karel Veselý');
    expect(within(contact).getByRole('link', { name: 'Napsat e-mail karel.vesely@example.cz' })).toHaveAttribute(
      'href',
      'mailto:karel.vesely@example.cz',
    );
    expect(within(contact).getByRole('link', { name: 'Zavolat na +420\u00a0777\u00a0123\u00a0456' })).toHaveAttribute(
      'href',
      'tel:+420777123456',
    );

    const items = within(screen.getByTestId('staff-request-messages')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Karel Veselý (návštěvník)');
    expect(items[1]).toHaveTextContent('Eva Marková (správa budovy)');
    expect(items[2]).toHaveTextContent('Děkuji, kdy přijde?');
    expect(screen.getByText('Poslední zpráva je od návštěvníka a čeká na odpověď.')).toBeInTheDocument();

    // The visitor's photo as a thumbnail (the staff's small preview), the file as a button.
    const thumbnail = screen.getByRole('button', { name: 'Zobrazit obrázek chodba.png' });
    expect(await within(thumbnail).findByRole('img', { name: 'chodba.png' })).toBeInTheDocument();
    expect(api.previews).toEqual(['/api/v1/staff/public_support/7/attachments/3/preview/?size=small']);

    await view.user.click(screen.getByRole('button', { name: 'Stáhnout chodba.png' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('chodba.png');
    expect(api.downloads).toEqual([{ path: '/api/v1/staff/public_support/7/attachments/3/', csrf: '1' }]);
  });

  it('tells how to reach a visitor who left no contact', async () => {
    requestsApi([buildRequest(7, { name: null, email: null, phone: null })]);
    renderRoute('/sprava/verejna-podpora/7', asStaff());
    const contact = (await screen.findByRole('heading', { name: 'Kontakt na návštěvníka' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(contact).getAllByText('Neuvedeno')).toHaveLength(3);
    expect(contact).toHaveTextContent('Návštěvník nenechal e-mail ani telefon.');
    expect(within(screen.getByTestId('staff-request-messages')).getByRole('listitem')).toHaveTextContent('Návštěvník');
  });

  it('says that an unknown request or one of another building does not exist', async () => {
    requestsApi([]);
    renderRoute('/sprava/verejna-podpora/999', asStaff());
    expect(
      await screen.findByText('Požadavek s ID 999 neexistuje nebo patří do budovy, kterou nespravujete.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Zpět na veřejné požadavky' })).toHaveAttribute(
      'href',
      '/sprava/verejna-podpora',
    );
  });

  it('answers the visitor, asking for a text first, and clears the field once sent', async () => {
    const api = requestsApi([buildRequest(7)]);
    const view = renderRoute('/sprava/verejna-podpora/7', asStaff());
    const form = (await screen.findByRole('heading', { name: 'Odpověď návštěvníkovi' })).closest(
      'section',
    ) as HTMLElement;
    await view.user.click(within(form).getByRole('button', { name: 'Odeslat odpověď' }));
    expect(await within(form).findByText('Napište odpověď')).toBeInTheDocument();
    expect(within(form).getByLabelText('Odpověď')).toHaveFocus();
    expect(api.answers).toEqual([]);

    await view.user.type(within(form).getByLabelText('Odpověď'), 'Elektrikář přijde zítra v 9:00.');
    await view.user.click(within(form).getByRole('button', { name: 'Odeslat odpověď' }));
    expect(await screen.findByText('Odpověď byla odeslána návštěvníkovi.')).toBeInTheDocument();
    expect(api.answers).toHaveLength(1);
    expect(api.answers[0]).toMatchObject({ id: 7, body: 'Elektrikář přijde zítra v 9:00.' });
    expect(api.answers[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(form).getByLabelText('Odpověď')).toHaveValue(''));
    const items = await waitFor(() => {
      const listed = within(screen.getByTestId('staff-request-messages')).getAllByRole('listitem');
      expect(listed).toHaveLength(2);
      return listed;
    });
    expect(items[1]).toHaveTextContent('Tomáš Dvořák (správa budovy)');
  });

  it('keeps the answer and shows the server’s reason when the request was closed meanwhile (409)', async () => {
    const api = requestsApi([buildRequest(7)]);
    const view = renderRoute('/sprava/verejna-podpora/7', asStaff());
    const field = await screen.findByLabelText('Odpověď');
    api.bump(7, { status: 'closed' });
    await view.user.type(field, 'Už je to opravené.');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat odpověď' }));
    expect(await screen.findByText('Požadavek je uzavřen, nelze ho dále měnit ani do něj psát.')).toBeInTheDocument();
    expect(api.answers).toHaveLength(1);
    expect(screen.queryByLabelText('Odpověď')).not.toBeInTheDocument();
  });

  it('changes the status with If-Match, offering only allowed transitions, and refuses an unchanged one', async () => {
    const api = requestsApi([buildRequest(7, { status: 'resolved' })]);
    const view = renderRoute('/sprava/verejna-podpora/7', asStaff());
    const status = await screen.findByLabelText('Nový stav');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Vyřešeno (beze změny)', 'Zpracovává se']);
    await view.user.click(screen.getByRole('button', { name: 'Uložit stav' }));
    expect(await screen.findByRole('link', { name: 'Vyberte jiný stav, než jaký požadavek má' })).toHaveAttribute(
      'href',
      '#staff-request-status',
    );
    expect(api.patches).toEqual([]);

    await view.user.selectOptions(status, 'Zpracovává se');
    await view.user.click(screen.getByRole('button', { name: 'Uložit stav' }));
    expect(await screen.findByText('Stav požadavku byl uložen.')).toBeInTheDocument();
    expect(api.patches).toEqual([{ id: 7, ifMatch: 'W/"2"', body: { status: 'in_progress' } }]);
  });

  it('refuses a change made on an old version with the Czech reload message, and reloads on request', async () => {
    const api = requestsApi([buildRequest(7)]);
    const view = renderRoute('/sprava/verejna-podpora/7', asStaff());
    await view.user.selectOptions(await screen.findByLabelText('Nový stav'), 'Vyřešeno');
    // Meanwhile a colleague takes the request on.
    api.bump(7, { status: 'in_progress' });
    await view.user.click(screen.getByRole('button', { name: 'Uložit stav' }));

    const notice = await screen.findByRole('alert', { name: 'Požadavek mezitím změnil někdo jiný' });
    expect(notice).toHaveTextContent(STALE);
    await waitFor(() => expect(notice).toHaveFocus());
    expect(api.patches.at(-1)).toEqual({ id: 7, ifMatch: 'W/"2"', body: { status: 'resolved' } });

    await view.user.click(within(notice).getByRole('button', { name: 'Načíst znovu' }));
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Požadavek mezitím změnil někdo jiný' })).toBeNull(),
    );
    expect(screen.getByLabelText('Nový stav')).toHaveValue('in_progress');
    await view.user.selectOptions(screen.getByLabelText('Nový stav'), 'Vyřešeno');
    await view.user.click(screen.getByRole('button', { name: 'Uložit stav' }));
    expect(await screen.findByText('Stav požadavku byl uložen.')).toBeInTheDocument();
    expect(api.patches.at(-1)).toEqual({ id: 7, ifMatch: 'W/"3"', body: { status: 'resolved' } });
  });

  it('closes the request only after a confirmation', async () => {
    const api = requestsApi([buildRequest(7)]);
    const view = renderRoute('/sprava/verejna-podpora/7', asStaff());
    await view.user.click(await screen.findByRole('button', { name: 'Uzavřít požadavek' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uzavřít požadavek č. 7?' });
    expect(dialog).toHaveAccessibleDescription(
      'Uzavřený požadavek už nepůjde znovu otevřít ani do něj psát – ani vy, ani návštěvník.',
    );
    expect(within(dialog).getByRole('button', { name: 'Ponechat otevřený' })).toHaveFocus();
    await view.user.click(within(dialog).getByRole('button', { name: 'Ponechat otevřený' }));
    expect(api.patches).toEqual([]);

    await view.user.click(screen.getByRole('button', { name: 'Uzavřít požadavek' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Uzavřít požadavek' }));
    expect(await screen.findByText('Požadavek byl uzavřen.')).toBeInTheDocument();
    expect(api.patches).toEqual([{ id: 7, ifMatch: 'W/"2"', body: { status: 'closed' } }]);
    expect(screen.getByText('Požadavek je uzavřen, nelze ho dále měnit ani do něj psát.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Odpověď návštěvníkovi' })).not.toBeInTheDocument();
  });
});
