import type { components } from '@portal/sdk/schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { REMEMBERED_REQUESTS_KEY } from '#src/features/public-support/utils/remembered-requests.ts';
import { buildConfig, buildPlannedOutage } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { renderRoute } from '#src/testing/render-route.tsx';
import { storedUploads, uploadedNames } from '#src/testing/uploads.ts';

type PublicRequest = components['schemas']['PublicSupportRequest'];

const CODE = 'spravny-kod-123456789';
const NOT_FOUND = { code: 'not_found', message: 'Požadavek nebyl nalezen nebo je přístupový kód nesprávný.' };

function buildRequest(overrides: Partial<PublicRequest> = {}): PublicRequest {
  return {
    id: 7,
    access_code: CODE,
    category: 'support',
    subject: 'Kde parkovat',
    status: 'open',
    name: 'Jan Host',
    building: null,
    location: null,
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    messages: [
      {
        id: 1,
        author_role: 'visitor',
        author_name: null,
        body: 'Kde mohou parkovat návštěvy?',
        created_at: '2026-11-20T09:00:00Z',
      },
      {
        id: 2,
        author_role: 'operator',
        author_name: 'Tomáš Dvořák',
        body: 'V garáži B.',
        created_at: '2026-11-20T10:00:00Z',
      },
    ],
    attachments: [],
    ...overrides,
  };
}

interface PublicApi {
  creates: unknown[];
  /** Uploads: the request, the code in `X-Access-Code` and the file names. */
  uploads: Array<{ id: number; code: string | null; names: string[] }>;
  /** Refuse uploads with this message (400 on `files`). */
  refuseUploads: string | null;
  previews: Array<{ path: string; size: string | null; code: string | null }>;
  /** Every read of a request: its address and the code it sent in `X-Access-Code`. */
  reads: Array<{ url: string; code: string | null }>;
  outageQueries: URLSearchParams[];
}

/** The public support calls of the BFF, answering one request for the right code. */
function publicApi(request: PublicRequest = buildRequest()): PublicApi {
  const api: PublicApi = { creates: [], uploads: [], refuseUploads: null, previews: [], reads: [], outageQueries: [] };
  server.use(
    http.post('*/api/v1/public_support/:id/attachments/', async ({ params, request: call }) => {
      const names = await uploadedNames(call);
      api.uploads.push({ id: Number(params.id), code: call.headers.get('x-access-code'), names });
      if (api.refuseUploads) {
        return HttpResponse.json(
          { code: 'validation_error', message: api.refuseUploads, fields: { files: api.refuseUploads } },
          { status: 400 },
        );
      }
      return HttpResponse.json(
        storedUploads(names, '2026-11-20T09:00:00Z').map((file) => ({
          ...file,
          download_url: `/api/v1/public_support/${String(params.id)}/attachments/${file.id}/`,
        })),
        { status: 201 },
      );
    }),
    http.get('*/api/v1/public_support/:id/attachments/:attachmentId/preview/', ({ request: call }) => {
      const url = new URL(call.url);
      api.previews.push({
        path: url.pathname,
        size: url.searchParams.get('size'),
        code: call.headers.get('x-access-code'),
      });
      return new HttpResponse('WEBP', {
        headers: { 'Content-Type': 'image/webp', 'Content-Disposition': 'inline; filename="okno.webp"' },
      });
    }),
    http.get('*/api/v1/public_support/:id/', ({ params, request: call }) => {
      // As the BFF: the code in the header (bff.yaml AccessCode).
      const code = call.headers.get('x-access-code');
      api.reads.push({ url: call.url, code });
      if (Number(params.id) !== request.id || code !== request.access_code)
        return HttpResponse.json(NOT_FOUND, { status: 404 });
      return HttpResponse.json(request);
    }),
    http.post('*/api/v1/public_support/', async ({ request: call }) => {
      const body = (await call.json()) as Partial<PublicRequest>;
      api.creates.push(body);
      return HttpResponse.json(
        buildRequest({ ...body, id: 31, access_code: 'novy-kod-abcdefghijklmn', messages: [] }),
        { status: 201 },
      );
    }),
    http.get('*/api/v1/buildings/', () =>
      HttpResponse.json(
        [
          { id: 1, name: 'Dům Florenc', street: 'Na Florenci 1', city: 'Praha 1', postal_code: '110 00' },
          { id: 2, name: 'Dům Karlín', street: 'Křižíkova 2', city: 'Praha 8', postal_code: '186 00' },
        ],
        { headers: { 'X-Total-Count': '2' } },
      ),
    ),
    http.get('*/api/v1/maintenance_events/', ({ request: call }) => {
      const query = new URL(call.url).searchParams;
      api.outageQueries.push(query);
      const karlin = { id: 2, name: 'Dům Karlín' };
      const events =
        query.get('building') === '2'
          ? [
              buildPlannedOutage(5, -1, 1, {
                building: karlin,
                title: 'Odstávka vody',
                description: 'Výměna stoupačky.',
              }),
              buildPlannedOutage(6, 5, null, {
                building: karlin,
                title: 'Večerní odstávka elektřiny',
                description: '',
                category: 'electricity',
              }),
              buildPlannedOutage(7, 72, null, {
                building: karlin,
                title: 'Revize výtahu za tři dny',
                description: '',
                category: 'elevator',
              }),
            ]
          : [];
      return HttpResponse.json(events, { headers: { 'X-Total-Count': String(events.length) } });
    }),
  );
  return api;
}

const remembered = () =>
  JSON.parse(window.localStorage.getItem(REMEMBERED_REQUESTS_KEY) ?? '[]') as Array<{ id: number; code: string }>;

afterEach(() => window.localStorage.clear());

describe('public request page', { timeout: 30_000 }, () => {
  it('remembers a request opened with its code, drops the code from the address and tells the answers apart', async () => {
    const api = publicApi();
    const view = renderRoute(`/verejna-podpora/7?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kde parkovat' })).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/verejna-podpora/7'));
    // The code from the e-mailed link travels to the BFF in a header, never in an API address.
    expect(api.reads.length).toBeGreaterThan(0);
    for (const read of api.reads) {
      expect(read.code).toBe(CODE);
      expect(read.url).not.toContain(CODE);
    }
    expect(remembered()).toMatchObject([{ id: 7, code: CODE }]);
    const messages = screen.getByTestId('public-request-messages');
    const [visitor, operator] = within(messages).getAllByRole('listitem');
    expect(visitor).toHaveAttribute('data-author', 'visitor');
    expect(within(visitor as HTMLElement).getByText('Vy')).toBeInTheDocument();
    expect(within(operator as HTMLElement).getByText('Správa budovy – Tomáš Dvořák')).toBeInTheDocument();
  });

  it('shows a photo as a thumbnail of its preview, read with the code in the header', async () => {
    const api = publicApi(
      buildRequest({
        attachments: [
          {
            id: 3,
            file_name: 'okno.jpg',
            content_type: 'image/jpeg',
            size: 2048,
            created_at: '2026-11-20T09:00:00Z',
            download_url: '/api/v1/public_support/7/attachments/3/',
          },
        ],
      }),
    );
    renderRoute(`/verejna-podpora/7?code=${CODE}`);
    const thumbnail = await screen.findByRole('button', { name: 'Zobrazit obrázek okno.jpg' });
    expect(await within(thumbnail).findByRole('img', { name: 'okno.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stáhnout okno.jpg' })).toBeInTheDocument();
    expect(api.previews).toEqual([
      { path: '/api/v1/public_support/7/attachments/3/preview/', size: 'small', code: CODE },
    ]);
  });

  it('adds files to an open request with its code; a refusal names the file at the field', async () => {
    const api = publicApi();
    const view = renderRoute(`/verejna-podpora/7?code=${CODE}`);
    const field = await screen.findByLabelText('Vybrat soubory');
    await view.user.click(screen.getByRole('button', { name: 'Nahrát' }));
    expect(field).toHaveAccessibleDescription(/Vyberte alespoň jeden soubor/);
    api.refuseUploads = 'Soubor „okno.jpg“ nemá obsah, jaký slibuje jeho přípona.';
    fireEvent.change(field, { target: { files: [new File(['<html>'], 'okno.jpg', { type: 'image/jpeg' })] } });
    await view.user.click(screen.getByRole('button', { name: 'Nahrát' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/nemá obsah, jaký slibuje jeho přípona/));
    api.refuseUploads = null;
    await view.user.click(screen.getByRole('button', { name: 'Nahrát' }));
    expect(await screen.findByText('Přílohy byly nahrány.')).toBeInTheDocument();
    expect(api.uploads).toEqual([
      { id: 7, code: CODE, names: ['okno.jpg'] },
      { id: 7, code: CODE, names: ['okno.jpg'] },
    ]);
  });

  it('shows a wrong code exactly like a missing request and remembers nothing', async () => {
    publicApi();
    renderRoute('/verejna-podpora/7?code=spatny');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Požadavek č. 7 neexistuje nebo přístupový kód není správný.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Požadavek jsme nenašli' })).toBeInTheDocument();
    // Says what to check instead of a bare 404.
    expect(screen.getByText(/má 20 znaků ve skupinách po čtyřech/)).toBeInTheDocument();
    expect(screen.getByText('číslo požadavku (č. 7) – je stejné jako v potvrzení nebo v e-mailu,')).toBeInTheDocument();
    expect(screen.getByLabelText('Přístupový kód')).toHaveAccessibleDescription(/Na velkých a malých písmenech/);
    expect(remembered()).toEqual([]);
    expect(document.title).toBe(
      'Chyba: Požadavek č. 7 neexistuje nebo přístupový kód není správný. – Portál nájemníka',
    );
  });

  it('asks for the code of a request this browser does not know, with the id filled in', async () => {
    publicApi();
    renderRoute('/verejna-podpora/7');
    expect(await screen.findByText(/Požadavek č\. 7 v tomto prohlížeči uložený není/)).toBeInTheDocument();
    expect(screen.getByLabelText('Číslo požadavku')).toHaveValue('7');
  });
});

describe('public support form', { timeout: 90_000 }, () => {
  const fillRequest = async (view: ReturnType<typeof renderRoute>) => {
    await view.user.type(await screen.findByLabelText('Jméno a příjmení'), 'Jan Host');
    await view.user.type(screen.getByLabelText('Předmět'), 'Prasklé okno v kanceláři');
    await view.user.type(screen.getByLabelText('Popis'), 'Posílám fotky a protokol.');
  };
  const choose = (files: File[]) => fireEvent.change(screen.getByLabelText(/^Přílohy/), { target: { files } });

  it('checks the files first, then sends them after the request with its access code', async () => {
    const api = publicApi();
    const view = renderRoute('/verejna-podpora/novy');
    await fillRequest(view);
    expect(screen.getByLabelText(/^Přílohy/)).toHaveAttribute('accept', expect.stringContaining('.heic'));
    // Past the picker's filter: refused before anything is sent, naming the file.
    choose([new File(['jpeg'], 'okno.jpg', { type: 'image/jpeg' }), new File(['MZ'], 'program.exe')]);
    await view.user.click(screen.getByRole('button', { name: 'Odeslat požadavek' }));
    const problem = /Soubor „program.exe“ nelze přiložit: povolené jsou fotografie/;
    expect(await screen.findByRole('link', { name: problem })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Přílohy/)).toHaveAccessibleDescription(problem);
    expect(api.creates).toEqual([]);

    choose([
      new File(['heic'], 'IMG_0042.HEIC', { type: '' }),
      new File(['%PDF'], 'protokol.pdf', { type: 'application/pdf' }),
    ]);
    await view.user.click(screen.getByRole('button', { name: 'Odeslat požadavek' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Požadavek byl odeslán' })).toBeInTheDocument();
    expect(api.creates).toHaveLength(1);
    expect(api.uploads).toEqual([
      { id: 31, code: 'novy-kod-abcdefghijklmn', names: ['IMG_0042.HEIC', 'protokol.pdf'] },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the filed request with its code when the files are refused afterwards', async () => {
    const api = publicApi();
    api.refuseUploads = 'Soubor „okno.jpg“ nemá obsah, jaký slibuje jeho přípona.';
    const view = renderRoute('/verejna-podpora/novy');
    await fillRequest(view);
    choose([new File(['<html>'], 'okno.jpg', { type: 'image/jpeg' })]);
    await view.user.click(screen.getByRole('button', { name: 'Odeslat požadavek' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Požadavek byl odeslán' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Požadavek je odeslaný, ale přílohy se nepodařilo nahrát: Soubor „okno.jpg“ nemá obsah, jaký slibuje jeho přípona.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('public-request-code')).toHaveTextContent('novy-kod-abcdefghijklmn');
  });
});

describe('order form', { timeout: 90_000 }, () => {
  it('lists every problem at once, keeps what was typed, and sends an order the operator recognises', async () => {
    const api = publicApi();
    const view = renderRoute('/order');
    await view.user.click(await screen.findByRole('button', { name: 'Odeslat objednávku' }));
    for (const problem of ['Vyberte službu', 'Vyberte budovu', 'Zadejte své jméno', 'Zadejte e-mail nebo telefon']) {
      expect(await screen.findByRole('link', { name: problem })).toBeInTheDocument();
    }
    // One of e-mail and phone is required (the group's hint says so): neither is marked optional.
    for (const label of ['E-mail', 'Telefon']) {
      expect(screen.getByRole('textbox', { name: new RegExp(`^${label}`) })).not.toHaveAccessibleName(/nepovinné/);
    }
    await view.user.selectOptions(screen.getByLabelText('Služba'), 'Jiná služba');
    await view.user.type(screen.getByLabelText('Jméno a příjmení'), 'Petra');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat objednávku' }));
    expect(await screen.findByRole('link', { name: 'Napište, jakou službu potřebujete' })).toBeInTheDocument();
    expect(screen.getByLabelText('Jméno a příjmení')).toHaveValue('Petra');
    expect(api.creates).toEqual([]);

    await view.user.selectOptions(screen.getByLabelText('Služba'), 'Kopie klíče');
    await view.user.clear(screen.getByLabelText('Množství (ks)'));
    await view.user.type(screen.getByLabelText('Množství (ks)'), '2');
    await view.user.selectOptions(screen.getByLabelText('Budova'), 'Dům Florenc, Na Florenci 1, Praha 1');
    await view.user.type(screen.getByLabelText(/^Telefon/), '777 123 456');
    await view.user.click(screen.getByRole('button', { name: 'Odeslat objednávku' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Objednávka byla odeslána' })).toBeInTheDocument();
    expect(api.creates).toEqual([
      {
        category: 'order',
        name: 'Petra',
        building: 1,
        phone: '777 123 456',
        subject: 'Objednávka: Kopie klíče, 2 ks',
        message: expect.stringContaining(
          'Služba: Kopie klíče\nMnožství: 2 ks\nBudova: Dům Florenc, Na Florenci 1, Praha 1',
        ) as unknown,
      },
    ]);
    expect(screen.getByTestId('public-request-code')).toHaveTextContent('novy-kod-abcdefghijklmn');
    expect(remembered()).toMatchObject([{ id: 31, code: 'novy-kod-abcdefghijklmn' }]);
  });
});

describe('fault report', { timeout: 30_000 }, () => {
  it('shows the outages under way or starting within 48 hours in the chosen building before the questions', async () => {
    const api = publicApi();
    const view = renderRoute('/hlaseni-poruch');
    await view.user.selectOptions(await screen.findByLabelText('Budova'), 'Dům Karlín, Křižíkova 2, Praha 8');
    const notice = screen.getByTestId('ongoing-outages');
    expect(await within(notice).findByText('Možná jde o plánovanou odstávku…')).toBeInTheDocument();
    expect(within(notice).getByText('Odstávka vody')).toBeInTheDocument();
    // Announced for this evening: within 48 hours, so shown too; the one in three days is not.
    expect(within(notice).getByText('Večerní odstávka elektřiny')).toBeInTheDocument();
    expect(within(notice).queryByText('Revize výtahu za tři dny')).not.toBeInTheDocument();
    expect(within(notice).getByText(/^Právě probíhá:/)).toBeInTheDocument();
    expect(within(notice).getByText(/^Plánováno:/)).toBeInTheDocument();
    expect(api.outageQueries[0]?.get('ended')).toBe('false');
    await view.user.selectOptions(screen.getByLabelText('Budova'), 'Dům Florenc, Na Florenci 1, Praha 1');
    await waitFor(() => expect(notice).toBeEmptyDOMElement());
  });

  it('has the only building chosen already, and so its outages', async () => {
    publicApi();
    server.use(
      http.get('*/api/v1/buildings/', () =>
        HttpResponse.json(
          [{ id: 2, name: 'Dům Karlín', street: 'Křižíkova 2', city: 'Praha 8', postal_code: '186 00' }],
          { headers: { 'X-Total-Count': '1' } },
        ),
      ),
    );
    renderRoute('/hlaseni-poruch');
    expect(await screen.findByLabelText('Budova')).toHaveValue('2');
    expect(await within(screen.getByTestId('ongoing-outages')).findByText('Odstávka vody')).toBeInTheDocument();
  });

  it('takes a HEIC photo a browser names no type for, and refuses a file that is no image', async () => {
    publicApi();
    const view = renderRoute('/hlaseni-poruch');
    await view.user.selectOptions(await screen.findByLabelText('Budova'), 'Dům Florenc, Na Florenci 1, Praha 1');
    await view.user.type(screen.getByLabelText('Místo v budově'), 'Kuchyňka');
    await view.user.type(screen.getByLabelText('Co je porouchané'), 'Kape kohoutek.');
    const photo = screen.getByLabelText(/^Fotografie/);
    expect(photo).toHaveAttribute('accept', 'image/*,.heic,.heif');
    fireEvent.change(photo, { target: { files: [new File(['x'], 'zapis.txt', { type: 'text/plain' })] } });
    await view.user.click(screen.getByRole('button', { name: 'Nahlásit poruchu' }));
    expect(await screen.findByRole('link', { name: /Fotografie musí být obrázek/ })).toBeInTheDocument();
    fireEvent.change(photo, { target: { files: [new File(['heic'], 'IMG_0042.heic', { type: '' })] } });
    await view.user.click(screen.getByRole('button', { name: 'Nahlásit poruchu' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Porucha byla nahlášena' })).toBeInTheDocument();
  });

  it('asks nothing about outages when the planned-outages feature is off', async () => {
    const api = publicApi();
    const view = renderRoute(
      '/hlaseni-poruch',
      createBackend({ config: buildConfig({ features: { maintenanceEvents: false } }) }),
    );
    await view.user.selectOptions(await screen.findByLabelText('Budova'), 'Dům Karlín, Křižíkova 2, Praha 8');
    expect(screen.getByLabelText('Místo v budově')).toBeInTheDocument();
    expect(api.outageQueries).toEqual([]);
    expect(screen.getByTestId('ongoing-outages')).toBeEmptyDOMElement();
  });
});
