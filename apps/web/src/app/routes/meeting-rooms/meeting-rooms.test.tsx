import type { components } from '@portal/sdk/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMeetingRoom, buildSession } from '#src/testing/factories.ts';
import { stubModalDialogs } from '#src/testing/browser-stubs.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { renderPage } from '#src/testing/render-route.tsx';

type Room = components['schemas']['MeetingRoom'];
type Reservation = components['schemas']['Reservation'];

beforeAll(stubModalDialogs);

// A Monday far enough ahead that no slot of it has passed.
const DAY = '2030-01-14';
const CONFLICT = 'Místnost je v tomto čase již obsazená. Vyberte jiný termín.';

function buildReservation(id: number, room: Room, overrides: Partial<Reservation> = {}): Reservation {
  return {
    id,
    room: { id: room.id, name: room.name, building: room.building },
    title: `Porada ${id}`,
    starts_at: '2030-01-15T09:00:00Z',
    ends_at: '2030-01-15T10:00:00Z',
    attendees: 4,
    note: null,
    status: 'confirmed',
    created_by: { id: 1, display_name: 'Jana Nováková' },
    created_at: '2029-12-01T09:00:00Z',
    cancelled_at: null,
    can_cancel: true,
    ...overrides,
  };
}

interface RoomsApi {
  busy: { starts_at: string; ends_at: string }[];
  reservations: Reservation[];
  availabilityQueries: URLSearchParams[];
  creates: { body: Record<string, unknown>; key: string | null }[];
  cancels: number[];
  /** The next create answers 409: someone booked the slot first. */
  conflict: boolean;
}

function roomsApi(rooms: Room[]): RoomsApi {
  const api: RoomsApi = {
    busy: [],
    reservations: [],
    availabilityQueries: [],
    creates: [],
    cancels: [],
    conflict: false,
  };
  server.use(
    http.get('*/api/v1/meeting_rooms/', () =>
      HttpResponse.json(rooms, { headers: { 'X-Total-Count': String(rooms.length) } }),
    ),
    http.get('*/api/v1/meeting_rooms/reservation/', () =>
      HttpResponse.json(
        api.reservations.filter((reservation) => reservation.status === 'confirmed'),
        { headers: { 'X-Total-Count': String(api.reservations.filter((r) => r.status === 'confirmed').length) } },
      ),
    ),
    http.get('*/api/v1/meeting_rooms/:id/', ({ params }) => {
      const room = rooms.find((candidate) => candidate.id === Number(params.id));
      return room
        ? HttpResponse.json(room)
        : HttpResponse.json({ code: 'not_found', message: 'Nenalezeno.' }, { status: 404 });
    }),
    http.get('*/api/v1/meeting_rooms/:id/availability/', ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      api.availabilityQueries.push(query);
      const room = rooms.find((candidate) => candidate.id === Number(params.id)) as Room;
      return HttpResponse.json({
        room: room.id,
        date_from: query.get('date_from'),
        date_to: query.get('date_to'),
        opening_time: room.opening_time,
        closing_time: room.closing_time,
        slot_minutes: room.slot_minutes,
        busy: api.busy,
      });
    }),
    http.post('*/api/v1/meeting_rooms/reservation/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      api.creates.push({ body, key: request.headers.get('idempotency-key') });
      if (api.conflict) {
        api.conflict = false;
        api.busy.push({ starts_at: String(body.starts_at), ends_at: String(body.ends_at) });
        return HttpResponse.json({ code: 'reservation_conflict', message: CONFLICT }, { status: 409 });
      }
      const room = rooms.find((candidate) => candidate.id === body.room) as Room;
      const reservation = buildReservation(100 + api.creates.length, room, {
        title: String(body.title),
        starts_at: String(body.starts_at),
        ends_at: String(body.ends_at),
        attendees: (body.attendees as number | null) ?? null,
      });
      api.reservations.push(reservation);
      api.busy.push({ starts_at: reservation.starts_at, ends_at: reservation.ends_at });
      return HttpResponse.json(reservation, { status: 201 });
    }),
    http.post('*/api/v1/meeting_rooms/reservation/:id/cancel/', ({ params }) => {
      const reservation = api.reservations.find((candidate) => candidate.id === Number(params.id));
      if (!reservation) return HttpResponse.json({ code: 'not_found', message: 'Nenalezeno.' }, { status: 404 });
      api.cancels.push(reservation.id);
      reservation.status = 'cancelled';
      reservation.can_cancel = false;
      return HttpResponse.json(reservation);
    }),
  );
  return api;
}

const loggedIn = () => createBackend({ session: buildSession() });
const roomUrl = (id: number, mode = 'den') => `/zasedaci-mistnosti?mistnost=${id}&den=${DAY}&zobrazeni=${mode}`;

describe('meeting rooms for tenants', { timeout: 60_000 }, () => {
  it('lists the rooms with their details and opens one from its link', async () => {
    roomsApi([
      buildMeetingRoom(1, { name: 'Velká zasedačka' }),
      buildMeetingRoom(2, { name: 'Malá zasedačka', public_booking: false, capacity: 4 }),
    ]);
    const view = await renderPage('/zasedaci-mistnosti', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Zasedací místnosti' })).toBeInTheDocument();
    const small = screen.getByRole('heading', { level: 3, name: 'Malá zasedačka' }).closest('li') as HTMLElement;
    expect(within(small).getByText('4 osoby')).toBeInTheDocument();
    expect(within(small).getByText('Jen pro nájemce')).toBeInTheDocument();
    expect(within(small).getByText('Projektor')).toBeInTheDocument();

    await view.user.click(screen.getByRole('link', { name: /Obsazenost a rezervace\s+místnosti Velká zasedačka/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Velká zasedačka' })).toHaveFocus();
    expect(view.location()).toMatch(/^\/zasedaci-mistnosti\?mistnost=1&den=\d{4}-\d{2}-\d{2}&zobrazeni=den$/);
    expect(screen.getByText('8:00–18:00')).toBeInTheDocument();
  });

  it('shows a day as slots and a week as free and busy stretches, linkable in the URL', async () => {
    const api = roomsApi([buildMeetingRoom(1)]);
    api.busy = [{ starts_at: '2030-01-14T08:00:00Z', ends_at: '2030-01-14T09:30:00Z' }]; // 9:00–10:30 Prague
    const view = await renderPage(roomUrl(1), loggedIn());
    expect(await screen.findByText(/pondělí\s14\.\s+ledna\s+2030/)).toBeInTheDocument();
    expect(screen.getByText('9:00–9:30').parentElement).toHaveTextContent('Obsazeno');
    expect(screen.getByRole('button', { name: /10:30–11:00/ })).toHaveTextContent('Volno');
    expect(screen.queryByRole('button', { name: /9:30–10:00/ })).toBeNull();
    expect(api.availabilityQueries.at(-1)?.toString()).toBe(`date_from=${DAY}&date_to=${DAY}`);

    await view.user.click(screen.getByRole('link', { name: 'Týden' }));
    expect(await screen.findByText(/14\.–20\.\s1\.\s2030/)).toBeInTheDocument();
    expect(view.location()).toBe(roomUrl(1, 'tyden'));
    expect(api.availabilityQueries.at(-1)?.toString()).toBe('date_from=2030-01-14&date_to=2030-01-20');
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(7);
    expect(screen.getByText('9:00–10:30').parentElement).toHaveTextContent('Obsazeno');
    expect(screen.getByRole('button', { name: /10:30–18:00/ })).toBeInTheDocument();

    await view.user.click(screen.getByRole('link', { name: /Následující týden/ }));
    await waitFor(() => expect(view.location()).toBe(`/zasedaci-mistnosti?mistnost=1&den=2030-01-21&zobrazeni=tyden`));
  });

  it('picking a free slot fills the form; the booking sends the Prague times as UTC', async () => {
    const api = roomsApi([buildMeetingRoom(1, { name: 'Velká zasedačka' })]);
    const view = await renderPage(roomUrl(1), loggedIn());
    await view.user.click(await screen.findByRole('button', { name: /10:00–10:30/ }));
    expect(screen.getByLabelText('Začátek')).toHaveValue('600');
    expect(screen.getByLabelText('Začátek')).toHaveFocus();
    expect(screen.getByLabelText('Konec')).toHaveValue('660');
    expect(screen.getByLabelText('Den')).toHaveValue('14. 1. 2030');
    expect(screen.getByRole('button', { name: /10:00–10:30/ })).toHaveAttribute('aria-pressed', 'true');

    await view.user.type(screen.getByLabelText('Název schůzky'), 'Porada vedení');
    await view.user.type(screen.getByLabelText(/Počet osob/), '6');
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat' }));

    await waitFor(() => expect(api.creates).toHaveLength(1));
    expect(api.creates[0]?.body).toEqual({
      room: 1,
      title: 'Porada vedení',
      starts_at: '2030-01-14T09:00:00.000Z',
      ends_at: '2030-01-14T10:00:00.000Z',
      attendees: 6,
      note: null,
    });
    expect(api.creates[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findAllByText('Místnost je zarezervována.')).not.toHaveLength(0);
    // Now busy in the grid and listed among the tenant's reservations.
    await waitFor(() => expect(screen.getByText('10:00–10:30').parentElement).toHaveTextContent('Obsazeno'));
    const list = screen.getByTestId('reservations');
    expect(within(list).getByRole('heading', { level: 3, name: 'Porada vedení' })).toBeInTheDocument();
  });

  it('a slot booked meanwhile: the message stays at the form with what was typed, the grid is fetched again', async () => {
    const api = roomsApi([buildMeetingRoom(1)]);
    const view = await renderPage(roomUrl(1), loggedIn());
    await view.user.click(await screen.findByRole('button', { name: /14:00–14:30/ }));
    await view.user.type(screen.getByLabelText('Název schůzky'), 'Školení');
    await view.user.type(screen.getByLabelText(/Poznámka/), 'Budeme potřebovat projektor.');
    const fetchedBefore = api.availabilityQueries.length;
    api.conflict = true;
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat' }));

    const summary = (await screen.findByRole('heading', { name: 'Vyskytl se problém' })).parentElement as HTMLElement;
    expect(within(summary).getByRole('link', { name: CONFLICT })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Obsazenost jsme aktualizovali');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText('Název schůzky')).toHaveValue('Školení');
    expect(screen.getByLabelText(/Poznámka/)).toHaveValue('Budeme potřebovat projektor.');
    expect(screen.getByLabelText('Začátek')).toHaveValue(String(14 * 60));
    await waitFor(() => expect(api.availabilityQueries.length).toBeGreaterThan(fetchedBefore));
    await waitFor(() => expect(screen.getByText('14:00–14:30').parentElement).toHaveTextContent('Obsazeno'));
  });

  it('checks the form in Czech before sending anything', async () => {
    const api = roomsApi([buildMeetingRoom(1, { capacity: 4 })]);
    const view = await renderPage(roomUrl(1), loggedIn());
    await view.user.click(await screen.findByRole('button', { name: 'Rezervovat' }));
    const summary = (await screen.findByRole('heading', { name: 'Vyskytl se problém' })).parentElement as HTMLElement;
    expect(within(summary).getByRole('link', { name: 'Vyberte začátek rezervace' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Vyberte konec rezervace' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Zadejte název schůzky' })).toBeInTheDocument();

    await view.user.selectOptions(screen.getByLabelText('Začátek'), '10:00');
    await view.user.selectOptions(screen.getByLabelText('Konec'), '9:00');
    await view.user.type(screen.getByLabelText('Název schůzky'), 'Porada');
    await view.user.type(screen.getByLabelText(/Počet osob/), '9');
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat' }));
    expect(await screen.findByRole('link', { name: 'Konec rezervace musí být až po začátku' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Počet osob může být nejvýše 4' })).toBeInTheDocument();
    expect(screen.getByLabelText('Konec')).toHaveAccessibleDescription(/Konec rezervace musí být až po začátku/);

    await view.user.selectOptions(screen.getByLabelText('Konec'), '15:00');
    await view.user.click(screen.getByRole('button', { name: 'Rezervovat' }));
    expect(await screen.findByRole('link', { name: 'Rezervace může trvat nejvýše 4 hodiny' })).toBeInTheDocument();
    expect(api.creates).toHaveLength(0);
  });

  it('cancels a reservation only after confirming in a dialog', async () => {
    const api = roomsApi([buildMeetingRoom(1, { name: 'Velká zasedačka' })]);
    api.reservations = [buildReservation(7, buildMeetingRoom(1, { name: 'Velká zasedačka' }), { title: 'Workshop' })];
    const view = await renderPage('/zasedaci-mistnosti', loggedIn());
    const list = await screen.findByTestId('reservations');
    expect(within(list).getByText(/úterý\s15\.\s+ledna\s+2030,\s10:00–11:00/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Stáhnout do kalendáře (.ics)' })).toBeInTheDocument();

    await view.user.click(within(list).getByRole('button', { name: 'Zrušit rezervaci' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zrušit rezervaci?' });
    expect(dialog).toHaveAccessibleDescription(
      /Opravdu chcete zrušit rezervaci „Workshop“ v místnosti Velká zasedačka/,
    );
    expect(within(dialog).getByRole('button', { name: 'Ponechat rezervaci' })).toHaveFocus();
    await view.user.click(within(dialog).getByRole('button', { name: 'Ponechat rezervaci' }));
    expect(api.cancels).toEqual([]);

    await view.user.click(within(list).getByRole('button', { name: 'Zrušit rezervaci' }));
    await view.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ano, zrušit rezervaci' }),
    );
    expect(await screen.findByText('Nemáte žádné nadcházející rezervace.')).toBeInTheDocument();
    expect(api.cancels).toEqual([7]);
    expect(screen.getByRole('heading', { level: 2, name: 'Vaše rezervace' })).toHaveFocus();
  });

  it('explains a room the tenant cannot book', async () => {
    roomsApi([buildMeetingRoom(1)]);
    await renderPage('/zasedaci-mistnosti?mistnost=99', loggedIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('Místnost nebyla nalezena nebo ji nemůžete rezervovat.');
    expect(screen.getByRole('link', { name: /Zpět na všechny místnosti/ })).toHaveAttribute(
      'href',
      '/zasedaci-mistnosti',
    );
  });
});
