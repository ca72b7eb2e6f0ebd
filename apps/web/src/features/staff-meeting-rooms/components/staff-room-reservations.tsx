import { Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { staffRoomsQueryOptions } from '../api/staff-room-queries.ts';
import { roomDayFromSearch, searchFor } from '../utils/day-search.ts';
import { RoomDayPicker } from './room-day-picker.tsx';
import { RoomDayReservations } from './room-day-reservations.tsx';

/** The room and day in the address (`mistnost`, `den`), then that day's reservations. */
export function StaffRoomReservations() {
  const { t } = useTranslation('staffMeetingRooms');
  const [searchParams, setSearchParams] = useSearchParams();
  const value = roomDayFromSearch(searchParams);
  const { data: rooms } = useSuspenseQuery(staffRoomsQueryOptions());
  const room = rooms.find((candidate) => candidate.id === value.room);

  if (rooms.length === 0) {
    return (
      <Text fontSize="lg" role="status">
        {t('pick.noRooms')}
      </Text>
    );
  }
  return (
    <Stack gap="8">
      <RoomDayPicker
        rooms={rooms}
        value={value}
        onPick={(next) => setSearchParams(new URLSearchParams(searchFor(next)))}
      />
      {room ? (
        <RoomDayReservations room={room} day={value.day} />
      ) : value.room !== null ? (
        <Text fontSize="lg" role="alert">
          {t('day.notFound', { id: value.room })}
        </Text>
      ) : (
        <Text fontSize="lg">{t('pick.chooseRoom')}</Text>
      )}
    </Stack>
  );
}
