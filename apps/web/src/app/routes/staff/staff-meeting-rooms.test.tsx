import type { components } from '@portal/sdk/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubModalDialogs } from '#src/testing/browser-stubs.ts';
import { buildStaffSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { focusedErrorSummary, linkTexts } from '#src/testing/error-summary.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

type Room = components['schemas']['MeetingRoom'];
type Reservation = components['schemas']['StaffReservation'];

beforeAll(stubModalDialogs);

// A Monday far enough ahead that nothing of it has started.
const DAY = '2099-01-12';
const NOT_CANCELLABLE = 'Rezervaci už nelze zrušit, protože začala nebo byla zrušena.';

function buildRoom(id: number, name: string, building: string): Room {
  return {
    id,
    name,
    building: { id: id, name: building },
    floor: '2',
    capacity: 8,
    equipment: [],
    description: null,
    photo_url: null,
    public_booking: id === 1,
    opening_time: '08:00',
    closing_time: '18:00',
    slot_minutes: 30,
    max_duration_minutes: 240,
  };
}
const ROOMS = [buildRoom(1, 'Zasedačka Vltava', 'Dům Florenc'), buildRoom(2, 'Zasedačka Sázava', 'Dům Karlín')];

function buildReservation(id: number, overrides: Partial<Reservation> = {}): Reservation {
  const room = ROOMS[0] as Room;
  return {
    id,
    room: { id: room.id, name: room.name, building: room.building },
    title: 'Porada obchodu',
    // 9:00–10:30 Prague (UTC+1).
    starts_at: `${DAY}T08:00:00Z`,
    ends_at: `${DAY}T09:30:00Z`,
    status: 'confirmed',
    booked_by: {
      kind: 'tenant',
      tenant: { id: 'tenant-a', name: 'Alfa Reality s.r.o.' },
      user: { id: 1, display_name: 'Jana Nováková' },
      name: null,
      email: null,
      phone: null,
    },
    created_at: '2026-11-20T09:00:00Z',
    cancelled_at: null,
    cancel_reason: null,
    can_cancel: true,
    ...overrides,
  };
}

/** The staff room part of the BFF in memory, recording what the page sent. */
function roomsApi(reservations: Reservation[], rooms: Room[] = ROOMS) {
  const api = {
    reservations,
    dayQueries: [] as URLSearchParams[],
    cancels: [] as { id: number; reason: string }[],
  };
  server.use(
    http.get('*/api/v1/staff/meeting_rooms/', () =>
      HttpResponse.json(rooms, { headers: { 'X-Total-Count': String(rooms.length) } }),
    ),
    http.get('*/api/v1/staff/meeting_rooms/reservations/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      api.dayQueries.push(query);
      const matching = api.reservations.filter(
        (reservation) =>
          reservation.room.id === Number(query.get('room')) && reservation.starts_at.startsWith(query.get('day') ?? ''),
      );
      return HttpResponse.json(matching, { headers: { 'X-Total-Count': String(matching.length) } });
    }),
    http.post('*/api/v1/staff/meeting_rooms/reservations/:id/cancel/', async ({ params, request }) => {
      const reservation = api.reservations.find((candidate) => candidate.id === Number(params.id)) as Reservation;
      const { reason } = (await request.json()) as { reason: string };
      api.cancels.push({ id: reservation.id, reason });
      if (reservation.status === 'cancelled') {
        return HttpResponse.json({ code: 'reservation_not_cancellable', message: NOT_CANCELLABLE }, { status: 409 });
      }
      Object.assign(reservation, {
        status: 'cancelled',
        cancelled_at: '2026-11-21T10:00:00Z',
        cancel_reason: reason,
        can_cancel: false,
      });
      return HttpResponse.json(reservation);
    }),
  );
  return api;
}

const asStaff = () => createBackend({ session: buildStaffSession() });

describe('staff room reservations', { timeout: 60_000 }, () => {
  it('picks a room and a day into the address and lists who booked what', async () => {
    const api = roomsApi([
      buildReservation(1),
      buildReservation(2, {
        title: null,
        starts_at: `${DAY}T13:00:00Z`,
        ends_at: `${DAY}T14:00:00Z`,
        booked_by: {
          kind: 'public',
          tenant: null,
          user: null,
          name: 'Petr Malý',
          email: 'petr.maly@example.cz',
          phone: '+420602111222',
        },
      }),
      buildReservation(3, {
        starts_at: `${DAY}T15:00:00Z`,
        ends_at: `${DAY}T16:00:00Z`,
        status: 'cancelled',
        cancelled_at: '2026-11-21T10:00:00Z',
        cancel_reason: 'Havárie topení.',
        can_cancel: false,
      }),
    ]);
    const view = renderRoute('/sprava/zasedaci-mistnosti', asStaff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Rezervace místností' })).toBeInTheDocument();
    expect(screen.getByText('Vyberte místnost a den, pro který chcete vidět rezervace.')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Místnost'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Vyberte místnost', 'Zasedačka Vltava (Dům Florenc)', 'Zasedačka Sázava (Dům Karlín)']);

    await view.user.selectOptions(screen.getByLabelText('Místnost'), 'Zasedačka Vltava (Dům Florenc)');
    await view.user.clear(screen.getByLabelText('Den'));
    await view.user.type(screen.getByLabelText('Den'), '12. 1. 2099');
    await view.user.click(screen.getByRole('button', { name: 'Zobrazit' }));
    await waitFor(() => expect(view.location()).toBe(`/sprava/zasedaci-mistnosti?mistnost=1&den=${DAY}`));
    expect(
      await screen.findByRole('heading', { name: /^Zasedačka Vltava,\spondělí\s12\.\sledna\s2099$/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('3 rezervace')).toBeInTheDocument();
    const items = within(screen.getByTestId('staff-reservations')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('9:00–10:30');
    expect(items[0]).toHaveTextContent('Porada obchodu');
    expect(items[0]).toHaveTextContent('Alfa Reality s.r.o. – Jana Nováková');
    expect(items[1]).toHaveTextContent('14:00–15:00');
    expect(items[1]).toHaveTextContent('Bez názvu');
    expect(items[1]).toHaveTextContent('Petr Malý (veřejná rezervace)');
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'petr.maly@example.cz' })).toHaveAttribute(
      'href',
      'mailto:petr.maly@example.cz',
    );
    expect(items[2]).toHaveTextContent('Zrušená');
    expect(items[2]).toHaveTextContent('Důvod: Havárie topení.');
    expect(within(items[2] as HTMLElement).queryByRole('button')).toBeNull();
    expect(api.dayQueries.at(-1)?.get('room')).toBe('1');
    expect(api.dayQueries.at(-1)?.get('day')).toBe(DAY);

    await view.user.click(screen.getByRole('link', { name: 'Následující den →' }));
    await waitFor(() => expect(view.location()).toBe('/sprava/zasedaci-mistnosti?mistnost=1&den=2099-01-13'));
    expect(await screen.findByText('V tento den nemá místnost žádnou rezervaci.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Den')).toHaveValue('13. 1. 2099'));
  });

  it('asks for a room and a well-formed day in Czech', async () => {
    const api = roomsApi([]);
    const view = renderRoute('/sprava/zasedaci-mistnosti', asStaff());
    await view.user.clear(await screen.findByLabelText('Den'));
    await view.user.type(screen.getByLabelText('Den'), '30. 2. 2099');
    await view.user.click(screen.getByRole('button', { name: 'Zobrazit' }));
    const summary = await focusedErrorSummary();
    expect(linkTexts(summary)).toEqual([
      'Vyberte místnost',
      expect.stringMatching(/^Zadejte den ve tvaru \d{1,2}\. \d{1,2}\. \d{4}$/),
    ]);
    expect(view.location()).toBe('/sprava/zasedaci-mistnosti');
    expect(api.dayQueries).toEqual([]);
  });

  it('says so when the staff member manages no room, or the address names a room of another building', async () => {
    roomsApi([], []);
    const none = renderRoute('/sprava/zasedaci-mistnosti', asStaff());
    expect(await screen.findByText('Ve vašich budovách není žádná zasedací místnost.')).toBeInTheDocument();
    none.unmount();
    roomsApi([]);
    renderRoute(`/sprava/zasedaci-mistnosti?mistnost=9&den=${DAY}`, asStaff());
    expect(
      await screen.findByText('Místnost s ID 9 neexistuje nebo patří do budovy, kterou nespravujete.'),
    ).toBeInTheDocument();
  });

  it('cancels a reservation only with a reason, after a confirmation', async () => {
    const api = roomsApi([
      buildReservation(1),
      buildReservation(2, { starts_at: `${DAY}T13:00:00Z`, ends_at: `${DAY}T14:00:00Z` }),
    ]);
    const view = renderRoute(`/sprava/zasedaci-mistnosti?mistnost=1&den=${DAY}`, asStaff());
    await view.user.click(await screen.findByRole('button', { name: 'Zrušit rezervaci 9:00–10:30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zrušit rezervaci 9:00–10:30?' });
    expect(within(dialog).getByRole('button', { name: 'Ponechat rezervaci' })).toHaveFocus();
    await view.user.click(within(dialog).getByRole('button', { name: 'Zrušit rezervaci' }));
    expect(await within(dialog).findByText('Uveďte důvod zrušení')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Důvod zrušení')).toHaveFocus();
    expect(api.cancels).toEqual([]);

    await view.user.type(within(dialog).getByLabelText('Důvod zrušení'), 'Místnost potřebuje správa na školení.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Zrušit rezervaci' }));
    expect(await screen.findByText('Rezervace byla zrušena.')).toBeInTheDocument();
    expect(api.cancels).toEqual([{ id: 1, reason: 'Místnost potřebuje správa na školení.' }]);
    const first = await waitFor(() => {
      const item = within(screen.getByTestId('staff-reservations')).getAllByRole('listitem')[0] as HTMLElement;
      expect(item).toHaveTextContent('Zrušená');
      return item;
    });
    expect(first).toHaveTextContent('Důvod: Místnost potřebuje správa na školení.');

    // Meanwhile the second one was cancelled elsewhere: the refusal is said in Czech.
    Object.assign(api.reservations[1] as Reservation, { status: 'cancelled' });
    await view.user.click(screen.getByRole('button', { name: 'Zrušit rezervaci 14:00–15:00' }));
    const second = await screen.findByRole('dialog');
    await view.user.type(within(second).getByLabelText('Důvod zrušení'), 'Školení.');
    await view.user.click(within(second).getByRole('button', { name: 'Zrušit rezervaci' }));
    expect(await screen.findByText(NOT_CANCELLABLE)).toBeInTheDocument();
    expect(api.cancels.at(-1)).toEqual({ id: 2, reason: 'Školení.' });
  });
});
