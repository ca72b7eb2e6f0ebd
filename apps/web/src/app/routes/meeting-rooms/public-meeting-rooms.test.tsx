import type { components } from '@portal/sdk/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildAltchaChallenge, buildConfig, buildMeetingRoom } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { renderPage, type renderRoute } from '#src/testing/render-route.tsx';

type PublicReservation = components['schemas']['PublicReservation'];

const DAY = '2030-01-14';
const UUID = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const TOKEN = 'Zr7mQ2xK9pLw4vBn8cTy1dHs6fGj3kEa';
const BOT_REFUSED = 'Ověření, že nejste robot, se nezdařilo. Zkuste to prosím znovu.';

const ROOM = buildMeetingRoom(1, { name: 'Velká zasedačka', equipment: ['Projektor'], description: null });

interface PublicApi {
  creates: { body: Record<string, unknown>; botToken: string | null }[];
  reads: number;
  cancels: number;
  reservation: PublicReservation & { cancelled: boolean };
  /** The next create is refused by the BFF's bot check. */
  refuseBot: boolean;
}

function publicApi(): PublicApi {
  const api: PublicApi = {
    creates: [],
    reads: 0,
    cancels: 0,
    refuseBot: false,
    reservation: {
      uuid: UUID,
      room: { id: ROOM.id, name: ROOM.name, building: ROOM.building },
      starts_at: '2030-01-14T09:00:00Z',
      ends_at: '2030-01-14T10:00:00Z',
      name: 'Eva Hostová',
      status: 'confirmed',
      created_at: '2029-12-01T09:00:00Z',
      cancelled_at: null,
      cancelled: false,
    },
  };
  const notFound = () =>
    HttpResponse.json({ code: 'not_found', message: 'Rezervace nebyla nalezena.' }, { status: 404 });
  const known = (params: Record<string, unknown>) =>
    params.uuid === UUID && params.token === TOKEN && !api.reservation.cancelled;
  server.use(
    http.get('*/api/v1/meeting_rooms/', () => HttpResponse.json([ROOM], { headers: { 'X-Total-Count': '1' } })),
    http.get('*/api/v1/meeting_rooms/:id/', () => HttpResponse.json(ROOM)),
    http.get('*/api/v1/meeting_rooms/:id/availability/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json({
        room: 1,
        date_from: query.get('date_from'),
        date_to: query.get('date_to'),
        opening_time: '08:00',
        closing_time: '18:00',
        slot_minutes: 30,
        busy: [],
      });
    }),
    http.post('*/api/v1/meeting_rooms/reservation/public/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      api.creates.push({ body, botToken: request.headers.get('x-bot-token') });
      if (api.refuseBot) return HttpResponse.json({ code: 'bot_check_failed', message: BOT_REFUSED }, { status: 403 });
      const { cancelled: _cancelled, ...reservation } = api.reservation;
      return HttpResponse.json(
        { ...reservation, starts_at: body.starts_at, ends_at: body.ends_at, name: body.name, cancel_token: TOKEN },
        { status: 201 },
      );
    }),
    http.get('*/api/v1/meeting_rooms/reservation/:uuid/cancel/:token/', ({ params }) => {
      api.reads += 1;
      if (!known(params)) return notFound();
      const { cancelled: _cancelled, ...reservation } = api.reservation;
      return HttpResponse.json(reservation);
    }),
    http.post('*/api/v1/meeting_rooms/reservation/:uuid/cancel/:token/', ({ params }) => {
      if (!known(params)) return notFound();
      api.cancels += 1;
      api.reservation.cancelled = true;
      const { cancelled: _cancelled, ...reservation } = api.reservation;
      return HttpResponse.json({ ...reservation, status: 'cancelled', cancelled_at: '2029-12-02T09:00:00Z' });
    }),
  );
  return api;
}

const roomUrl = `/zasedacky?mistnost=1&den=${DAY}&zobrazeni=den`;

async function fillBooking(view: ReturnType<typeof renderRoute>) {
  await view.user.click(await screen.findByRole('button', { name: /10:00–10:30/ }));
  await view.user.type(screen.getByLabelText('Jméno a příjmení'), 'Eva Hostová');
  await view.user.type(screen.getByLabelText('E-mail'), 'eva.hostova@example.cz');
  await view.user.type(screen.getByLabelText(/Účel rezervace/), 'Školení');
}

describe('public meeting-room booking', { timeout: 60_000 }, () => {
  it('books as a guest: the form obtains an ALTCHA token through the shared hook and sends it', async () => {
    const api = publicApi();
    const backend = createBackend({
      config: buildConfig({ botProtection: { provider: 'altcha', siteKey: null } }),
      altchaChallenge: await buildAltchaChallenge(),
    });
    const view = await renderPage(roomUrl, backend);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rezervace zasedaček' })).toBeInTheDocument();
    await fillBooking(view);
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat' }));

    expect(await screen.findByRole('heading', { name: 'Rezervace je potvrzena' })).toHaveFocus();
    expect(backend.requests.find((request) => request.path === '/api/bot-protection/challenge')).toBeDefined();
    expect(JSON.parse(atob(api.creates[0]?.botToken ?? ''))).toMatchObject({
      challenge: { signature: 'podpis' },
      solution: { counter: 7 },
    });
    expect(api.creates[0]?.body).toEqual({
      room: 1,
      starts_at: '2030-01-14T09:00:00.000Z',
      ends_at: '2030-01-14T10:00:00.000Z',
      name: 'Eva Hostová',
      email: 'eva.hostova@example.cz',
      phone: null,
      title: 'Školení',
      note: null,
    });
    const link = screen.getByTestId('cancellation-link');
    expect(link).toHaveAttribute('href', `http://localhost:5173/zasedacky?zrusit=${UUID}&token=${TOKEN}`);
    expect(screen.getByText(/Poslali jsme ho také na e-mail eva\.hostova@example\.cz/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stáhnout do kalendáře (.ics)' })).toBeInTheDocument();

    // Another booking keeps who is booking (WCAG 3.3.7), not the slot just taken.
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat další termín' }));
    expect(await screen.findByLabelText('Jméno a příjmení')).toHaveValue('Eva Hostová');
    expect(screen.getByLabelText('Začátek')).toHaveValue('');
  });

  it('sends no bot token when protection is off', async () => {
    const api = publicApi();
    const view = await renderPage(roomUrl);
    await fillBooking(view);
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat' }));
    await screen.findByRole('heading', { name: 'Rezervace je potvrzena' });
    expect(api.creates[0]?.botToken).toBeNull();
  });

  it('an unfinished Turnstile check stops the submit and keeps everything typed', async () => {
    const api = publicApi();
    const backend = createBackend({
      config: buildConfig({ botProtection: { provider: 'turnstile', siteKey: '1x00000000000000000000AA' } }),
    });
    const view = await renderPage(roomUrl, backend);
    await fillBooking(view);
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat' }));
    const summary = (await screen.findByRole('heading', { name: 'Vyskytl se problém' })).parentElement as HTMLElement;
    expect(summary).toHaveTextContent('Potvrďte, že nejste robot');
    expect(api.creates).toHaveLength(0);
    expect(screen.getByLabelText('Jméno a příjmení')).toHaveValue('Eva Hostová');
    expect(screen.getByLabelText('Začátek')).toHaveValue('600');
  });

  it('a refused bot check shows the BFF’s message and keeps everything typed', async () => {
    const api = publicApi();
    api.refuseBot = true;
    const view = await renderPage(roomUrl);
    await fillBooking(view);
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat' }));
    const summary = (await screen.findByRole('heading', { name: 'Vyskytl se problém' })).parentElement as HTMLElement;
    expect(summary).toHaveTextContent(BOT_REFUSED);
    expect(screen.getByLabelText('E-mail')).toHaveValue('eva.hostova@example.cz');
    expect(screen.getByLabelText(/Účel rezervace/)).toHaveValue('Školení');
  });

  it('checks name and e-mail in Czech', async () => {
    const api = publicApi();
    const view = await renderPage(roomUrl);
    await view.user.click(await screen.findByRole('button', { name: /10:00–10:30/ }));
    await view.user.type(screen.getByLabelText('E-mail'), 'eva@');
    await view.user.type(screen.getByLabelText(/Telefon/), '12');
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat' }));
    expect(await screen.findByRole('link', { name: 'Zadejte jméno a příjmení' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zadejte e-mail ve správném tvaru/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zadejte telefon ve správném tvaru/ })).toBeInTheDocument();
    expect(api.creates).toHaveLength(0);
  });
});

describe('public cancellation link', { timeout: 60_000 }, () => {
  const link = `/zasedacky?zrusit=${UUID}&token=${TOKEN}`;

  it('opening it only shows the booking; the button cancels; the link is then used up', async () => {
    const api = publicApi();
    const view = await renderPage(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Zrušení rezervace' })).toBeInTheDocument();
    expect(screen.getByText('Eva Hostová')).toBeInTheDocument();
    expect(screen.getByText(/pondělí\s14\.\s+ledna\s+2030,\s10:00–11:00/)).toBeInTheDocument();
    expect(api.reads).toBeGreaterThan(0);
    expect(api.cancels).toBe(0);

    await view.user.click(screen.getByRole('button', { name: 'Zrušit rezervaci' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rezervace byla zrušena.' })).toHaveFocus();
    expect(api.cancels).toBe(1);
    expect(screen.queryByRole('button', { name: 'Zrušit rezervaci' })).toBeNull();
  });

  it('a used link is refused like a wrong one', async () => {
    const api = publicApi();
    api.reservation.cancelled = true;
    await renderPage(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Odkaz už neplatí' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Odkaz pro zrušení rezervace je neplatný nebo už byl použit.');
    expect(screen.queryByRole('button', { name: 'Zrušit rezervaci' })).toBeNull();
  });

  it('a malformed link is refused without asking the server', async () => {
    const api = publicApi();
    const view = await renderPage('/zasedacky?zrusit=nesmysl&token=x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Odkaz už neplatí' })).toBeInTheDocument();
    expect(api.reads).toBe(0);
    await view.user.click(screen.getByRole('link', { name: 'Zpět na rezervace zasedaček' }));
    await waitFor(() => expect(view.location()).toBe('/zasedacky'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rezervace zasedaček' })).toBeInTheDocument();
  });
});
