import { Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#src/components/ui/page-header.tsx';
import {
  staffReservationsQueryOptions,
  staffRoomsQueryOptions,
} from '#src/features/staff-meeting-rooms/api/staff-room-queries.ts';
import { StaffRoomReservations } from '#src/features/staff-meeting-rooms/components/staff-room-reservations.tsx';
import { roomDayFromSearch } from '#src/features/staff-meeting-rooms/utils/day-search.ts';
import '#src/features/staff-meeting-rooms/i18n.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const rooms = await queryClient.ensureQueryData(staffRoomsQueryOptions());
    const { room, day } = roomDayFromSearch(new URL(request.url).searchParams);
    // Only a room of the list is asked for; any other id is said to be unknown by the page.
    if (room !== null && rooms.some((candidate) => candidate.id === room)) {
      await queryClient.ensureQueryData(staffReservationsQueryOptions(room, day));
    }
    return null;
  };

/** `/sprava/zasedaci-mistnosti`: a room's reservations on a day, for the staff („Rezervace místností"). */
export default function StaffMeetingRoomsRoute() {
  const { t } = useTranslation('staffMeetingRooms');
  return (
    <Stack gap="6">
      <PageHeader title={t('title')} intro={t('intro')} />
      <StaffRoomReservations />
    </Stack>
  );
}
