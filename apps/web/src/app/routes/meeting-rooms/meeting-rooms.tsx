import { Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#src/components/ui/page-header.tsx';
import { ROUTES } from '#src/config/paths.ts';
import { errorStatus } from '#src/lib/errors.ts';
import {
  ensureRoomView,
  reservationsQueryOptions,
  roomsQueryOptions,
} from '#src/features/meeting-rooms/api/meeting-room-queries.ts';
import { ReservationsList } from '#src/features/meeting-rooms/components/reservations-list.tsx';
import { BookableRooms } from '#src/features/meeting-rooms/components/room-list.tsx';
import { RoomPanel } from '#src/features/meeting-rooms/components/room-panel.tsx';
import { TenantBooking } from '#src/features/meeting-rooms/components/tenant-booking.tsx';
import { pragueDay } from '#src/lib/prague-time.ts';
import { roomViewFromSearch, roomViewHref, type RoomView } from '#src/features/meeting-rooms/utils/room-view.ts';
import '#src/features/meeting-rooms/i18n.ts';

/** `?strana=` of the reservation list (the room view has its own parameters). */
const PAGE_PARAM = 'strana';

function pageFromSearch(search: URLSearchParams): number {
  const page = Number.parseInt(search.get(PAGE_PARAM) ?? '1', 10);
  return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1;
}

/**
 * Loads what the URL asks for: the rooms, the tenant's reservations and, with `?mistnost=`, the
 * room and its availability for the shown day or week. An unknown room is left to the page.
 */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const today = pragueDay();
    const view = roomViewFromSearch(url.searchParams, today);
    const page = pageFromSearch(url.searchParams);
    const loadReservations = async () => {
      try {
        await queryClient.ensureQueryData(reservationsQueryOptions({ page, from: today }));
      } catch (error) {
        // A page that no longer exists (entries cancelled meanwhile): start again at the first.
        if (page > 1 && errorStatus(error) === 404) {
          url.searchParams.delete(PAGE_PARAM);
          throw redirect(`${url.pathname}${url.search}`);
        }
        throw error;
      }
    };
    await Promise.all([
      queryClient.ensureQueryData(roomsQueryOptions({ publicOnly: false })),
      loadReservations(),
      view.roomId === null ? null : ensureRoomView(queryClient, { ...view, roomId: view.roomId }),
    ]);
    return null;
  };

/** `/zasedaci-mistnosti`: the tenant's rooms, a room's availability and booking, its reservations. */
export default function MeetingRoomsRoute() {
  const { t } = useTranslation('meetingRooms');
  const [search] = useSearchParams();
  const today = pragueDay();
  const view = roomViewFromSearch(search, today);
  const page = pageFromSearch(search);
  const path = ROUTES.meetingRooms.path;
  const to = (next: RoomView) => roomViewHref(path, next, search);

  return (
    <Stack gap="8">
      <PageHeader title={t('tenant.title')} intro={t('tenant.intro')} />
      {view.roomId === null ? (
        <BookableRooms publicOnly={false} linkTo={(roomId) => to({ roomId, day: today, mode: view.mode })} />
      ) : (
        <RoomPanel key={view.roomId} roomId={view.roomId} backTo={to({ ...view, roomId: null })}>
          {(room) => (
            <TenantBooking
              key={room.id}
              room={room}
              view={view}
              linkToView={(next) => to({ roomId: room.id, ...next })}
            />
          )}
        </RoomPanel>
      )}
      <ReservationsList
        page={page}
        from={today}
        linkToPage={(next) => {
          const params = new URLSearchParams(search);
          if (next > 1) params.set(PAGE_PARAM, String(next));
          else params.delete(PAGE_PARAM);
          const query = params.toString();
          return query ? `${path}?${query}` : path;
        }}
      />
    </Stack>
  );
}
