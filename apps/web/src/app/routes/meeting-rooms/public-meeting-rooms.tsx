import { Stack, Text } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { AfterHydration } from '#src/components/ui/after-hydration.tsx';
import { PageHeader } from '#src/components/ui/page-header.tsx';
import { env } from '#src/config/env.ts';
import { ROUTES } from '#src/config/paths.ts';
import { errorStatus } from '#src/lib/errors.ts';
import {
  ensureRoomView,
  publicReservationQueryOptions,
  roomsQueryOptions,
} from '#src/features/meeting-rooms/api/meeting-room-queries.ts';
import { PublicBooking } from '#src/features/meeting-rooms/components/public-booking.tsx';
import { isWellFormedLink, PublicCancellation } from '#src/features/meeting-rooms/components/public-cancellation.tsx';
import { BookableRooms } from '#src/features/meeting-rooms/components/room-list.tsx';
import { RoomPanel } from '#src/features/meeting-rooms/components/room-panel.tsx';
import { pragueDay } from '#src/lib/prague-time.ts';
import { roomViewFromSearch, roomViewHref, type RoomView } from '#src/features/meeting-rooms/utils/room-view.ts';
import '#src/features/meeting-rooms/i18n.ts';

/**
 * The cancellation link the API mails and the confirmation shows:
 * `/zasedacky?zrusit=<uuid>&token=<token>`.
 */
const CANCEL_PARAMS = { uuid: 'zrusit', token: 'token' } as const;

function cancellationFromSearch(search: URLSearchParams): { uuid: string; token: string } | null {
  const uuid = search.get(CANCEL_PARAMS.uuid);
  if (uuid === null) return null;
  return { uuid, token: search.get(CANCEL_PARAMS.token) ?? '' };
}

/** Swallows a 404: the page explains an unknown room or a used link itself. */
async function unlessNotFound(load: Promise<unknown>): Promise<void> {
  try {
    await load;
  } catch (error) {
    if (errorStatus(error) !== 404) throw error;
  }
}

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    // Prerendered without data: the room list renders after hydration (AfterHydration).
    if (env.prerendering) return null;
    const search = new URL(request.url).searchParams;
    const cancellation = cancellationFromSearch(search);
    if (cancellation) {
      // Only reads the booking; cancelling needs the button on the page.
      if (isWellFormedLink(cancellation.uuid, cancellation.token)) {
        await unlessNotFound(
          queryClient.fetchQuery(publicReservationQueryOptions(cancellation.uuid, cancellation.token)),
        );
      }
      return null;
    }
    const view = roomViewFromSearch(search, pragueDay());
    await Promise.all([
      queryClient.ensureQueryData(roomsQueryOptions({ publicOnly: true })),
      view.roomId === null ? null : ensureRoomView(queryClient, { ...view, roomId: view.roomId }),
    ]);
    return null;
  };

/**
 * `/zasedacky`: rooms open to the public, a room's availability and booking without login, and
 * the page a cancellation link opens.
 */
export default function PublicMeetingRoomsRoute() {
  const { t } = useTranslation('meetingRooms');
  const [search] = useSearchParams();
  const cancellation = cancellationFromSearch(search);
  const path = ROUTES.publicMeetingRooms.path;

  if (cancellation) return <PublicCancellation uuid={cancellation.uuid} token={cancellation.token} backTo={path} />;

  const today = pragueDay();
  const view = roomViewFromSearch(search, today);
  const to = (next: RoomView) => roomViewHref(path, next, search);
  return (
    <Stack gap="8">
      <PageHeader title={t('public.title')} intro={t('public.intro')} />
      {view.roomId === null ? (
        <AfterHydration minH="64">
          <BookableRooms publicOnly linkTo={(roomId) => to({ roomId, day: today, mode: view.mode })} />
        </AfterHydration>
      ) : (
        <RoomPanel key={view.roomId} roomId={view.roomId} backTo={to({ ...view, roomId: null })}>
          {(room) =>
            room.public_booking ? (
              <PublicBooking
                key={room.id}
                room={room}
                view={view}
                pagePath={path}
                linkToView={(next) => to({ roomId: room.id, ...next })}
              />
            ) : (
              <Text role="alert">{t('rooms.notFound')}</Text>
            )
          }
        </RoomPanel>
      )}
    </Stack>
  );
}
